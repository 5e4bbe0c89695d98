"""``admiralty validate --watch``: validate once, then after every change re-validate the changed files and
what depends on them (``admiralty.validator.incremental``) and print only what changed: the findings that are
new (``+``) and those that went (``-``), then the summary. Inline ``# admiralty: ignore[CODE]`` comments and the
project file silence findings as in ``validate`` (issue 36, item 6). With ``--format json`` each round is one
JSON line."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from admiralty.corpora import used_documents
from admiralty.project import current as current_project
from admiralty.project import used_folders
from admiralty.validator.diagnostics import Diagnostic, Severity
from admiralty.validator.incremental import Update, Workspace
from admiralty.validator.policy import apply_policy
from admiralty.validator.report import render_text, summary

WATCH_FORMATS = ("text", "json")


def _line(sign: str, d: Diagnostic) -> str:
    level = "" if d.severity is Severity.ERROR else f"[{d.severity.value}] "
    text = f"{sign} {d.file}:{d.line}:{d.column}: {d.code} {level}{d.message}"
    return text + (f"\n    hint: {d.hint}" if d.hint and sign == "+" else "")


def render_round(update: Update, new: list[Diagnostic], gone: list[Diagnostic], ms: float, fmt: str) -> str:
    """One round's output: what changed in the findings since the last round."""
    if fmt == "json":
        return json.dumps({"changed": sorted(update.changed), "revalidated": sorted(update.revalidated),
                           "ms": round(ms, 1), "new": [d.as_dict() for d in new],
                           "fixed": [d.as_dict() for d in gone], "summary": summary(update.report)},
                          ensure_ascii=False) + "\n"
    head = (f"-- {len(update.changed)} changed ({', '.join(sorted(update.changed))}), "
            f"{len(update.revalidated)} re-validated in {ms:.0f} ms")
    body = [_line("-", d) for d in gone] + [_line("+", d) for d in new]
    if not body:
        body = ["   no change in the findings"]
    return "\n".join([head, *body, summary(update.report)]) + "\n"


def watch(paths: Sequence[str], fmt: str = "text", interval: float = 0.2, out: TextIO | None = None,
          rounds: int | None = None) -> int:
    """Validate ``paths``, then poll every ``interval`` seconds until interrupted (or ``rounds`` changes)."""
    out = out or sys.stdout
    workspace = Workspace(paths, context=used_documents(used_folders()))  # a used corpus: for references only
    project = current_project()
    started = time.perf_counter()
    update = workspace.refresh()
    apply_policy(update.report, project)  # inline ignore[...] comments and the project file, as validate does
    ms = (time.perf_counter() - started) * 1000
    previous = set(update.report.diagnostics)
    if fmt == "json":
        out.write(render_round(update, update.report.sorted(), [], ms, fmt))
    else:
        out.write(render_text(update.report) + f"-- watching {', '.join(paths)} (Ctrl-C to stop)\n")
    out.flush()
    done = 0
    try:
        while rounds is None or done < rounds:
            time.sleep(interval)
            started = time.perf_counter()
            update = workspace.refresh()
            if not update.changed:
                continue
            apply_policy(update.report, project)
            ms = (time.perf_counter() - started) * 1000
            current = set(update.report.diagnostics)
            new = sorted(current - previous, key=Diagnostic.sort_key)
            gone = sorted(previous - current, key=Diagnostic.sort_key)
            previous = current
            out.write(render_round(update, new, gone, ms, fmt))
            out.flush()
            done += 1
    except KeyboardInterrupt:
        pass
    return update.report.exit_code()
