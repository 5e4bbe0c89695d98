"""Marking casualties (NA-marking): roster sheets hidden from the enemy, or markers and removed bases."""

from __future__ import annotations

import pytest

from admiralty.rulesets.napoleonic.engine.game import new_game
from admiralty.rulesets.napoleonic.engine.geometry import unit_footprint
from admiralty.rulesets.napoleonic.engine.roster import new_roster, record_casualties, roster_view, unit_on_table

from .fixtures import SOUTH, brigade_example, unit
from .helpers import battlefield, of_type, shoot

COLUMN = unit("russian-column", "russia", (60.0, 40.0), SOUTH)  # 16 figures on 4 bases


@pytest.mark.rule("NA-marking")
def test_roster_sheet_keeps_every_figure_on_the_table() -> None:
    entry, events = record_casualties(new_roster(COLUMN), 5, "roster", "house", 1)
    assert (entry.casualties, entry.remaining, entry.bases_on_table("roster")) == (5, 11, 4)
    assert [e["type"] for e in events] == ["casualties"]
    assert unit_on_table(COLUMN, entry, "roster") == COLUMN


@pytest.mark.rule("NA-marking")
def test_markers_remove_a_whole_base_of_casualties() -> None:
    entry, events = record_casualties(new_roster(COLUMN), 3, "markers", "house", 1)
    assert entry.bases_on_table("markers") == 4 and not of_type(events, "base-removed")
    entry, events = record_casualties(entry, 1, "markers", "house", 1)
    assert entry.bases_on_table("markers") == 3
    assert of_type(events, "base-removed") == [
        {"turn": 1, "type": "base-removed", "unit": "russian-column", "bases_on_table": 3, "rule": "NA-marking"}
    ]
    shrunk = unit_footprint(unit_on_table(COLUMN, entry, "markers"))
    assert shrunk.area == pytest.approx(unit_footprint(COLUMN).area * 3 / 4)
    assert shrunk.bounds == pytest.approx((58.0, 40.0, 62.0, 46.0))  # the front stays, the rear base goes


@pytest.mark.rule("NA-marking")
def test_casualties_never_exceed_the_figures_and_elimination_clears_the_table() -> None:
    entry, events = record_casualties(new_roster(COLUMN), 40, "roster", "house", 1)
    assert entry.casualties == 16 and entry.eliminated and entry.bases_on_table("roster") == 0
    assert [e["type"] for e in events] == ["casualties", "eliminated"]
    assert record_casualties(entry, 3, "roster", "house", 1) == (entry, [])


@pytest.mark.rule("NA-marking")
def test_roster_view_hides_casualties_from_the_enemy() -> None:
    entry, _ = record_casualties(new_roster(COLUMN), 5, "roster", "house", 1)
    assert roster_view(entry, "roster", own=True) == {
        "bases_on_table": 4, "eliminated": False, "casualties": 5, "figures": 11,
    }
    assert roster_view(entry, "roster", own=False) == {"bases_on_table": 4, "eliminated": False, "figures": 16}
    assert roster_view(entry, "markers", own=False)["casualties"] == 5


@pytest.mark.rule("NA-marking")
@pytest.mark.parametrize("marking", ["roster", "markers"])
def test_game_view_per_side(marking: str) -> None:
    game = new_game(brigade_example(), seed=2, options={"marking": marking})
    before = {u["id"]: u for u in game.view("france")["units"]}["russian-column"]
    while not game.is_over and game.field.rosters["russian-column"].casualties == 0:
        game.apply("france", game.legal_actions("france")[0])
    lost = game.field.rosters["russian-column"].casualties
    assert lost > 0
    french = {u["id"]: u for u in game.view("france")["units"]}["russian-column"]
    russian = {u["id"]: u for u in game.view("russia")["units"]}["russian-column"]
    assert russian["casualties"] == lost and russian["figures"] == 16 - lost
    if marking == "roster":
        assert "casualties" not in french and french["figures"] == 16 and french["bases_on_table"] == 4
        assert french == before  # the enemy's view of the unit has not changed at all
    else:
        assert french["casualties"] == lost and french["bases_on_table"] == 4 - lost // 4


@pytest.mark.rule("NA-marking")
def test_casualty_events_name_their_cause() -> None:
    field = battlefield(brigade_example())
    events = shoot(field, "french-battery", "russian-column", [6] * 8)
    assert [(e["unit"], e["rule"]) for e in of_type(events, "casualties")] == [
        ("russian-column", "house"), ("russian-grenadiers", "NA-pen-c"),
    ]
