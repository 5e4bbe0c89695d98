"""The rules-coverage page: every clause of the rules index, where it is implemented and which tests check it.

Clause ids and summaries come from the rules index (RULES.md); implementations from docstrings under the
code folders that name a clause id; tests from ``@pytest.mark.rule("ID")`` markers; house rules from the
rulesets' tables files (entries marked ``house: true`` or ``house_rule: true``).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from admiralty.contract import clause_pattern, rulesets
from admiralty.site.text import attr, esc, html_block, inline_code

RULESET_HEADING = re.compile(r"^##\s+`?([a-z][a-z0-9-]*)`?")


@dataclass(frozen=True)
class Clause:
    id: str
    ruleset: str
    summary: str
    seed: str = ""


@dataclass(frozen=True)
class HouseEntry:
    ruleset: str
    table: str
    rule: str
    description: str


@dataclass(frozen=True)
class Coverage:
    clauses: tuple[Clause, ...]
    implemented: Mapping[str, tuple[str, ...]]
    tested: Mapping[str, tuple[str, ...]]
    house: tuple[HouseEntry, ...]
    index_found: bool


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def parse_rules_index(text: str) -> list[Clause]:
    """Clauses of the rules index: table rows under ``## `ruleset` ...`` headings whose first cell is an id."""
    clauses: list[Clause] = []
    ruleset = ""
    columns: list[str] = []
    for line in text.splitlines():
        heading = RULESET_HEADING.match(line)
        if heading:
            ruleset, columns = heading.group(1), []
            continue
        if not line.lstrip().startswith("|"):
            continue
        cells = _cells(line)
        if not columns:
            columns = [c.lower() for c in cells]
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue
        first = cells[0].strip("`")
        if not clause_pattern().fullmatch(first):
            continue
        seed = cells[-1] if "seed" in columns and len(cells) >= 3 else ""
        summary = " | ".join(cells[1:-1] if seed else cells[1:])
        clauses.append(Clause(first, ruleset, summary, seed))
    return clauses


def _known_id(token: str, known: set[str]) -> str:
    """The id a token in prose names: trailing punctuation dropped; the longest known prefix if any."""
    token = token.rstrip(".-")
    if not known or token in known:
        return token
    candidates = [k for k in known if token.startswith(k) and token[len(k):len(k) + 1] in (".", "-", "")]
    return max(candidates, key=len) if candidates else token


def _docstrings(tree: ast.Module) -> Iterable[tuple[str, int, str]]:
    """(qualified name, line, docstring) for the module and every class and function."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            name = prefix if isinstance(node, ast.Module) else f"{prefix}{node.name}"
            if doc:
                yield name or "(module)", getattr(node, "lineno", 1), doc
            for child in reversed(node.body):
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    stack.append((child, "" if isinstance(node, ast.Module) else f"{name}."))


def scan_implementations(root: Path, folders: Iterable[str], known: set[str]) -> dict[str, list[str]]:
    """Clause id -> ``path:line name`` of every docstring under ``folders`` that names it."""
    found: dict[str, list[str]] = defaultdict(list)
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, ValueError):
                continue
            base = root if path.is_relative_to(root) else (root / folder).parent
            rel = path.relative_to(base).as_posix()
            for name, line, doc in _docstrings(tree):
                for token in sorted({_known_id(t, known) for t in clause_pattern().findall(doc)}):
                    found[token].append(f"{rel}:{line} {name}")
    return dict(found)


def _rule_marker_ids(node: ast.AST) -> list[str]:
    """Ids in every ``pytest.mark.rule("ID", ...)`` (or ``mark.rule``) call under ``node``."""
    ids = []
    for call in ast.walk(node):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "rule"
                and isinstance(call.func.value, ast.Attribute | ast.Name)
                and getattr(call.func.value, "attr", getattr(call.func.value, "id", "")) == "mark"):
            ids += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return ids


def scan_tests(root: Path, folder: str = "tests") -> dict[str, list[str]]:
    """Clause id -> test ids (``path::name``) carrying ``@pytest.mark.rule`` for it (module ``pytestmark`` too)."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((root / folder).rglob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            continue
        rel = path.relative_to(root).as_posix()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
                for clause in _rule_marker_ids(node.value):
                    found[clause].append(f"{rel} (every test)")
        for item in ast.walk(tree):
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and item.name.startswith(
                    ("test", "Test")):
                ids = [i for d in item.decorator_list for i in _rule_marker_ids(d)]
                for clause in dict.fromkeys(ids):
                    found[clause].append(f"{rel}::{item.name}")
    return {k: list(dict.fromkeys(v)) for k, v in found.items()}


