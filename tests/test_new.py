"""``admiralty new scenario``, run as a user would in a repository of their own (outside this checkout):
for every rule system a skeleton whose title and date agree, that validates with its corpus, plays to a
decision in smoke games, and whose printed next command is right."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from admiralty.scaffold.modeline import PREFIX

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("dreadnought", "renaissance", "napoleonic")


def admiralty(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "admiralty", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


def schema_of(document: Path) -> Path:
    first = document.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(PREFIX)
    return (document.parent / first.removeprefix(PREFIX)).resolve()


def not_all_draws(project: Path, scenario_id: str) -> None:
    smoke = admiralty(project, "smoke", "scenarios/", "--only", scenario_id, "--games", "12", "--jobs", "1")
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    stats = json.loads((project / "build" / "smoke" / f"{scenario_id}.json").read_text())
    assert stats["games"] > stats["draws"], stats


@pytest.mark.parametrize("ruleset", RULESETS)
def test_new_in_an_init_repository(tmp_path: Path, ruleset: str) -> None:
    assert admiralty(tmp_path, "init", "--ruleset", ruleset).returncode == 0
    corpus = f"scenarios/{ruleset}"
    run = admiralty(tmp_path, "new", "scenario", "lissa-1866", "--corpus", corpus)
    assert run.returncode == 0, run.stderr
    written = tmp_path / corpus / "scenarios" / "lissa-1866.yaml"
    body = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert (body["ruleset"], body["title"], body["date"]) == (ruleset, "Lissa, 1866", "1866-01-01")
    assert schema_of(written) == (tmp_path / "schemas" / ruleset / "scenario.schema.json").resolve()
    assert run.stderr == ""  # the schemas are there: no note

    assert run.stdout.count("admiralty validate") == 1
    command = shlex.split(run.stdout.rsplit(": ", 1)[1])
    assert command == ["admiralty", "validate", f"{corpus}/scenarios/lissa-1866.yaml"]  # alone: its corpus is found
    checked = admiralty(tmp_path, *command[1:], "--strict")
    assert checked.returncode == 0 and "0 errors, 0 warnings" in checked.stdout, checked.stdout
    alone = admiralty(tmp_path, "validate", "--strict", *(str(p.relative_to(tmp_path)) for p in
                      (tmp_path / corpus).rglob("*.yaml") if p.parent.name != "scenarios" or p == written))
    assert alone.returncode == 0, alone.stdout  # with just its map (table) and catalogs
    not_all_draws(tmp_path, "lissa-1866")

    again = admiralty(tmp_path, "new", "scenario", "lissa-1866", "--corpus", corpus)
    assert again.returncode == 2 and "already exists" in again.stderr


@pytest.mark.parametrize("ruleset", RULESETS)
def test_new_over_the_bundled_corpus_copied_elsewhere(tmp_path: Path, ruleset: str) -> None:
    """The repository's own maps and catalogs, in a repository of their own with exported schemas."""
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    assert admiralty(tmp_path, "schemas", "export").returncode == 0
    ambiguous = admiralty(tmp_path, "new", "scenario", "lissa-1916")
    assert ambiguous.returncode == 2 and "--ruleset" in ambiguous.stderr
    run = admiralty(tmp_path, "new", "scenario", "new-battle-1600", "--ruleset", ruleset, "--date", "1600-05-02")
    assert run.returncode == 0, run.stderr
    written = tmp_path / "scenarios" / ruleset / "scenarios" / "new-battle-1600.yaml"
    body = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert (body["title"], body["date"]) == ("New Battle, 1600", "1600-05-02")
    assert schema_of(written) == (tmp_path / "schemas" / ruleset / "scenario.schema.json").resolve()
    assert run.stdout.endswith(f": admiralty validate scenarios/{ruleset}/scenarios/new-battle-1600.yaml\n")
    alone = admiralty(tmp_path, "validate", f"scenarios/{ruleset}/scenarios/new-battle-1600.yaml")
    assert alone.returncode == 0 and alone.stdout.endswith("in 1 file\n"), alone.stdout
    assert admiralty(tmp_path, "validate", "scenarios").returncode == 0
    not_all_draws(tmp_path, "new-battle-1600")


def test_without_schemas_the_modeline_names_where_export_puts_them(tmp_path: Path) -> None:
    assert admiralty(tmp_path, "init").returncode == 0
    shutil.rmtree(tmp_path / "schemas")
    run = admiralty(tmp_path, "new", "scenario", "jutland-1916", "--corpus", "scenarios/dreadnought")
    assert run.returncode == 0
    written = tmp_path / "scenarios" / "dreadnought" / "scenarios" / "jutland-1916.yaml"
    assert written.read_text().startswith(f"{PREFIX}../../../schemas/dreadnought/scenario.schema.json\n")
    assert "`admiralty schemas export schemas`" in run.stderr
    assert admiralty(tmp_path, "schemas", "export", "schemas").returncode == 0
    clean = admiralty(tmp_path, "validate", "scenarios", "--strict")
    assert clean.returncode == 0, clean.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["Lissa 1916"], "kebab-case"),
    (["lissa-1916", "--date", "1866-07-20"], "the id says 1916 but --date says 1866"),
    (["lissa-1916", "--map", "atlantis"], "no dreadnought map 'atlantis'"),
    (["lissa-1916", "--ruleset", "renaissance"], "no valid renaissance map under 'scenarios'"),
])
def test_new_refuses_with_one_clear_line_as_a_usage_error(tmp_path: Path, args: list[str], message: str) -> None:
    assert admiralty(tmp_path, "init").returncode == 0
    run = admiralty(tmp_path, "new", "scenario", *args)
    assert run.returncode == 2 and message in run.stderr and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert not list((tmp_path / "scenarios" / "dreadnought" / "scenarios").glob("lissa*"))


