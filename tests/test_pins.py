"""Pins that point at us (issue 36, item 4): ``admiralty init`` pins exactly the admiralty installed (PEP 610
``direct_url.json``), its hook is a local one where there is no repository at a commit, diagnostics link only to a
site the repository names, and no URL admiralty writes points at a host or account it does not control."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from admiralty import __version__, home
from admiralty.scaffold import pins
from tests.test_root import admiralty

ROOT = Path(__file__).resolve().parents[1]
WHEEL = {"url": "file:///tmp/dist/admiralty-0.1.0-py3-none-any.whl",
         "archive_info": {"hashes": {"sha256": "0" * 64}}}
GIT = {"url": "https://git.example.org/fleet/admiralty", "vcs_info": {"vcs": "git", "commit_id": "a" * 40}}
FOLDER = {"url": "file:///home/me/admiralty", "dir_info": {"editable": True}}


@pytest.mark.parametrize(("record", "requirement", "source"), [
    (None, f"admiralty=={__version__}", "index"),
    (WHEEL, "admiralty @ file:///tmp/dist/admiralty-0.1.0-py3-none-any.whl", "archive"),
    (GIT, f"admiralty @ git+https://git.example.org/fleet/admiralty@{'a' * 40}", "vcs"),
    (FOLDER, "admiralty @ file:///home/me/admiralty", "folder"),
], ids=["index", "wheel", "git", "folder"])
def test_the_pin_is_what_pip_recorded(record: dict[str, object] | None, requirement: str, source: str) -> None:
    pin = pins.pin_of(record)
    assert (pin.requirement, pin.source) == (requirement, source)
    hook = yaml.safe_load(pins.pre_commit_config(pin))["repos"][0]
    if source == "vcs":  # the repository carries the hook: it is named at the commit installed
        assert (hook["repo"], hook["rev"]) == ("https://git.example.org/fleet/admiralty", "a" * 40)
    else:  # no repository at a commit: the installed admiralty runs as a local hook
        assert hook["repo"] == "local" and hook["hooks"][0]["language"] == "system"
    flow = pins.workflow(pin)
    assert yaml.safe_load(flow)["env"]["ADMIRALTY"] == requirement
    assert ("CI cannot reach" in flow) is (source in ("archive", "folder"))


def test_a_scaffold_pins_no_tag_the_repository_does_not_carry(tmp_path: Path) -> None:
    assert admiralty(tmp_path, "init", "book").returncode == 0
    written = "\n".join(p.read_text(encoding="utf-8") for p in [tmp_path / "book" / ".pre-commit-config.yaml",
                                                                 tmp_path / "book" / ".github/workflows/scenarios.yml",
                                                                 tmp_path / "book" / "README.md"])
    named = set(re.findall(r"(?:rev: |@)(v\d+\.\d+\.\d+)\b", written))
    if named and shutil.which("git") and (ROOT / ".git").exists():
        tags = set(subprocess.run(["git", "tag", "-l"], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout.split())
        assert named <= tags, f"pinned {sorted(named - tags)}, which this repository has no tag for"
    assert named == set() or home.REPOSITORY is not None


def test_the_local_hook_runs_the_installed_admiralty_in_pre_commit(tmp_path: Path) -> None:
    """``init``'s hook as pre-commit runs it: passes on the starter corpus, fails on an unknown ship."""
    pytest.importorskip("pre_commit", reason="pre-commit is in the dev extra: pip install -e '.[dev]'")
    assert admiralty(tmp_path, "init", "book").returncode == 0
    repo = tmp_path / "book"
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"]
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"  # the installed admiralty
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-home")
    subprocess.run([*git, "add", "--all"], cwd=repo, check=True)

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=600, check=False)

    passed = run()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    scenario = next((repo / "scenarios").rglob("first-sortie-1916.yaml"))
    text = scenario.read_text(encoding="utf-8")
    ship = re.search(r"ships: \[([^],]+)", text)
    assert ship is not None
    scenario.write_text(text.replace(ship.group(0), ship.group(0) + "x", 1), encoding="utf-8")
    subprocess.run([*git, "add", "--all"], cwd=repo, check=True)
    failed = run()
    assert failed.returncode == 1 and "REF005" in failed.stdout, failed.stdout + failed.stderr


