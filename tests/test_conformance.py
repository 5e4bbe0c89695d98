"""The conformance suite (``admiralty.testing``) on the three bundled rule systems, and on broken rule systems
it must refuse, each problem named. The convoy plug-in runs it from its own installed distribution
(tests/plugin)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from admiralty.contract import ruleset_named
from admiralty.testing import Settings, code_problems, conformance, game_problems, piece_problems, scenarios_of
from admiralty.validator.diagnostics import CODES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["dreadnought", "renaissance", "napoleonic"])
def test_each_bundled_rule_system_conforms(name: str) -> None:
    assert conformance(name, [ROOT / "scenarios" / name], Settings(seeds=2)) == []


def test_a_piece_that_does_not_load_or_is_the_wrong_thing_is_named() -> None:
    broken = dataclasses.replace(ruleset_named("renaissance"), game="admiralty.rulesets.renaissance.engine.nowhere",
                                 scaffold="admiralty.rulesets.renaissance.site.pages:RENDERER",
                                 editor="admiralty.rulesets.renaissance.engine.dice")
    problems = piece_problems(broken)
    assert any(p.startswith("game 'admiralty.rulesets.renaissance.engine.nowhere' does not load") for p in problems)
    assert any(p.startswith("scaffold 'admiralty.rulesets.renaissance.site.pages:RENDERER' is a Renderer")
               for p in problems)
    assert any(p.startswith("editor 'admiralty.rulesets.renaissance.engine.dice' has no complete, hover, definition")
               for p in problems)


def test_a_code_without_examples_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = ruleset_named("napoleonic")
    assert code_problems(ruleset) == []
    code = next(c for c in CODES.values() if c.origin.startswith("admiralty.rulesets.napoleonic."))
    monkeypatch.setitem(CODES, code.code, dataclasses.replace(code, wrong="", right=" "))
    assert code_problems(ruleset) == [f"code {code.code}: no wrong example, right example"]


def test_an_event_without_a_sentence_and_a_broken_invariant_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = ruleset_named("renaissance")
    scenarios, errors = scenarios_of("renaissance", [ROOT / "scenarios" / "renaissance"])
    assert errors == [] and scenarios
    from admiralty.rulesets.renaissance.site import replay

    monkeypatch.delitem(replay.SENTENCES, "card")
    found = game_problems(ruleset, scenarios[:1], Settings(seeds=1, own_players=False))
    assert found == ["event type 'card' has no sentence in the renderer's ReplayWords"]
    module = ruleset.game_module()
    monkeypatch.setattr(module, "invariants", lambda game: ["the fleet count went negative"])
    found = game_problems(ruleset, scenarios[:1], Settings(seeds=1, own_players=False))
    assert found == [f"{scenarios[0].id} seed 0 (random): invariant: the fleet count went negative"]


def test_every_event_type_the_dreadnought_engine_writes_has_a_sentence() -> None:
    """Read from the source, not from games: an event type only rare games write (a ship refloated, a fuel
    box refused) still reads as its own sentence in the replay viewer."""
    import re

    from admiralty.rulesets.dreadnought.site.replay import SENTENCES
    from admiralty.site.replaytext import COMMON_SENTENCES

    engine = ROOT / "admiralty" / "rulesets" / "dreadnought" / "engine"
    written = {m for path in engine.rglob("*.py")
               for m in re.findall(r'\bemit\(\s*"([a-z-]+)"', path.read_text(encoding="utf-8"))}
    assert len(written) > 40 and written - set(SENTENCES) - set(COMMON_SENTENCES) == set()
