"""The starter documents ``admiralty init`` writes, one small set per bundled rule system: a map (or a
table) and ship catalogs that validate, kept as YAML text so that the author reads them as they will be
written. The scenario is not here: ``admiralty init`` writes it with the same skeleton builder as
``admiralty new scenario``, from these documents, so the two can never disagree.

Each entry is a path below ``scenarios/<ruleset>/`` and the document without its modeline (the modeline is
relative to where the file lands, so it is added when writing).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Starter:
    """A rule system's starter corpus: its documents (folder/file -> YAML body, kind first) and the id of
    the example scenario built from them."""

    documents: dict[str, str]
    scenario: str


DREADNOUGHT_MAP = """\
kind: map
ruleset: dreadnought
id: narrow-sea
title: A narrow sea (starter map)
description: |
  A four-by-four grid of 10-unit sea zones between two coasts, to start from. Replace it with your own
  map: `admiralty map from-geojson --help` builds one from coastlines and a grid.
grid:
  rows: [A, D]
  columns: [1, 4]
  cell: 10
  origin: [0, 0]
zones:
  - {id: B2, name: The Narrows}
land:
  - id: westland
    name: Westland
    nation: germany
    polygon: [[0, 0], [10, 0], [10, 20], [0, 20]]
  - id: eastland
    name: Eastland
    nation: britain
    polygon: [[30, 0], [40, 0], [40, 10], [30, 10]]
  - id: rock
    name: The Rock
    nation: britain
    polygon: [[22, 32], [24, 32], [24, 34], [22, 34]]
ports:
  - {id: westhaven, name: Westhaven, nation: germany, at: [10, 15]}
  - {id: eastport, name: Eastport, nation: britain, at: [35, 10]}
adjacency: derived
"""

DREADNOUGHT_GERMANY = """\
kind: ships
ruleset: dreadnought
id: germany-1916
nation: germany
title: Light cruisers of the Kaiserliche Marine (starter catalog)
classes:
  - id: wiesbaden
    name: Wiesbaden
    type: CL
    speed: "2"
    hull: 5
    armoured: true
    fuel: {kind: coal, boxes: 6}
    gunnery: {primary: 3, secondary: 0, tertiary: 0}
    torpedo: 2
    victory_points: 10
ships:
  - {name: Frankfurt, class: wiesbaden, leader: true}
  - {name: Wiesbaden, class: wiesbaden}
"""

DREADNOUGHT_BRITAIN = """\
kind: ships
ruleset: dreadnought
id: britain-1916
nation: britain
title: Light cruisers of the Royal Navy (starter catalog)
classes:
  - id: arethusa
    name: Arethusa
    type: CL
    speed: "2"
    hull: 4
    armoured: true
    fuel: {kind: oil, boxes: 5}
    gunnery: {primary: 2, secondary: 1, tertiary: 1}
    torpedo: 2
    victory_points: 8
ships:
  - {name: Arethusa, class: arethusa, leader: true}
  - {name: Aurora, class: arethusa}
"""

RENAISSANCE_MAP = """\
kind: map
ruleset: renaissance
id: inner-sea
title: An inner sea (starter map)
description: |
  Three sea zones and three ports, to start from. Each sea is Mediterranean (a galley rolls two dice
  there) or Atlantic (one); a port opens on the seas next to it.
seas:
  - {id: western-basin, name: Western Basin, kind: mediterranean}
  - {id: eastern-basin, name: Eastern Basin, kind: mediterranean}
  - {id: outer-ocean, name: Outer Ocean, kind: atlantic}
ports:
  - {id: san-marco, name: San Marco, seas: [western-basin], power: venice}
  - {id: kalkan, name: Kalkan, seas: [eastern-basin], power: ottoman}
  - {id: porto-fino, name: Porto Fino, seas: [western-basin, outer-ocean], power: hapsburg}
adjacency:
  - [western-basin, eastern-basin]
  - [western-basin, outer-ocean]
"""

NAPOLEONIC_TABLE = """\
kind: table
ruleset: napoleonic
id: village-field
title: A village and a field (starter table)
description: |
  A 120 by 80 cm table with one village in the middle of the northern half and a wood to its west. North
  is the top of the table.
size: [120, 80]
terrain:
  - id: village
    name: The village
    kind: built-up
    polygon: [[50, 50], [70, 50], [70, 64], [50, 64]]
  - id: wood
    name: The wood
    kind: cover
    polygon: [[8, 44], [30, 44], [30, 66], [8, 66]]
"""

STARTERS: dict[str, Starter] = {
    "dreadnought": Starter({"maps/narrow-sea.yaml": DREADNOUGHT_MAP, "ships/germany-1916.yaml": DREADNOUGHT_GERMANY,
                            "ships/britain-1916.yaml": DREADNOUGHT_BRITAIN}, "first-sortie-1916"),
    "renaissance": Starter({"maps/inner-sea.yaml": RENAISSANCE_MAP}, "galley-fight-1560"),
    "napoleonic": Starter({"tables/village-field.yaml": NAPOLEONIC_TABLE}, "village-fight-1813"),
}
"""The bundled rule systems' starters; ``admiralty init --ruleset NAME`` picks one."""


def kind_of(text: str) -> str:
    """The ``kind:`` a starter document declares on its first line."""
    first = text.splitlines()[0]
    return first.removeprefix("kind:").strip()