def _house_walk(ruleset: str, data: object, path: str, out: list[HouseEntry]) -> None:
    if not isinstance(data, dict):
        return
    if data.get("house") is True or data.get("house_rule") is True:
        rule = data.get("rule")
        out.append(HouseEntry(ruleset, path or "(file)", rule if isinstance(rule, str) else "",
                              str(data.get("description", ""))))
    for key, value in data.items():
        _house_walk(ruleset, value, f"{path}.{key}" if path else str(key), out)


def installed_tables() -> dict[str, Path]:
    """Rule system name -> its house tables file, for every installed rule system that has one."""
    return {name: r.tables for name, r in rulesets().items() if r.tables is not None}


def house_entries(tables: Mapping[str, Path]) -> list[HouseEntry]:
    """House-rule entries of each rule system's tables file."""
    out: list[HouseEntry] = []
    for name, path in sorted(tables.items()):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        _house_walk(name, data, "", out)
    return out


def collect(root: Path, rules_index: Path | None, tables: Mapping[str, Path] | None = None) -> Coverage:
    """Everything the coverage page shows, from the repository at ``root``."""
    text = rules_index.read_text(encoding="utf-8") if rules_index and rules_index.is_file() else None
    clauses = tuple(parse_rules_index(text)) if text else ()
    known = {c.id for c in clauses}
    folders = ["admiralty/engine", "admiralty/validator", "admiralty/rulesets"]  # rulesets/: the bundled ones
    folders += [str(f) for r in rulesets().values() for f in r.source_folders]  # a plug-in's own code
    implemented = scan_implementations(root, folders, known)
    tested = scan_tests(root)
    return Coverage(clauses, {k: tuple(v) for k, v in implemented.items()}, {k: tuple(v) for k, v in tested.items()},
                    tuple(house_entries(installed_tables() if tables is None else tables)), text is not None)


def is_house(clause: Clause, house: Iterable[HouseEntry]) -> bool:
    """A clause is (partly) a house rule when a house table serves it or its summary points at a house table."""
    return any(entry.rule == clause.id for entry in house) or "house" in clause.summary.lower()


def _short(item: str) -> str:
    """``engine/x/game.py:40 orders`` -> ``game.py:40 orders``; ``tests/x/test_a.py::test_b`` -> ``test_b``."""
    if "::" in item:
        return item.split("::", 1)[1]
    path, _, rest = item.partition(":")
    return f"{path.rsplit('/', 1)[-1]}:{rest}" if rest else path.rsplit("/", 1)[-1]


def _list(items: Iterable[str], noun: str = "") -> str:
    """Compact: the count, opening on the short names (each with its full location as a tooltip); module
    docstrings only when nothing more precise names the id."""
    items = list(items)
    precise = [i for i in items if not i.endswith(" (module)")]
    items = precise or items
    if not items:
        return "—"
    shown = "".join(f'<li><code title="{attr(i)}">{esc(_short(i))}</code></li>' for i in items)
    label = f"{len(items)} {noun}{'s' if noun and len(items) != 1 else ''}".strip()
    return (f'<details><summary title="{attr(label)}">{len(items)}</summary><ul class="cov-list">{shown}</ul>'
            "</details>")


def _codes_by_clause(codes: Iterable[str], known: set[str]) -> dict[str, list[str]]:
    """Each clause id -> the diagnostic codes that report it."""
    by_clause: dict[str, list[str]] = defaultdict(list)
    for code in sorted(codes):  # DN-5.2-abort-start reports DN-5.2-abort: the longest clause id it starts with
        if clause_pattern().fullmatch(code):
            by_clause[_known_id(code, known)].append(code)
    return by_clause


def _summary_table(coverage: Coverage, rulesets: list[str]) -> str:
    """One row per ruleset: its clauses, how many are implemented, tested and house rules."""
    rows = []
    for ruleset in rulesets:
        mine = [c for c in coverage.clauses if c.ruleset == ruleset]
        rows.append(f"<tr><td>{esc(ruleset)}</td><td>{len(mine)}</td>"
                    f"<td>{sum(c.id in coverage.implemented for c in mine)}</td>"
                    f"<td>{sum(c.id in coverage.tested for c in mine)}</td>"
                    f"<td>{sum(is_house(c, coverage.house) for c in mine)}</td></tr>")
    return html_block("<table><thead><tr><th>Ruleset</th><th>Clauses</th><th>Implemented</th>"
                      "<th>Tested</th><th>House rule</th></tr></thead><tbody>" + "".join(rows)
                      + "</tbody></table>", "coverage-summary")


