"""The renaissance rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code. Its checks and its diagnostic codes are listed here, each by name: nothing registers
itself on import."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

VALIDATOR = "admiralty.rulesets.renaissance.validator"

RULESET = Ruleset(
    name="renaissance",
    clause_prefix="RN",
    title="16th-century naval combat and transport",
    kinds=("map", "scenario", "tables"),
    schemas=package_path("rulesets", "renaissance", "schemas"),
    game="admiralty.rulesets.renaissance.engine.game",
    events="admiralty.rulesets.renaissance.engine.events:EVENTS",
    builder="admiralty.rulesets.renaissance.validator.build:build",
    checks=(
        f"{VALIDATOR}.checks:sea_zone_graph",
        f"{VALIDATOR}.checks:units_where_their_power_may_be",
        f"{VALIDATOR}.checks:corsairs_are_ottoman",
        f"{VALIDATOR}.checks:actions_in_order_between_enemies",
        f"{VALIDATOR}.checks:scripted_actions_can_be_played",
        f"{VALIDATOR}.checks:scripted_cards_can_be_played",
        f"{VALIDATOR}.geography:positions_are_sane",
        f"{VALIDATOR}.powers:powers_that_take_part",
    ),
    codes=f"{VALIDATOR}.codes:CODES",
    tables=package_path("rulesets", "renaissance", "tables.yaml"),
    renderer="admiralty.rulesets.renaissance.site.pages:RENDERER",
    rules_page=package_path("rulesets", "renaissance", "site", "rules.md"),
    scaffold="admiralty.rulesets.renaissance.scaffold:SCAFFOLD",
    references="admiralty.rulesets.renaissance.validator.references:references",
    editor="admiralty.rulesets.renaissance.validator.editor:EDITOR",
)
