"""The files GitHub and pre-commit read from this repository, checked the way those tools read them.

Workflows and the composite action are validated against the SchemaStore schemas that the PyPI package
``check-jsonschema`` vendors (its installed ``builtin_schemas/vendor/`` files, so no network);
``.pre-commit-hooks.yaml`` against pre-commit's own manifest validator (``pre_commit.clientlib``), because
check-jsonschema vendors no schema for hook manifests. The composite action's shell steps are then run for
real with bash, with their ``env:`` filled from the inputs as the runner would.
"""

from __future__ import annotations

import importlib.resources
import json
import os
import re
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.outside.worktree import ROOT, snapshot

DEV_EXTRA = "in the dev extra: pip install -e '.[dev]'"
pytest.importorskip("check_jsonschema", reason=f"check-jsonschema is {DEV_EXTRA}")
clientlib = pytest.importorskip("pre_commit.clientlib", reason=f"pre-commit is {DEV_EXTRA}")

GITHUB = ROOT / ".github"
ACTION = GITHUB / "actions" / "admiralty" / "action.yml"
WORKFLOWS = sorted([*GITHUB.glob("workflows/*.yml"), *GITHUB.glob("workflows/*.yaml")])
ACTIONS = sorted([*GITHUB.rglob("action.yml"), *GITHUB.rglob("action.yaml")])
HOOKS = ROOT / ".pre-commit-hooks.yaml"

# The action as it was before issue 13: an unquoted ": " in a description makes it invalid YAML.
BROKEN_ACTION = """\
name: admiralty
description: Validate scenarios.
inputs:
  games:
    description: Smoke games per scenario and player kind (empty: each scenario's `smoke.games`).
    default: ""
runs:
  using: composite
  steps:
    - run: admiralty smoke ${{ inputs.paths }}
      shell: bash
"""


class GitHubLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 booleans, as GitHub reads workflows: ``on:`` is a key, not ``True``."""


GitHubLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
GitHubLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                   list("tTfF"))


def vendored_schema(name: str) -> dict[str, Any]:
    vendor = importlib.resources.files("check_jsonschema") / "builtin_schemas" / "vendor"
    schema: dict[str, Any] = json.loads((vendor / name).read_text(encoding="utf-8"))
    return schema


def schema_errors(document: Any, schema_name: str) -> list[str]:
    schema = vendored_schema(schema_name)
    validator = jsonschema.validators.validator_for(schema)(schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}"
            for e in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))]


def load_github(text: str) -> Any:
    yaml.safe_load(text)  # plain safe_load must accept it too: that is what any other tool will use
    return yaml.load(text, Loader=GitHubLoader)  # GitHubLoader is a SafeLoader


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def steps_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    if "runs" in document:
        return list(document["runs"].get("steps", []))
    return [step for job in document.get("jobs", {}).values() for step in job.get("steps", [])]


def spliced_runs(document: dict[str, Any]) -> list[str]:
    """Steps whose shell script has an expression substituted into its text (script injection)."""
    return [step.get("name", step["run"][:40]) for step in steps_of(document) if "${{" in step.get("run", "")]


def test_files_are_found() -> None:
    assert [rel(p) for p in WORKFLOWS] == [".github/workflows/ci.yml"]
    assert [rel(p) for p in ACTIONS] == [".github/actions/admiralty/action.yml"]
    assert HOOKS.is_file()


@pytest.mark.parametrize("path", WORKFLOWS, ids=rel)
def test_workflow_matches_schemastore(path: Path) -> None:
    assert schema_errors(load_github(path.read_text(encoding="utf-8")), "github-workflows.json") == []


@pytest.mark.parametrize("path", ACTIONS, ids=rel)
def test_action_matches_schemastore(path: Path) -> None:
    assert schema_errors(load_github(path.read_text(encoding="utf-8")), "github-actions.json") == []


def test_hook_manifest_is_what_pre_commit_accepts() -> None:
    hooks = clientlib.load_manifest(str(HOOKS))
    (hook,) = hooks
    assert hook["id"] == "admiralty-validate"
    assert hook["language"] == "python"
    assert hook["entry"] == "admiralty validate --skip-non-documents"  # pre-commit names every changed YAML file


def test_old_broken_action_is_rejected() -> None:
    """The check can fail: the pre-issue-13 action does not even parse."""
    with pytest.raises(yaml.YAMLError) as raised:
        load_github(BROKEN_ACTION)
    assert "line 5" in str(raised.value)


def test_schema_errors_are_reported() -> None:
    """Once it parses, the schema still catches what GitHub would refuse."""
    action = load_github(BROKEN_ACTION.replace("(empty: each", "(empty means each"))
    assert schema_errors(action, "github-actions.json") == []
    del action["runs"]["steps"][0]["shell"]  # a composite `run:` step must name its shell
    assert schema_errors(action, "github-actions.json")
    workflow = load_github(WORKFLOWS[0].read_text(encoding="utf-8"))
    workflow["permissions"] = {"contents": "readwrite"}
    assert any(e.startswith("permissions") for e in schema_errors(workflow, "github-workflows.json"))


def test_broken_hook_manifest_is_rejected(tmp_path: Path) -> None:
    manifest = tmp_path / ".pre-commit-hooks.yaml"
    manifest.write_text(HOOKS.read_text(encoding="utf-8").replace("language: python", "language: pythn"))
    with pytest.raises(clientlib.InvalidManifestError):
        clientlib.load_manifest(str(manifest))


@pytest.mark.parametrize("path", [*ACTIONS, *WORKFLOWS], ids=rel)
def test_no_expression_spliced_into_a_shell_line(path: Path) -> None:
    """Inputs and event fields reach shell scripts through env: only, never by text substitution."""
    assert spliced_runs(load_github(path.read_text(encoding="utf-8"))) == []


def test_spliced_expression_is_caught() -> None:
    old = load_github(BROKEN_ACTION.replace("(empty: each", "(empty means each"))
    assert spliced_runs(old) == ["admiralty smoke ${{ inputs.paths }}"]


@pytest.mark.parametrize("path", [*ACTIONS, *WORKFLOWS], ids=rel)
def test_third_party_actions_are_pinned_by_commit(path: Path) -> None:
    """A moving tag can change what runs without a commit here: full commit ids, version in a comment."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    uses = [line for line in lines if re.match(r"(- )?uses: ", line)]
    assert uses
    unpinned = [line for line in uses if "uses: ./" not in line
                and not re.search(r"@[0-9a-f]{40}\s+#\s*v\d+\.\d+\.\d+$", line)]
    assert unpinned == []


