"""The contract between admiralty's core and a rule system, and the one registry that finds rule systems.

A rule system (bundled or installed from another distribution) is one ``Ruleset`` value published under
the ``admiralty.rulesets`` entry-point group::

    [project.entry-points."admiralty.rulesets"]
    dreadnought = "admiralty.rulesets.dreadnought.contract:RULESET"

The value names its pieces in every layer by dotted path (``"package.module"`` or ``"package.module:name"``)
and imports them only when a stage needs them, so that the engine never imports the validator, one rule
system's dependencies never slow another's start, and no core module names a rule system.

What the core needs of a built scenario, whatever its rule system, is ``ScenarioModel``; what it needs of a
rule system's game module is ``GameModule``.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.machinery
import importlib.util
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

from admiralty.engine.api import EventRecord
from admiralty.engine.eventtypes import EventTypes
from admiralty.engine.protocols import SCENARIO_MEMBERS, GameModule, Player, ScenarioModel, Sourced

__all__ = [  # the protocols a rule system's pieces satisfy are the engine's; plug-ins import them from here
    "SCENARIO_MEMBERS", "Check", "Code", "Differ", "EventRecord", "EventTypes", "GameModule", "Player", "Ruleset",
    "RulesetError", "Scaffold", "ScenarioModel", "Severity", "Sourced", "clause_pattern", "load_object",
    "ruleset_module", "ruleset_named", "rulesets", "starter_ruleset",
]

ENTRY_POINT_GROUP = "admiralty.rulesets"
NAME = re.compile(r"^[a-z][a-z0-9-]*$")
PREFIX = re.compile(r"^[A-Z]{2,4}$")
REFERENCE = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*(?::[A-Za-z_]\w*)?$")


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Code:
    """A stable diagnostic code with the explanation the site publishes (one page per code) and SARIF's help.
    A rule system lists its own in ``Ruleset.codes``; the core's are ``admiralty.validator.codes.CORE_CODES``."""

    code: str
    title: str
    explanation: str
    wrong: str = ""
    right: str = ""
    severity: Severity = Severity.ERROR
    origin: str = ""  # the rule system that lists the code ("" for the core's own): filled in when it is read


@dataclass(frozen=True)
class Check:
    """A semantic check: a function from one built model of type ``target`` (a map or a scenario class) and
    the validator's ``CheckContext`` to diagnostics, which may report ``codes``. Made by
    ``admiralty.validator.checks.check`` and listed by name in ``Ruleset.checks``; calling it calls the
    function. ``ruleset`` is filled in when the rule system that lists it is read."""

    name: str
    target: type
    codes: tuple[str, ...]
    function: Callable[..., Iterable[Any]]  # (a model of type ``target``, a CheckContext) -> its Diagnostics
    ruleset: str = ""

    def __call__(self, model: object, ctx: object) -> Iterable[Any]:
        return self.function(model, ctx)


@dataclass(frozen=True)
class Scaffold:
    """What ``admiralty init`` and ``admiralty new`` write for a rule system: starter ``documents`` (a path
    below ``scenarios/<name>/`` -> the YAML body, ``kind:`` first, without its modeline), the id of the example
    scenario ``init`` builds from them, the usual year of a new scenario, and the ``skeleton`` builder
    ``(head, built models, place or None, corpus) -> scenario document``, which raises
    ``admiralty.scaffold.skeleton.SkeletonError`` with a sentence for the author when the corpus lacks what
    a scenario needs."""

    documents: Mapping[str, str]
    scenario: str
    default_year: int
    skeleton: Callable[[Mapping[str, object], Sequence[object], str | None, str], dict[str, object]]


@runtime_checkable
class Differ(Protocol):
    """What ``admiralty diff`` asks of a rule system (optional: ``Ruleset.differ``). ``facts`` lists what a
    scenario means, grouped (``"ships"``, ``"orders"``, ``"zones"``...) as key -> a short readable value, so
    that two versions compare by meaning; ``uses`` names the documents a scenario is built from as
    ``(kind, id)``; ``map_pictures`` draws the map of both versions and an overlay of what changed between
    them (``"before"``, ``"after"``, ``"overlay"`` -> SVG text), or returns ``{}`` when there is no map."""

    def facts(self, scenario: ScenarioModel) -> Mapping[str, Mapping[str, str]]: ...

    def uses(self, scenario: ScenarioModel) -> set[tuple[str, str]]: ...

    def map_pictures(self, before: ScenarioModel, after: ScenarioModel) -> Mapping[str, str]: ...


