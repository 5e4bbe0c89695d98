"""Typed objects shared by every ruleset. Each ruleset's own objects live in its plug-in folder
(``rulesets/<name>/engine/model.py``) so that adding a ruleset touches no core folder."""

from admiralty.engine.model.common import Smoke, Source

__all__ = ["Smoke", "Source"]
