"""The dreadnought ruleset: WWI operational and tactical naval warfare (RULES.md, DN-*)."""
