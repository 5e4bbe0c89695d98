"""The replay viewer's data, without a browser: each event a sentence with the scenario's names, fleet tokens
that follow the moves, running victory points and losses per side, and hostile text kept inside its block."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from site_corpus import MINI, write_smoke

from admiralty.rulesets.dreadnought.site.replay import REPLAY as DREADNOUGHT
from admiralty.rulesets.napoleonic.site.replay import REPLAY as NAPOLEONIC
from admiralty.site.replaynames import Names, scenario_names
from admiralty.site.replaytext import generic, sentence
from admiralty.site.replayview import read_sample, turns, viewer
from admiralty.validator.pipeline import validate

RAW = re.compile(r"\b[a-z_]+=")  # the old viewer's "fleet=raiders, path=C2/C3" text


@pytest.fixture(scope="module")
def mini_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("smoke")
    write_smoke(folder)
    scenario = next(s for s in validate([str(MINI)]).scenarios if s.id == "mini-raid")
    sample = read_sample(folder, "mini-raid")
    assert sample is not None
    return scenario, sample["events"]


def test_every_event_of_a_real_game_reads_as_a_sentence_with_names(mini_game: tuple[Any, list[dict[str, Any]]]
                                                                   ) -> None:
    scenario, events = mini_game
    names = scenario_names(scenario)
    grouped = turns(events, names, DREADNOUGHT)
    texts = [e["text"] for t in grouped for e in t["events"]]
    assert len(texts) == len(events)
    assert all(t.endswith(".") and not RAW.search(t) for t in texts), [t for t in texts if RAW.search(t)]
    own = {*DREADNOUGHT.sentences, "points", "game-over"}  # no event of the mini game falls back to the generic text
    assert all(e["type"] in own for e in events)
    joined = " ".join(texts)
    assert "Raiders (Central Powers)" in joined and "Westport" in joined  # names, not 'raiders' / 'westport'
    assert "raiders" not in joined and "central-powers" not in joined


def test_tokens_follow_the_fleets_and_the_tally_runs(mini_game: tuple[Any, list[dict[str, Any]]]) -> None:
    scenario, events = mini_game
    grouped = turns(events, scenario_names(scenario), DREADNOUGHT)
    where = [{t["id"]: t["at"] for t in turn["tokens"]} for turn in grouped]
    for turn, positions in zip(grouped, where, strict=True):
        for fleet, at in positions.items():  # where its last move so far ended (or where it started)
            moves = [e for e in events if e.get("fleet") == fleet and e["turn"] <= turn["turn"]
                     and e["type"] in ("fleet-placed", "fleet-moved", "raider-revealed")]
            last = moves[-1]
            assert at == (last["path"][-1] if last["type"] == "fleet-moved" else last["at"])
    assert where[0] != where[1]  # the tokens do move
    removed = {e["fleet"] for e in events if e["type"] == "fleet-removed"}
    assert removed and not removed & set(where[-1])  # a fleet with no ships left leaves the map
    scored = [sum(e["points"] for e in events if e["type"] == "points" and e["turn"] <= t["turn"]
                  and e["side"] == "central-powers") for t in grouped]
    assert [t["vp"]["central-powers"] for t in grouped] == scored and scored[-1] > scored[0]
    sunk = [sum(1 for e in events if e["type"] == "ship-sunk" and e["turn"] <= t["turn"]) for t in grouped]
    assert [t["losses"]["entente"] for t in grouped] == sunk
    battle = next(t for t in grouped if t["battles"])
    assert battle["contacts"] == battle["battles"] == ["B3"]


def test_game_over_sets_the_final_score_and_a_vp_free_game_counts_losses() -> None:
    names = Names(sides={"a": "Army A", "b": "Army B"}, side_of={"u1": "b"})
    events = [{"turn": 1, "type": "casualties", "rule": "NA-how-b", "unit": "u1", "figures": 2, "total": 2},
              {"turn": 2, "type": "casualties", "rule": "NA-how-b", "unit": "u1", "figures": 1, "total": 3},
              {"turn": 2, "type": "game-over", "points": {"a": 4.0, "b": 1.0}, "winner": "a", "reason": "vp-lead"}]
    grouped = turns(events, names, NAPOLEONIC)
    assert [t["losses"]["b"] for t in grouped] == [2, 3]
    assert grouped[0]["vp"] == {"a": 0.0, "b": 0.0} and grouped[1]["vp"] == {"a": 4.0, "b": 1.0}
    assert sentence(events[0], names, NAPOLEONIC.sentences) == "U1 loses 2 figures (2 so far)."
    assert sentence(events[2], names) == "Game over: Army A wins (vp lead). Final VP: Army A 4; Army B 1."


def test_an_unknown_or_malformed_event_still_reads_as_words() -> None:
    names = Names(names={"horthy": "Horthy's cruisers", "V25": "V25 (Bocche di Cattaro)"})
    text = sentence({"turn": 3, "type": "order-refused", "fleet": "horthy", "at": "V25", "why": "no fuel"}, names)
    assert text == "Order refused: fleet Horthy's cruisers; at V25 (Bocche di Cattaro); why no fuel."
    assert sentence({"type": "fleet-moved", "fleet": "horthy", "path": 7}, names, DREADNOUGHT.sentences) == generic(
        {"type": "fleet-moved", "fleet": "horthy", "path": 7}, names)
    assert not RAW.search(text)


def test_recorded_events_cannot_close_the_data_block() -> None:
    evil = "</script><script>window.__pwned=1</script>"
    sample = {"header": {"seed": 1, "players": {"a": evil}},
              "events": [{"turn": 1, "phase": "setup", "type": "fleet-placed", "rule": "DN-5.2", "fleet": evil,
                          "at": evil, "side": "a", "mission": "", "ships": [], "escorts": None}]}
    names = Names(sides={"a": f"Side {evil}"}, names={evil: f"Fleet {evil}"})
    block = viewer("x", sample, names, {"a": '"><script>'}, DREADNOUGHT)
    assert "</script><script>" not in block and block.count("</script>") == 1
    data = json.loads(block.split('class="replay-data">')[1].split("</script>")[0])
    assert data["turns"][0]["events"][0]["text"] == f"Fleet {evil} (Side {evil}) starts at Fleet {evil}."
    assert data["turns"][0]["tokens"][0]["name"] == f"Fleet {evil}"
    assert data["sides"] == [{"id": "a", "name": f"Side {evil}", "colour": '"><script>'}]
    assert "&lt;/script&gt;" in block.split('class="replay-data">')[0]  # the players line, escaped as text


def test_no_sample_game_is_a_note(tmp_path: Path) -> None:
    assert read_sample(tmp_path, "nothing") is None
    assert "No sample game" in viewer("x", None)


def test_a_renaissance_game_is_stepped_battle_by_battle_in_a_players_words() -> None:
    """Lepanto, one turn of four battles, was one step of raw text ("come back on turn 2" in a one-turn game,
    "loses 0 ships", "1 galleys"): each battle is now a step of its own marking its sea, in sentences a player
    would write. Events as the renaissance engine records them."""
    from admiralty.rulesets.renaissance.site.replay import REPLAY as RENAISSANCE

    scenario = next(s for s in validate([str(Path(__file__).resolve().parents[2] / "scenarios" / "renaissance")])
                    .scenarios if s.id == "lepanto-1571")
    dice = {"dice": {"galleys": 8}, "leader": 0, "port_defender": 0, "total": 8}
    battle = {"type": "battle", "rule": "RN-dice", "turn": 1, "at": "gulf-of-patras", "zone": "sea",
              "attacker": {"power": "hapsburg", "units": {"galleys": 8}, **dice},
              "defender": {"power": "ottoman", "units": {"corsairs": 1, "galleys": 6}, **dice}}
    events = [{**battle, "battle": 0},
              {"type": "losses", "rule": "RN-8", "turn": 1, "battle": 0, "side": "attacker", "power": "hapsburg",
               "ships": 0, "corsairs": 0, "ignored_fives": 0, "odd_hit_sank": False},
              {"type": "unit-lost", "rule": "RN-8", "turn": 1, "battle": 0, "power": "ottoman", "unit": "galleys",
               "amount": 1, "chosen": False},
              {"type": "to-turn-track", "rule": "RN-10", "turn": 1, "battle": 0, "power": "ottoman",
               "units": {"galleys": 1}, "leaders": [], "returns_on": 2},
              {**battle, "battle": 1, "at": "ionian-sea"},
              {"type": "transport", "rule": "RN-16.3", "turn": 1, "action": 2, "power": "hapsburg",
               "formation": "spanish-infantry", "from": "messina", "to": "corfu", "path": ["ionian-sea"]}]
    steps = turns(events, scenario_names(scenario), RENAISSANCE)
    assert [(s["turn"], s["step"], s["battles"]) for s in steps] == [
        (1, "battle 1", ["gulf-of-patras"]), (1, "battle 2", ["ionian-sea"]), (1, "action 3", [])]
    texts = [e["text"] for e in steps[0]["events"]]
    assert texts[0] == "Battle at Gulf of Patras: Hapsburg (8 galleys) attacks Ottoman (1 corsair, 6 galleys)."
    assert texts[1:] == ["Hapsburg loses no ships.", "Ottoman loses 1 galley.",
                         "Ottoman sends 1 galley to the turn track, back on turn 2 if the game lasts that long."]


def test_an_event_off_its_declaration_reads_as_words_and_moves_no_token() -> None:
    """A sentence and a token read an event as its declared record: one that does not match it (here, written
    without its clause) gets the generic sentence and leaves the map alone."""
    names = Names(sides={"a": "Side A"}, names={"horthy": "Horthy's cruisers"})
    placed = {"turn": 1, "phase": "setup", "type": "fleet-placed", "rule": "DN-5.2", "fleet": "horthy", "at": "V25",
              "side": "a", "mission": "", "ships": [], "escorts": None}
    unclaused = {key: value for key, value in placed.items() if key != "rule"}
    assert turns([placed], names, DREADNOUGHT)[0]["tokens"][0]["at"] == "V25"
    assert turns([unclaused], names, DREADNOUGHT)[0]["tokens"] == []
    assert sentence(placed, names, DREADNOUGHT.sentences) == "Horthy's cruisers (Side A) starts at V25."
    assert sentence(unclaused, names, DREADNOUGHT.sentences) == generic(unclaused, names)


def test_a_rule_system_says_each_event_type_once() -> None:
    from admiralty.rulesets.dreadnought.engine.events import Weather
    from admiralty.site.replaytext import said, sentences

    with pytest.raises(ValueError, match="event type 'weather' has two sentences"):
        sentences(said(Weather, lambda e, n: "rain"), said(Weather, lambda e, n: "sun"))
