"""A conformance suite for rule systems: what every ``Ruleset``, bundled or a plug-in's, must do for the core.

Run it in a plug-in's own tests (the bundled rule systems and ``tests/plugin/admiralty-convoy`` run it too)::

    from admiralty.testing import assert_conforms

    def test_my_rule_system_conforms():
        assert_conforms("convoy", ["scenarios/convoy"])

It checks, and lists every problem it finds (``conformance`` returns them; ``assert_conforms`` fails with
them all):

- every piece the ``Ruleset`` names imports and is what its protocol says (the game module, the builder, the
  checks and the codes it lists, every code a check reports among them, the renderer and its replay words,
  the scaffold, the differ, the editor, the references function, the map actions, the house tables and the rules page);
- every diagnostic code the rule system lists has a title, an explanation and a wrong and a right
  example (the site's code pages and SARIF's help are made of them);
- its scenarios in the given corpus validate, and random games of each play to the end with the invariants
  holding after every action and the replay of each game giving the same events (the smoke contract);
- the same seed gives the same game twice, byte for byte;
- every event those games record is of a type the rule system declares (``Ruleset.events``: a ``TypedDict`` per
  event type) and matches its declaration (its required keys there, no undeclared key, each value of its JSON
  type);
- every event type those games record reads as its own sentence in the replay viewer (not the generic
  fallback), when the rule system has a renderer; and its replay words name only declared event types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from admiralty.contract import (
    Differ,
    EventRecord,
    EventTypes,
    GameModule,
    Ruleset,
    RulesetError,
    Scaffold,
    ScenarioModel,
    load_object,
    ruleset_named,
)

if TYPE_CHECKING:  # imported where it is used: the site is loaded only when the suite checks a renderer
    from admiralty.site.replayview import ReplayWords

PIECE_METHODS: dict[str, tuple[str, ...]] = {
    "editor": ("complete", "hover", "definition"),
    "game": ("new_game", "invariants"),
}


@dataclass(frozen=True)
class Settings:
    """How much to play: ``seeds`` per scenario and player kind (random always, plus the scenario's own)."""

    seeds: int = 3
    own_players: bool = True
    step_limit: int = 20_000


Piece = TypeVar("Piece")


def _load(problems: list[str], what: str, reference: str) -> object:
    try:
        return load_object(reference)
    except Exception as error:  # a broken piece: name it and go on with the others
        problems.append(f"{what} {reference!r} does not load: {type(error).__name__}: {error}")
        return None


def _has(problems: list[str], what: str, value: object, names: Iterable[str]) -> None:
    missing = [name for name in names if not callable(getattr(value, name, None))]
    if missing:
        problems.append(f"{what} has no {', '.join(missing)}")


def _game_problems(ruleset: Ruleset) -> list[str]:
    problems: list[str] = []
    game = _load(problems, "game", ruleset.game)
    if game is not None:
        _has(problems, f"game {ruleset.game!r}", game, PIECE_METHODS["game"])
        if not isinstance(getattr(game, "ENGINE_VERSION", None), str):
            problems.append(f"game {ruleset.game!r} has no ENGINE_VERSION string")
        if not isinstance(getattr(game, "PLAYERS", None), Mapping):
            problems.append(f"game {ruleset.game!r} has no PLAYERS mapping")
    if ruleset.events is None:
        problems.append("declares no event types (Ruleset.events: 'module:EVENTS', an "
                        "admiralty.engine.eventtypes.EventTypes of a TypedDict per event type)")
    else:
        _typed(problems, "events", ruleset.events, EventTypes)
    builder = _load(problems, "builder", ruleset.builder)
    if builder is not None and not callable(builder):
        problems.append(f"builder {ruleset.builder!r} is not callable")
    return [*problems, *_check_problems(ruleset)]


def _check_problems(ruleset: Ruleset) -> list[str]:
    """The checks and codes the rule system lists: each a ``Check`` or ``Code``, and every code a check
    reports listed (by the rule system or the core)."""
    from admiralty.validator.codes import CORE_CODES

    try:
        return ruleset.unlisted_codes(code.code for code in CORE_CODES)
    except RulesetError as error:  # a check or the codes that does not load, or is not what it should be
        return [str(error)]


def _typed(problems: list[str], what: str, reference: str | None, expected: type[Piece]) -> Piece | None:
    value = _load(problems, what, reference) if reference else None
    if value is not None and not isinstance(value, expected):
        problems.append(f"{what} {reference!r} is a {type(value).__name__}, not an {expected.__module__}."
                        f"{expected.__qualname__}")
        return None
    return value


def _site_problems(ruleset: Ruleset) -> list[str]:
    from admiralty.site.context import Renderer
    from admiralty.site.replayview import ReplayWords

    problems: list[str] = []
    renderer = _typed(problems, "renderer", ruleset.renderer, Renderer)
    if renderer is not None:
        if not callable(renderer.scenario_body):
            problems.append(f"renderer {ruleset.renderer!r}: scenario_body is not callable")
        if renderer.replay is not None and not isinstance(renderer.replay, ReplayWords):
            problems.append(f"renderer {ruleset.renderer!r}: replay is not a ReplayWords")
        elif renderer.replay is not None:
            problems += _words_problems(ruleset, renderer.replay)
    if ruleset.rules_page is not None and not ruleset.rules_page.is_file():
        problems.append(f"rules page {ruleset.rules_page} does not exist")
    return problems


def _words_problems(ruleset: Ruleset, words: ReplayWords) -> list[str]:
    """The replay words name only event types the rule system declares (a misspelt type in ``kinds`` or
    ``loss_labels`` would silently never match)."""
    try:
        declared = ruleset.load_events()
    except RulesetError:
        return []  # the events piece is named broken by _game_problems
    if declared is None:
        return []
    named = {"sentences": words.sentences, "kinds": words.kinds, "loss_labels": words.loss_labels}
    return [f"renderer {ruleset.renderer!r}: replay {part} names event type {kind!r}, which {ruleset.events} "
            "does not declare" for part, mapping in named.items() for kind in mapping if kind not in declared]


def _optional_problems(ruleset: Ruleset) -> list[str]:
    problems: list[str] = []
    _typed(problems, "scaffold", ruleset.scaffold, Scaffold)
    differ = _load(problems, "differ", ruleset.differ) if ruleset.differ else None
    if differ is not None and not isinstance(differ, Differ):
        problems.append(f"differ {ruleset.differ!r} lacks facts, uses or map_pictures")
    editor = _load(problems, "editor", ruleset.editor) if ruleset.editor else None
    if editor is not None:
        _has(problems, f"editor {ruleset.editor!r}", editor, PIECE_METHODS["editor"])
    for label, reference in [("references", ruleset.references), *ruleset.map_actions.items()]:
        function = _load(problems, label, reference) if reference else None
        if reference and function is not None and not callable(function):
            problems.append(f"{label} {reference!r} is not callable")
    if ruleset.tables is not None:
        problems += _tables_problems(ruleset)
    return problems


def _tables_problems(ruleset: Ruleset) -> list[str]:
    from admiralty.engine.tables import HouseTables

    assert ruleset.tables is not None
    tables = HouseTables(ruleset.name, ruleset.tables, ruleset.schema_path("tables"))
    try:
        found = tables.problems(tables.base())
    except Exception as error:  # an unreadable file or schema is the finding
        return [f"house tables {ruleset.tables} do not load: {type(error).__name__}: {error}"]
    return [f"house tables {ruleset.tables}: {'/'.join(map(str, path))}: {message}" for path, message in found]


def piece_problems(ruleset: Ruleset) -> list[str]:
    """Every piece the ``Ruleset`` names, imported and held against its protocol; the problems, or ``[]``."""
    try:
        ruleset.check_description()
    except Exception as error:  # RulesetError: name, prefix, schemas (each piece's own problem is found below)
        return [str(error)]
    return [*_game_problems(ruleset), *_site_problems(ruleset), *_optional_problems(ruleset)]


def code_problems(ruleset: Ruleset) -> list[str]:
    """Every diagnostic code the rule system lists, documented for the site and SARIF."""
    try:
        own = ruleset.load_codes()
    except RulesetError as error:
        return [str(error)]
    problems = []
    for code in own:
        parts = {"title": code.title, "explanation": code.explanation, "wrong example": code.wrong,
                 "right example": code.right}
        missing = [part for part, text in parts.items() if not text.strip()]
        if missing:
            problems.append(f"code {code.code}: no {', '.join(missing)}")
    return problems


def _players(module: GameModule, scenario: ScenarioModel, settings: Settings) -> list[str]:
    own = [p for p in scenario.smoke.players if p in module.PLAYERS] if settings.own_players else []
    return list(dict.fromkeys(["random", *own]))


def _sentence_of(renderer: object) -> Callable[[str], bool]:
    from admiralty.site.replaytext import COMMON_SENTENCES

    words = getattr(renderer, "replay", None)
    known = set(COMMON_SENTENCES) | set(words.sentences if words is not None else ())
    return lambda event_type: event_type in known


@dataclass
class _Seen:
    """What the games of one rule system recorded that the suite reports once each: event types without a
    sentence, and events that break their declaration (the first game showing each problem)."""

    declared: EventTypes[EventRecord] | None
    has_sentence: Callable[[str], bool] | None
    unread: set[str] = field(default_factory=set)
    undeclared: dict[str, str] = field(default_factory=dict)

    def read(self, label: str, events: Sequence[EventRecord]) -> None:
        for number, event in enumerate(events):
            kind = str(event.get("type", ""))
            if self.has_sentence is not None and not self.has_sentence(kind):
                self.unread.add(kind)
            if self.declared is None:
                continue
            for problem in self.declared.problems(event):
                key = f"{kind}: {problem}" if not problem.startswith("event type") else problem
                self.undeclared.setdefault(key, f"{label}, event {number}")

    def problems(self) -> list[str]:
        found = [f"{problem} (first in {where})" for problem, where in sorted(self.undeclared.items())]
        return found + [f"event type {t!r} has no sentence in the renderer's ReplayWords" for t in sorted(self.unread)]


def _one_game(module: GameModule, scenario: ScenarioModel, seed: int, player: str, settings: Settings,
              seen: _Seen) -> list[str]:
    from admiralty.engine.replay import play
    from admiralty.smoke.runner import Limits, play_smoke_game

    label = f"{scenario.id} seed {seed} ({player})"
    smoked = play_smoke_game(scenario, seed, player, limits=Limits(steps=settings.step_limit), check_replay=True,
                             module=module)
    if smoked.failure is not None:
        return [f"{label}: {smoked.failure}: {smoked.message}"]
    sides = module.new_game(scenario, seed, None).sides
    again = play(module, scenario, seed, dict.fromkeys(sides, player), step_limit=settings.step_limit)
    if again.event_hash != smoked.event_hash:
        return [f"{label}: not deterministic (event-log hash {smoked.event_hash[:12]} in the smoke runner, "
                f"{again.event_hash[:12]} played again)"]
    seen.read(label, again.events)
    return []


def game_problems(ruleset: Ruleset, scenarios: Sequence[ScenarioModel], settings: Settings = Settings()) -> list[str]:
    """Random (and the scenario's own) players on every scenario: to the end, invariants after every action,
    the replay check, the same game twice, every event recorded declared and matching its declaration, and a
    sentence for every event type recorded."""
    module = ruleset.game_module()
    renderer = load_object(ruleset.renderer) if ruleset.renderer else None
    seen = _Seen(ruleset.load_events(), _sentence_of(renderer) if renderer is not None else None)
    problems: list[str] = []
    for scenario in scenarios:
        for player in _players(module, scenario, settings):
            for seed in range(settings.seeds):
                problems += _one_game(module, scenario, seed, player, settings, seen)
    return problems + seen.problems()


def scenarios_of(name: str, corpus: Sequence[str | Path]) -> tuple[list[ScenarioModel], list[str]]:
    """The rule system's scenarios built from ``corpus``, and the corpus's error findings as problems."""
    from admiralty.validator.pipeline import validate

    validation = validate([str(p) for p in corpus])
    errors = [f"{d.file}:{d.line}:{d.column} {d.code} {d.message}" for d in validation.report.diagnostics
              if d.severity.value == "error"]
    return [s for s in validation.scenarios if s.ruleset == name], errors


def conformance(name: str, corpus: Sequence[str | Path], settings: Settings = Settings()) -> list[str]:
    """Every problem of rule system ``name`` (installed) against the contract, with ``corpus`` (folders or
    files holding at least one of its scenarios) to play; ``[]`` when it conforms."""
    ruleset = ruleset_named(name)
    problems = piece_problems(ruleset)
    if problems:
        return problems  # the games need the pieces
    problems += code_problems(ruleset)
    scenarios, errors = scenarios_of(name, corpus)
    problems += errors
    if not scenarios:
        return [*problems, f"no {name} scenario in {', '.join(map(str, corpus))} to play"]
    return problems + game_problems(ruleset, scenarios, settings)


def assert_conforms(name: str, corpus: Sequence[str | Path], settings: Settings = Settings()) -> None:
    """``conformance`` for a test: fails listing every problem."""
    problems = conformance(name, corpus, settings)
    assert not problems, f"rule system {name!r} breaks the contract:\n- " + "\n- ".join(problems)


__all__ = ["Settings", "assert_conforms", "code_problems", "conformance", "game_problems", "piece_problems"]
