"""The site as an MkDocs plugin (issue 33, item 6), used the way MkDocs users use one: ``mkdocs build --strict`` at
the top of a copy of this repository (its own ``mkdocs.yml`` and ``docs/``), a repository made by ``admiralty
init`` that adds a page and renames its site, and ``admiralty build`` handing its validation to the plugin so the
corpus is validated once."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import admiralty.validator.pipeline as pipeline
from admiralty.cli import main
from admiralty.scaffold.init import init_corpus
from admiralty.site.build import DEFAULT_CONFIG, build_site

pytest.importorskip("mkdocs")

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"


def _mkdocs_build(cwd: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` as its own program, in ``cwd`` (which holds the mkdocs.yml)."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=cwd,
                          capture_output=True, text=True, timeout=600, check=False)


def _working_tree_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def _title(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text.split("<title>", 1)[1].split("</title>", 1)[0]


@pytest.mark.slow
def test_mkdocs_build_strict_at_the_top_of_a_fresh_copy(tmp_path: Path) -> None:
    """The repository's files alone (as a fresh clone has them, with no ``../shared`` beside it): its mkdocs.yml
    builds the whole reference site, the hand-written pages from docs/ and the generated ones."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to list the repository's files")
    clone = tmp_path / "clone"
    for name in _working_tree_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    assert not (tmp_path / "shared").exists()
    done = _mkdocs_build(clone, tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    site = tmp_path / "site"
    for page in ("index.html", "authoring/index.html", "ci/index.html", "editors/index.html",
                 "scenarios/otranto-1917/index.html", "rules/dreadnought/index.html", "codes/index.html",
                 "stylesheets/admiralty.css", "javascripts/mapview.js", "javascripts/replay.js"):
        assert (site / page).is_file(), page
    coverage = (site / "coverage" / "index.html").read_text(encoding="utf-8")
    assert "Rules index not found" not in coverage  # the plugin's `rules: RULES.md`, inside the repository
    assert "DN-5.24" in coverage
    assert not (clone / "docs" / "scenarios").exists()  # generated into the build, never into docs/


def test_a_repository_made_by_init_builds_its_own_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The author adds a page, renames the site, and builds it with MkDocs itself and with ``admiralty docs``
    (which reads the same mkdocs.yml, its plugin options relative to that file, not to the working folder)."""
    repo = tmp_path / "fleet-book"
    assert init_corpus(str(repo), "dreadnought") == 0
    assert (repo / "docs" / "index.md").read_text() == (DEFAULT_CONFIG.parent / "docs" / "index.md").read_text()
    default = DEFAULT_CONFIG.read_text(encoding="utf-8")
    assert (repo / "mkdocs.yml").read_text(encoding="utf-8") == default.replace("site_name: Scenarios",
                                                                                'site_name: "fleet-book"')
    (repo / "docs" / "house.md").write_text("# House rules\n\nFog of war, strictly.\n", encoding="utf-8")
    text = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace('site_name: "fleet-book"', "site_name: Adriatic Fleet Book")
    text = text.replace("  - Home: index.md\n", "  - Home: index.md\n  - House rules: house.md\n")
    (repo / "mkdocs.yml").write_text(text, encoding="utf-8")

    done = _mkdocs_build(repo, tmp_path / "mkdocs-site")
    assert done.returncode == 0, done.stderr[-3000:]
    house = tmp_path / "mkdocs-site" / "house" / "index.html"
    assert _title(house) == "House rules - Adriatic Fleet Book"
    assert "Fog of war, strictly." in house.read_text(encoding="utf-8")
    assert list((tmp_path / "mkdocs-site" / "scenarios").glob("*/index.html"))

    monkeypatch.chdir(tmp_path)  # not the repository: the corpus is found through mkdocs.yml
    assert main(["docs", "--config-file", str(repo / "mkdocs.yml"), "--site-dir", str(tmp_path / "docs-site")]) == 0
    assert _title(tmp_path / "docs-site" / "house" / "index.html") == "House rules - Adriatic Fleet Book"
    assert sorted(p.name for p in (tmp_path / "docs-site" / "scenarios").iterdir()) == sorted(
        p.name for p in (tmp_path / "mkdocs-site" / "scenarios").iterdir())


def test_admiralty_build_validates_the_corpus_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capfd: pytest.CaptureFixture[str]) -> None:
    """The validation stage's result goes to the plugin in this process: one validation for the whole build (the
    old hook validated the corpus again inside MkDocs, and said so in its log)."""
    calls: list[list[str]] = []
    real = pipeline.validate

    def counted(paths: list[str]) -> pipeline.Validation:
        calls.append(list(paths))
        return real(paths)

    monkeypatch.setattr(pipeline, "validate", counted)
    monkeypatch.chdir(tmp_path)  # no mkdocs.yml here: the packaged default site
    code = main(["build", str(MINI), "--games", "2", "--jobs", "1", "--out", str(tmp_path / "smoke"),
                 "--site-dir", str(tmp_path / "site")])
    out, err = capfd.readouterr()
    assert code == 0, out + err
    assert calls == [[str(MINI)]]
    assert "scenarios built from" not in err  # the plugin's own validation never ran
    assert (tmp_path / "site" / "scenarios" / "mini-raid" / "index.html").is_file()
    assert _title(tmp_path / "site" / "index.html").endswith("Scenarios")  # admiralty/site/default/mkdocs.yml


def test_a_configuration_without_the_plugin_is_refused_in_one_line(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: Plain\nplugins:\n  - search\n", encoding="utf-8")
    assert build_site([str(MINI)], None, str(tmp_path / "site"), config_file=config) == 1
    err = capsys.readouterr().err
    assert "does not use the admiralty plugin: add '- admiralty' under 'plugins:'" in err
    assert "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_a_missing_rules_index_fails_a_strict_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``rules:`` naming no file is a warning, so ``--strict`` stops instead of publishing rules pages without
    their clause summaries."""
    text = DEFAULT_CONFIG.read_text(encoding="utf-8").replace("      smoke: build/smoke",
                                                             "      smoke: build/smoke\n      rules: NO-RULES.md")
    shutil.copytree(DEFAULT_CONFIG.parent / "docs", tmp_path / "docs")
    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    assert build_site([str(MINI)], None, str(tmp_path / "site"), config_file=tmp_path / "mkdocs.yml") == 1
    err = capsys.readouterr().err
    assert "NO-RULES.md' is not a file" in err and "strict mode" in err


def test_the_default_site_and_this_repositorys_agree_on_everything_but_their_pages() -> None:
    """The packaged default (what ``admiralty init`` writes, and what ``admiralty docs`` builds where there is no
    mkdocs.yml) and this repository's site differ in name, pages and rules index only: the same theme, Markdown and
    link checks, so a page that builds strictly here builds there."""
    ours = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    default = yaml.safe_load(DEFAULT_CONFIG.read_text(encoding="utf-8"))
    for key in ("theme", "markdown_extensions", "validation", "use_directory_urls", "docs_dir", "site_dir"):
        assert ours[key] == default[key], key
    assert [p if isinstance(p, str) else next(iter(p)) for p in ours["plugins"]] == ["search", "admiralty"]
    assert default["plugins"] == ["search", {"admiralty": {"corpus": ["scenarios"], "smoke": "build/smoke"}}]
    assert ours["plugins"][1]["admiralty"] == {"corpus": ["scenarios"], "smoke": "build/smoke", "rules": "RULES.md",
                                               "source": "."}
    default_pages = {p.relative_to(DEFAULT_CONFIG.parent / "docs") for p in (DEFAULT_CONFIG.parent / "docs").rglob("*")}
    assert default_pages == {Path("index.md")}