def test_diagnostics_link_to_the_repositorys_own_site_or_nowhere(tmp_path: Path) -> None:
    assert admiralty(tmp_path, "init", "book").returncode == 0
    repo = tmp_path / "book"
    scenario = next((repo / "scenarios").rglob("first-sortie-1916.yaml"))
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("map: ", "map: x", 1), encoding="utf-8")

    def links() -> set[str]:
        done = admiralty(repo, "validate", "--format", "json")
        return {d["doc_url"] for d in json.loads(done.stdout)["diagnostics"]}

    assert links() == {""}  # the default mkdocs.yml names no site_url
    config = repo / "mkdocs.yml"
    config.write_text("site_url: https://fleet.example.org/book/\n" + config.read_text(encoding="utf-8"),
                      encoding="utf-8")
    assert links() == {"https://fleet.example.org/book/codes/ref003/"}
    project = repo / "admiralty.yaml"
    project.write_text(project.read_text(encoding="utf-8") + "site_url: https://docs.example.org/\n",
                       encoding="utf-8")
    assert links() == {"https://docs.example.org/codes/ref003/"}  # the project file wins


ALLOWED_HOSTS = {
    "json-schema.org", "www.w3.org", "json.schemastore.org",  # standards: schema and namespace identifiers
    "127.0.0.1", "localhost",  # the local preview server
    "admiralty.invalid", "example.org", "example.com", "example.invalid",  # RFC 2606: never anyone's
    "www.unicode.org",  # the source of the bundled confusables table
    "pre-commit.com",  # the tool's own page, named where its configuration is explained
}
ALLOWED_PREFIXES = ("https://github.com/actions/",)  # GitHub's own actions, pinned by commit in the workflows
URL = re.compile(r"https?://[^\s\"'<>`)\]]+")


def _host(url: str) -> str:
    return url.split("://", 1)[1].split("/", 1)[0].split(":", 1)[0].split("@")[-1]


def _allowed(url: str) -> bool:
    host = _host(url)
    own = {_host(u) for u in (home.REPOSITORY, home.DOCUMENTATION) if u}
    return (host in ALLOWED_HOSTS or host in own or host.endswith((".example.org", ".example.com"))
            or host in ("...", "") or url.startswith(ALLOWED_PREFIXES))


def _texts(tmp_path: Path) -> dict[str, str]:
    suffixes = {".py", ".md", ".yml", ".yaml", ".json", ".js", ".css", ".html", ".toml", ".txt", ".tsv"}
    found = {str(p.relative_to(ROOT)): p for p in (ROOT / "admiralty").rglob("*") if p.suffix in suffixes}
    found |= {str(p.relative_to(ROOT)): p for p in (ROOT / "docs").rglob("*.md")}
    found |= {name: ROOT / name for name in ("README.md", ".pre-commit-hooks.yaml", "mkdocs.yml")}
    found |= {str(p.relative_to(ROOT)): p for p in (ROOT / ".github").rglob("*.y*ml")}
    texts = {name: path.read_text(encoding="utf-8") for name, path in found.items() if path.is_file()}
    assert admiralty(tmp_path, "init", "book").returncode == 0
    texts |= {f"init: {p.relative_to(tmp_path)}": p.read_text(encoding="utf-8")
              for p in (tmp_path / "book").rglob("*") if p.is_file() and ".git" not in p.parts}
    return texts


def test_every_url_admiralty_writes_is_on_the_allow_list(tmp_path: Path) -> None:
    """The package's files (code, schemas, site pages, the bundled corpus), the docs, the hook and action manifests,
    and every file ``init`` writes: no URL of a host or account the project does not control."""
    texts = _texts(tmp_path)
    assert len(texts) > 300
    found = [(name, url) for name, text in texts.items() for url in URL.findall(text)]
    assert any(url.startswith("https://json-schema.org/") for _, url in found)  # the scan sees URLs
    assert [(name, url) for name, url in found if not _allowed(url)] == []
    assert not _allowed("https://github.com/admiralty/admiralty") and not _allowed("https://admiralty.github.io/x")