def test_ci_is_read_only_by_default() -> None:
    workflow = load_github(WORKFLOWS[0].read_text(encoding="utf-8"))
    assert workflow["permissions"] == {"contents": "read"}


# -- the composite action's shell steps, run with bash -------------------------------------------------------


ACTION_DOC: dict[str, Any] = load_github(ACTION.read_text(encoding="utf-8"))


def action_step(name: str) -> dict[str, Any]:
    (step,) = [s for s in ACTION_DOC["runs"]["steps"] if s.get("name", "").startswith(name)]
    return step


def run_step(name: str, cwd: Path, path_dirs: list[Path] | None = None, action_path: Path | None = None,
             **inputs: str) -> subprocess.CompletedProcess[str]:
    """Run one step's script as the runner would: its env: filled from the inputs (defaults, then ``inputs``)."""
    step = action_step(name)
    values = {key: spec.get("default", "") for key, spec in ACTION_DOC["inputs"].items()}
    values.update({key.replace("_", "-"): value for key, value in inputs.items()})
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    for key, expression in step.get("env", {}).items():
        found = re.fullmatch(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", expression)
        assert found, f"{name}: env {key} is not a plain input: {expression}"
        env[key] = values[found.group(1)]
    env["GITHUB_ACTIONS"] = "true"
    env["GITHUB_ACTION_PATH"] = str(action_path or ACTION.parent)
    env["PATH"] = os.pathsep.join([*(str(p) for p in path_dirs or [Path(sys.executable).parent]), env["PATH"]])
    assert step["shell"] == "bash"
    # The runner's own command line for `shell: bash`.
    command = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]]
    return subprocess.run(command, cwd=cwd, env=env, text=True, capture_output=True, timeout=600, check=False)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    work = tmp_path / "repo"
    dreadnought = ROOT / "scenarios" / "dreadnought"
    for source in dreadnought.rglob("*.yaml"):
        target = work / "scenarios" / "dreadnought" / source.relative_to(dreadnought)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    return work


def test_action_validates_with_annotations_and_smokes(corpus: Path) -> None:
    validated = run_step("Validate", corpus)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "::warning file=scenarios/dreadnought/" in validated.stdout  # workflow commands, not text
    smoked = run_step("Smoke", corpus, games="1")
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    scenarios = (corpus / "scenarios" / "dreadnought" / "scenarios").glob("*.yaml")  # one statistics file each
    assert sorted(p.name for p in (corpus / "build" / "smoke").glob("*.json")) == sorted(
        f"{p.stem}.json" for p in scenarios)
    assert "jutland-1916.json" in {p.name for p in (corpus / "build" / "smoke").glob("*.json")}


def test_action_strict_fails_on_warnings(corpus: Path) -> None:
    validated = run_step("Validate", corpus, strict="true")
    assert validated.returncode == 1, validated.stdout + validated.stderr


def test_action_reports_a_broken_scenario_at_its_line(corpus: Path) -> None:
    scenario = corpus / "scenarios" / "dreadnought" / "scenarios" / "otranto-1917.yaml"
    text = scenario.read_text(encoding="utf-8")
    at = text.index("ships: [Novara,") + len("ships: [")
    scenario.write_text(text[:at] + "Novarra" + text[at + len("Novara"):], encoding="utf-8")
    line, col = text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)
    validated = run_step("Validate", corpus)
    assert validated.returncode == 1, validated.stdout + validated.stderr
    assert f"::error file=scenarios/dreadnought/scenarios/otranto-1917.yaml,line={line},col={col}," in validated.stdout
    assert "Novarra" in validated.stdout


