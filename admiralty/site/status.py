"""The status list of a rule system: every rule its seeds refer to without giving it, and every part of a seed
the engine does not play, with what the engine does instead.

Each rule system keeps the list as data beside its rules page (``status.yaml``: a list of entries with ``id``,
``title``, ``status`` and ``note``, optionally ``table``, the house table that plays it). The rules page shows
it as a table whose rows are the clause anchors for those ids (``words.clause_anchor``), and every scenario
page of the rule system links each entry, so a reader of a scenario sees which of its rules are the project's.
"""

from __future__ import annotations

import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from admiralty.contract import rulesets
from admiralty.site.context import SiteContext
from admiralty.site.text import attr, esc, html_block, inline_code
from admiralty.site.words import clause_anchor

STATUS_FILE = "status.yaml"
CLAUSES_FILE = "clauses.yaml"
STATUS_WORDS = {
    "house": "house rule",
    "option": "house option, off by default",
    "not-played": "not played",
}
"""What each status means in the table's words."""
GROUP_WORDS = {"house": "Played as house rules", "option": "House options, off unless a scenario turns them on",
               "not-played": "Not played"}  # "12 played as house rules, 2 not played" in the summary
"""The heading of each status's list on a scenario page."""


@dataclass(frozen=True)
class StatusEntry:
    """One rule the seeds refer to (or one part of a seed) and how the engine treats it."""

    id: str
    title: str
    status: str
    note: str
    table: str = ""


class StatusError(ValueError):
    """A status file that does not hold a list of well-formed entries."""


def _entry(item: object, where: str) -> StatusEntry:
    if not isinstance(item, dict):
        raise StatusError(f"{where}: an entry must be a mapping")
    missing = [k for k in ("id", "title", "status", "note") if not isinstance(item.get(k), str) or not item.get(k)]
    if missing:
        raise StatusError(f"{where}: missing or empty {', '.join(missing)}")
    if item["status"] not in STATUS_WORDS:
        raise StatusError(f"{where}: status {item['status']!r} is not one of {', '.join(STATUS_WORDS)}")
    unknown = sorted(set(item) - {"id", "title", "status", "note", "table"})
    if unknown:
        raise StatusError(f"{where}: unknown key(s) {', '.join(unknown)}")
    return StatusEntry(item["id"], item["title"], item["status"], item["note"], str(item.get("table", "")))


def load_status(rules_page: Path | None) -> list[StatusEntry]:
    """The entries of the status file beside ``rules_page`` (none when there is no such file)."""
    if rules_page is None:
        return []
    path = rules_page.with_name(STATUS_FILE)
    try:
        found = path.stat()
    except OSError:
        return []
    if not stat.S_ISREG(found.st_mode):
        return []
    # read once per version of the file: every scenario page lists its rule system's entries (a 200-scenario
    # site read and parsed the same file 200 times)
    version = (str(path), found.st_mtime_ns, found.st_size)
    if version not in _READ:
        if len(_READ) >= 16:
            _READ.clear()
        _READ[version] = _read_status(path)
    return list(_READ[version])


_READ: dict[tuple[str, int, int], tuple[StatusEntry, ...]] = {}


def _read_status(path: Path) -> tuple[StatusEntry, ...]:
    """One status file's entries, checked."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise StatusError(f"{path}: the status list must be a YAML list")
    entries = [_entry(item, f"{path}: entry {i + 1}") for i, item in enumerate(data)]
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise StatusError(f"{path}: an id is listed twice")
    return tuple(entries)


def load_clause_summaries(rules_page: Path | None) -> dict[str, str]:
    """The one-line clause summaries beside ``rules_page`` (``clauses.yaml``: clause id -> summary), which the
    rules page's clause index shows; shipped with the package, so an installed admiralty has them too."""
    path = rules_page.with_name(CLAUSES_FILE) if rules_page is not None else None
    if path is None or not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                             for k, v in data.items()):
        raise StatusError(f"{path}: clause summaries must map each clause id to a non-empty sentence")
    return {k: v.strip() for k, v in data.items()}


def ruleset_status(ruleset: str) -> list[StatusEntry]:
    entry = rulesets().get(ruleset)
    return load_status(entry.rules_page if entry is not None else None)


def status_section(entries: Sequence[StatusEntry]) -> str:
    """The rules page's section: one row per entry, each row the anchor of its id."""
    if not entries:
        return ""
    rows = "".join(
        f'<tr id="{attr(clause_anchor(e.id))}"><td><code>{esc(e.id)}</code></td><td>{esc(e.title)}</td>'
        f'<td class="status status-{attr(e.status)}">{esc(STATUS_WORDS[e.status])}</td>'
        f"<td>{inline_code(e.note)}"
        + (f" House table: <code>{esc(e.table)}</code>." if e.table else "") + "</td></tr>"
        for e in entries)
    table = ("<table><thead><tr><th>Id</th><th>Rule</th><th>Status</th><th>What the engine does</th></tr></thead>"
             f"<tbody>{rows}</tbody></table>")
    return ('\n## Status of the rules the seeds refer to\n\nThe seeds refer to these rules without '
            "giving them, or give parts the engine does not play. Each is played as a house rule (numbers in the "
            "rule system's `tables.yaml`, which a scenario may change), kept as an option that is off unless a "
            "scenario turns it on, or not played at all, as said.\n\n" + html_block(table, "rules-status") + "\n")


def scenario_status(ruleset: str, from_src: str, ctx: SiteContext) -> str:
    """The scenario page's disclosure (under its special rules) listing every entry of its rule system's status
    list, grouped by status, each linked to its row on the rules page."""
    entries = ruleset_status(ruleset)
    if not entries:
        return ""
    groups: dict[str, list[str]] = {}
    for e in entries:
        href = ctx.href(from_src, f"rules/{ruleset}.md", clause_anchor(e.id))
        groups.setdefault(e.status, []).append(f'<li><a class="clause" href="{attr(href)}">{esc(e.title)}</a></li>')
    lists = "".join(f"<dt>{esc(GROUP_WORDS.get(status, status))}</dt><dd><ul>{''.join(items)}</ul></dd>"
                    for status, items in groups.items())
    counts = ", ".join(f"{len(items)} {GROUP_WORDS.get(status, status).lower()}" for status, items in groups.items())
    return html_block(f'<details class="rules-status"><summary>House rules and rules not played: {esc(counts)}'
                      "</summary><p>Rules the seeds refer to without giving them, and how this rule system plays them "
                      f'(the same in every scenario of it):</p><dl class="rules-status-list">{lists}</dl></details>',
                      "rules-status-links") + "\n"
