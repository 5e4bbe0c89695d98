"""Render a report as ``text``, ``json``, ``github`` workflow commands or SARIF 2.1.0."""

from __future__ import annotations

import json
from collections.abc import Callable

from admiralty.validator.diagnostics import Report, Severity
from admiralty.validator.report.sarif import render_sarif

FORMATS = ("text", "json", "github", "sarif")


def summary(report: Report) -> str:
    errors, warnings = report.count(Severity.ERROR), report.count(Severity.WARNING)
    files = len(report.files)
    silenced = f", {len(report.suppressed)} suppressed" if report.suppressed else ""
    return (f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}{silenced} "
            f"in {files} file{'s' * (files != 1)}")


def render_text(report: Report) -> str:
    """``file:line:col: CODE message`` with the hint and the related places (``see: file:line:col: what``)
    beneath, then a summary."""
    lines = []
    for d in report.sorted():
        level = "" if d.severity is Severity.ERROR else f"[{d.severity.value}] "
        lines.append(f"{d.file}:{d.line}:{d.column}: {d.code} {level}{d.message}")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
        lines += [f"    see: {r.file}:{r.line}:{r.column}: {r.message}" for r in d.related]
    if report.show_suppressed:
        for d, reason in sorted(report.suppressed, key=lambda pair: pair[0].sort_key()):
            lines.append(f"{d.file}:{d.line}:{d.column}: {d.code} [suppressed] {d.message}")
            lines.append(f"    by: {reason}")
    lines.append(summary(report))
    return "\n".join(lines) + "\n"


def render_json(report: Report) -> str:
    summary: dict[str, int] = {"errors": report.count(Severity.ERROR), "warnings": report.count(Severity.WARNING),
                               "infos": report.count(Severity.INFO)}
    body: dict[str, object] = {
        "version": 1,
        "files": sorted(report.files),
        "summary": summary,
        "diagnostics": [d.as_dict() for d in report.sorted()],
    }
    if report.suppressed:
        summary["suppressed"] = len(report.suppressed)
    if report.show_suppressed:
        body["suppressed"] = [{**d.as_dict(), "suppressed_by": reason}
                              for d, reason in sorted(report.suppressed, key=lambda pair: pair[0].sort_key())]
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: Report) -> str:
    """GitHub workflow commands (annotations on the diff), then the full text report for the log."""
    commands = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    lines = []
    for d in report.sorted():
        props = [f"file={_escape_property(d.file)}", f"line={d.line}", f"col={d.column}"]
        if d.end_line:
            props.append(f"endLine={d.end_line}")
        if d.end_column and (d.end_line or d.line) == d.line:
            props.append(f"endColumn={d.end_column}")
        props.append(f"title={_escape_property(d.code)}")
        message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
        lines.append(f"::{commands[d.severity]} {','.join(props)}::{_escape_data(message)}")
    return "\n".join(lines) + ("\n" if lines else "") + render_text(report)


RENDERERS: dict[str, Callable[[Report], str]] = {
    "text": render_text, "json": render_json, "github": render_github, "sarif": render_sarif,
}


def render(report: Report, fmt: str) -> str:
    return RENDERERS[fmt](report)
