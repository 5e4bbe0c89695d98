"""The committed North Sea map (issue 18): its size, and the Heligoland Bight, the Skagerrak and the English
east coast on it. What every committed map shares (made by the command from its spec, zero diagnostics alone,
one sea, ports on the coast, drawn islands inside one zone) is in test_committed_maps.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from admiralty.rulesets.dreadnought.validator.authoring.derive import map_geometry
from tests.authoring.committed_map import map_document

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return map_document("north-sea")


def test_its_size(document: dict[str, Any]) -> None:
    assert 250 <= map_geometry(document).graph.number_of_nodes() <= 320


def test_the_bight_the_skagerrak_and_the_english_east_coast_are_on_it(document: dict[str, Any]) -> None:
    names = {entry.get("name"): entry["id"] for entry in document["zones"] if entry.get("name")}
    assert {"Heligoland Bight", "Skagerrak", "Dogger Bank", "Off Scarborough", "Firth of Forth",
            "Jutland Bank"} <= set(names)  # fmt: skip
    graph = map_geometry(document).graph
    # the Skagerrak leads on east of Skagen, and the Bight and the Skagerrak are one sea with Scapa Flow's
    assert names["Skagerrak"] in graph and names["Heligoland Bight"] in graph
    ports = {port["id"]: port for port in document["ports"]}
    east_coast = ["scapa-flow", "rosyth", "tyne", "hartlepool", "scarborough", "humber", "yarmouth", "harwich"]
    german = ["wilhelmshaven", "cuxhaven", "emden", "heligoland"]
    assert set(east_coast + german) <= set(ports)
    assert all(ports[p]["nation"] == "britain" for p in east_coast)
    assert all(ports[p]["nation"] == "germany" for p in german)
    # Scarborough opens on the zone named for it, Heligoland on the Bight
    assert ports["scarborough"]["zones"] == [names["Off Scarborough"]]
    assert ports["heligoland"]["zones"] == [names["Heligoland Bight"]]