class RulesetError(RuntimeError):
    """A registered rule system that breaks the contract (bad name, clash, missing piece)."""


def load_object(reference: str) -> Any:
    """``"package.module"`` (the module) or ``"package.module:attribute"`` (the attribute)."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class Ruleset:
    """One rule system, described by data: names, schemas, tables, and where each layer's piece lives.

    ``schemas`` is the folder holding ``<kind>.schema.json`` for each of ``kinds``; ``builder`` turns the
    schema-valid documents of this rule system into models (validator layer); ``checks`` names each ``Check`` that
    runs on those models (``"module:name"``), and ``codes`` the sequence of every ``Code`` the rule system's builder
    and checks report (``"module:name"``, a module of data that imports nothing heavy: the site and the editor read
    every rule system's codes without importing its checks); ``game`` is the ``GameModule``; ``renderer`` the site's
    part (a ``admiralty.site.pages.Renderer``); ``rules_page`` the Markdown rules reference the site publishes;
    ``scaffold`` writes a minimal corpus for ``admiralty init`` and ``new``; ``map_actions`` are the map tools it
    adds to ``admiralty map`` (action -> ``module:function(argv) -> exit code``); ``differ`` (optional) the
    ``Differ`` that ``admiralty diff`` compares two versions of a scenario with (without it the diff compares the
    built model's fields and draws no map); ``starter``: ``admiralty init`` starts a corpus of this rule system when
    the author names none (see ``starter_ruleset``).
    Optional, for incremental validation and the language server: ``references`` is a function
    ``(kind, data) -> [(kind, id), ...]`` naming the documents of the same rule system a document refers to
    (a scenario's map and catalogs), so that an edit re-validates only what depends on it (without it, any
    edit re-validates every document of the rule system); ``editor`` is an object implementing
    ``admiralty.lsp.support.EditorSupport`` (completion, hover, definition inside its documents).
    ``events`` names the rule system's event registry (``"module:EVENTS"``, an
    ``admiralty.engine.eventtypes.EventTypes``): every event type its game writes, declared as a ``TypedDict``
    (``type`` its kind, ``rule`` its clause, then its details); the conformance suite holds every event a random
    game writes against it, and the replay sentences read events as those records.
    """

    name: str
    clause_prefix: str
    title: str
    kinds: tuple[str, ...]
    schemas: Path
    game: str
    builder: str
    checks: tuple[str, ...] = ()
    codes: str | None = None
    tables: Path | None = None
    renderer: str | None = None
    rules_page: Path | None = None
    scaffold: str | None = None
    map_actions: Mapping[str, str] = field(default_factory=dict)
    source_folders: tuple[Path, ...] = field(default=())
    differ: str | None = None
    starter: bool = False
    references: str | None = None
    editor: str | None = None
    events: str | None = None

    def schema_path(self, kind: str) -> Path:
        return self.schemas / f"{kind}.schema.json"

    def game_module(self) -> GameModule:
        module: GameModule = self._piece("game", self.game)
        return module

    def build(self, loaded: Sequence[object], ctx: object) -> Any:
        """The builder's ``Built`` for this rule system's documents (``validator.build.Loaded`` items)."""
        return self._piece("builder", self.builder)(loaded, ctx)

    def document_references(self, kind: str, data: object) -> list[tuple[str, str]] | None:
        """The (kind, id) of the documents ``data`` refers to, or ``None`` when the rule system does not say."""
        if self.references is None:
            return None
        found: list[tuple[str, str]] = list(self._piece("references", self.references)(kind, data))
        return found

    def load_editor(self) -> Any:
        """The rule system's editor support for the language server, or ``None``."""
        return None if self.editor is None else self._piece("editor", self.editor)

    def load_events(self) -> EventTypes[EventRecord] | None:
        """The rule system's event registry (``events``), or ``None`` when it declares none."""
        if self.events is None:
            return None
        registry = self._piece("events", self.events)
        if not isinstance(registry, EventTypes):
            raise RulesetError(f"rule system {self.name!r}: events {self.events!r} is not an "
                               "admiralty.engine.eventtypes.EventTypes")
        return cast(EventTypes[EventRecord], registry)

    def load_scaffold(self) -> Scaffold | None:
        if self.scaffold is None:
            return None
        scaffold = self._piece("scaffold", self.scaffold)
        if not isinstance(scaffold, Scaffold):
            raise RulesetError(f"rule system {self.name!r}: {self.scaffold} is not an admiralty.contract.Scaffold")
        return scaffold

    def load_differ(self) -> Differ | None:
        if self.differ is None:
            return None
        differ = self._piece("differ", self.differ)
        if not isinstance(differ, Differ):
            raise RulesetError(f"rule system {self.name!r}: {self.differ} is not an admiralty.contract.Differ")
        return differ

    def _piece(self, what: str, reference: str) -> Any:
        """The object ``reference`` names, or ``RulesetError`` naming the rule system, the piece and why."""
        try:
            return load_object(reference)
        except Exception as error:  # an import error, a missing name: the author's, said in one sentence
            raise RulesetError(f"rule system {self.name!r}: {what} {reference!r} does not load: "
                               f"{type(error).__name__}: {error}") from error

    def load_codes(self) -> tuple[Code, ...]:
        """Every diagnostic code the rule system lists (``codes``), each checked to be a ``Code``."""
        if self.codes is None:
            return ()
        listed = self._piece("codes", self.codes)
        if isinstance(listed, (str, Code)) or not isinstance(listed, Iterable):
            raise RulesetError(f"rule system {self.name!r}: codes {self.codes!r} is not a sequence of "
                               "admiralty.contract.Code")
        found: list[Code] = []
        for entry in listed:
            if not isinstance(entry, Code):
                raise RulesetError(f"rule system {self.name!r}: codes {self.codes!r} holds {entry!r}, "
                                   "not an admiralty.contract.Code")
            found.append(dataclasses.replace(entry, origin=self.name))
        return tuple(found)

    def load_checks(self) -> tuple[Check, ...]:
        """Every check the rule system lists (``checks``), each checked to be a ``Check`` reporting only
        codes the rule system lists or the core's own (``core_codes``: the codes a check may share)."""
        found: list[Check] = []
        for reference in self.checks:
            entry = self._piece("check", reference)
            if not isinstance(entry, Check):
                raise RulesetError(f"rule system {self.name!r}: check {reference!r} is not an admiralty.contract."
                                   "Check (decorate the function with admiralty.validator.checks.check)")
            found.append(dataclasses.replace(entry, ruleset=self.name))
        return tuple(found)

    def verify(self, core_codes: Iterable[str] = ()) -> None:
        """Import every piece this description names and check it against its protocol; ``RulesetError``
        naming the first broken piece. ``core_codes``: the core's codes, which a check may report too."""
        self.check()
        unlisted = self.unlisted_codes(core_codes)
        if unlisted:
            raise RulesetError(unlisted[0])
        for what, reference in self.references_named():
            if what not in ("check", "codes"):
                self._piece(what, reference)
        self.load_scaffold()
        self.load_differ()
        self.load_events()

    def unlisted_codes(self, core_codes: Iterable[str] = ()) -> list[str]:
        """A sentence for each code a listed check reports that neither the rule system's codes nor
        ``core_codes`` list (a code without its explanation on the site); ``RulesetError`` for a broken piece."""
        known = {code.code for code in self.load_codes()} | set(core_codes)
        return [f"rule system {self.name!r}: check {reference!r} reports {code}, which its codes "
                f"({self.codes}) do not list" for reference, entry in zip(self.checks, self.load_checks(), strict=True)
                for code in entry.codes if code not in known]

    def references_named(self) -> list[tuple[str, str]]:
        """(what, dotted reference) of every piece this description names."""
        named = [("game", self.game), ("events", self.events), ("builder", self.builder),
                 *(("check", c) for c in self.checks),
                 ("codes", self.codes), ("renderer", self.renderer), ("scaffold", self.scaffold),
                 ("differ", self.differ), ("references", self.references), ("editor", self.editor),
                 *((f"map action {action!r}", r) for action, r in self.map_actions.items())]
        return [(what, reference) for what, reference in named if reference is not None]

    def check(self) -> None:
        """Raise ``RulesetError`` when this description breaks the contract: its name, clause prefix and
        schemas, and every dotted reference well formed with a module that exists (found without importing
        it, so that registering stays cheap; ``verify`` imports every piece)."""
        self.check_description()
        for what, reference in self.references_named():
            if not REFERENCE.match(reference):
                raise RulesetError(f"rule system {self.name!r}: {what} {reference!r} is not a dotted "
                                   "'package.module' or 'package.module:name'")
            if not _module_exists(reference.partition(":")[0]):
                raise RulesetError(f"rule system {self.name!r}: {what} {reference!r}: no module "
                                   f"{reference.partition(':')[0]!r} is installed")

    def check_description(self) -> None:
        """Raise ``RulesetError`` when the name, the clause prefix or a kind's schema breaks the contract."""
        if not NAME.match(self.name):
            raise RulesetError(f"rule system name {self.name!r} is not a lowercase id")
        if not PREFIX.match(self.clause_prefix):
            raise RulesetError(f"rule system {self.name!r}: clause prefix {self.clause_prefix!r} is not 2-4 capitals")
        missing = [kind for kind in self.kinds if not self.schema_path(kind).is_file()]
        if missing:
            raise RulesetError(f"rule system {self.name!r}: no schema for {', '.join(missing)} in {self.schemas}")


@cache
def _module_exists(module: str) -> bool:
    """Whether ``module`` is installed, looked up on disk below its top-level package without importing the
    packages between (an ``__init__`` may import much: the map tools' imports shapely's whole geometry).
    A top-level package that is not a folder of files (a zip) is taken on trust; ``verify`` imports it."""
    top, *below = module.split(".")
    found, folders = _top_level(top)
    if not found or not below:
        return found
    if folders is None:
        return False  # a plain module has no submodules
    if not all(folder.is_dir() for folder in folders):
        return True
    for part in below[:-1]:
        folders = [folder / part for folder in folders if (folder / part).is_dir()]
    last = below[-1]
    return any((folder / last).is_dir() or any((folder / f"{last}{suffix}").is_file()
                                               for suffix in importlib.machinery.all_suffixes())
               for folder in folders)


def _top_level(top: str) -> tuple[bool, list[Path] | None]:
    """Whether a top-level module is installed, and the folders of its package (``None`` for a plain module)."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False, None
    if spec is None:
        return False, None
    locations = spec.submodule_search_locations
    return True, None if locations is None else [Path(folder) for folder in locations]


@cache
def rulesets() -> Mapping[str, Ruleset]:
    """Every rule system installed, by name, found through the ``admiralty.rulesets`` entry points."""
    found: dict[str, Ruleset] = {}
    prefixes: dict[str, str] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        ruleset = point.load()
        if not isinstance(ruleset, Ruleset):
            raise RulesetError(f"entry point {point.name!r} ({point.value}) is not an admiralty.contract.Ruleset")
        ruleset.check()
        if ruleset.name in found or ruleset.clause_prefix in prefixes:
            clash = ruleset.name if ruleset.name in found else prefixes[ruleset.clause_prefix]
            raise RulesetError(f"rule system {ruleset.name!r} clashes with {clash!r} (name or clause prefix)")
        found[ruleset.name] = ruleset
        prefixes[ruleset.clause_prefix] = ruleset.name
    return found


def starter_ruleset() -> str | None:
    """The rule system ``admiralty init`` starts with by default: the first (by name) that says it is the
    starter, else the first installed; ``None`` when none is installed."""
    installed = rulesets()
    starters = [name for name, ruleset in installed.items() if ruleset.starter]
    candidates = starters or list(installed)
    return candidates[0] if candidates else None


def ruleset_named(name: str) -> Ruleset:
    """The rule system ``name``; ``KeyError`` naming the installed ones when there is none."""
    known = rulesets()
    if name not in known:
        raise KeyError(f"unknown rule system {name!r}; installed: {', '.join(sorted(known)) or 'none'}")
    return known[name]


def ruleset_module(name: str) -> GameModule:
    """The game module that plays rule system ``name``, typed as the contract's ``GameModule`` (its players,
    invariants and engine version are read through that protocol, not found by name); ``KeyError`` naming
    the installed ones otherwise."""
    return ruleset_named(name).game_module()


def clause_pattern() -> re.Pattern[str]:
    """A clause id of any installed rule system (``DN-7.42``, ``RN-16.3``)."""
    prefixes = "|".join(sorted(r.clause_prefix for r in rulesets().values())) or "(?!)"
    return re.compile(rf"\b(?:{prefixes})-[0-9A-Za-z][0-9A-Za-z.\-]*")
