"""The dreadnought rule system (RULES.md, DN-*): WWI naval operations and battles, in one folder.

``contract.py`` names every piece; ``engine/`` holds the rules, ``validator/`` the builder, checks, map
authoring and editor support, ``site/`` the pages, maps, replay sentences and differ, ``schemas/`` the
document schemas, ``tables.yaml`` the house tables and ``scaffold.py`` what ``init`` and ``new`` write."""
