"""Small napoleonic scenarios built in code for the tests.

* ``brigade_example``: seed 003's worked example. A French battery fires at a Russian brigade in columns;
  the second line stands ``gap`` cm behind the first (8 cm in the seed).
* ``leipzig_rockets``: a Leipzig-1813-like action: a British rocket troop and a Russian battery against the
  Saxons and French in and around Paunsdorf (built-up area, church, marsh, hedges).
* ``village_under_howitzers``: a French howitzer battery and a horse battery against an Austrian-held
  village with a church and a mill, an orchard (cover) and woods (rough).

Coordinates in cm, x east, y north; facings compass bearings (0 north, 180 south). ``at`` is the middle of
a unit's front edge; its bases extend behind it.
"""

from __future__ import annotations

from admiralty.rulesets.napoleonic.engine.model import (
    Battery,
    FirePlan,
    NapoleonicScenario,
    Ranges,
    Side,
    Table,
    Terrain,
    Unit,
)

NORTH, SOUTH = 0.0, 180.0


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def unit(
    unit_id: str,
    side: str,
    at: tuple[float, float],
    facing: float,
    *,
    formation: str = "column",
    type_: str = "infantry",
    class_: str = "first",
    figures: int = 16,
    bases: int = 4,
    width: float = 4.0,
    depth: float = 2.0,
) -> Unit:
    return Unit(
        id=unit_id,
        side=side,
        type=type_,
        class_=class_,
        figures=figures,
        bases=bases,
        formation=formation,
        at=at,
        facing=facing,
        base_width=width,
        base_depth=depth,
    )


def scenario(
    units: tuple[Unit, ...],
    batteries: tuple[Battery, ...],
    *,
    terrain: tuple[Terrain, ...] = (),
    sides: tuple[str, str] = ("france", "russia"),
    turns: int = 3,
    fire_plan: tuple[FirePlan, ...] = (),
    size: tuple[float, float] = (120.0, 120.0),
    scenario_id: str = "test",
) -> NapoleonicScenario:
    return NapoleonicScenario(
        id=scenario_id,
        title=scenario_id,
        table=Table(id=f"{scenario_id}-table", title="table", size=size, terrain=terrain),
        sides=tuple(Side(s, s.title()) for s in sides),
        units=units,
        batteries=batteries,
        turns=turns,
        fire_plan=fire_plan,
    )


def brigade_example(gap: float = 8.0, lateral: float = 0.0, guns: int = 4) -> NapoleonicScenario:
    """Seed 003's example: the French battery 30 cm south of the Russian first line (columns facing south,
    8 cm deep); the second line's front edge ``gap`` cm behind the first line's rear edge, shifted
    ``lateral`` cm east."""
    front = unit("russian-column", "russia", (60.0, 40.0), SOUTH)  # footprint y 40..48
    second = unit("russian-grenadiers", "russia", (60.0 + lateral, 48.0 + gap), SOUTH, class_="guard")
    reserve = unit("french-reserve", "france", (10.0, 12.0), NORTH)  # keeps France on the table in a game
    battery = Battery(id="french-battery", side="france", guns=guns, at=(60.0, 10.0), facing=NORTH)
    return scenario((front, second, reserve), (battery,), scenario_id="brigade-example")


def leipzig_rockets() -> NapoleonicScenario:
    """Paunsdorf, 18 October 1813, in miniature: rockets and guns against a village and columns."""
    terrain = (
        Terrain("paunsdorf", "built-up", rect(50, 50, 80, 65)),
        Terrain("paunsdorf-church", "building", rect(84, 52, 90, 58)),
        Terrain("marsh", "rough", rect(10, 50, 30, 70)),
        Terrain("hedges", "cover", rect(90, 35, 110, 42)),
    )
    units = (
        unit("saxon-line", "france", (65, 52), SOUTH, formation="line", class_="second"),
        unit("french-column-1", "france", (40, 45), SOUTH),
        unit("french-column-2", "france", (40, 58), SOUTH),
        unit("french-cuirassiers", "france", (100, 60), SOUTH, formation="line", type_="cavalry",
             figures=9, bases=3, depth=4.0),
        unit("french-voltigeurs", "france", (20, 52), SOUTH, formation="line", type_="skirmishers",
             class_="second", figures=6, bases=3),
        unit("russian-jaegers", "allies", (30, 25), NORTH, formation="line", type_="skirmishers",
             figures=6, bases=3),
        unit("russian-grenadiers-1", "allies", (60, 25), NORTH, class_="guard"),
        unit("russian-grenadiers-2", "allies", (60, 12), NORTH, class_="guard"),
        unit("prussian-landwehr", "allies", (95, 25), NORTH, formation="line", class_="second"),
    )
    batteries = (
        Battery("french-12pdr", "france", guns=4, howitzers=2, at=(75, 72), facing=SOUTH),
        Battery("bogue-rockets", "allies", rockets=2, at=(45, 15), facing=NORTH),
        Battery("russian-12pdr", "allies", guns=6, howitzers=2, at=(40, 10), facing=NORTH),
    )
    plan = (
        FirePlan("bogue-rockets", 1, "paunsdorf"),
        FirePlan("bogue-rockets", 2, "saxon-line"),
        FirePlan("russian-12pdr", 1, "french-column-1"),
    )
    return scenario(units, batteries, terrain=terrain, sides=("allies", "france"), turns=6, fire_plan=plan,
                    size=(120.0, 80.0), scenario_id="leipzig-1813-rockets")


def village_under_howitzers() -> NapoleonicScenario:
    """A French howitzer battery shells an Austrian-held village; a horse battery supports it."""
    terrain = (
        Terrain("village", "built-up", rect(40, 50, 70, 70)),
        Terrain("church", "building", rect(72, 55, 80, 63)),
        Terrain("mill", "building", rect(30, 40, 36, 46)),
        Terrain("orchard", "cover", rect(10, 55, 30, 70)),
        Terrain("woods", "rough", rect(80, 20, 95, 35)),
    )
    units = (
        unit("austrian-grenzers", "austria", (55, 55), SOUTH, formation="line"),
        unit("austrian-line", "austria", (20, 58), SOUTH, bases=3, figures=12),
        unit("austrian-hussars", "austria", (85, 70), SOUTH, formation="line", type_="cavalry",
             figures=6, bases=2, depth=4.0),
        unit("french-line", "france", (50, 25), NORTH, formation="line"),
        unit("french-column", "france", (20, 25), NORTH),
    )
    batteries = (
        Battery("french-howitzers", "france", howitzers=4, at=(50, 10), facing=NORTH),
        Battery("french-horse", "france", guns=4, howitzers=2, at=(70, 8), facing=NORTH,
                ranges=Ranges(12.0, 35.0, 70.0)),
        Battery("austrian-6pdr", "austria", guns=4, at=(55, 75), facing=SOUTH),
    )
    plan = (
        FirePlan("french-howitzers", 1, "church"),
        FirePlan("french-howitzers", 2, "village"),
        FirePlan("french-howitzers", 3, "austrian-grenzers"),
    )
    return scenario(units, batteries, terrain=terrain, sides=("france", "austria"), turns=5, fire_plan=plan,
                    size=(100.0, 80.0), scenario_id="village-under-howitzers")
