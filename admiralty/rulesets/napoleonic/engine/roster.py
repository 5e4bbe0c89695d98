"""Marking casualties (seed 003, "Маркировка потерь"): NA-marking.

The seed offers the players one of two methods; the option ``marking`` chooses:

* ``roster`` (the default): casualties go on roster sheets. Figures are never taken off the table, so the
  enemy sees every unit at full strength (fog of war): ``view()`` of the other side shows no casualty
  counts and all the bases. Only a unit with no figures left leaves the table.
* ``markers``: casualty markers stand beside the unit, in plain sight, and once a whole base's worth of
  figures are casualties that base is removed (the footprint shrinks: a line from both ends, a column
  from the rear). The enemy sees the markers and the bases left.

Either way the owner's roster holds the true count, and the game's result reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import events as ev
from .model import Unit

MARKINGS = ("roster", "markers")


@dataclass(frozen=True)
class RosterEntry:
    """One line of a roster sheet: the unit's strength and the casualties marked against it."""

    unit: str
    side: str
    figures: int
    bases: int
    figures_per_base: int
    casualties: int = 0

    @property
    def remaining(self) -> int:
        return self.figures - self.casualties

    @property
    def eliminated(self) -> bool:
        return self.remaining <= 0

    def bases_on_table(self, marking: str) -> int:
        """NA-marking: bases still standing (whole bases of casualties go only under ``markers``)."""
        if self.eliminated:
            return 0
        if marking != "markers":
            return self.bases
        return max(1, self.bases - self.casualties // self.figures_per_base)


def new_roster(unit: Unit) -> RosterEntry:
    return RosterEntry(unit.id, unit.side, unit.figures, unit.bases, unit.figures_per_base)


def record_casualties(
    entry: RosterEntry, figures: int, marking: str, rule: str, turn: int
) -> tuple[RosterEntry, list[ev.NapoleonicEvent]]:
    """NA-marking: mark ``figures`` casualties (at most what is left) against ``entry`` on ``turn``; ``rule`` is
    the clause that caused them. Returns the new entry and its events (casualties, bases removed, eliminated)."""
    lost = max(0, min(figures, entry.remaining))
    if lost == 0:
        return entry, []
    after = replace(entry, casualties=entry.casualties + lost)
    events: list[ev.NapoleonicEvent] = [ev.Casualties(turn=turn, type="casualties", rule=rule, unit=entry.unit,
                                                      figures=lost, total=after.casualties)]
    before_bases, after_bases = entry.bases_on_table(marking), after.bases_on_table(marking)
    if after.eliminated:
        events.append(ev.Eliminated(turn=turn, type="eliminated", rule="NA-marking", unit=entry.unit))
    elif after_bases < before_bases:
        events.append(ev.BaseRemoved(turn=turn, type="base-removed", rule="NA-marking", unit=entry.unit,
                                     bases_on_table=after_bases))
    return after, events


def roster_view(entry: RosterEntry, marking: str, own: bool) -> dict[str, int | bool]:
    """NA-marking: what a side sees of a unit's strength. The owner sees the roster sheet; the enemy sees
    the figures on the table, and the casualty count only when markers are used."""
    seen: dict[str, int | bool] = {
        "bases_on_table": entry.bases_on_table(marking),
        "eliminated": entry.eliminated,
    }
    if own or marking == "markers":
        seen["casualties"] = entry.casualties
        seen["figures"] = entry.remaining
    else:
        seen["figures"] = 0 if entry.eliminated else entry.figures
    return seen


def unit_on_table(unit: Unit, entry: RosterEntry, marking: str) -> Unit:
    """The unit as it stands now: with its removed bases gone (``markers``)."""
    bases = entry.bases_on_table(marking)
    return unit if bases in (0, unit.bases) else replace(unit, bases=bases)
