"""The conformance suite (``admiralty.testing``) on the three bundled rule systems, and on broken rule systems
it must refuse, each problem named. The convoy plug-in runs it from its own installed distribution
(tests/plugin)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Literal, TypedDict

import pytest

from admiralty.contract import Code, Ruleset, RulesetError, ruleset_named
from admiralty.testing import Settings, code_problems, conformance, game_problems, piece_problems, scenarios_of
from admiralty.validator.checks import check
from admiralty.validator.codes import CORE_CODES
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


UNDOCUMENTED = (Code("NA-undocumented", "A code", "Its explanation.", wrong="", right=" "),)
NOT_CODES = ("NA-1",)
CORE = [code.code for code in CORE_CODES]


@check(object, "NA-nowhere")
def reports_an_unlisted_code(model: object, ctx: object) -> list[object]:
    return []


def test_every_bundled_rule_system_verifies_and_lists_each_of_its_codes_once() -> None:
    for name in ("dreadnought", "napoleonic", "renaissance"):
        ruleset = ruleset_named(name)
        ruleset.verify(CORE)
        own = [code.code for code in ruleset.load_codes()]
        assert len(own) == len(set(own)) > 0 and all(CODES[code].origin == name for code in own)
        assert len(ruleset.load_checks()) == len(ruleset.checks) > 0
    assert all(CODES[code].origin == "" for code in CORE)


@pytest.mark.parametrize(("change", "message"), [
    ({"checks": ("admiralty.rulesets.napoleonic.validator.checks:no_such_check",)},
     "rule system 'napoleonic': check 'admiralty.rulesets.napoleonic.validator.checks:no_such_check' does not "
     "load: AttributeError"),
    ({"checks": ("admiralty.rulesets.napoleonic.validator.build:build",)},
     "rule system 'napoleonic': check 'admiralty.rulesets.napoleonic.validator.build:build' is not an "
     "admiralty.contract.Check"),
    ({"checks": (f"{__name__}:reports_an_unlisted_code",)},
     f"rule system 'napoleonic': check '{__name__}:reports_an_unlisted_code' reports NA-nowhere, which its codes "
     "(admiralty.rulesets.napoleonic.validator.codes:CODES) do not list"),
    ({"codes": f"{__name__}:NOT_CODES"},
     f"rule system 'napoleonic': codes '{__name__}:NOT_CODES' holds 'NA-1', not an admiralty.contract.Code"),
    ({"codes": "admiralty.rulesets.napoleonic.validator.codes"},
     "rule system 'napoleonic': codes 'admiralty.rulesets.napoleonic.validator.codes' is not a sequence of "
     "admiralty.contract.Code"),
    ({"renderer": "admiralty.rulesets.napoleonic.site.nowhere:RENDERER"},
     "rule system 'napoleonic': renderer 'admiralty.rulesets.napoleonic.site.nowhere:RENDERER': no module "
     "'admiralty.rulesets.napoleonic.site.nowhere' is installed"),
    ({"editor": "admiralty.rulesets.napoleonic.validator.editor:"},
     "rule system 'napoleonic': editor 'admiralty.rulesets.napoleonic.validator.editor:' is not a dotted "
     "'package.module' or 'package.module:name'"),
])
def test_verifying_a_rule_system_names_its_broken_piece(change: dict[str, object], message: str) -> None:
    broken: Ruleset = dataclasses.replace(ruleset_named("napoleonic"), **change)  # type: ignore[arg-type]
    with pytest.raises(RulesetError) as raised:
        broken.verify(CORE)
    assert str(raised.value).startswith(message)
    piece = next(iter(change.values()))
    named = piece[0] if isinstance(piece, tuple) else piece
    assert any(repr(named) in problem for problem in piece_problems(broken) + code_problems(broken))


def test_a_stage_that_loads_a_broken_piece_is_told_which() -> None:
    broken = dataclasses.replace(ruleset_named("napoleonic"), game="admiralty.rulesets.napoleonic.engine.nowhere",
                                 editor="admiralty.rulesets.napoleonic.validator.editor:NOWHERE")
    with pytest.raises(RulesetError, match=r"^rule system 'napoleonic': game 'admiralty\.rulesets\.napoleonic\."
                       r"engine\.nowhere' does not load: ModuleNotFoundError"):
        broken.game_module()
    with pytest.raises(RulesetError, match=r"^rule system 'napoleonic': editor '.*:NOWHERE' does not load: "
                       r"AttributeError"):
        broken.load_editor()


def test_registering_checks_each_named_module_without_importing_it() -> None:
    program = ("import sys; from admiralty.contract import rulesets; rulesets(); "
               "print(sorted(m for m in sys.modules if m.startswith('admiralty.rulesets.')))")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    names = ("dreadnought", "napoleonic", "renaissance")
    assert done.stdout.strip() == repr(sorted([*(f"admiralty.rulesets.{n}" for n in names),
                                               *(f"admiralty.rulesets.{n}.contract" for n in names)]))


def test_the_site_reads_every_code_without_importing_a_builder_or_a_check() -> None:
    program = ("import sys; from admiralty.site.pages import load_all_codes; codes = load_all_codes(); "
               "print(len(codes), sorted(m for m, module in sys.modules.items() if m.startswith('admiralty.rulesets.') "
               "and not hasattr(module, '__path__') and ('.build' in m or '.checks' in m "  # a package is empty
               "or m.endswith(('.geography', '.powers')))))")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    count, imported = done.stdout.split(" ", 1)
    assert int(count) == len(CODES) > 100 and imported.strip() == "[]"


def test_a_code_without_examples_is_named() -> None:
    ruleset = ruleset_named("napoleonic")
    assert code_problems(ruleset) == []
    listed = dataclasses.replace(ruleset, codes=f"{__name__}:UNDOCUMENTED")
    assert code_problems(listed) == ["code NA-undocumented: no wrong example, right example"]


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


class Card(TypedDict):
    """Renaissance's card event declared wrong: ``scripted`` as a number, no ``from_hand``."""

    type: Literal["card"]
    rule: str
    turn: int
    battle: int
    side: str
    power: str
    card: str
    scripted: int


