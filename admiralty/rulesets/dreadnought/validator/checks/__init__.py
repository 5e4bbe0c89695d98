"""The dreadnought checks: the sea-zone graph, the geometry, and the rules' own constraints."""

from admiralty.rulesets.dreadnought.validator.checks import geometry, graph, orders, rules, sides

__all__ = ["geometry", "graph", "orders", "rules", "sides"]
