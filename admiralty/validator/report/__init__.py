"""Render a report as ``text``, ``json``, ``github`` workflow commands or SARIF 2.1.0."""

from __future__ import annotations

import json
from collections.abc import Callable

from admiralty import __version__ as TOOL_VERSION  # the version is written in one place only
from admiralty.validator.diagnostics import CODES, Diagnostic, Report, Severity

FORMATS = ("text", "json", "github", "sarif")


def summary(report: Report) -> str:
    errors, warnings = report.count(Severity.ERROR), report.count(Severity.WARNING)
    files = len(report.files)
    return (f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)} "
            f"in {files} file{'s' * (files != 1)}")


def render_text(report: Report) -> str:
    """``file:line:col: CODE message`` with the hint beneath, then a summary."""
    lines = []
    for d in report.sorted():
        level = "" if d.severity is Severity.ERROR else f"[{d.severity.value}] "
        lines.append(f"{d.file}:{d.line}:{d.column}: {d.code} {level}{d.message}")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
    lines.append(summary(report))
    return "\n".join(lines) + "\n"


def render_json(report: Report) -> str:
    body = {
        "version": 1,
        "files": sorted(report.files),
        "summary": {"errors": report.count(Severity.ERROR), "warnings": report.count(Severity.WARNING),
                    "infos": report.count(Severity.INFO)},
        "diagnostics": [d.as_dict() for d in report.sorted()],
    }
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


def _sarif_rule(code: str) -> dict[str, object]:
    entry = CODES.get(code)
    rule: dict[str, object] = {"id": code}
    if entry is not None:
        rule["name"] = "".join(w.capitalize() for w in entry.title.replace("-", " ").split())
        rule["shortDescription"] = {"text": entry.title}
        rule["fullDescription"] = {"text": entry.explanation}
        rule["defaultConfiguration"] = {"level": _sarif_level(entry.severity)}
    rule["helpUri"] = Diagnostic(code, "", "").doc_url
    return rule


def _sarif_level(severity: Severity) -> str:
    return {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}[severity]


def render_sarif(report: Report) -> str:
    """SARIF 2.1.0: one run, one rule per code used, one result per diagnostic."""
    diagnostics = report.sorted()
    codes = sorted({d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for d in diagnostics:
        region: dict[str, int] = {"startLine": d.line, "startColumn": d.column}
        if d.end_line:
            region["endLine"] = d.end_line
        if d.end_column:
            region["endColumn"] = d.end_column
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        results.append({
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _sarif_level(d.severity),
            "message": {"text": message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": d.file.replace("\\", "/"), "uriBaseId": "%SRCROOT%"},
                "region": region,
            }, "logicalLocations": [{"fullyQualifiedName": d.json_path, "kind": "member"}]}],
        })
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "admiralty", "version": TOOL_VERSION,
                                "informationUri": "https://admiralty.github.io/admiralty/",
                                "rules": [_sarif_rule(code) for code in codes]}},
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": "./"}},
            "artifacts": [{"location": {"uri": f.replace("\\", "/"), "uriBaseId": "%SRCROOT%"}}
                          for f in sorted(report.files)],
            "results": results,
        }],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False) + "\n"


RENDERERS: dict[str, Callable[[Report], str]] = {
    "text": render_text, "json": render_json, "github": render_github, "sarif": render_sarif,
}


def render(report: Report, fmt: str) -> str:
    return RENDERERS[fmt](report)
