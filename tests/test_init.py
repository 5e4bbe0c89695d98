"""``admiralty init`` and ``admiralty schemas export``, run as a user would: the installed command in a
folder outside this repository. The starter corpus validates and plays, its modelines name the exported
schemas, and nothing the author wrote is ever overwritten."""

from __future__ import annotations

import json
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


def assert_modelines_resolve(project: Path) -> int:
    """Every document's modeline names an existing schema inside ``project/schemas``, relative to the
    document's folder; the number of documents."""
    documents = sorted((project / "scenarios").rglob("*.yaml"))
    for document in documents:
        first = document.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(PREFIX), document
        target = first.removeprefix(PREFIX)
        assert not target.startswith("/") and "site-packages" not in target, first
        schema = (document.parent / target).resolve()
        assert schema.is_file() and schema.is_relative_to((project / "schemas").resolve()), (document, first)
    return len(documents)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_init_writes_a_corpus_that_validates_and_plays(tmp_path: Path, ruleset: str) -> None:
    run = admiralty(tmp_path, "init", "my-scenarios", "--ruleset", ruleset)
    assert run.returncode == 0, run.stderr
    project = tmp_path / "my-scenarios"
    assert "next: cd my-scenarios && admiralty validate scenarios/" in run.stdout
    assert assert_modelines_resolve(project) >= 2
    assert (project / "schemas" / "common.schema.json").is_file()
    assert list((project / "scenarios" / ruleset / "scenarios").glob("*.yaml"))

    checked = admiralty(project, "validate", "scenarios/", "--strict", "--format", "json")
    assert checked.returncode == 0, checked.stdout
    assert json.loads(checked.stdout)["diagnostics"] == []

    smoke = admiralty(project, "smoke", "scenarios/", "--games", "12", "--jobs", "1")
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    stats = [json.loads(p.read_text()) for p in (project / "build" / "smoke").glob("*.json")]
    assert len(stats) == 1 and stats[0]["games"] > stats[0]["draws"], "every game a draw tells the author nothing"


def test_init_writes_the_hook_the_workflow_and_the_housekeeping_files(tmp_path: Path) -> None:
    """The hook and the workflow pin the admiralty installed (this checkout, editable: a folder, so a local hook),
    never a repository or tag admiralty does not have (issue 36, item 4; tests/test_pins.py for the other ways)."""
    assert admiralty(tmp_path, "init").returncode == 0  # the current folder, empty
    config = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())
    (repo,) = config["repos"]
    assert repo["repo"] == "local" and "rev" not in repo
    (hook,) = repo["hooks"]
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    published = next(h for h in hooks if h["id"] == hook["id"])  # the hook this repository publishes, run locally
    assert hook["entry"] == published["entry"] and hook["language"] == "system" and hook["args"] == ["scenarios/"]

    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "scenarios.yml").read_text())
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    assert [step["uses"].split("@")[0] for step in steps if "uses" in step] == ["actions/checkout"]
    assert workflow["env"]["ADMIRALTY"] == f"admiralty @ {ROOT.as_uri()}"
    assert any("admiralty validate scenarios" in step.get("run", "") for step in steps)

    ignored = (tmp_path / ".gitignore").read_text().split()
    assert "build/" in ignored and "site/" in ignored
    assert {".site.lock", ".site.building-*/", ".site.old-*/"} <= set(ignored)  # admiralty docs' lock and swap
    assert "admiralty validate scenarios/" in (tmp_path / "README.md").read_text()


