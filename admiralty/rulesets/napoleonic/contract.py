"""The napoleonic rule system's contract: where each of its pieces lives, layer by layer (see
``admiralty.contract``). Registered under the ``admiralty.rulesets`` entry-point group in pyproject.toml;
the pieces are named by dotted path and imported only when a stage needs them, so the engine imports no
validator or site code."""

from __future__ import annotations

from admiralty.contract import Ruleset
from admiralty.resources import package_path

RULESET = Ruleset(
    name="napoleonic",
    clause_prefix="NA",
    title="tabletop artillery",
    kinds=("scenario", "table", "tables"),
    schemas=package_path("rulesets", "napoleonic", "schemas"),
    game="admiralty.rulesets.napoleonic.engine.game",
    builder="admiralty.rulesets.napoleonic.validator.build:build",
    checks=("admiralty.rulesets.napoleonic.validator.checks", "admiralty.rulesets.napoleonic.validator.fireline"),
    tables=package_path("rulesets", "napoleonic", "tables.yaml"),
    renderer="admiralty.rulesets.napoleonic.site.pages:RENDERER",
    rules_page=package_path("rulesets", "napoleonic", "site", "rules.md"),
    scaffold="admiralty.rulesets.napoleonic.scaffold:SCAFFOLD",
    references="admiralty.rulesets.napoleonic.validator.references:references",
    editor="admiralty.rulesets.napoleonic.validator.editor:EDITOR",
    differ="admiralty.rulesets.napoleonic.site.diff",
)