def _ruleset_section(coverage: Coverage, ruleset: str, by_clause: Mapping[str, list[str]]) -> list[str]:
    """A ruleset's heading and its table: each clause with its code places, diagnostics and tests."""
    rows = []
    for c in (c for c in coverage.clauses if c.ruleset == ruleset):
        house = '<span class="house-rule">house rule</span>' if is_house(c, coverage.house) else ""
        rows.append(f'<tr id="{esc(c.id.lower())}"><td><code>{esc(c.id)}</code></td>'
                    f"<td>{inline_code(c.summary)} {house}</td>"
                    f"<td>{_list(coverage.implemented.get(c.id, ()), 'place')}</td>"
                    f"<td>{_list(by_clause.get(c.id, ()), 'code')}</td>"
                    f"<td>{_list(coverage.tested.get(c.id, ()), 'test')}</td></tr>")
    return [f"## {esc(ruleset)}\n",
            html_block('<table class="coverage"><colgroup><col class="c-id"><col class="c-summary">'
                       '<col class="c-n"><col class="c-n"><col class="c-n"></colgroup><thead><tr><th>Clause</th>'
                       "<th>Summary</th><th>Code</th><th>Diagnostic</th><th>Tests</th></tr></thead><tbody>"
                       + "".join(rows) + "</tbody></table>", "coverage-table")]


def _stray_section(coverage: Coverage, known: set[str]) -> list[str]:
    """Ids the code or tests cite that the rules index lacks (every id when there is no index)."""
    stray = sorted((set(coverage.implemented) | set(coverage.tested)) - known)
    if not stray:
        return []
    rows = [f"<tr><td><code>{esc(i)}</code></td><td>{_list(coverage.implemented.get(i, ()), 'place')}</td>"
            f"<td>{_list(coverage.tested.get(i, ()), 'test')}</td></tr>" for i in stray]
    return ["## Ids cited outside the index\n" if known else "## Clause ids cited\n",
            html_block("<table><thead><tr><th>Id</th><th>Implemented in</th><th>Tests</th></tr></thead>"
                       "<tbody>" + "".join(rows) + "</tbody></table>", "coverage-stray")]


def _house_section(coverage: Coverage) -> list[str]:
    """The house tables, one row each with the rule it serves."""
    if not coverage.house:
        return []
    rows = [f"<tr><td>{esc(h.ruleset)}</td><td><code>{esc(h.table)}</code></td><td>{esc(h.rule or '—')}</td>"
            f"<td>{esc(h.description)}</td></tr>" for h in coverage.house]
    return ["## House tables\n\nThe tables the project designed; each ruleset keeps them as data in its "
            "`tables.yaml`.\n",
            html_block("<table><thead><tr><th>Ruleset</th><th>Table</th><th>Serves</th><th>What it sets</th>"
                       "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>", "coverage-house")]


def coverage_markdown(coverage: Coverage, codes: Iterable[str]) -> str:
    """The whole coverage page as Markdown (tables as HTML blocks)."""
    known = {c.id for c in coverage.clauses}
    by_clause = _codes_by_clause(codes, known)
    out = ["# Rules coverage\n",
           "Each clause of the rules index, where the code implements it (a docstring naming the id), which "
           "diagnostic code reports it, and which tests check it (`@pytest.mark.rule`). Clauses marked "
           "**house rule** rest on tables the project designed where the rulebooks give none; scenario authors "
           "may change those tables with `rules: {tables: ...}`.\n"]
    if not coverage.index_found:
        out.append("!!! note \"Rules index not found\"\n    The rules index was not available when this site was "
                   "built, so clause summaries are left out; the ids below are those the code and tests cite.\n")
    rulesets = list(dict.fromkeys(c.ruleset for c in coverage.clauses))
    if rulesets:
        out.append(_summary_table(coverage, rulesets))
    for ruleset in rulesets:
        out.extend(_ruleset_section(coverage, ruleset, by_clause))
    out.extend(_stray_section(coverage, known))
    out.extend(_house_section(coverage))
    return "\n".join(out)