def test_init_refuses_a_folder_with_files_and_never_overwrites_with_force(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# my own notes\n")
    refused = admiralty(tmp_path, "init", ".")
    assert refused.returncode == 1 and "not empty" in refused.stderr and "--force" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md"]

    schema = tmp_path / "schemas" / "common.schema.json"
    schema.parent.mkdir()
    schema.write_text("{}\n")  # an author's edit to a schema
    forced = admiralty(tmp_path, "init", ".", "--force")
    assert forced.returncode == 0, forced.stderr
    assert readme.read_text() == "# my own notes\n" and schema.read_text() == "{}\n"
    assert "kept 2 files that existed" in forced.stdout
    assert (tmp_path / "scenarios" / "dreadnought" / "maps" / "narrow-sea.yaml").is_file()


def test_schemas_export_writes_the_tree_and_refs_resolve_from_disk(tmp_path: Path) -> None:
    run = admiralty(tmp_path, "schemas", "export")
    assert run.returncode == 0, run.stderr
    exported = sorted(p.relative_to(tmp_path / "schemas").as_posix() for p in (tmp_path / "schemas").rglob("*.json"))
    packaged = sorted(p.relative_to(ROOT / "schemas").as_posix()
                      for p in (ROOT / "schemas").rglob("*.schema.json"))
    assert set(packaged) == set(exported) and "common.schema.json" in exported
    for place in exported:  # the repository's own schemas/ is exactly what the export writes
        assert (tmp_path / "schemas" / place).read_bytes() == (ROOT / "schemas" / place).read_bytes(), place
    assert "written     schemas/dreadnought/scenario.schema.json" in run.stdout
    for place in exported:  # every relative $ref names a file of the exported tree: editors need no network
        path = tmp_path / "schemas" / place
        refs = _refs(json.loads(path.read_text()))
        for ref in refs:
            if not ref.startswith("#") and "://" not in ref:
                assert (path.parent / ref.split("#")[0]).is_file(), (place, ref)
        source = ROOT / "schemas" / place
        if source.is_file():  # copied as they are (a plug-in's schemas come from its own distribution)
            assert path.read_bytes() == source.read_bytes()

    again = admiralty(tmp_path, "schemas", "export")
    assert again.returncode == 0 and "(" + f"{len(exported)} unchanged)" in again.stdout


def test_schemas_export_never_loses_an_edit_without_force(tmp_path: Path) -> None:
    target = tmp_path / "vendor"
    assert admiralty(tmp_path, "schemas", "export", "vendor").returncode == 0
    edited = target / "dreadnought" / "map.schema.json"
    edited.write_text('{"description": "mine"}\n')
    (target / "common.schema.json").unlink()
    refused = admiralty(tmp_path, "schemas", "export", "vendor")
    assert refused.returncode == 1 and "vendor/dreadnought/map.schema.json" in refused.stderr
    assert "--force" in refused.stderr
    assert edited.read_text() == '{"description": "mine"}\n' and not (target / "common.schema.json").exists()
    forced = admiralty(tmp_path, "schemas", "export", "vendor", "--force")
    assert forced.returncode == 0 and "overwritten vendor/dreadnought/map.schema.json" in forced.stdout
    assert edited.read_bytes() == (ROOT / "schemas" / "dreadnought" / "map.schema.json").read_bytes()


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "$ref" and isinstance(v, str)] + [
            r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_init_makes_the_folder_a_git_repository_and_says_so(tmp_path: Path) -> None:
    run = admiralty(tmp_path, "init", "mine")
    assert run.returncode == 0, run.stderr
    assert "initialised a git repository in mine (git init)" in run.stdout
    assert (tmp_path / "mine" / ".git").is_dir()


def test_init_inside_a_repository_runs_no_git_init_and_says_so(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    run = admiralty(tmp_path, "init", "inner")
    assert run.returncode == 0, run.stderr
    assert "inner is already in a git repository; git init not run" in run.stdout
    assert not (tmp_path / "inner" / ".git").exists()  # no repository nested in the author's own


def test_init_without_git_says_how_to_make_the_repository(tmp_path: Path) -> None:
    bare = tmp_path / "bin"  # a PATH with nothing on it: no git
    bare.mkdir()
    run = subprocess.run([sys.executable, "-m", "admiralty", "init", "mine"], capture_output=True, text=True,
                         cwd=tmp_path, env={"PATH": str(bare), "HOME": str(tmp_path)}, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "git not found: run `git init` in mine to use the pre-commit hook" in run.stdout
    assert not (tmp_path / "mine" / ".git").exists()


def test_a_second_rule_system_updates_the_readme_init_wrote_but_never_the_authors(tmp_path: Path) -> None:
    assert admiralty(tmp_path, "init", "mine").returncode == 0
    second = admiralty(tmp_path, "init", "mine", "--ruleset", "napoleonic", "--force")
    assert second.returncode == 0, second.stderr
    assert "wrote mine/README.md (now for dreadnought, napoleonic)" in second.stdout
    readme = (tmp_path / "mine" / "README.md").read_text()
    assert "admiralty's `dreadnought` and `napoleonic` rules" in readme
    assert "--corpus scenarios/dreadnought" in readme and "--corpus scenarios/napoleonic" in readme

    (tmp_path / "mine" / "README.md").write_text(readme + "\nMy notes.\n")
    third = admiralty(tmp_path, "init", "mine", "--ruleset", "renaissance", "--force")
    assert third.returncode == 0 and "mine/README.md" in third.stdout.split("kept", 1)[1]
    assert (tmp_path / "mine" / "README.md").read_text().endswith("My notes.\n")


def test_the_starter_tables_wood_is_rough_ground(tmp_path: Path) -> None:
    assert admiralty(tmp_path, "init", "mine", "--ruleset", "napoleonic").returncode == 0
    table = yaml.safe_load((tmp_path / "mine" / "scenarios" / "napoleonic" / "tables" / "village-field.yaml")
                           .read_text())
    kinds = {piece["id"]: piece["kind"] for piece in table["terrain"]}
    assert kinds["wood"] == "rough"  # the schema's word for woods (no penetration, NA-pen-e); `cover` is walls
