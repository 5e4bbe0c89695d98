"""The convoy rule system's contract, registered under ``admiralty.rulesets`` by this distribution."""

from __future__ import annotations

from pathlib import Path

from admiralty.contract import Ruleset

HERE = Path(__file__).resolve().parent

RULESET = Ruleset(
    name="convoy",
    clause_prefix="CV",
    title="A convoy runs a raider's gauntlet (a plug-in example)",
    kinds=("scenario",),
    schemas=HERE / "schemas",
    game="admiralty_convoy.game",
    events="admiralty_convoy.game:EVENTS",
    builder="admiralty_convoy.build:build",
    checks=("admiralty_convoy.checks:escorts_enough",),
    codes="admiralty_convoy.checks:CODES",
    renderer="admiralty_convoy.site:RENDERER",
    rules_page=HERE / "rules.md",
    source_folders=(HERE,),
)
