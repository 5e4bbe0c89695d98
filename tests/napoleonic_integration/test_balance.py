"""Every napoleonic corpus scenario plays inside its declared balance band: over 200 games (seeds 0-199) of
its balance player kind (the first of ``smoke.players``) on both sides, the first side's win rate has a
Wilson 95% interval wholly inside ``smoke.balance``. This is the measurement the scenarios' comments
quote; a change to a scenario or to the rules that moves it out of band fails here."""

from __future__ import annotations

import pytest

from admiralty.contract import ruleset_module
from admiralty.rulesets.napoleonic.engine import NapoleonicScenario
from admiralty.site.smoke import wilson_interval
from admiralty.smoke.runner import play_smoke_game
from admiralty.validator.pipeline import validate

from .helpers import CORPUS
from .test_corpus import CORPUS_IDS

GAMES = 200


@pytest.fixture(scope="module")
def scenarios() -> dict[str, NapoleonicScenario]:
    return {s.id: s for s in validate([str(CORPUS)]).scenarios}


@pytest.mark.parametrize("scenario_id", CORPUS_IDS)
def test_the_balance_players_win_rate_interval_lies_inside_the_band(scenarios: dict[str, NapoleonicScenario],
                                                                    scenario_id: str) -> None:
    scenario = scenarios[scenario_id]
    assert scenario.smoke.balance is not None
    module = ruleset_module("napoleonic")
    first = scenario.sides[0].id
    kind = scenario.smoke.players[0]
    wins = sum(play_smoke_game(scenario, seed, kind, module=module).winner == first for seed in range(GAMES))
    low, high = wilson_interval(wins, GAMES)
    band_low, band_high = scenario.smoke.balance
    assert band_low <= low and high <= band_high, (scenario_id, wins, (round(low, 3), round(high, 3)))
