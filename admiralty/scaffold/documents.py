"""What ``admiralty init`` needs to know of a starter document: its kind, from its first line. The starter
documents themselves belong to each rule system's ``Scaffold`` (``admiralty.contract``)."""

from __future__ import annotations


def kind_of(text: str) -> str:
    """The ``kind:`` a starter document declares on its first line."""
    first = text.splitlines()[0]
    return first.removeprefix("kind:").strip()
