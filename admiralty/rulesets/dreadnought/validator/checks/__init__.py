"""The dreadnought checks: the sea-zone graph, the geometry, and the rules' own constraints (each listed in
``admiralty.rulesets.dreadnought.contract``)."""
