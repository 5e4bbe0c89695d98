"""One record for every finding of every stage, and the table of stable codes.

Codes are stable: authors, editors and CI depend on them, and the site renders one page per code from
``CODES``, which reads the lists that name them (the core's and each rule system's ``Ruleset.codes``). A
code's prefix says which stage found it: ``YML`` loading, ``IO`` files, ``SCH`` schema, ``REF`` references,
``GRA`` graph, ``GEO`` geometry, ``DN-``/``RN-``/``NA-`` a rule clause.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from admiralty.contract import Code, Severity

__all__ = ["CODES", "Code", "CodeTable", "Diagnostic", "Related", "Report", "Severity", "code_page", "did_you_mean"]


def code_page(code: str) -> str:
    """The page explaining ``code`` on the repository's own reference site (the project file's ``site_url``, else
    its ``mkdocs.yml``'s), else on admiralty's published site (``admiralty.home``), else ``""``: no link rather than
    one to a host the project does not control (issue 36, item 4)."""
    from admiralty import home
    from admiralty.project import current

    project = current()
    base = (project.site_url if project is not None else "") or home.DOCUMENTATION or ""
    return f"{base.rstrip('/')}/codes/{code.lower()}/" if base else ""


class CodeTable(Mapping[str, Code]):
    """Every diagnostic code by its id: the core's (``admiralty.validator.codes.CORE_CODES``) and those each
    installed rule system lists in its ``Ruleset.codes``, read from those lists on first use. No module
    registers a code by being imported; a code listed twice is a ``RulesetError`` naming both owners."""

    def __init__(self) -> None:
        self._table: dict[str, Code] | None = None

    def _codes(self) -> dict[str, Code]:
        if self._table is None:
            from admiralty.validator.codes import all_codes

            self._table = all_codes()
        return self._table

    def __getitem__(self, code: str) -> Code:
        return self._codes()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __len__(self) -> int:
        return len(self._codes())


CODES = CodeTable()


class Place(TypedDict):
    line: int
    column: int


class DiagnosticRecord(TypedDict):
    """A diagnostic in ``--format json`` (``Diagnostic.as_dict``)."""

    code: str
    severity: str
    message: str
    file: str
    line: int
    column: int
    end: Place
    json_path: str
    hint: str
    doc_url: str
    related: NotRequired[list[RelatedRecord]]


class RelatedRecord(TypedDict):
    """A related place in ``--format json`` (``Related.as_dict``)."""

    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Related:
    """Another place a finding is about, in the file where it really is (issue 37, item 3: a used corpus's
    catalog or map, which the author never opened): "the zones of map 'baltic'". 1-based, like a diagnostic."""

    file: str
    line: int
    column: int
    message: str

    def as_dict(self) -> RelatedRecord:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message}


@dataclass(frozen=True)
class Diagnostic:
    """A finding: where it is, what is wrong, and how to fix it. Lines and columns are 1-based; ``related``: the
    places in other documents it is about (shown as ``see:`` lines, SARIF ``relatedLocations``, LSP
    ``relatedInformation``)."""

    code: str
    message: str
    file: str
    line: int = 1
    column: int = 1
    end_line: int | None = None
    end_column: int | None = None
    json_path: str = "$"
    hint: str = ""
    severity: Severity = Severity.ERROR
    related: tuple[Related, ...] = ()

    @property
    def doc_url(self) -> str:
        """The code's page (see :func:`code_page`), or ``""``."""
        return code_page(self.code)

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.column, self.code, self.message)

    def as_dict(self) -> DiagnosticRecord:
        record: DiagnosticRecord = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end": {"line": self.end_line or self.line, "column": self.end_column or self.column},
            "json_path": self.json_path,
            "hint": self.hint,
            "doc_url": self.doc_url,
        }
        if self.related:
            record["related"] = [r.as_dict() for r in self.related]
        return record


@dataclass
class Report:
    """All findings of one run, over every file given."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    # findings an inline comment or the project file silenced, each with why; counted in the summary
    suppressed: list[tuple[Diagnostic, str]] = field(default_factory=list)
    show_suppressed: bool = False  # list them too (--show-suppressed)

    def add(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics.extend(diagnostics)

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.diagnostics), key=Diagnostic.sort_key)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    def exit_code(self, strict: bool = False) -> int:
        """0 without errors, 1 with errors (warnings count as errors under ``strict``)."""
        failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        return 1 if any(d.severity in failing for d in self.diagnostics) else 0


def did_you_mean(word: str, choices: Sequence[str] | Iterable[str]) -> str:
    """A "did you mean ..." hint for an unknown name, or "" when nothing is close."""
    options = sorted(set(choices))
    same_but_case = [o for o in options if o.lower() == word.lower()]
    if same_but_case:  # only the case is wrong: that one, not the near misses that differ by a letter
        return "did you mean " + " or ".join(f"'{c}'" for c in same_but_case) + "? names are case-sensitive"
    close = difflib.get_close_matches(word, options, n=3, cutoff=0.6)
    if not close:
        lowered = {o.lower(): o for o in options}
        close = [lowered[w] for w in difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.6)]
    if not close:
        return ""
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
