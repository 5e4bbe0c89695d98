"""The house style is kept by the tools, in the suite: ruff (lint, imports) and mypy (types) stay clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
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


RULE_SYSTEM_FOLDERS = ("admiralty/engine/rulesets/", "admiralty/validator/rulesets/", "admiralty/site/rulesets/",
                       "admiralty/scaffold/rulesets/")
# A default is a product choice, not rule logic: ``admiralty init`` starts a dreadnought corpus unless told.
ALLOWED_NAMES = {("admiralty/cli.py", "dreadnought")}


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


def test_no_module_is_much_over_the_house_limit() -> None:
    """Modules stay under about 400 lines (DESIGN's house style): none may pass 450."""
    over = {p.relative_to(ROOT).as_posix(): n for p in (ROOT / "admiralty").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert over == {}


STRICT_CORE = ("admiralty/__init__.py", "admiralty/__main__.py", "admiralty/build.py", "admiralty/cli.py",
               "admiralty/contract.py", "admiralty/new.py", "admiralty/play.py", "admiralty/resources.py",
               "admiralty/smoke.py", "admiralty/scaffold/__init__.py", "admiralty/scaffold/documents.py",
               "admiralty/scaffold/export.py", "admiralty/scaffold/init.py", "admiralty/scaffold/modeline.py",
               "admiralty/scaffold/skeleton.py", "admiralty/scaffold/yamlwriter.py", "admiralty/site/__init__.py",
               "admiralty/site/build.py", "admiralty/site/charts.py", "admiralty/site/colours.py",
               "admiralty/site/context.py", "admiralty/site/coverage.py", "admiralty/site/hook.py",
               "admiralty/site/pages.py", "admiralty/site/smoke.py", "admiralty/site/text.py",
               "admiralty/validator/__init__.py", "admiralty/validator/diagnostics.py",
               "admiralty/validator/integers.py",
               "admiralty/validator/pipeline.py", "admiralty/validator/schema.py", "admiralty/validator/load",
               "admiralty/validator/report", "admiralty/validator/build/__init__.py",
               "admiralty/validator/checks/__init__.py", "admiralty/engine/api.py", "admiralty/engine/replay.py",
               "admiralty/engine/players.py", "admiralty/engine/smoke", "admiralty/engine/model")


def test_mypy_strict_is_clean_on_the_core(tmp_path: Path) -> None:
    """The core (everything but the rule systems' own folders and the fuzzer) passes ``mypy --strict``."""
    proc = subprocess.run([_tool("mypy"), "--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "c"),
                           *STRICT_CORE], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:]
