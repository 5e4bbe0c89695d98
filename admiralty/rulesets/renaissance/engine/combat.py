"""Hits, the winner and losses of a naval battle (RN-5, RN-7, RN-8). Pure functions: rolls come in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .model import SHIP_KINDS, BattleSide, Units, ZoneKind
from .tables import Tables

CorsairMode = Literal["after-ships", "leftover"]


def count_hits(rolls: Sequence[int], tables: Tables) -> int:
    """RN-5: the number of dice showing a hit face (5 or 6)."""
    return sum(1 for face in rolls if face in tables.hit_on)


def count_face(rolls: Sequence[int], face: int) -> int:
    """How many dice show ``face``."""
    return sum(1 for value in rolls if value == face)


def battle_winner(attacker_hits: int, defender_hits: int) -> BattleSide:
    """RN-7: more hits wins; a tie goes to the defender."""
    return "attacker" if attacker_hits > defender_hits else "defender"


def ship_steps(units: Units, tables: Tables) -> int:
    """RN-8: how many "one per two hits" losses these units can take (each Armada step is one)."""
    return (
        units.galleys
        + units.galleons
        + units.flush_deck_galleons
        + units.armada // tables.armada_strength_per_loss
    )


@dataclass(frozen=True)
class Losses:
    """What one side must lose: ships (owner's choice of kind), corsairs, and how the hits were spent."""

    ships: int
    corsairs: int
    hits: int
    ignored: int
    odd_hit_sank: bool


def flush_deck_ignored(fives_against: int, units: Units, power: str, zone: ZoneKind, tables: Tables) -> int:
    """RN-8: hits on a "5" England ignores for losses, one per flush-deck galleon, in a sea zone only."""
    if power != tables.flush_deck_power or zone == "port":
        return 0
    return min(fives_against, units.flush_deck_galleons)


def assess_losses(
    hits_against: int,
    fives_against: int,
    units: Units,
    power: str,
    zone: ZoneKind,
    lost_battle: bool,
    tables: Tables,
    corsair_mode: CorsairMode = "after-ships",
) -> Losses:
    """RN-8: the losses one side takes from the hits the other side scored.

    One ship (galley, galleon, flush-deck galleon, Armada step) per two hits, after England's flush-deck
    galleons ignore their "5"s. Against a corsair power, hits left once no ship is left each sink a corsair.
    An odd hit left against the loser sinks one more ship; against the winner it is ignored.

    ``corsair_mode="leftover"`` is the other reading of the corsair sentence: an odd hit left while ships
    remain also sinks a corsair (for winner and loser alike) before the odd-hit sentence applies.

    >>> from admiralty.rulesets.renaissance.engine.tables import load_tables
    >>> assess_losses(3, 0, Units(galleys=4), "venice", "mediterranean", True, load_tables()).ships
    2
    """
    ignored = flush_deck_ignored(fives_against, units, power, zone, tables)
    effective = hits_against - ignored
    steps = ship_steps(units, tables)
    ships = min(effective // 2, steps)
    leftover = effective - 2 * ships
    corsairs = 0
    if power in tables.corsair_powers and leftover and (ships == steps or corsair_mode == "leftover"):
        corsairs = min(leftover, units.corsairs)
        leftover = 0 if ships == steps else leftover - corsairs
    odd_hit_sank = lost_battle and leftover % 2 == 1 and ships < steps
    return Losses(
        ships=ships + int(odd_hit_sank),
        corsairs=corsairs,
        hits=hits_against,
        ignored=ignored,
        odd_hit_sank=odd_hit_sank,
    )


def loss_options(units: Units, tables: Tables) -> list[str]:
    """RN-8: the kinds the owner may choose to lose next (one Armada step counts as one ship)."""
    return [
        kind
        for kind in SHIP_KINDS
        if units.count(kind) >= (tables.armada_strength_per_loss if kind == "armada" else 1)
    ]


def loss_size(kind: str, tables: Tables) -> int:
    """How much one loss of ``kind`` takes off its count (an Armada step takes strength)."""
    return tables.armada_strength_per_loss if kind == "armada" else 1


def keeper(attacker_dice_rolled: int, defender_dice_rolled: int) -> BattleSide:
    """RN-8: when both sides are wiped out, the side that rolled more dice keeps one unit; equal: defender."""
    return "attacker" if attacker_dice_rolled > defender_dice_rolled else "defender"


def kept_options(lost: Units, tables: Tables) -> list[str]:
    """RN-8: the kinds the keeping side may keep (one of the units it lost in this battle)."""
    options = loss_options(lost, tables)
    return [*options, "corsairs"] if lost.corsairs else options
