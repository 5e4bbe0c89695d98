"""Shot penetration into units behind the target (seed 003, "проникновение ядер"): NA-pen-a..e.

The geometry of "behind" is ``geometry.shadow`` (read its module docstring): the strip of the target's
width that starts at the target's rear line, at right angles to the line of fire, and runs on away from
the battery. For an enemy unit standing there:

* NA-pen-d: at least half of its footprint's area lies in the shadow. The seed says "не менее 50%", *not
  less than* 50%, so exactly 50% counts (51% counts, 49% does not);
* NA-pen-b: the nearest part of it in the shadow is 8 cm or less beyond the rear line (8.0 in, 8.1 out):
  it reaches into the 8 cm band;
* NA-pen-a: its nearest point is within the battery's maximum range (80 cm in, 81 out);
* NA-pen-e: nothing penetrates when the target is a building, a built-up area or rough ground, or a unit
  in one;
* NA-pen-c: it loses half the target's casualties (whole figures, the leftover half rounded by
  NA-10.46b).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from shapely import STRtree
from shapely.geometry import Polygon

from .geometry import EPSILON, gap_behind, range_cm, shadow, share_behind
from .house import NapoleonicTables
from .model import Point


@dataclass(frozen=True)
class Penetration:
    """A unit the shot passes on into: its id, share of footprint behind, gap behind, range."""

    unit: str
    share_behind: float
    gap: float
    distance: float


def penetration_applies(target_terrain_kind: str | None, tables: NapoleonicTables) -> bool:
    """NA-pen-e: ``False`` when the target is (in) a building, built-up area or rough ground."""
    return target_terrain_kind not in tables.penetration.none_when_target_in


def within_maximum_range(distance: float, maximum: float) -> bool:
    """NA-pen-a: penetration reaches units up to the battery's maximum range, never beyond."""
    return distance <= maximum + EPSILON


def is_behind(share: float, gap: float | None, tables: NapoleonicTables) -> bool:
    """NA-pen-b and NA-pen-d: at least half the footprint strictly behind, within 8 cm of the target."""
    rules = tables.penetration
    return (
        gap is not None
        and share >= rules.share_behind - EPSILON
        and gap <= rules.behind_cm + EPSILON
    )


def units_penetrated(
    origin: Point,
    maximum: float,
    target: Polygon,
    candidates: Sequence[tuple[str, Polygon]],
    tables: NapoleonicTables,
) -> list[Penetration]:
    """NA-pen-a, NA-pen-b, NA-pen-d: which of ``candidates`` (id, footprint: the target's side's other
    units) the shot fired from ``origin`` at ``target`` passes on into, in ``candidates`` order."""
    if not candidates:
        return []
    band = shadow(origin, target, tables.penetration.behind_cm + EPSILON)
    tree = STRtree([shape for _, shape in candidates])
    hits: list[Penetration] = []
    for index in sorted(int(i) for i in tree.query(band, predicate="intersects")):
        unit_id, shape = candidates[index]
        share = share_behind(origin, target, shape)
        gap = gap_behind(origin, target, shape)
        distance = range_cm(origin, shape)
        if is_behind(share, gap, tables) and within_maximum_range(distance, maximum):
            hits.append(Penetration(unit_id, round(share, 4), round(gap or 0.0, 4), round(distance, 4)))
    return hits


def penetration_casualties(target_figures: int, tables: NapoleonicTables) -> Fraction:
    """NA-pen-c: a penetrated unit loses half the target's casualties (before rounding by NA-10.46b)."""
    return Fraction(target_figures) * tables.penetration.casualty_share
