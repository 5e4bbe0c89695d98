"""SARIF 2.1.0 for GitHub code scanning, clean under Microsoft's SARIF Multitool (rule kinds Sarif and Ghas).

What the Multitool checks, and where it is met:

* SARIF1004 (``originalUriBaseIds`` top-level entries must be absolute URIs): the run declares no
  ``originalUriBaseIds`` at all. Paths below the working directory are relative references with
  ``uriBaseId: %SRCROOT%``, which the consumer binds to its checkout; spec 3.14.14 allows the table
  to be absent. An absolute ``file://`` root would put the machine's path (``/home/runner/work/...``)
  in every log, make the output differ per checkout, and GitHub ignores it anyway: code scanning
  resolves relative URIs against the repository root, not against ``originalUriBaseIds``.
* GH2012 (every rule needs ``shortDescription``, ``fullDescription`` and ``help`` with ``text``): each
  rule's help is its registered explanation plus the wrong/right examples, as text and as Markdown.
* SARIF2012 (``name`` is a Pascal identifier, ``helpUri`` given): see :func:`pascal_name`.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import quote

from admiralty import __version__ as TOOL_VERSION  # the version is written in one place only
from admiralty import home
from admiralty.validator.diagnostics import CODES, Diagnostic, Report, Severity

SRCROOT = "%SRCROOT%"


def sarif_level(severity: Severity) -> str:
    return {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}[severity]


def _is_pascal(name: str) -> bool:
    """The Multitool's ``^(\\p{Lu}[\\p{Ll}\\p{Nd}]+)*$`` (Python's ``re`` has no ``\\p{..}``)."""
    i = 0
    while i < len(name):
        end = i + 1
        while end < len(name) and (name[end].islower() or name[end].isdecimal()):
            end += 1
        if not name[i].isupper() or end == i + 1:
            return False
        i = end
    return True


def pascal_name(title: str) -> str:
    """A friendly rule name that passes the Multitool's SARIF2012 (a Pascal identifier).

    Every capital must be followed by a lower-case letter or digit, so a one-letter word ("Key is not
    a string") is folded into the word before it ("KeyIsNotaString"), or after it when it comes first
    ("A fleet" -> "Afleet"), and punctuation is dropped ("YAML 1.1 boolean word" -> "Yaml11BooleanWord").
    """
    words = re.findall(r"[^\W_]+", title.replace("'", ""))
    letters = list("".join(w[:1].upper() + w[1:].lower() for w in words))
    if not letters or not letters[0].isalpha():  # a title that starts with a digit, or has no word at all
        letters[:0] = "Rule"
    if len(letters) > 1 and letters[1].isupper():
        letters[1] = letters[1].lower()
    for i in range(1, len(letters)):
        following = letters[i + 1] if i + 1 < len(letters) else ""
        if letters[i].isupper() and not (following.islower() or following.isdecimal()):
            letters[i] = letters[i].lower()
    name = "".join(letters)
    if _is_pascal(name):
        return name
    return "Rule" + "".join(c for c in name.lower() if c.islower() or c.isdecimal())  # uncased letters (CJK)


def _fence(example: str) -> str:
    """A backtick fence longer than any run of backticks in the example, so it cannot close early."""
    longest = max((len(run) for run in re.findall(r"`+", example)), default=0)
    return "`" * max(3, longest + 1)


def rule_help(code: str, url: str) -> dict[str, str]:
    """GH2012's ``help``: the explanation the site publishes, then the wrong and right examples."""
    entry = CODES.get(code)
    if entry is None:  # not registered (cannot happen for codes the validator emits, but never crash)
        return {"text": f"See {url}", "markdown": f"See [{code}]({url})."}
    text = [entry.explanation]
    markdown = [entry.explanation]
    for label, example in (("Wrong", entry.wrong), ("Right", entry.right)):
        if example:
            body = example.rstrip("\n")
            fence = _fence(body)
            text.append(f"{label}:\n" + "\n".join("    " + line for line in body.splitlines()))
            markdown.append(f"**{label}**\n\n{fence}yaml\n{body}\n{fence}")
    if url:  # none without a site to link to (admiralty.validator.diagnostics.code_page)
        text.append(f"More: {url}")
        markdown.append(f"[{code} in the reference]({url})")
    return {"text": "\n\n".join(text), "markdown": "\n\n".join(markdown)}


def sarif_rule(code: str) -> dict[str, object]:
    url = Diagnostic(code, "", "").doc_url
    entry = CODES.get(code)
    title = entry.title if entry is not None else code
    rule: dict[str, object] = {
        "id": code,
        "name": pascal_name(title),
        "shortDescription": {"text": title},
        "fullDescription": {"text": entry.explanation if entry is not None else title},
        "help": rule_help(code, url),
        **({"helpUri": url} if url else {}),
    }
    if entry is not None:
        rule["defaultConfiguration"] = {"level": sarif_level(entry.severity)}
    return rule


def artifact_location(file: str) -> dict[str, str]:
    """A relative, percent-encoded URI under %SRCROOT% for a file below the working directory.

    A file elsewhere (``../x.yaml``, another drive) gets an absolute ``file://`` URI and no base id:
    resolving it against the source root would name a different file. Paths are percent-encoded
    because a SARIF ``uri`` is a URI, not a path (a space, ``#`` or ``a:b.yaml`` would break it).
    """
    posix = file.replace("\\", "/")
    if os.path.isabs(file) or posix == ".." or posix.startswith("../"):
        return {"uri": Path(os.path.abspath(file)).as_uri()}
    return {"uri": quote(posix, safe="/"), "uriBaseId": SRCROOT}


def _result(d: Diagnostic, rule_index: int) -> dict[str, object]:
    region: dict[str, int] = {"startLine": d.line, "startColumn": d.column}
    if d.end_line:
        region["endLine"] = d.end_line
    if d.end_column:
        region["endColumn"] = d.end_column
    message = d.message + (f" (hint: {d.hint})" if d.hint else "")
    result: dict[str, object] = {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": sarif_level(d.severity),
        "message": {"text": message},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(d.file), "region": region},
                       "logicalLocations": [{"fullyQualifiedName": d.json_path, "kind": "member"}]}],
    }
    if d.related:  # the places in other documents (a used corpus's catalog or map) the finding is about
        result["relatedLocations"] = [
            {"id": i, "message": {"text": r.message}, "physicalLocation": {
                "artifactLocation": artifact_location(r.file),
                "region": {"startLine": r.line, "startColumn": r.column}}}
            for i, r in enumerate(d.related)]
    return result


def render_sarif(report: Report) -> str:
    """SARIF 2.1.0: one run, one rule per code used, one result per diagnostic."""
    diagnostics = report.sorted()
    codes = sorted({d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "admiralty", "fullName": f"admiralty {TOOL_VERSION} scenario validator",
                                "version": TOOL_VERSION,
                                **({"informationUri": home.REPOSITORY} if home.REPOSITORY else {}),
                                "rules": [sarif_rule(code) for code in codes]}},
            "columnKind": "unicodeCodePoints",
            "artifacts": [{"location": artifact_location(f)} for f in sorted(report.files)],
            "results": [_result(d, index[d.code]) for d in diagnostics],
        }],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False) + "\n"
