"""Build the renaissance model from plain mappings in the YAML shapes authors write (FORMAT.md).

No checking beyond what building needs: the validator reports problems with lines and hints first. These
functions are the reference for which keys the engine reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import (
    UNIT_KINDS,
    Battle,
    CardScript,
    GalleassesPlay,
    LandFormation,
    Leader,
    NavalAction,
    Port,
    RenaissanceMap,
    RenaissanceScenario,
    Sea,
    Transport,
    Units,
)

Doc = Mapping[str, Any]


def map_from_document(doc: Doc) -> RenaissanceMap:
    """A ``kind: map`` document: ``seas`` ({id, name, kind}), ``ports`` ({id, name, seas, power}),
    ``adjacency`` (pairs of sea ids)."""
    return RenaissanceMap(
        id=doc["id"],
        title=doc.get("title", doc["id"]),
        seas={s["id"]: Sea(s["id"], s.get("name", s["id"]), s["kind"]) for s in doc.get("seas", [])},
        ports={
            p["id"]: Port(p["id"], p.get("name", p["id"]), tuple(p["seas"]), p["power"])
            for p in doc.get("ports", [])
        },
        adjacency=tuple((a, b) for a, b in doc.get("adjacency", [])),
    )


def units_from_entry(entry: Doc) -> Units:
    """One ``units`` entry ({at, power, galleys, galleons, flush_deck_galleons, corsairs, armada})."""
    return Units(**{kind: int(entry.get(kind, 0)) for kind in UNIT_KINDS})


def action_from_entry(entry: Doc) -> NavalAction:
    """One ``actions`` entry: ``{kind: combat, attacker, defender, at, turn?, cards?}`` or
    ``{kind: transport, power, formation, from, to, turn?}``."""
    turn = entry.get("turn")
    if entry["kind"] == "transport":
        return Transport(entry["power"], entry["formation"], entry["from"], entry["to"], turn)
    cards = entry.get("cards")
    script = None
    if cards is not None:
        galleasses = cards.get("galleasses")
        script = CardScript(
            attacker=tuple(cards["attacker"]) if "attacker" in cards else None,
            defender=tuple(cards["defender"]) if "defender" in cards else None,
            galleasses=GalleassesPlay(galleasses["by"], galleasses["side"]) if galleasses else None,
            galleasses_scripted="galleasses" in cards,
        )
    return Battle(entry["attacker"], entry["defender"], entry["at"], script, turn)


def scenario_from_documents(doc: Doc, map_doc: Doc) -> RenaissanceScenario:
    """A ``kind: scenario`` document with the map document it names."""
    units: dict[str, dict[str, Units]] = {}
    for entry in doc.get("units", []):
        here = units.setdefault(entry["at"], {})
        here[entry["power"]] = here.get(entry["power"], Units()).merge(units_from_entry(entry))
    return RenaissanceScenario(
        id=doc["id"],
        title=doc.get("title", doc["id"]),
        map=map_from_document(map_doc),
        powers=tuple(doc["powers"]),
        units=units,
        leaders={
            e["id"]: Leader(e["id"], e["power"], int(e.get("battle_rating", 0)), e.get("at"))
            for e in doc.get("leaders", [])
        },
        formations={
            e["id"]: LandFormation(e["id"], e["power"], e["at"], int(e.get("strength", 1)))
            for e in doc.get("formations", [])
        },
        dry_dock=frozenset(doc.get("dry_dock", [])),
        actions=tuple(action_from_entry(e) for e in doc.get("actions", [])),
        hands={power: tuple(cards) for power, cards in doc.get("hands", {}).items()},
        alliances=tuple(tuple(group) for group in doc.get("alliances", [])),
    )