def test_new_with_a_missing_corpus_folder_is_a_usage_error(tmp_path: Path) -> None:
    """A path that does not exist is a usage error (exit 2, one line), as for every command."""
    assert admiralty(tmp_path, "init").returncode == 0
    run = admiralty(tmp_path, "new", "scenario", "lissa-1916", "--corpus", "nowhere")
    assert run.returncode == 2 and "'nowhere'" in run.stderr and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr


KINDS = {"dreadnought": ("map", "catalog"), "renaissance": ("map",), "napoleonic": ("table",)}
SCHEMA_OF = {"map": "map", "catalog": "ships", "table": "table"}


@pytest.mark.parametrize(("ruleset", "what"), [(r, w) for r, kinds in KINDS.items() for w in kinds])
def test_new_map_catalog_or_table_validates_alone(tmp_path: Path, ruleset: str, what: str) -> None:
    """The rule system's starter document of that kind under the new id, its modeline on the exported schema;
    validated alone it is clean, and so is the whole corpus with it."""
    assert admiralty(tmp_path, "init", "--ruleset", ruleset).returncode == 0
    run = admiralty(tmp_path, "new", what, "north-sea", "--corpus", f"scenarios/{ruleset}")
    assert run.returncode == 0, run.stdout + run.stderr
    [written] = [p for p in (tmp_path / "scenarios" / ruleset).rglob("north-sea.yaml")]
    body = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert (body["id"], body["ruleset"], body["kind"]) == ("north-sea", ruleset, SCHEMA_OF[what])
    assert body["title"].startswith("North Sea (a new ")
    assert schema_of(written) == (tmp_path / "schemas" / ruleset / f"{SCHEMA_OF[what]}.schema.json").resolve()
    command = shlex.split(run.stdout.rsplit(": ", 1)[1])
    assert command == ["admiralty", "validate", str(written.relative_to(tmp_path))]
    alone = admiralty(tmp_path, *command[1:], "--strict")
    assert alone.returncode == 0 and "0 errors, 0 warnings in 1 file" in alone.stdout, alone.stdout
    whole = admiralty(tmp_path, "validate", "scenarios", "--strict")
    assert whole.returncode == 0, whole.stdout


@pytest.mark.parametrize(("ruleset", "what"), [("renaissance", "catalog"), ("napoleonic", "map"),
                                               ("dreadnought", "table")])
def test_new_refuses_a_kind_the_rule_system_does_not_have(tmp_path: Path, ruleset: str, what: str) -> None:
    assert admiralty(tmp_path, "init", "--ruleset", ruleset).returncode == 0
    run = admiralty(tmp_path, "new", what, "x", "--corpus", f"scenarios/{ruleset}")
    assert run.returncode == 2 and f"rule system '{ruleset}' has no {what} documents" in run.stderr
    assert "scenario" in run.stderr.rsplit(":", 1)[1] and run.stderr.count("\n") == 1
    assert not list(tmp_path.rglob("x.yaml"))


def test_a_scenario_alone_is_judged_alone_with_its_corpus_as_context(tmp_path: Path) -> None:
    """Named on its own, a file is checked against the corpus it sits in; the corpus's own findings are not
    its findings."""
    shutil.copytree(ROOT / "scenarios" / "dreadnought", tmp_path / "scenarios" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    other = tmp_path / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml"
    other.write_text(other.read_text(encoding="utf-8").replace("start: cattaro", "start: nowhere", 1),
                     encoding="utf-8")
    alone = admiralty(tmp_path, "validate", "scenarios/dreadnought/scenarios/ancona-1915.yaml")
    assert alone.returncode == 0 and "0 errors" in alone.stdout and "in 1 file" in alone.stdout, alone.stdout
    both = admiralty(tmp_path, "validate", "scenarios/dreadnought/scenarios/ancona-1915.yaml", str(other))
    assert both.returncode == 1 and "unknown port 'nowhere'" in both.stdout


def test_new_takes_the_rule_systems_own_kind_names_and_lists_them_when_wrong(tmp_path: Path) -> None:
    """The kinds `new` writes are the rule system's starter documents' kinds (no list in the core): `ships`
    works as well as the author's word `catalog`; an unknown kind is refused with what there is."""
    assert admiralty(tmp_path, "init", "--ruleset", "dreadnought").returncode == 0
    run = admiralty(tmp_path, "new", "ships", "extra-ships", "--corpus", "scenarios/dreadnought")
    assert run.returncode == 0, run.stderr
    assert list(tmp_path.rglob("extra-ships.yaml"))
    wrong = admiralty(tmp_path, "new", "fleet", "x", "--corpus", "scenarios/dreadnought")
    assert wrong.returncode == 2
    assert wrong.stderr.strip().endswith("writes for it: scenario, catalog, map"), wrong.stderr
