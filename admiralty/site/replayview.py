"""A sample game to watch: the scenario's recorded smoke game (``<smoke>/replays/<id>-sample.jsonl``, kept by
the smoke stage) turn by turn under the scenario's map, no server needed.

The page carries the game as JSON in a ``<script type="application/json">`` block (``<``, ``>`` and ``&``
written as ``\\u`` escapes, so no author text in it can close the block); ``replay.js`` shows one turn's
events at a time and marks on the map every zone, sea, port, unit or battery those events name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from admiralty.site.text import attr, esc, html_block

MAX_EVENTS = 4000
SKIP = {"turn", "phase", "type", "rule", "log"}


def _short(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(_short(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value)


def _names(value: Any) -> list[str]:
    """Every plain string in an event's details: the ids the map may mark."""
    if isinstance(value, str):
        return [value, *value.split("/")] if "/" in value else [value]
    if isinstance(value, list):
        return [n for v in value for n in _names(v)]
    return []


def read_sample(smoke_dir: Path | None, scenario_id: str) -> dict[str, Any] | None:
    """The sample game's header and events, or ``None`` (no file, unreadable, or no events kept)."""
    if smoke_dir is None:
        return None
    path = Path(smoke_dir) / "replays" / f"{scenario_id}-sample.jsonl"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header, tail = json.loads(lines[0]), json.loads(lines[-1])
    except (OSError, ValueError, IndexError):
        return None
    events = tail.get("events") if isinstance(tail, dict) else None
    if not isinstance(header, dict) or not isinstance(events, list) or not events:
        return None
    return {"header": header, "events": [e for e in events[:MAX_EVENTS] if isinstance(e, dict)]}


def turns(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events grouped by turn: each with its lines of text (phase, event, details, rule) and the ids to mark."""
    out: list[dict[str, Any]] = []
    for event in events:
        turn = event.get("turn")
        if not out or out[-1]["turn"] != turn:
            out.append({"turn": turn, "events": [], "marks": []})
        details = ", ".join(f"{k}={_short(v)}" for k, v in event.items()
                            if k not in SKIP and v not in (None, False, "", [], {}))
        out[-1]["events"].append({"phase": str(event.get("phase", "")), "type": str(event.get("type", "")),
                                  "rule": str(event.get("rule", "")), "text": details})
        marks = out[-1]["marks"]
        for key, value in event.items():
            if key not in SKIP:
                marks.extend(n for n in _names(value) if n not in marks)
    return out


def _json(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def viewer(scenario_id: str, sample: dict[str, Any] | None, map_id: str) -> str:
    """The replay viewer block for a scenario page (a note when no sample game was kept)."""
    if sample is None:
        return ("No sample game was recorded when this site was built (run `admiralty smoke` before "
                "`admiralty docs`).\n")
    header = sample["header"]
    data = {"turns": turns(sample["events"]), "map": map_id}
    who = ", ".join(f"{side}: {kind}" for side, kind in sorted((header.get("players") or {}).items()))
    about = f"Seed {header.get('seed', '?')}; players {who or 'unknown'}; {len(sample['events'])} events."
    controls = ('<div class="replay-controls"><button type="button" data-step="-1">◀ Previous turn</button> '
                '<span class="replay-turn" aria-live="polite"></span> '
                '<button type="button" data-step="1">Next turn ▶</button></div>')
    return html_block(f'<div class="replay-viewer" data-map="{attr(map_id)}" data-scenario="{attr(scenario_id)}">'
                      f'<p class="replay-about">{esc(about)}</p>{controls}<ol class="replay-events"></ol>'
                      f'<script type="application/json" class="replay-data">{_json(data)}</script></div>',
                      "replay")