@pytest.mark.parametrize(("step", "inputs", "message"), [
    ("Validate", {"strict": "yes"}, "strict must be true or false"),
    ("Smoke", {"games": "5; touch pwned"}, "games must be a whole number"),
    ("Install", {"extras": "fast]; touch pwned #"}, "extras must be comma-separated names"),
])
def test_action_refuses_bad_inputs(corpus: Path, step: str, inputs: dict[str, str], message: str) -> None:
    done = run_step(step, corpus, **inputs)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"::error title=admiralty action::{message}" in done.stdout
    assert not (corpus / "pwned").exists()


def test_action_paths_are_words_not_shell(corpus: Path) -> None:
    done = run_step("Validate", corpus, paths="scenarios/dreadnought $(touch pwned) `touch pwned`")
    assert not (corpus / "pwned").exists()
    assert done.returncode != 0  # "$(touch" is a path that does not exist, reported as such
    assert "$(touch" in done.stdout + done.stderr


@pytest.mark.slow
def test_action_installs_admiralty_from_its_own_checkout(tmp_path: Path, corpus: Path) -> None:
    """The install step as on a runner: the action's repository at the pinned ref, three levels above the
    action; installed into a fresh venv (core only: PyPI for the dependencies)."""
    checkout = snapshot(tmp_path / "action-checkout")
    venv.EnvBuilder(with_pip=True, clear=True).create(tmp_path / "venv")
    bin_dir = tmp_path / "venv" / "bin"
    done = run_step("Install", corpus, path_dirs=[bin_dir], action_path=checkout / ".github" / "actions" / "admiralty")
    assert done.returncode == 0, done.stdout + done.stderr
    from admiralty import __version__

    assert done.stdout.strip().splitlines()[-1] == f"admiralty {__version__}"
    validated = run_step("Validate", corpus, path_dirs=[bin_dir])
    assert validated.returncode == 0, validated.stdout + validated.stderr


# -- the copy-ready examples on the site's CI page -------------------------------------------------------------


CI_PAGE = ROOT / "docs" / "ci.md"
EXAMPLES = re.findall(r"```yaml\n(.*?)```", CI_PAGE.read_text(encoding="utf-8"), flags=re.DOTALL)
WORKFLOW_EXAMPLES = [text for text in EXAMPLES if "\njobs:" in text]
HOOK_EXAMPLES = [text for text in EXAMPLES if text.startswith("repos:")]


def test_ci_page_examples_are_found() -> None:
    assert (len(WORKFLOW_EXAMPLES), len(HOOK_EXAMPLES)) == (2, 2)


@pytest.mark.parametrize("text", WORKFLOW_EXAMPLES, ids=["action", "steps"])
def test_ci_page_workflows_are_valid_and_pinned(text: str) -> None:
    workflow = load_github(text)
    assert schema_errors(workflow, "github-workflows.json") == []
    assert spliced_runs(workflow) == []
    assert workflow["permissions"] == {"contents": "read"}
    uses = [step["uses"] for step in steps_of(workflow) if "uses" in step]
    for line in text.splitlines():
        if "uses: " in line and "OWNER/admiralty/" not in line:
            assert re.search(r"@[0-9a-f]{40}\s+#\s*v\d+\.\d+\.\d+$", line), line
    # admiralty itself is pinned by release tag, which the release process never moves (OWNER/admiralty: where it
    # is published; it has no public home yet)
    assert all(re.search(r"@v\d+\.\d+\.\d+$", u) for u in uses if u.startswith("OWNER/admiralty/"))


@pytest.mark.parametrize("text", HOOK_EXAMPLES, ids=["remote", "local"])
def test_ci_page_pre_commit_configs_are_what_pre_commit_accepts(text: str, tmp_path: Path) -> None:
    config = tmp_path / ".pre-commit-config.yaml"
    config.write_text(text, encoding="utf-8")
    (repo,) = clientlib.load_config(str(config))["repos"]
    assert [hook["id"] for hook in repo["hooks"]] == ["admiralty-validate"]


def test_the_files_admiralty_init_writes_are_what_github_and_pre_commit_accept(tmp_path: Path) -> None:
    """`admiralty init` writes a workflow and a pre-commit config into someone else's repository: the workflow
    matches SchemaStore's schema, has no expression spliced into a shell line, and the config is what
    pre-commit's own loader accepts, pointing at this repository's hook."""
    project = tmp_path / "my-scenarios"
    done = subprocess.run([sys.executable, "-m", "admiralty", "init", str(project)], capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    written = load_github((project / ".github" / "workflows" / "scenarios.yml").read_text(encoding="utf-8"))
    assert schema_errors(written, "github-workflows.json") == []
    assert spliced_runs(written) == []
    config = clientlib.load_config(str(project / ".pre-commit-config.yaml"))
    hooks = [hook["id"] for repo in config["repos"] for hook in repo["hooks"]]
    assert hooks == ["admiralty-validate"]
    broken = dict(written, permissions={"contents": "readwrite"})  # not a permission GitHub knows
    assert schema_errors(broken, "github-workflows.json")
