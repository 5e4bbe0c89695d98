"""The event log hashed as it grows (issue 39): ``EventDigest`` fed the log in any chunks, as a game appends
to it, gives byte for byte ``event_log_hash`` of the whole log, the value the golden hashes record."""

from __future__ import annotations

import hashlib
import json

import pytest

from admiralty.engine.api import EventDigest, event_log_hash

EVENTS = [{"type": "game-started", "rule": "DN-5.1", "turn": 1, "seed": 7},
          {"type": "fleet-moved", "rule": "DN-5.1", "path": ["Q31", "R32"], "hidden": False, "é": "ü"},
          {"rule": "house", "type": "points", "points": 1.5, "nested": {"b": [1, {"z": None, "a": 2}], "a": 0}}]


def test_the_whole_log_hash_is_the_canonical_json_lines() -> None:
    text = "".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in EVENTS)
    assert event_log_hash(EVENTS) == hashlib.sha256(text.encode()).hexdigest()


def test_an_empty_log_hashes_to_the_digest_of_nothing() -> None:
    assert EventDigest().hexdigest() == event_log_hash([]) == hashlib.sha256(b"").hexdigest()


@pytest.mark.parametrize("cuts", [(), (1,), (1, 2), (2,), (0, 0, 3, 3)])
def test_feeding_the_log_as_it_grows_gives_the_same_hash_however_it_is_cut(cuts: tuple[int, ...]) -> None:
    log: list[dict[str, object]] = []
    digest = EventDigest()
    for cut in (*cuts, len(EVENTS)):
        log.extend(EVENTS[len(log):cut])
        digest.feed(log)
        assert digest.hashed == len(log)
    assert digest.hexdigest() == event_log_hash(EVENTS)
