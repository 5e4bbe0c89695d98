"""The dreadnought checks: the sea-zone graph, the geometry, and the rules' own constraints."""

from validator.checks.dreadnought import graph, orders, rules

__all__ = ["graph", "orders", "rules"]
