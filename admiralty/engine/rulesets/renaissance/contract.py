"""The renaissance rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

RULESET = Ruleset(
    name="renaissance",
    clause_prefix="RN",
    title="16th-century naval combat and transport",
    kinds=("map", "scenario", "tables"),
    schemas=package_path("schemas", "renaissance"),
    game="admiralty.engine.rulesets.renaissance.game",
    builder="admiralty.validator.rulesets.renaissance.build:build",
    checks=("admiralty.validator.rulesets.renaissance.checks", "admiralty.validator.rulesets.renaissance.geography"),
    tables=package_path("engine", "rulesets", "renaissance", "tables.yaml"),
    renderer="admiralty.site.rulesets.renaissance.pages:RENDERER",
    rules_page=package_path("site", "rulesets", "renaissance", "rules.md"),
    scaffold="admiralty.scaffold.rulesets.renaissance:SCAFFOLD",
    references="admiralty.validator.rulesets.renaissance.references:references",
    editor="admiralty.validator.rulesets.renaissance.editor:EDITOR",
)
