"""The dreadnought checks: the sea-zone graph, the geometry, and the rules' own constraints."""

from admiralty.rulesets.dreadnought.validator.checks import geometry, graph, orders, rules

__all__ = ["geometry", "graph", "orders", "rules"]
