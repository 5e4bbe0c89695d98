"""The scaffold of each bundled rule system (``<name>.SCAFFOLD``, named by its ``Ruleset.scaffold``)."""
