"""Which engine modules the opt-in compiled build (``ADMIRALTY_COMPILE=1 pip install .``) compiles with mypyc.

One list, read by the build backend (to ask for mypy only when compiling), by setup.py (to compile), and by
tests/outside/test_compiled.py (to check that these are extension modules once installed). The
modules are the ones a smoke game spends its time in; each one left out says why, because the reason is what
decides whether it may come back (see README, "A compiled engine").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

# The mypy that compiles: pinned, so that one source tree always gives the same C (the version measured).
MYPY_REQUIREMENT = "mypy==2.4.1"

_DREADNOUGHT = "admiralty.rulesets.dreadnought.engine"
_TACTICAL = f"{_DREADNOUGHT}.tactical"
_RENAISSANCE = "admiralty.rulesets.renaissance.engine"
_NAPOLEONIC = "admiralty.rulesets.napoleonic.engine"

# Left out, and why:
# - the rule systems' model.py: dreadnought's and napoleonic's map and scenario classes inherit
#   engine.model.derived.Derived, whose cached values need an instance __dict__ (renaissance's inherits none,
#   but was not tried on its own: models are built once per scenario); compiled, dreadnought's fails ("attribute
#   '__dict__' of 'type' objects is not writable"; with engine/model/derived.py compiled too, the validator's
#   SeaMap.derived(...) fails: a native object has no __dict__); a profile of corpus games puts model.py at 1%;
# - package __init__.py files: registration and re-exports, run once at import;
# - smoke.runner (the sweep): its frozen dataclasses (Limits, Outcome) cross to pool workers by pickle, and a
#   mypyc class unpickles by setattr, which a frozen dataclass refuses (FrozenInstanceError: every worker
#   died); the per-move work it drives is compiled below anyway;
# - engine/api.py: its @runtime_checkable Protocol classes are not protocols once compiled (TypeError at import);
# - the rest of engine/ (dice, replay, tables, smoke's pool and statistics): not where a game spends
#   its time (each under 1% in that profile; the tactical battle modules and the rule systems' game, state
#   and player modules hold most of it). benchmarks/compiled.py gives the speed-up per scenario.
COMPILED_MODULES: tuple[str, ...] = (
    *(f"{_DREADNOUGHT}.{name}" for name in (
        "actions", "battle", "battle_types", "contact", "fuel", "game", "geography", "invariants", "losses",
        "mines", "missions", "movement", "orders", "players", "pursuit", "state", "tables", "towing",
        "victory", "view", "weather")),
    *(f"{_TACTICAL}.{name}" for name in (
        "damage", "detection", "grounding", "gunnery", "hexes", "map", "movement", "players", "resolver",
        "state", "torpedoes")),
    *(f"{_RENAISSANCE}.{name}" for name in (
        "battle", "cards", "combat", "dice", "game", "players", "retreat", "state", "tables",
        "transport", "turn_track")),
    *(f"{_NAPOLEONIC}.{name}" for name in (
        "bombardment", "buildings", "casualties", "checks", "fire", "game", "geometry",
        "howitzers", "penetration", "players", "rockets", "roster", "tables", "targets")),
    "admiralty.engine.events",
    "admiralty.engine.players",
)


_describing = False


def wanted() -> bool:
    """Whether this build compiles: only when asked for, so that the default install needs no compiler."""
    return os.environ.get("ADMIRALTY_COMPILE", "").strip().lower() in ("1", "true", "yes")


def compiling() -> bool:
    """Whether setup.py should compile now: asked for, and not while setuptools runs setup.py only to describe
    the build (its requirements: mypy is not installed yet, it is one of them; or its metadata: compiling
    there would run mypyc twice for nothing)."""
    return wanted() and not _describing


@contextmanager
def describing() -> Iterator[None]:
    """Within it, setup.py declares no extension modules (see ``compiling``)."""
    global _describing
    _describing = True
    try:
        yield
    finally:
        _describing = False


def source_paths() -> list[str]:
    """The modules as the paths mypyc takes, relative to the source tree."""
    return [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]
