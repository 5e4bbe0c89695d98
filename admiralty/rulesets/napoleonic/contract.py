"""The napoleonic rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code. Its checks and its diagnostic codes are listed here, each by name: nothing registers
itself on import."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

VALIDATOR = "admiralty.rulesets.napoleonic.validator"

RULESET = Ruleset(
    name="napoleonic",
    clause_prefix="NA",
    title="tabletop artillery",
    kinds=("scenario", "table", "tables"),
    schemas=package_path("rulesets", "napoleonic", "schemas"),
    game="admiralty.rulesets.napoleonic.engine.game",
    events="admiralty.rulesets.napoleonic.engine.events:EVENTS",
    builder="admiralty.rulesets.napoleonic.validator.build:build",
    checks=(
        f"{VALIDATOR}.checks:terrain_is_valid_and_on_the_table",
        f"{VALIDATOR}.checks:everything_on_the_table",
        f"{VALIDATOR}.checks:units_do_not_overlap",
        f"{VALIDATOR}.checks:nobody_in_a_building",
        f"{VALIDATOR}.checks:batteries_are_sound",
        f"{VALIDATOR}.checks:planned_targets_in_sight_and_range",
        f"{VALIDATOR}.checks:howitzers_formed_before_play",
        f"{VALIDATOR}.checks:sides_on_the_table",
        f"{VALIDATOR}.fireline:fire_lines_clear_of_friends",
    ),
    codes=f"{VALIDATOR}.codes:CODES",
    tables=package_path("rulesets", "napoleonic", "tables.yaml"),
    renderer="admiralty.rulesets.napoleonic.site.pages:RENDERER",
    rules_page=package_path("rulesets", "napoleonic", "site", "rules.md"),
    scaffold="admiralty.rulesets.napoleonic.scaffold:SCAFFOLD",
    references="admiralty.rulesets.napoleonic.validator.references:references",
    editor="admiralty.rulesets.napoleonic.validator.editor:EDITOR",
    differ="admiralty.rulesets.napoleonic.site.diff",
)
