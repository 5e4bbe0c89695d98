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
    schemas=package_path("rulesets", "dreadnought", "schemas"),
    game="admiralty.rulesets.dreadnought.engine.game",
    builder="admiralty.rulesets.dreadnought.validator.build:build",
    checks=("admiralty.rulesets.dreadnought.validator.checks",),
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
