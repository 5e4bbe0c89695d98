"""Scenario skeletons for ``admiralty new scenario`` and ``admiralty init``, one builder per rule system
(its ``Scaffold``, found through the registry): the smallest scenario that validates against the corpus's
own map (or table) and catalogs and plays to a decision. The two sides start apart and are sent towards
each other, so that smoke games end in wins as well as draws: a skeleton whose every game is a draw tells
the author nothing.

A builder takes the built models of its rule system (what the validator built from the corpus) and
returns the scenario's body; it raises ``SkeletonError`` with a sentence for the author when the corpus
lacks what a scenario needs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

from admiralty.contract import Scaffold, rulesets

YEAR = re.compile(r"-(\d{4})$")
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
BRIEFING = "Write the historical background here (Markdown): who, where, why, and what happened.\n"
OUTCOME = "Say in a sentence or two what happened historically (the site shows it in the At a glance box).\n"
SOURCES = ["Name your sources here: author, title, publisher, year."]

T = TypeVar("T")


class SkeletonError(Exception):
    """The corpus lacks what a skeleton needs; the message says what, for the author."""


def title_and_date(scenario_id: str, default_year: int, date: str | None) -> tuple[str, str]:
    """A title and a date that agree: the year comes from ``date`` or from the id's last part
    (``lissa-1916`` is 1916), else the rule system's usual year; the title is the id's words and that
    year (``Lissa, 1916``). An id and a date naming different years are refused."""
    named = YEAR.search(scenario_id)
    if date is not None:
        if not DATE.match(date):
            raise SkeletonError(f"--date '{date}' is not YYYY-MM-DD")
        year = date[:4]
        if named and named.group(1) != year:
            raise SkeletonError(f"the id says {named.group(1)} but --date says {year}; make them agree")
    else:
        year = named.group(1) if named else str(default_year)
        date = f"{year}-01-01"
    words = YEAR.sub("", scenario_id).replace("-", " ").strip()
    name = " ".join(w.capitalize() for w in words.split()) if words else "Untitled"
    return f"{name}, {year}", date


def choose(found: Mapping[str, T], wanted: str | None, what: str, corpus: str) -> T:
    if not found:
        raise SkeletonError(f"no valid {what} under '{corpus}'; validate it first")
    if wanted is None:
        return found[sorted(found)[0]]
    if wanted not in found:
        raise SkeletonError(f"no {what} '{wanted}' under '{corpus}'; known: {', '.join(sorted(found))}")
    return found[wanted]


def title_of(kebab: str) -> str:
    """A kebab-case id as a title: ``north-sea`` -> ``North Sea``, ``austria-hungary`` -> ``Austria Hungary``."""
    return " ".join(w.capitalize() for w in kebab.split("-"))


def scaffold_of(ruleset: str) -> Scaffold:
    """The scaffold of an installed rule system; ``SkeletonError`` when it has none."""
    found = {name: r.load_scaffold() for name, r in rulesets().items()}
    scaffolds = {name: s for name, s in found.items() if s is not None}
    if ruleset not in scaffolds:
        raise SkeletonError(f"admiralty has no scenario skeleton for rule system '{ruleset}'; known: "
                            f"{', '.join(sorted(scaffolds))}")
    return scaffolds[ruleset]


def build_skeleton(ruleset: str, scenario_id: str, date: str | None, models: Sequence[object], place: str | None,
                   corpus: str) -> dict[str, object]:
    """The skeleton scenario of ``ruleset`` named ``scenario_id`` over the corpus's built ``models``."""
    scaffold = scaffold_of(ruleset)
    title, when = title_and_date(scenario_id, scaffold.default_year, date)
    head = {"kind": "scenario", "ruleset": ruleset, "id": scenario_id, "title": title, "date": when}
    return scaffold.skeleton(head, models, place, corpus)
