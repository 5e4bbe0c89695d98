"""admiralty's home, in one place (issue 36, item 4): where its repository and its documentation are.

admiralty has no public home yet, so both are ``None`` and nothing admiralty writes points at a host or account
it does not control: ``admiralty init`` pins exactly what was installed (``admiralty.scaffold.pins``), diagnostics
link to the repository's own site when its project file or ``mkdocs.yml`` names one
(``admiralty.validator.diagnostics.code_page``), else nowhere. When a public home exists, set it here (and tag
releases as docs/ci.md says); ``tests/test_home.py`` holds every URL the package writes to an allow-list made of
these and of standard hosts.
"""

from __future__ import annotations

REPOSITORY: str | None = None
"""The public git repository (``https://...``), or ``None`` while there is none."""

DOCUMENTATION: str | None = None
"""The published reference site (``https://.../``; code pages at ``codes/<code>/``), or ``None``."""
