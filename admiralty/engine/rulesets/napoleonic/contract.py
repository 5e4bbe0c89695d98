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
    schemas=package_path("schemas", "napoleonic"),
    game="admiralty.engine.rulesets.napoleonic.game",
    builder="admiralty.validator.rulesets.napoleonic.build:build",
    checks=("admiralty.validator.rulesets.napoleonic.checks",),
    tables=package_path("engine", "rulesets", "napoleonic", "tables.yaml"),
    renderer="admiralty.site.rulesets.napoleonic.pages:RENDERER",
    rules_page=package_path("site", "rulesets", "napoleonic", "rules.md"),
    scaffold="admiralty.scaffold.rulesets.napoleonic:SCAFFOLD",
    references="admiralty.validator.rulesets.napoleonic.references:references",
    editor="admiralty.validator.rulesets.napoleonic.editor:EDITOR",
)
