"""Import cost (issue 20): a command imports what it needs. Measured in fresh interpreters, by which modules
are loaded (never by time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(code: str) -> set[str]:
    """The modules loaded once ``code`` has run in a fresh interpreter in the checkout."""
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_command_line_parser_does_not_import_the_diff_engine() -> None:
    loaded = _modules_after("from admiralty.cli import build_parser\nbuild_parser()")
    assert "admiralty.diff.options" in loaded
    assert not {"admiralty.diff.command", "admiralty.diff.balance", "admiralty.diff.semantic"} & loaded


def test_validating_one_rule_systems_corpus_imports_no_other_rule_systems_checks() -> None:
    loaded = _modules_after("from admiralty.validator.pipeline import validate\n"
                            "assert not validate(['scenarios/dreadnought']).report.exit_code(strict=False)")
    assert "admiralty.rulesets.dreadnought.validator.checks" in loaded
    assert "admiralty.rulesets.napoleonic.validator.checks" not in loaded