def test_an_undeclared_event_type_and_an_event_off_its_declaration_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every event a game writes is a declared type matching its declaration (``Ruleset.events``)."""
    from admiralty.engine.eventtypes import EventTypes
    from admiralty.rulesets.renaissance.engine import events

    ruleset = ruleset_named("renaissance")
    scenarios, _ = scenarios_of("renaissance", [ROOT / "scenarios" / "renaissance"])
    settings = Settings(seeds=1, own_players=False)
    others = [record for kind, record in events.EVENTS.records.items() if kind != "card"]
    monkeypatch.setattr(events, "EVENTS", EventTypes.of(*others))
    found = game_problems(ruleset, scenarios[:1], settings)
    assert len(found) == 1 and found[0].startswith("event type 'card' is not declared (declared: battle, ")
    assert found[0].endswith(f"(first in {scenarios[0].id} seed 0 (random), event 11)")

    monkeypatch.setattr(events, "EVENTS", EventTypes.of(*others, Card))
    found = game_problems(ruleset, scenarios[:1], settings)
    first = f"(first in {scenarios[0].id} seed 0 (random), event 11)"
    assert f"card: 'scripted': False is not an integer {first}" in found
    assert f"card: has 'from_hand', which Card does not declare {first}" in found
    assert all(problem.startswith("card: ") for problem in found)


def test_a_rule_system_that_declares_no_events_is_told_so() -> None:
    silent = dataclasses.replace(ruleset_named("napoleonic"), events=None)
    assert piece_problems(silent) == ["declares no event types (Ruleset.events: 'module:EVENTS', an "
                                      "admiralty.engine.eventtypes.EventTypes of a TypedDict per event type)"]
    wrong = dataclasses.replace(ruleset_named("napoleonic"), events="admiralty.rulesets.napoleonic.engine.events")
    assert piece_problems(wrong) == ["events 'admiralty.rulesets.napoleonic.engine.events' is a module, not an "
                                     "admiralty.engine.eventtypes.EventTypes"]
    with pytest.raises(RulesetError, match=r"events 'admiralty\.rulesets\.napoleonic\.engine\.events' is not an "):
        wrong.verify(CORE)


def test_replay_words_for_an_undeclared_event_type_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A misspelt type in the renderer's kinds would never match an event: the suite names it."""
    from admiralty.rulesets.renaissance.site import replay

    monkeypatch.setitem(replay.KINDS, "unit-los", "damage")
    assert piece_problems(ruleset_named("renaissance")) == [
        "renderer 'admiralty.rulesets.renaissance.site.pages:RENDERER': replay kinds names event type 'unit-los', "
        "which admiralty.rulesets.renaissance.engine.events:EVENTS does not declare"]
