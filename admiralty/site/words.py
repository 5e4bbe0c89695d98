"""Plain words for what a player reads: names for ids, each rule option explained from its schema
description, and clause ids as links to their anchors on the rule system's rules page.

Every rule system's page part uses these, so an option, a nation or a clause reads the same everywhere.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Collection, Mapping

from admiralty.contract import clause_pattern, rulesets
from admiralty.json_types import JSONObject
from admiralty.site.context import SiteContext
from admiralty.site.text import attr, esc, inline_code

NAMES: dict[str, str] = {"usa": "United States", "uk": "United Kingdom", "ottoman-empire": "Ottoman Empire"}
_SMALL = {"and", "of", "the", "de", "di", "von", "à", "la", "le"}


def nation_name(nation: str) -> str:
    """``austria-hungary`` -> ``Austria-Hungary``; a few names from a table (``usa`` -> ``United States``)."""
    if nation in NAMES:
        return NAMES[nation]
    return "-".join(part[:1].upper() + part[1:] for part in nation.split("-"))


def id_words(text: str) -> str:
    """An id in words for when an author gave no name: ``young-guard-voltigeurs`` -> ``Young guard voltigeurs``."""
    words = re.split(r"[-_]+", text)
    joined = " ".join(w for w in words if w)
    return joined[:1].upper() + joined[1:] if joined else text


def option_title(option: str) -> str:
    """``ignition_by_guns`` -> ``Ignition by guns``."""
    return id_words(option)


def value_words(value: object) -> str:
    """A rule option's value in words: yes/no, lists joined, ``None`` as "not set"."""
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(sorted(str(v) for v in value)) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {value_words(v)}" for k, v in sorted(value.items())) or "none"
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


@functools.lru_cache(maxsize=16)
def option_schema(ruleset: str) -> dict[str, JSONObject]:
    """The scenario schema's ``rules`` properties of a rule system (description, default), or ``{}``."""
    installed = rulesets().get(ruleset)
    if installed is None:
        return {}
    path = installed.schema_path("scenario")
    try:
        schema = json.loads(path.read_text("utf-8"))
        props = schema["properties"]["rules"]["properties"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(k): v for k, v in props.items() if isinstance(v, dict)}


# --- clause ids ------------------------------------------------------------------------------------


def clause_anchor(clause_id: str) -> str:
    """The anchor of a clause on its rules page: ``DN-5.2-raid`` -> ``clause-dn-5-2-raid``."""
    return "clause-" + re.sub(r"[^a-z0-9]+", "-", clause_id.lower()).strip("-")


def clause_ruleset(clause_id: str) -> str | None:
    """The installed rule system whose clause prefix the id carries."""
    prefix = clause_id.split("-", 1)[0]
    return next((name for name, r in rulesets().items() if r.clause_prefix == prefix), None)


def clause_link(clause_id: str, from_src: str, ctx: SiteContext) -> str:
    """``<a href="../rules/dreadnought/#clause-dn-5-2">DN-5.2</a>`` (escaped); plain text when the prefix
    belongs to no installed rule system."""
    clause_id = clause_id.rstrip(".-")
    ruleset = clause_ruleset(clause_id)
    if ruleset is None:
        return esc(clause_id)
    href = ctx.href(from_src, f"rules/{ruleset}.md", clause_anchor(clause_id))
    return f'<a class="clause" href="{attr(href)}">{esc(clause_id)}</a>'


def link_clauses(html_text: str, from_src: str, ctx: SiteContext) -> str:
    """Escaped HTML text with every clause id in it made a link to its anchor (ids never hold ``<&>"``)."""
    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        core = token.rstrip(".-")
        return clause_link(core, from_src, ctx) + token[len(core):]

    return clause_pattern().sub(one, html_text)


def explain(description: str, from_src: str, ctx: SiteContext) -> str:
    """A schema description as HTML: `code` spans, clause ids linked."""
    return link_clauses(inline_code(description), from_src, ctx)


def table_overrides(values: Mapping[str, object]) -> list[str]:
    """``gun_fire.hit_on = 4`` for each house-table entry a scenario changes (``rules: {tables: ...}``)."""
    out: list[str] = []

    def walk(data: object, path: str) -> None:
        if isinstance(data, Mapping) and data:
            for key, value in sorted(data.items()):
                walk(value, f"{path}.{key}" if path else str(key))
        else:
            out.append(f"{path} = {value_words(data)}")

    tables = values.get("tables")
    if isinstance(tables, Mapping):
        walk(tables, "")
    return out


def clause_index(ruleset: str, page_text: str, summaries: Mapping[str, str], skip: Collection[str] = ()) -> str:
    """The "Clause index" section closing a rules page: one row per clause of the rule system (those of the
    rules index with their summaries, and any other id the page names, but those in ``skip``: the status
    list's rows hold their anchors), each row the anchor that scenario pages link to."""
    prefix = rulesets()[ruleset].clause_prefix + "-"
    ids = [i for i in summaries if i.startswith(prefix) and i not in skip]
    ids += sorted({m.rstrip(".-") for m in clause_pattern().findall(page_text) if m.startswith(prefix)}
                  - set(ids) - set(skip))
    if not ids:
        return ""
    rows = "".join(f'<tr id="{attr(clause_anchor(i))}"><td><code>{esc(i)}</code></td>'
                   f"<td>{inline_code(summaries.get(i, ''))}</td></tr>" for i in ids)
    return ("\n## Clause index\n\nEvery clause id of this rule system, each with its own anchor: scenario pages link "
            "their rule options here. The [rules coverage](../coverage.md) page shows where each is implemented "
            "and tested.\n" + f'\n<div class="clause-index">\n<table><thead><tr><th>Clause</th><th>Summary</th>'
            f"</tr></thead><tbody>{rows}</tbody></table>\n</div>\n")
