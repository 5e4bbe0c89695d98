"""admiralty as its users get it: the built wheel, installed into a fresh virtual environment, run from a
folder outside this checkout.

One wheel is built from the working tree (copied, so the checkout gets no build/ or egg-info), installed
core-only into a new venv (package registries only: PyPI), then every command is run with its working
directory in a temporary folder. The ``site`` extra is installed afterwards into the same venv for ``docs``
and ``build``. Each command's exit code is what a user would see.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.lsp.client import TIMEOUT, Editor
from tests.outside.test_github_files import ACTION_DOC, action_step, run_step
from tests.outside.worktree import commit_all, git

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    work: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def run(self, *args: str, cwd: Path | None = None, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "GITHUB_ACTIONS")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        return subprocess.run([str(self.bin / args[0]), *args[1:]], cwd=cwd or self.work, env=env, text=True,
                              capture_output=True, timeout=timeout, check=False)

    def pip(self, *args: str) -> None:
        done = self.run("python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *args)
        assert done.returncode == 0, done.stdout + done.stderr


def _working_tree_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def build_wheel(out: Path) -> Path:
    """The wheel of the working tree as it is on disk (tracked and new files, not ignored ones)."""
    source = out / "source"
    for name in _working_tree_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                           "-w", str(out / "dist"), str(source)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = (out / "dist").glob("admiralty-*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("outside")
    wheel = build_wheel(base)
    venv.EnvBuilder(with_pip=True, clear=True).create(base / "venv")
    work = base / "work"
    work.mkdir()
    found = Installed(wheel, base / "venv", work)
    found.pip(str(wheel))
    yield found


def test_the_wheel_installs_one_import_name_and_carries_its_data(installed: Installed) -> None:
    names = zipfile.ZipFile(installed.wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"admiralty"}
    for needed in ("admiralty/schemas/common.schema.json",
                   "admiralty/rulesets/dreadnought/schemas/scenario.schema.json",
                   "admiralty/rulesets/dreadnought/schemas/tables.schema.json", "admiralty/site/default/mkdocs.yml",
                   "admiralty/site/default/docs/index.md", "admiralty/site/assets/stylesheets/admiralty.css",
                   "admiralty/rulesets/dreadnought/tables.yaml", "admiralty/py.typed"):
        assert needed in names, needed
    if (ROOT / ".git").exists() and shutil.which("git"):  # every data file the package tracks is shipped
        tracked = subprocess.run(["git", "ls-files", "admiralty"], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout.split()
        assert [p for p in tracked if not p.endswith(".py") and p not in names] == []
    for name in ("engine", "validator"):
        done = installed.run("python", "-c", f"import {name}")
        assert done.returncode != 0 and "ModuleNotFoundError" in done.stderr


def test_the_core_install_has_no_site_dependencies(installed: Installed) -> None:
    done = installed.run("python", "-c", "import importlib.util as u; print(u.find_spec('mkdocs'), "
                         "u.find_spec('material'))")
    assert done.stdout.split() == ["None", "None"]


@dataclass(frozen=True)
class PullRequest:
    """A rule system's scratch repository for the action's job: the files copied (its shared folders and the
    scenarios named), the scenario the second commit changes (``old`` becomes ``new``) and a line the summary
    must then carry."""

    system: str
    copied: tuple[str, ...]
    scenario: str
    old: str
    new: str
    reported: str


PULL_REQUESTS = [
    PullRequest("dreadnought", ("maps/adriatic.yaml", "maps/black-sea.yaml", "ships",
                                "scenarios/szent-istvan-1918.yaml", "scenarios/cape-sarych-1914.yaml"),
                "szent-istvan-1918", "ships: [Szent István, Tegetthoff, Viribus Unitus, Prinz Eugen]",
                "ships: [Szent István, Tegetthoff, Viribus Unitus]", "ships: removed central-powers: Prinz Eugen"),
    PullRequest("renaissance", ("maps", "scenarios/djerba-1560.yaml", "scenarios/malta-1565.yaml"), "djerba-1560",
                "{at: gulf-of-gabes, power: hospitallers, galleys: 1}",
                "{at: gulf-of-gabes, power: hospitallers, galleys: 2}", "\\[hospitallers\\].galleys: 1 → 2"),
    PullRequest("napoleonic", ("tables/paunsdorf.yaml", "tables/hougoumont.yaml", "scenarios/paunsdorf-1813.yaml",
                               "scenarios/hougoumont-1815.yaml"),
                "paunsdorf-1813", "turns: {count: 6}", "turns: {count: 5}", "set-up: turns: 6 → 5"),
]


def _scratch_repository(repo: Path, pull: PullRequest) -> Path:
    """Two commits: part of the bundled corpus of ``pull.system``, then the pull request's change."""
    corpus = repo / "scenarios" / pull.system
    for name in pull.copied:
        source = ROOT / "scenarios" / pull.system / name
        if source.is_dir():
            shutil.copytree(source, corpus / name, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        else:
            (corpus / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, corpus / name)
    commit_all(repo, "the corpus")
    scenario = corpus / "scenarios" / f"{pull.scenario}.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert pull.old in text
    scenario.write_text(text.replace(pull.old, pull.new), encoding="utf-8")
    return scenario


def test_the_action_installs_the_core_only_by_default() -> None:
    """What the tests below run is what the action installs on a pull request: the distribution without extras
    (the module's venv holds the wheel alone until the site tests add their extra)."""
    assert ACTION_DOC["inputs"]["extras"]["default"] == ""
    install = action_step("Install")["run"]
    assert 'requirement="$source_root"\n' in install
    assert 'pip install --disable-pip-version-check "$requirement"' in install


@pytest.mark.parametrize("pull", PULL_REQUESTS, ids=lambda pull: pull.system)
def test_the_actions_job_on_a_core_install(installed: Installed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           pull: PullRequest) -> None:
    """The composite action's whole job as a pull request runs it, on a scratch repository of two commits for
    each rule system, with the core install the action makes: validate (annotations), diff (the summary: what
    changed and the games played), smoke (a statistics file per scenario). Issue 36: ``diff`` needed the site
    extra for dreadnought, so every pull request of an ``init`` repository failed."""
    repo = tmp_path / "repo"
    _scratch_repository(repo, pull)
    if pull.system == "dreadnought":  # a map change: pictures are drawn
        sea_map = repo / "scenarios" / "dreadnought" / "maps" / "adriatic.yaml"
        drawn = sea_map.read_text(encoding="utf-8")
        assert "{id: cattaro, name: Cattaro," in drawn
        sea_map.write_text(drawn.replace("{id: cattaro, name: Cattaro,", "{id: cattaro, name: Kotor,"),
                           encoding="utf-8")
    commit_all(repo, "the pull request")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.delenv("GITHUB_BASE_REF", raising=False)
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")  # no Chromium or CairoSVG reachable: SVG only
    steps = [("Validate", {}), ("Diff", {"diff_base": "HEAD~1", "diff_games": "4", "diff_budget": "120"}),
             ("Smoke", {"games": "1"})]
    for name, inputs in steps:
        done = run_step(name, repo, path_dirs=[installed.bin], **inputs)
        assert done.returncode == 0, f"{name}: {done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, name
    written = summary.read_text(encoding="utf-8")
    assert written.startswith("## admiralty diff: HEAD&#126;1 (")
    assert f"| {pull.scenario} | changed |" in written and pull.reported in written, written
    assert "Games played: 8 in" in written  # 4 per version, of the one scenario changed
    scenarios = sorted(p.stem for p in (repo / "scenarios" / pull.system / "scenarios").glob("*.yaml"))
    assert sorted(p.stem for p in (repo / "build" / "smoke").glob("*.json")) == scenarios
    assert git(repo, "status", "--porcelain", "--untracked-files=no").strip() == ""
    if pull.system != "dreadnought":
        return
    pictures = {p.name for p in (repo / "build" / "diff").glob("*.svg")}  # every Adriatic scenario's map changed
    assert {f"szent-istvan-1918-{kind}.svg" for kind in ("after", "before", "overlay")} <= pictures
    if shutil.which("chromium", path="/usr/local/bin:/usr/bin:/bin") is None:
        assert "SVG only" in written


def test_validate_play_and_smoke_a_copied_corpus_from_another_folder(installed: Installed) -> None:
    corpus = installed.work / "copied" / "scenarios"
    shutil.copytree(ROOT / "scenarios", corpus, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    cwd = corpus.parent
    done = installed.run("admiralty", "validate", "scenarios/", "--format", "json", cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SCH011" not in done.stdout and "Traceback" not in done.stderr
    played = installed.run("admiralty", "play", "otranto-1917", "--seed", "7", "--quiet", cwd=cwd)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "event-log hash" in played.stdout
    smoked = installed.run("admiralty", "smoke", "scenarios/", "--games", "2", "--jobs", "1", cwd=cwd)
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    assert (cwd / "build" / "smoke" / "otranto-1917.json").is_file()


def test_init_then_validate_smoke_and_new_in_a_repository_of_ones_own(installed: Installed) -> None:
    made = installed.run("admiralty", "init", "fleet-book")
    assert made.returncode == 0, made.stdout + made.stderr
    repo = installed.work / "fleet-book"
    assert (repo / "schemas" / "dreadnought" / "scenario.schema.json").is_file()
    assert (repo / ".pre-commit-config.yaml").is_file() and (repo / ".github" / "workflows").is_dir()
    checked = installed.run("admiralty", "validate", "scenarios/", "--strict", cwd=repo)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    smoked = installed.run("admiralty", "smoke", "scenarios/", "--games", "4", "--jobs", "1", cwd=repo)
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    new = installed.run("admiralty", "new", "scenario", "dogger-bank-1915", cwd=repo)
    assert new.returncode == 0, new.stdout + new.stderr
    written = next(repo.rglob("dogger-bank-1915.yaml"))
    modeline = written.read_text().splitlines()[0].split("$schema=", 1)[1]
    assert (written.parent / modeline).resolve().is_file()  # relative to the file, inside the repository
    assert "site-packages" not in modeline
    again = installed.run("admiralty", "validate", "scenarios/", "--strict", cwd=repo)
    assert again.returncode == 0, again.stdout + again.stderr


def test_the_language_server_from_the_wheel_with_its_extra(installed: Installed) -> None:
    """As an editor runs it: the installed ``admiralty lsp`` (extra ``lsp``) over stdio, in a corpus outside the
    tree; an order across land is diagnosed at its place and goes when put back."""
    assert installed.run("admiralty", "lsp").returncode == 2  # without pygls: exit 2 naming the extra
    installed.pip(f"admiralty[lsp] @ {installed.wheel.as_uri()}")
    cwd = installed.work / "editor"
    shutil.copytree(ROOT / "scenarios", cwd / "scenarios", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    otranto = Path("scenarios/dreadnought/scenarios/otranto-1917.yaml")
    convoy = "orders: [AA24, AA25, AA26, AA27, AB27, valona"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def errors(found: list[Any]) -> list[tuple[str, int]]:  # the copy's modelines name no schema: SCH012 warnings
        return [(d.code, d.range.start.line) for d in found if d.code != "SCH012"]

    async def session() -> None:
        editor = Editor(cwd)
        await editor.start("scenarios", server=(str(installed.bin / "admiralty"),), env=env)
        try:
            text = editor.open(otranto)
            assert errors(await editor.next_for(otranto)) == []
            editor.change(otranto, text.replace(convoy, convoy.replace("[AA24,", "[AB23,")))
            row = next(i for i, line in enumerate(text.splitlines()) if convoy in line)
            assert errors(await editor.next_for(otranto)) == [("GRA004", row)]
            editor.change(otranto, text)
            assert errors(await editor.next_for(otranto)) == []
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))


def test_docs_without_the_site_extra_says_which_extra(installed: Installed) -> None:
    cwd = installed.work / "no-site"
    shutil.copytree(ROOT / "scenarios", cwd / "scenarios", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    done = installed.run("admiralty", "docs", "scenarios", cwd=cwd)
    assert done.returncode == 2
    assert "admiralty[site]" in done.stderr and "Traceback" not in done.stderr


def test_build_without_an_extra_it_needs_stops_before_the_first_stage(installed: Installed) -> None:
    """A core install: ``build`` names the site extra (and, for a Dask executor, the distributed one) at once, exit
    2, before validating or playing anything (it used to play every smoke game first, then fail at the site)."""
    cwd = installed.work / "build-core"
    shutil.copytree(ROOT / "scenarios", cwd / "scenarios", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    done = installed.run("admiralty", "build", "scenarios", "--games", "2", "--jobs", "1", cwd=cwd)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "admiralty[site]" in done.stderr and "nothing was run" in done.stderr and "Traceback" not in done.stderr
    assert "[1/3]" not in done.stdout and not (cwd / "build").exists()
    dask = installed.run("admiralty", "build", "scenarios", "--executor", "dask-local", cwd=cwd)
    assert dask.returncode == 2 and "admiralty[site]" in dask.stderr and "admiralty[distributed]" in dask.stderr
    assert dask.stderr.count("\n") == 2, dask.stderr


def test_docs_and_build_with_the_site_extra(installed: Installed) -> None:
    """Runs last in this module (pytest keeps file order): it adds the ``site`` extra to the venv. ``admiralty
    build`` (validate, smoke, docs) builds the site once; ``docs`` on its own is the same site builder, which the
    in-tree tests drive (a second build here cost 15 s and proved nothing the first does not)."""
    installed.pip(f"admiralty[site] @ {installed.wheel.as_uri()}")
    cwd = installed.work / "with-site"
    shutil.copytree(ROOT / "scenarios", cwd / "scenarios", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    dask = installed.run("admiralty", "build", "scenarios", "--executor", "dask-local", cwd=cwd)
    assert dask.returncode == 2 and dask.stderr.count("\n") == 1 and "admiralty[distributed]" in dask.stderr
    built = installed.run("admiralty", "build", "scenarios", "--games", "2", "--jobs", "1", cwd=cwd)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "build passed" in built.stdout
    site = cwd / "site"
    assert (site / "index.html").is_file()
    assert (site / "scenarios" / "otranto-1917" / "index.html").is_file()
    assert (site / "javascripts" / "mapview.js").is_file()  # the site's scripts ship in the wheel
    # the map PDFs, drawn by the site extra's pure-Python svglib and ReportLab (no system Cairo needed)
    assert (site / "downloads" / "scenario-map-otranto-1917.pdf").read_bytes().startswith(b"%PDF-")


def test_an_init_repository_builds_its_own_site_with_mkdocs(installed: Installed) -> None:
    """As an author uses the wheel with its ``site`` extra: ``admiralty init``, a page of one's own, another
    ``site_name``, then MkDocs itself (``mkdocs build --strict``) finds the ``admiralty`` plugin by its entry point
    and builds the repository's own site."""
    installed.pip(f"admiralty[site] @ {installed.wheel.as_uri()}")
    made = installed.run("admiralty", "init", "site-book")
    assert made.returncode == 0, made.stdout + made.stderr
    repo = installed.work / "site-book"
    (repo / "docs" / "orders.md").write_text("# Standing orders\n\nKeep station.\n", encoding="utf-8")
    config = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    assert 'site_name: "site-book"' in config and "- admiralty:" in config
    config = config.replace('site_name: "site-book"', "site_name: Standing Orders of the Fleet")
    (repo / "mkdocs.yml").write_text(config.replace("  - Home: index.md\n",
                                                    "  - Home: index.md\n  - Orders: orders.md\n"), encoding="utf-8")
    built = installed.run("mkdocs", "build", "--strict", cwd=repo)
    assert built.returncode == 0, built.stdout + built.stderr
    orders = (repo / "site" / "orders" / "index.html").read_text(encoding="utf-8")
    assert "<title>Orders - Standing Orders of the Fleet</title>" in orders  # the nav title, the new site_name
    assert "Keep station." in orders
    assert list((repo / "site" / "scenarios").glob("*/index.html"))  # the plugin's generated pages
    assert (repo / "site" / "stylesheets" / "admiralty.css").is_file()


def test_a_repository_builds_on_the_bundled_baltic_corpus_without_copying_it(installed: Installed) -> None:
    """Issue 37, item 3, as an author gets it: ``admiralty init``, ``uses: [admiralty]`` in the project file, the
    Åland scenario on the bundled Baltic map and catalogs (a catalog of its own whose ships take bundled classes
    as ``catalog-id/class-id``); validate, play, smoke, diff (a new pin of the dependency is a change), the site
    (the used map and catalogs get pages) and the editor's go-to-definition into the used map. None of the
    Baltic files is copied."""
    installed.pip(f"admiralty[site,lsp] @ {installed.wheel.as_uri()}")
    assert installed.run("admiralty", "init", "baltic-book").returncode == 0
    repo = installed.work / "baltic-book"
    fixtures = ROOT / "tests" / "fixtures" / "uses"
    scenario = repo / "scenarios" / "dreadnought" / "scenarios" / "aland-1915.yaml"
    shutil.copy(fixtures / "aland-1915.yaml", scenario)
    shutil.copy(fixtures / "germany-aland-1915.yaml", repo / "scenarios" / "dreadnought" / "ships")
    project = repo / "admiralty.yaml"
    project.write_text(project.read_text(encoding="utf-8") + "\nuses: [admiralty]\n", encoding="utf-8")
    commit_all(repo, "Åland 1915 on the bundled Baltic corpus")

    def ok(*args: str) -> subprocess.CompletedProcess[str]:
        done = installed.run("admiralty", *args, cwd=repo)
        assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr
        return done

    ok("validate", "--strict")
    assert "event-log hash" in ok("play", "aland-1915", "--seed", "3", "--quiet").stdout
    ok("smoke", "--games", "2", "--jobs", "1")
    assert not list(repo.rglob("baltic.yaml")) and not list(repo.rglob("hochseeflotte-1914.yaml"))
    project.write_text(project.read_text(encoding="utf-8").replace(
        "uses: [admiralty]", "uses: [{corpus: admiralty, version: " + installed.wheel.name.split("-")[1] + "}]"),
        encoding="utf-8")
    commit_all(repo, "pin the bundled corpus")
    diffed = ok("diff", "HEAD~1", "HEAD", "--git", "--no-play")
    assert "aland-1915: changed" in diffed.stdout and "dependencies: admiralty: (any version) → " in diffed.stdout
    ok("docs")
    assert (repo / "site" / "maps" / "baltic" / "index.html").is_file()
    assert (repo / "site" / "ships" / "hochseeflotte-1914" / "bremen" / "index.html").is_file()
    assert "Lübeck" in (repo / "site" / "ships" / "germany-aland-1915" / "bremen" / "index.html").read_text("utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    async def session() -> None:
        from lsprotocol import types as lsp

        editor = Editor(repo)
        await editor.start(server=(str(installed.bin / "admiralty"),), env=env)
        try:
            relative = scenario.relative_to(repo)
            text = editor.open(relative)
            assert [d for d in await editor.next_for(relative) if d.severity == lsp.DiagnosticSeverity.Error] == []
            row = next(i for i, line in enumerate(text.splitlines()) if line == "map: baltic")
            doc, at = editor.at(relative, row, 6)
            where = await editor.client.text_document_definition_async(lsp.DefinitionParams(doc, at))
            assert isinstance(where, lsp.Location)
            assert where.uri.endswith("site-packages/admiralty/corpus/dreadnought/maps/baltic.yaml"), where.uri
        finally:
            await editor.stop()

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 3))


def test_ponza_and_quatre_bras_in_repositories_of_their_own(installed: Installed) -> None:
    """Issue 37's other two examples from the built wheel, as an author writes them: ``init --ruleset``, ``new``
    (Quatre Bras on a new table of its own), the author's own words (names with an apostrophe, quoted as the
    guide says), then validate, play, smoke, diff (a change of the order of battle is reported) and the site."""
    installed.pip(f"admiralty[site] @ {installed.wheel.as_uri()}")
    cases = [
        ("renaissance", "ponza-book", ["scenario", "ponza-1552"], "ponza-1552",
         [("title: Ponza, 1552", "title: \"Ponza, 1 August 1552: Turgut Reis's victory\""),
          ("{at: eastern-basin, power: ottoman, galleys: 4}", "{at: eastern-basin, power: ottoman, galleys: 5}")],
         ("{at: eastern-basin, power: hapsburg, galleys: 4}", "{at: eastern-basin, power: hapsburg, galleys: 3}")),
        ("napoleonic", "quatre-bras-book", ["scenario", "quatre-bras-1815", "--map", "quatre-bras"],
         "quatre-bras-1815", [("name: Attackers' battalion", "name: \"Foy's division, 1st brigade\""),
                              ("name: Defenders' battalion", "name: 'Pack''s brigade'")],
         ("figures: 16\n    bases: 4\n    formation: line\n    at: [80, 64]",
          "figures: 12\n    bases: 4\n    formation: line\n    at: [80, 64]")),
    ]
    for ruleset, folder, new, scenario_id, words, change in cases:
        assert installed.run("admiralty", "init", folder, "--ruleset", ruleset).returncode == 0
        repo = installed.work / folder

        def ok(*args: str, repo: Path = repo) -> subprocess.CompletedProcess[str]:
            done = installed.run("admiralty", *args, cwd=repo)
            assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
            assert "Traceback" not in done.stderr
            return done

        if ruleset == "napoleonic":
            ok("new", "table", "quatre-bras")
        ok("new", *new)
        written = next(repo.rglob(f"{scenario_id}.yaml"))
        text = written.read_text(encoding="utf-8")
        for old, mine in words:
            assert old in text, old
            text = text.replace(old, mine, 1)
        written.write_text(text, encoding="utf-8")
        ok("validate", "--strict")
        assert "event-log hash" in ok("play", scenario_id, "--seed", "3", "--quiet").stdout
        ok("smoke", "--games", "2", "--jobs", "1")
        commit_all(repo, f"{scenario_id} as written")
        assert change[0] in text
        written.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
        commit_all(repo, f"{scenario_id}: another order of battle")
        diffed = ok("diff", "HEAD~1", "HEAD", "--git", "--games", "4")
        assert f"{scenario_id}: changed" in diffed.stdout
        ok("docs")
        assert (repo / "site" / "scenarios" / scenario_id / "index.html").is_file()
