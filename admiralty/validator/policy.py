"""What the project lets through (issue 36, item 2): inline ``# admiralty: ignore[CODE]`` comments, and the
project file's ``ignore``, ``errors`` and per-path codes. Suppressed findings are kept aside, not lost: the summary
counts them and ``--show-suppressed`` lists them.

An inline comment names one or more codes (``# admiralty: ignore[REF005, SCH012]``). At the end of a line it
covers that line; on a line of its own, the line below it too (the comment above a line, as yamllint's
``disable-line`` and ruff's ``noqa`` do for theirs).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path

from admiralty.project import Project
from admiralty.validator.diagnostics import Diagnostic, Report, Severity

INLINE = re.compile(r"#\s*admiralty:\s*ignore\[([^\]]*)\]")


@cache
def _inline_for(file: str, stamp: float) -> dict[int, frozenset[str]]:
    """Line -> codes silenced there by inline comments, for a file as it was at ``stamp`` (its mtime)."""
    del stamp  # only part of the cache key: an edited file is read again
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return _inline_in(text)


@lru_cache(maxsize=256)
def _inline_in(text: str) -> dict[int, frozenset[str]]:
    """Line -> codes silenced there by the inline comments of ``text``."""
    silenced: dict[int, set[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        found = INLINE.search(line)
        if found is None:
            continue
        codes = {code.strip() for code in found.group(1).split(",") if code.strip()}
        own_line = not line[:found.start()].strip()
        for target in (number, number + 1) if own_line else (number,):
            silenced.setdefault(target, set()).update(codes)
    return {line: frozenset(codes) for line, codes in silenced.items()}


def inline_codes(file: str, line: int, text: str | None = None) -> frozenset[str]:
    """The codes an inline comment silences at ``line`` of ``file`` (of ``text``, when the file's text is not the
    one on disk: a document open in an editor)."""
    if text is not None:
        return _inline_in(text).get(line, frozenset())
    try:
        stamp = Path(file).stat().st_mtime
    except OSError:
        return frozenset()
    return _inline_for(file, stamp).get(line, frozenset())


def why_suppressed(diagnostic: Diagnostic, project: Project | None, text: str | None = None) -> str:
    """Why a finding is not reported ("" when it is): an inline comment (of ``text``, when given), or the project
    file."""
    if diagnostic.code in inline_codes(diagnostic.file, diagnostic.line, text):
        return f"# admiralty: ignore[{diagnostic.code}] at line {diagnostic.line} or above"
    if project is not None and diagnostic.code in project.codes_for(diagnostic.file).ignore:
        return f"ignored in {project.file.name if project.file else 'the project file'}"
    return ""


def apply_policy(report: Report, project: Project | None, texts: Mapping[str, str] | None = None) -> Report:
    """``report`` with the suppressed findings moved to ``report.suppressed`` and the project's ``errors`` codes
    raised to errors (in place; returned for chaining). ``texts``: the files (as the diagnostics name them) whose
    text is not the one on disk, as the language server has them from the editor."""
    kept: list[Diagnostic] = []
    for diagnostic in report.diagnostics:
        reason = why_suppressed(diagnostic, project, (texts or {}).get(diagnostic.file))
        if reason:
            report.suppressed.append((diagnostic, reason))
            continue
        if (project is not None and diagnostic.severity is not Severity.ERROR
                and diagnostic.code in project.codes_for(diagnostic.file).errors):
            diagnostic = dataclasses.replace(diagnostic, severity=Severity.ERROR,
                                             hint=(diagnostic.hint + "; " if diagnostic.hint else "")
                                             + "an error in this project (its admiralty.yaml lists it under errors)")
        kept.append(diagnostic)
    report.diagnostics[:] = kept
    return report
