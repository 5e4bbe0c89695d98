"""``admiralty diff``: what a change to a corpus does (semantic changes, balance shift, map pictures)."""
