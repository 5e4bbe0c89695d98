"""The dreadnought rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code. Its checks and its diagnostic codes are listed here, each by name: nothing registers
itself on import."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

VALIDATOR = "admiralty.rulesets.dreadnought.validator"

RULESET = Ruleset(
    name="dreadnought",
    clause_prefix="DN",
    title="WWI naval operations and battles",
    kinds=("map", "ships", "scenario", "tables"),
    schemas=package_path("rulesets", "dreadnought", "schemas"),
    game="admiralty.rulesets.dreadnought.engine.game",
    events="admiralty.rulesets.dreadnought.engine.events:EVENTS",
    builder="admiralty.rulesets.dreadnought.validator.build:build",
    checks=(
        f"{VALIDATOR}.checks.geometry:polygons_are_valid",
        f"{VALIDATOR}.checks.geometry:zones_do_not_overlap",
        f"{VALIDATOR}.checks.geometry:declared_adjacency_matches_geometry",
        f"{VALIDATOR}.checks.geometry:ports_are_on_the_coast",
        f"{VALIDATOR}.checks.geometry:islands_lie_in_one_zone",
        f"{VALIDATOR}.checks.geometry:zone_kinds_match_the_coast",
        f"{VALIDATOR}.checks.geometry:minefields_lie_on_borders",
        f"{VALIDATOR}.checks.graph:self_adjacent_pairs",
        f"{VALIDATOR}.checks.graph:one_connected_sea",
        f"{VALIDATOR}.checks.graph:ports_open_on_the_sea",
        f"{VALIDATOR}.checks.orders:orders_follow_adjacency",
        f"{VALIDATOR}.checks.orders:two_zones_only_for_fast_fleets",
        f"{VALIDATOR}.checks.orders:aborting_fleets_head_home",
        f"{VALIDATOR}.checks.orders:colliers_and_tankers_avoid_enemy_ports",
        f"{VALIDATOR}.checks.orders:escorts_are_set_up",
        f"{VALIDATOR}.checks.rules:fleet_nationality",
        f"{VALIDATOR}.checks.rules:mission_ship_types",
        f"{VALIDATOR}.checks.rules:raid_limits",
        f"{VALIDATOR}.checks.rules:no_abort_at_start",
        f"{VALIDATOR}.checks.rules:planned_movement",
        f"{VALIDATOR}.checks.rules:orders_two_turns_ahead",
        f"{VALIDATOR}.checks.sides:sides_that_play_and_can_win",
    ),
    codes=f"{VALIDATOR}.codes:CODES",
    tables=package_path("rulesets", "dreadnought", "tables.yaml"),
    renderer="admiralty.rulesets.dreadnought.site.pages:RENDERER",
    rules_page=package_path("rulesets", "dreadnought", "site", "rules.md"),
    scaffold="admiralty.rulesets.dreadnought.scaffold:SCAFFOLD",
    differ="admiralty.rulesets.dreadnought.site.diff",
    starter=True,  # the bundled corpus's largest rule system: what `admiralty init` starts with
    references="admiralty.rulesets.dreadnought.validator.references:references",
    editor="admiralty.rulesets.dreadnought.validator.editor:EDITOR",
    map_actions={"from-geojson": "admiralty.rulesets.dreadnought.validator.authoring.cli:map_from_geojson"},
)
