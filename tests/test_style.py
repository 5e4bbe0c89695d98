"""The house style is kept by the tools, in the suite: ruff (lint, imports) and mypy (types) stay clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (it comes with the `dev` extra)")
    return found


def test_ruff_is_clean() -> None:
    proc = subprocess.run([_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:]


def test_mypy_is_clean(tmp_path: Path) -> None:
    proc = subprocess.run([_tool("mypy"), "--cache-dir", str(tmp_path / "cache")], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:]


RULE_SYSTEM_FOLDERS = ("admiralty/rulesets/",)
ALLOWED_NAMES: set[tuple[str, str]] = set()  # (module, name) pairs that may name a rule system: none


def _core_modules() -> list[Path]:
    return [p for p in sorted((ROOT / "admiralty").rglob("*.py"))
            if not p.relative_to(ROOT).as_posix().startswith(RULE_SYSTEM_FOLDERS)]


def test_no_core_module_imports_or_names_a_rule_system() -> None:
    """The core finds rule systems through the registry only: no core module imports a rule system's module,
    and none uses a rule system's name as a value (a dict key, a comparison, a default). Prose in docstrings,
    help examples and code explanations may name the bundled rule systems as examples."""
    from admiralty.contract import rulesets

    names = set(rulesets())
    found = []
    for path in _core_modules():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{rel}:{node.lineno} imports {m}" for m in modules if ".rulesets." in m]
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
                    and (rel, node.value) not in ALLOWED_NAMES):
                found.append(f"{rel}:{node.lineno} names {node.value!r}")
    assert found == []


def test_the_core_stylesheet_names_no_rule_system_and_each_ones_own_is_published() -> None:
    """A rule system's styles live beside its renderer (``rulesets/<name>/site/site.css``, its Renderer's
    ``stylesheet``) and the site lists them; the core stylesheet has no selector of one."""
    from admiralty.contract import rulesets
    from admiralty.site.pages import ruleset_stylesheets

    core = (ROOT / "admiralty" / "site" / "assets" / "stylesheets" / "admiralty.css").read_text(encoding="utf-8")
    assert [name for name in rulesets() if name in core] == []
    published = ruleset_stylesheets()
    assert {"stylesheets/renaissance.css", "stylesheets/napoleonic.css"} <= set(published)
    assert all(path.is_file() for path in published.values())


def test_no_module_is_much_over_the_house_limit() -> None:
    """Modules stay under about 400 lines (DESIGN's house style): none may pass 450."""
    over = {p.relative_to(ROOT).as_posix(): n for p in (ROOT / "admiralty").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert over == {}


def test_mypy_is_strict_on_the_whole_package() -> None:
    """``mypy`` (``test_mypy_is_clean``) checks the whole package, rule systems and fuzzer included, with
    ``strict = true``: no module is left to the looser defaults."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and config["files"] == ["admiralty"]
    assert not any(override.get("ignore_errors") for override in config.get("overrides", []))


MAX_COMPLEXITY = 15  # radon's cyclomatic complexity, which counts comprehension ifs and boolean operators


def complexities() -> dict[tuple[str, str], int]:
    """(module path, function or Class.method) -> radon's cyclomatic complexity, for every function, method
    and nested function of the package."""
    from radon.complexity import cc_visit
    from radon.visitors import Function

    found: dict[tuple[str, str], int] = {}

    def visit(path: str, function: Function, name: str) -> None:
        found[(path, name)] = function.complexity
        for inner in function.closures:
            visit(path, inner, f"{name}.{inner.name}")

    for module in sorted((ROOT / "admiralty").rglob("*.py")):
        path = module.relative_to(ROOT).as_posix()
        for block in cc_visit(module.read_text(encoding="utf-8")):
            if isinstance(block, Function):  # functions and methods (``Class.method``); a class is its methods
                visit(path, block, block.fullname)
    return found


def test_no_function_is_over_the_complexity_limit() -> None:
    pytest.importorskip("radon", reason="radon comes with the `dev` extra")
    found = complexities()
    over = sorted(f"{path}:{name} ({n})" for (path, name), n in found.items()
                  if n > MAX_COMPLEXITY)
    assert over == []


_SHA_PIN = r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}  # v\d[\w.-]*$"


def _workflow_texts() -> dict[str, str]:
    """Every workflow and action file under .github/, and the workflow ``admiralty init`` writes."""
    from admiralty.scaffold.init import workflow

    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / ".github").rglob("*.y*ml"))}
    texts["admiralty init: .github/workflows/scenarios.yml"] = workflow()
    return texts


def supply_chain_problems(name: str, text: str) -> list[str]:
    """Third-party ``uses:`` pinned to a 40-hex commit with its tag in a comment (local ``./`` actions and
    admiralty's own action at a release tag excepted), top-level ``permissions`` in a workflow, and no
    ``pull_request_target`` trigger."""
    import re

    import yaml

    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        match = re.match(r"^\s*(?:-\s*)?uses:\s*(\S.*)$", line)
        if not match:
            continue
        used = match.group(1).strip()
        if used.startswith("./") or re.match(r"^admiralty/admiralty/[\w./-]+@v\d+\.\d+\.\d+$", used):
            continue
        if not re.match(_SHA_PIN, used):
            problems.append(f"{name}:{number}: '{used}' is not pinned to a commit SHA with its tag in a comment")
    body = yaml.safe_load(text)
    triggers = body.get(True, body.get("on")) if isinstance(body, dict) else None  # PyYAML reads `on` as True
    if triggers is not None:
        if "permissions" not in body:
            problems.append(f"{name}: no top-level permissions")
        names = triggers if isinstance(triggers, list | dict) else [triggers]
        if "pull_request_target" in names:
            problems.append(f"{name}: pull_request_target runs untrusted code with the base repository's rights")
    return problems


def test_workflows_pin_actions_and_limit_permissions() -> None:
    """CI supply chain (issue 19): every workflow here and the one ``admiralty init`` writes."""
    texts = _workflow_texts()
    assert any(name.endswith("ci.yml") for name in texts)
    assert [p for name, text in texts.items() for p in supply_chain_problems(name, text)] == []


def test_the_supply_chain_check_catches_each_mistake() -> None:
    """A control: a moving tag, a SHA without its tag comment, no permissions, pull_request_target."""
    sha = "11d5960a326750d5838078e36cf38b85af677262"
    good = (f"on: push\npermissions:\n  contents: read\njobs:\n  a:\n    steps:\n"
            f"      - uses: actions/checkout@{sha}  # v4.4.0\n")
    assert supply_chain_problems("good", good) == []
    assert supply_chain_problems("tag", good.replace(f"{sha}  # v4.4.0", "v4"))
    assert supply_chain_problems("nocomment", good.replace("  # v4.4.0", ""))
    assert supply_chain_problems("noperm", good.replace("permissions:\n  contents: read\n", ""))
    assert supply_chain_problems("prt", good.replace("on: push", "on: [pull_request_target]"))


def test_no_dead_code() -> None:
    """vulture finds no unused code in the package (tests and benchmarks count as users; names that only
    a framework or a written result uses are listed, with the reason, in tests/vulture_whitelist.py)."""
    found = subprocess.run(
        [sys.executable, "-m", "vulture", "admiralty", "tests", "benchmarks", "tests/vulture_whitelist.py",
         "--min-confidence", "60", "--ignore-decorators", "@check"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert found.returncode in (0, 3), f"vulture did not run (pip install -e '.[dev]'): {found.stderr}"
    dead = [line for line in found.stdout.splitlines() if line.startswith("admiralty/")]
    assert dead == [], "\n".join(dead)


def test_every_file_admiralty_writes_goes_through_the_atomic_helper() -> None:
    """Issue 19 (3): no ``write_text``/``write_bytes``/``open(..., "w")``/``json.dump`` outside admiralty/atomic.py;
    a line marked ``# scratch`` writes a file of a temporary folder of the run's own, which no one reads after."""
    found = []
    for path in sorted((ROOT / "admiralty").rglob("*.py")):
        if path.name == "atomic.py" and path.parent.name == "admiralty":
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, ast.Call):
                continue
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
            writes = name in ("write_text", "write_bytes", "dump") and isinstance(function, ast.Attribute) and (
                name != "dump" or getattr(function.value, "id", "") == "json")
            if name == "open" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                writes = any(flag in str(node.args[1].value) for flag in "wax")
            if writes and "# scratch" not in lines[node.lineno - 1] and "GITHUB_STEP_SUMMARY" not in lines[
                    node.lineno - 1] + lines[node.lineno - 2]:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
