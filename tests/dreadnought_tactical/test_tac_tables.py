"""The battles' house tables as typed objects (``House.battle``): read once per set of overrides through the
one loader (``load_house``), every number as the tables give it, overrides followed."""

from __future__ import annotations

import pytest

from admiralty.rulesets.dreadnought.engine.battle_tables import DamageRow
from admiralty.rulesets.dreadnought.engine.house import load_house
from admiralty.rulesets.dreadnought.engine.tables import TablesError, base_tables


def test_the_battle_tables_hold_every_number_of_the_tables() -> None:
    data, battle = base_tables(), load_house().battle
    combat = data["combat"]
    assert (battle.combat.steps.day, battle.combat.steps.night) == (combat["steps"]["day"], combat["steps"]["night"])
    assert dict(battle.combat.dice_divisor) == combat["dice_divisor"]
    assert dict(battle.combat.weather) == combat["weather"]
    assert battle.combat.lose_contact.chance(True, "storm") == combat["lose_contact"]["night"] + \
        combat["lose_contact"]["storm"]
    assert battle.combat.lose_contact.chance(False, "calm") == combat["lose_contact"]["day"]
    assert dict(battle.ranges) == {k: data["ranges"][k] for k in ("primary", "secondary", "tertiary")}
    assert dict(battle.detection.night) == data["detection"]["night"]
    assert dict(battle.tactical_turn.move_all_groups) == data["tactical_turn"]["movement"]["move_all_groups"]
    assert battle.towing.hexes_per_step == data["towing"]["hexes_per_step"]
    rows = data["gunnery_damage"]["results"]
    assert [r.effect for r in battle.gunnery_damage.results] == [r["effect"] for r in rows]
    # a row the table leaves a loss out of loses none of it
    assert battle.gunnery_damage.row(2) == DamageRow(2, "magazine", 3)


@pytest.mark.rule("DN-7.5d")
def test_the_damage_table_row_is_the_first_reaching_the_roll_and_the_last_past_them_all() -> None:
    table = load_house().battle.gunnery_damage
    assert [table.row(r).up_to for r in (0, 2, 3, 6, 9, 10, 12, 13)] == [2, 2, 3, 9, 9, 10, 12, 12]


def test_the_battle_tables_are_read_once_per_override_and_follow_it() -> None:
    house = load_house()
    assert load_house(None, {}) is house
    changed = load_house({"gunnery": {"hits_on": 5}}, {"ranges": {"primary": 12}})
    assert (changed.battle.gunnery.hits_on, changed.battle.ranges["primary"]) == (5, 12)
    assert changed.battle.gunnery.close_range == house.battle.gunnery.close_range  # keys not given stay
    assert changed.battle.torpedoes == house.battle.torpedoes
    assert load_house({"gunnery": {"hits_on": 5}}, {"ranges": {"primary": 12}}) is changed
    with pytest.raises(TablesError):
        load_house({"gunnery": {"hits_on": "six"}})
