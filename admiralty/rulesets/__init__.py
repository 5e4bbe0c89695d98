"""The bundled rule systems, one folder each, holding everything of that rule system: ``<name>/contract.py``
(the ``Ruleset`` naming its pieces), ``engine/`` (the rules), ``validator/``, ``site/``, ``schemas/``,
``tables.yaml`` and ``scaffold.py``.

Which rule systems exist is not written here: each publishes its ``Ruleset`` under the ``admiralty.rulesets``
entry points (pyproject.toml), as a plug-in from another distribution does, and the core finds them through
``admiralty.contract.rulesets()``."""
