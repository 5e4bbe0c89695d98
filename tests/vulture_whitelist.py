"""Names vulture (the dead-code finder run by ``test_style.test_no_dead_code``) cannot see being used.

Each is used by something outside Python's own name look-up: a framework calling a method or hook by
name, a contract naming a module attribute by dotted path, a dataclass field that is part of a written
result (JSON, replay check) rather than read back here. Add a name only with the reason.
"""

# ruff: noqa: B018  (bare attribute expressions are how vulture whitelists are written)
from types import SimpleNamespace

_ = SimpleNamespace()

# Named by dotted path in each rule system's contract (admiralty/rulesets/<name>/contract.py).
_.RENDERER
_.SCAFFOLD
_.EDITOR
# Python calls a module's __getattr__ for a name it lacks (PEP 562: the rule-system packages' lazy names).
_.__getattr__
# MkDocs calls a plugin's event methods by name (admiralty/site/plugin.py).
_.on_config
_.on_files
_.on_page_markdown
_.on_post_page
_.on_post_template
_.on_post_build
_.on_serve
# Python-Markdown calls an extension's extendMarkdown; PyYAML calls a dumper's ignore_aliases.
_.extendMarkdown
_.ignore_aliases
# Parameters whose signature the caller fixes (PyYAML's increase_indent, a signal handler).
_.indentless
_.signum
# Fields of results that are written out (the replay check's JSON, the fuzz report, the tactical view
# a player reads, smoke statistics, the house tables document).
_.expected_hash
_.shrunk_steps
_.shrunk_lines
_.enemy_side
_.length_range
_.leader_return
# The documented vocabulary of a fuzz verdict's ``kind``.
_.FINDING_KINDS
# The hook a Dask worker calls on each preload module (admiralty/smoke/dask_child.py).
_.dask_setup
# pygls reads a JsonRpcException subclass's CODE as the error code it answers with (admiralty/lsp/bounds.py).
_.CODE
# Keys of the rule systems' declared event records (TypedDicts in rulesets/<name>/engine/events): each is a detail
# of the written event log, read back by the run-time check from the record's annotations
# (admiralty.engine.eventtypes), not by Python name look-up.
_.minelayer
_.new_fleet
_.for_turn
_.success
_.possible
_.supplier_fuel
_.from_hand
_.ignored_fives
_.returns_on
# Keys of TypedDicts written out as JSON and read back by key (the diff report, the fuzz summary).
_.won_before_only
_.won_after_only
_.before_mean
_.after_mean
_.mean_difference
_.sign_flip_p
_.newcombe95
_.independent95
_.discordant
_.identical_games
_.shift_of_interest
_.shifted_towards
_.largest_significant_shift
_.failed_on_shift
_.rejected_by_code
_.accepted_and_played
_.findings_by_kind
_.distinct_findings
# Keys of the replay viewer's TypedDicts (admiralty/site/replayview.py) written into the page's JSON for replay.js.
_.contacts
_.vp_label
_.loss_label
# TypedDict keys read by string (options["rounding_3_4"]), declared in NapoleonicOptions.
_.rounding_3_4
_.skirmisher_round_down
