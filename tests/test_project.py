"""The project file ``admiralty.yaml``, inline suppressions and other tools' YAML files (issue 36, item 2), run as
a user runs them: ``admiralty init``, then the command line, from the root and from a subfolder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.test_root import admiralty

SCENARIO = Path("scenarios/dreadnought/scenarios/first-sortie-1916.yaml")
CATALOG = Path("scenarios/dreadnought/ships/britain-1916.yaml")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    made = admiralty(tmp_path, "init", "fleet-book")
    assert made.returncode == 0, made.stderr
    return tmp_path / "fleet-book"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def report(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    body: dict[str, object] = json.loads(done.stdout)
    return body


def codes(done: subprocess.CompletedProcess[str]) -> list[tuple[str, int, str, str]]:
    found = report(done)["diagnostics"]
    assert isinstance(found, list)
    return [(d["file"], d["line"], d["code"], d["severity"]) for d in found]


def test_init_writes_a_project_file_that_its_schema_accepts(repo: Path) -> None:
    import jsonschema

    text = (repo / "admiralty.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=schemas/project.schema.json\n")
    schema = json.loads((repo / "schemas/project.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(yaml.safe_load(text))
    done = admiralty(repo, "validate", "--strict")
    assert done.returncode == 0 and "0 errors, 0 warnings in 4 files" in done.stdout, done.stdout + done.stderr


def test_inline_suppression_on_the_line_or_the_line_above(repo: Path) -> None:
    scenario = repo / SCENARIO
    clean = scenario.read_text(encoding="utf-8")
    edit(scenario, "map: narrow-sea\n", "map: narrow-seas  # admiralty: ignore[REF003]\n")
    done = admiralty(repo, "validate")
    assert done.returncode == 0, done.stdout
    assert done.stdout.strip().splitlines() == ["0 errors, 0 warnings, 1 suppressed in 4 files"]
    shown = admiralty(repo, "validate", "--show-suppressed")
    assert f"{SCENARIO.as_posix()}:7:6: REF003 [suppressed] unknown map 'narrow-seas'" in shown.stdout
    assert "    by: # admiralty: ignore[REF003]" in shown.stdout
    as_json = report(admiralty(repo, "validate", "--format", "json", "--show-suppressed"))
    assert as_json["summary"] == {"errors": 0, "warnings": 0, "infos": 0, "suppressed": 1}
    assert [d["code"] for d in as_json["suppressed"]] == ["REF003"]  # type: ignore[union-attr,index]
    edit(scenario, "# admiralty: ignore[REF003]", "# admiralty: ignore[REF005]")  # another code: no effect
    assert [c for _, _, c, _ in codes(admiralty(repo, "validate", "--format", "json"))] == ["REF003"]

    scenario.write_text(clean, encoding="utf-8")
    edit(scenario, "catalogs: [britain-1916", "# admiralty: ignore[SCH012, REF004]\ncatalogs: [britain-1917")
    above = admiralty(repo, "validate", "--show-suppressed")
    assert above.returncode == 0 and f"{SCENARIO.as_posix()}:9:12: REF004 [suppressed] unknown catalog" in above.stdout
    edit(scenario, "# admiralty: ignore[SCH012, REF004]\n", "# admiralty: ignore[REF004]\n\n")  # two lines up
    loud = admiralty(repo, "validate", "--format", "json")
    assert [c for _, _, c, _ in codes(loud)] == ["REF004"] and loud.returncode == 1, loud.stdout


def test_the_project_file_ignores_raises_and_scopes_codes_and_excludes_files(repo: Path) -> None:
    catalog = repo / CATALOG
    catalog.write_text(catalog.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")  # SCH012 warning
    edit(repo / SCENARIO, "catalogs: [britain-1916", "catalogs: [britain-1917")  # REF004 error
    before = admiralty(repo, "validate", "--format", "json")
    assert sorted(c for _, _, c, _ in codes(before)) == ["REF004", "SCH012"], before.stdout

    project = repo / "admiralty.yaml"
    project.write_text("errors: [SCH012]\npaths:\n  'scenarios/*/scenarios/*':\n    ignore: [REF004]\n",
                       encoding="utf-8")
    for cwd in (repo, repo / "scenarios/dreadnought/ships"):  # the same project from a subfolder
        done = admiralty(cwd, "validate", "--format", "json")
        found = [(Path(cwd / f).resolve(), code, severity) for f, _, code, severity in codes(done)]
        assert found == [((repo / CATALOG).resolve(), "SCH012", "error")], done.stdout
        assert report(done)["summary"] == {"errors": 1, "warnings": 0, "infos": 0, "suppressed": 1}
        assert done.returncode == 1

    project.write_text("ignore: [SCH012, REF004]\nexclude: [britain-*.yaml]\n", encoding="utf-8")
    done = admiralty(repo, "validate", "--show-suppressed")
    assert done.returncode == 0 and "0 errors, 0 warnings, 1 suppressed in 3 files" in done.stdout, done.stdout
    assert "by: ignored in admiralty.yaml" in done.stdout
    named = admiralty(repo, "validate", str(CATALOG), str(SCENARIO))  # excluded even when named (pre-commit)
    assert "in 1 file" in named.stdout, named.stdout


def test_the_project_file_names_the_corpus_and_the_smoke_defaults(repo: Path) -> None:
    (repo / "scenarios").rename(repo / "fleet")
    (repo / "admiralty.yaml").write_text("corpus: [fleet]\nsmoke: {games: 3, jobs: 1}\n", encoding="utf-8")
    deep = repo / "fleet/dreadnought/scenarios"
    checked = admiralty(deep, "validate")
    assert checked.returncode == 0 and "in 4 files" in checked.stdout, checked.stdout + checked.stderr
    smoked = admiralty(deep, "smoke")
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    stats = json.loads((repo / "build/smoke/first-sortie-1916.json").read_text(encoding="utf-8"))
    assert stats["games_per_player"] == {"random": 3, "scripted": 3}, stats
    assert "6 games (3 random, 3 scripted)" in smoked.stdout, smoked.stdout


@pytest.mark.parametrize(("text", "where"), [("ignore: SCH012\n", "at ignore"), ("corpus: [scenarios\n", "cannot read"),
                                             ("smoke: {games: 0}\n", "at smoke/games"),
                                             ("smoke: {jobs: 2.0}\n", "at smoke/jobs: write a whole number"),
                                             ("colour: blue\n", "at the top")])
def test_a_broken_project_file_is_a_usage_error_in_one_line(repo: Path, text: str, where: str) -> None:
    (repo / "admiralty.yaml").write_text(text, encoding="utf-8")
    done = admiralty(repo / "scenarios", "validate")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "admiralty.yaml" in done.stderr and where in done.stderr and "Traceback" not in done.stderr


def test_other_tools_files_are_skipped_with_a_note_unless_named(repo: Path) -> None:
    (repo / "mkdocs.yml").write_text("site_name: fleet\nextra:\n  home: !ENV [HOME, x]\n", encoding="utf-8")
    (repo / "notes.yaml").write_text("- a list\n- of notes\n", encoding="utf-8")
    done = admiralty(repo, "validate", ".", "--strict", "--format", "json")
    assert done.returncode == 0, done.stdout
    assert {(f, c, s) for f, _, c, s in codes(done)} == {
        ("mkdocs.yml", "IO003", "info"), ("notes.yaml", "IO003", "info"), ("admiralty.yaml", "IO003", "info"),
        (".pre-commit-config.yaml", "IO003", "info")}
    named = admiralty(repo, "validate", "mkdocs.yml", "notes.yaml", "--format", "json")
    assert named.returncode == 1 and {c for _, _, c, _ in codes(named)} == {"YML004", "IO004"}, named.stdout
    hook = admiralty(repo, "validate", "--skip-non-documents", "mkdocs.yml", "notes.yaml", "scenarios")
    assert hook.returncode == 0 and "0 errors, 0 warnings in 6 files" in hook.stdout, hook.stdout


def test_the_readmes_project_file_is_what_the_schema_and_admiralty_accept(tmp_path: Path) -> None:
    from admiralty.project import load_project
    from tests.outside.worktree import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text[text.index("### The project file"):]
    block = after[after.index("```yaml\n") + len("```yaml\n"):]
    (tmp_path / "admiralty.yaml").write_text(block[:block.index("```")], encoding="utf-8")
    project = load_project(tmp_path)
    assert project.corpus == ("scenarios",) and project.smoke == {"games": 20, "jobs": 2}
    assert project.excluded(tmp_path / "mkdocs.yml") and project.excluded(tmp_path / "scenarios/x/drafts/a.yaml")
    assert not project.excluded(tmp_path / "scenarios/x/scenarios/a.yaml")
    assert "REF005" in project.codes_for(tmp_path / "scenarios/x/scenarios/a.yaml").ignore
    assert project.codes_for(tmp_path / "scenarios/x/maps/a.yaml").ignore == {"SCH012"}
