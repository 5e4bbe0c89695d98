"""The renaissance rule system (RULES.md, RN-*): 16th-century naval combat and transport, in one folder.

``contract.py`` names every piece; ``engine/`` holds the rules, ``validator/`` the builder, checks and
editor support, ``site/`` the pages, maps and replay sentences, ``schemas/`` the document schemas,
``tables.yaml`` the house tables and ``scaffold.py`` what ``init`` and ``new`` write."""
