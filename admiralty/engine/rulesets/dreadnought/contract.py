"""The dreadnought rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

RULESET = Ruleset(
    name="dreadnought",
    clause_prefix="DN",
    title="WWI naval operations and battles",
    kinds=("map", "ships", "scenario", "tables"),
    schemas=package_path("schemas", "dreadnought"),
    game="admiralty.engine.rulesets.dreadnought.game",
    builder="admiralty.validator.rulesets.dreadnought.build:build",
    checks=("admiralty.validator.rulesets.dreadnought.checks",),
    tables=package_path("engine", "rulesets", "dreadnought", "tables.yaml"),
    renderer="admiralty.site.rulesets.dreadnought.pages:RENDERER",
    rules_page=package_path("site", "rulesets", "dreadnought", "rules.md"),
    scaffold="admiralty.scaffold.rulesets.dreadnought:SCAFFOLD",
    differ="admiralty.site.rulesets.dreadnought.diff",
    starter=True,  # the bundled corpus's largest rule system: what `admiralty init` starts with
    references="admiralty.validator.rulesets.dreadnought.references:references",
    editor="admiralty.validator.rulesets.dreadnought.editor:EDITOR",
    map_actions={"from-geojson": "admiralty.validator.rulesets.dreadnought.authoring.cli:map_from_geojson"},
)
