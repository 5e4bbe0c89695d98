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
    schemas=package_path("rulesets", "renaissance", "schemas"),
    game="admiralty.rulesets.renaissance.engine.game",
    builder="admiralty.rulesets.renaissance.validator.build:build",
    checks=("admiralty.rulesets.renaissance.validator.checks", "admiralty.rulesets.renaissance.validator.geography",
            "admiralty.rulesets.renaissance.validator.powers"),
    tables=package_path("rulesets", "renaissance", "tables.yaml"),
    renderer="admiralty.rulesets.renaissance.site.pages:RENDERER",
    rules_page=package_path("rulesets", "renaissance", "site", "rules.md"),
    scaffold="admiralty.rulesets.renaissance.scaffold:SCAFFOLD",
    references="admiralty.rulesets.renaissance.validator.references:references",
    editor="admiralty.rulesets.renaissance.validator.editor:EDITOR",
)
