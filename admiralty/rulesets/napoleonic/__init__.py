"""The napoleonic rule system (RULES.md, NA-*): tabletop artillery, in one folder.

``contract.py`` names every piece; ``engine/`` holds the rules, ``validator/`` the builder, checks and
editor support, ``site/`` the pages, tables and replay sentences, ``schemas/`` the document schemas,
``tables.yaml`` the house tables and ``scaffold.py`` what ``init`` and ``new`` write."""
