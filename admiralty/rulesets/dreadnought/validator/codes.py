"""Every diagnostic code the dreadnought rule system reports (its builder's and its checks'), listed in its
``Ruleset.codes``: data only, so that the site and the editor read them without importing the checks. The
bounds a code's text quotes stand here too; the builder imports them."""

from __future__ import annotations

from admiralty.contract import Code, Severity

MAX_GRID_CELLS = 25_000  # the Adriatic has 440; a 20,000-zone map (issue 20) checks in about 2 s of CPU and
# 130 MB (benchmarks/growth.py), and the bound leaves room for its 20,001-cell grid
MAX_COORDINATE = 1e9  # a grid's cell and origin; past this the geometry overflows or rounds away whole cells
MAX_ORIGIN_IN_CELLS = 1e6  # the origin's distance from (0, 0) in cells: doubles then keep cells exact to 1e-10

CODES: tuple[Code, ...] = (
    # build.py
    Code("GRA005", "Grid too large or empty", f"A map's grid has more than {MAX_GRID_CELLS:,} cells (rows times "
         "columns), or none because its rows or columns run backwards (rows: [AA, A]). The geometry checks grow "
         "with the cells, and no sea map needs that many; a grid this large is a mistake (a column range typed "
         "with an extra digit) or an attempt to make the validator run out of time or memory. A range is written "
         "first to last.", wrong="grid: {rows: [A, ZZ], columns: [1, 9999], cell: 10}",
         right="grid: {rows: [K, AF], columns: [10, 29], cell: 10}"),
    Code("GRA006", "Grid out of numeric range", f"A map's grid has a cell or origin beyond {MAX_COORDINATE:g}, or "
         f"an origin more than {MAX_ORIGIN_IN_CELLS:g} cells from (0, 0). The geometry is computed in floating "
         "point: cells that small beside their coordinates round into each other and the zones, borders and "
         "coasts derived from them would be wrong.", wrong="grid: {rows: [A, B], columns: [1, 2], cell: 1e-9, "
         "origin: [-1000000000, 5]}", right="grid: {rows: [A, B], columns: [1, 2], cell: 10, origin: [0, 0]}"),
    # map_build.py
    Code("GRA007", "No sea on the grid", "Every cell of a map's grid is land, so the map has no sea zone. This "
         "happens when the land and the grid are drawn in different units (a cell of 1e-9 over coasts hundreds of "
         "units long) or the grid sits wholly inside a landmass. Each zone, port and order of the map would "
         "otherwise be reported as unknown; this one error replaces them all, and the map's scenarios are not "
         "checked further.", wrong="grid: {rows: [K, AF], columns: [10, 29], cell: 1e-9}  # land in units of 10",
         right="grid: {rows: [K, AF], columns: [10, 29], cell: 10}"),
    # features.py
    Code("REF030", "Map feature off the map",
         "A scenario's map feature (`features:`) names a zone or port that the scenario's map does not have, "
         "gives a point that lies outside every zone of the map, or has too few places for its kind (a line "
         "needs two, an area of points three).",
         wrong="through: [otranto, AC99]", right="through: [otranto, AC26]"),
    # checks/graph.py
    Code("GRA001", "Zone adjacent to itself", "An adjacency pair or blocked border names the same zone "
         "twice.", wrong="adjacency: [[Q31, Q31]]", right="adjacency: [[Q31, Q32]]"),
    Code("GRA002", "Sea zones not connected", "Some sea zones cannot be reached from the others along "
         "adjacency: a fleet could never get there. The diagnostic lists each separate group of zones. Add "
         "the missing adjacency, remove a wrong blocked border, or check the land that cuts the sea in two.",
         wrong="zones A1, A2 | B5, B6 with no border between the groups",
         right="adjacency: [[A2, B5]] (or a shared border that is not all land)"),
    Code("GRA003", "Port opens on no sea zone", "A port must open onto at least one sea zone, or no "
         "fleet can leave it. Move the port onto the coast next to a zone, or list its `zones:`.",
         wrong="at: [12.0, 40.0]   # far inland", right="at: [10.0, 15.0]   # on the coast"),
    # checks/geometry.py
    Code(
        "GEO001",
        "Invalid polygon",
        "A zone or land polygon is not a valid simple polygon (it crosses "
        "itself, or has too few distinct points). The message says why and where, from shapely's "
        "`explain_validity`.",
        wrong="polygon: [[0, 0], [10, 10], [10, 0], [0, 10]]   # a bow tie",
        right="polygon: [[0, 0], [10, 0], [10, 10], [0, 10]]",
    ),
    Code(
        "GEO002",
        "Zones overlap",
        "Two sea zones cover the same water; every point of the sea belongs to one zone.",
        wrong="two free-form zones drawn over each other",
        right="zones that meet along a border",
    ),
    Code(
        "GEO003",
        "Declared adjacent, but no shared sea border",
        "The adjacency list says two zones are "
        "adjacent, but their polygons share no border of positive length that is not all land: a gap, a "
        "corner, or land between them.",
        wrong="adjacency: [[A1, A3]]   # A2 lies between",
        right="adjacency: [[A1, A2], [A2, A3]]",
    ),
    Code(
        "GEO004",
        "Shared sea border not declared",
        "Two zones share a border of sea, but the adjacency "
        "list leaves them out. Declare them adjacent, or list the border under `blocked:` if it may not be "
        "crossed.",
        wrong="adjacency: []   # A1 and A2 touch",
        right="adjacency: [[A1, A2]]",
    ),
    Code(
        "GEO005",
        "Port not on the coast",
        "A port's point must lie on a coastline, within a twentieth of a cell of a land boundary.",
        wrong="at: [14.0, 40.0]   # in the middle of the sea or far inland",
        right="at: [10.0, 15.0]   # on the coast",
    ),
    Code(
        "GEO006",
        "Port does not touch its zones",
        "Every zone a port opens on must touch the port's point.",
        wrong="zones: [A1]   # far from the port",
        right="zones: [C2]",
    ),
    Code(
        "GEO007",
        "Island split between zones",
        "An island (land wholly inside the map) must lie inside "
        "exactly one sea zone: the tactical battle puts it in the centre hexes of that zone (DN-7.41b).",
        wrong="an island drawn across the border of B2 and B3",
        right="the island inside B2",
    ),
    Code(
        "GEO008",
        "Minefield not on a shared border",
        "A minefield lies along the border of two zones that share a border (DN-13).",
        wrong="between: [A1, C3]",
        right="between: [A1, A2]",
    ),
    Code(
        "GEO009",
        "Zone kind does not match the coast",
        "A zone declared `open` touches land, or one declared `coastal` touches none. Leave `kind` out to have it "
        "derived.",
        wrong="kind: open   # but the zone touches Italy",
        right="kind: coastal",
    ),
    # checks/orders.py
    Code(
        "GRA004",
        "Order is not a legal move",
        "Each turn a fleet enters a zone adjacent to where it is "
        "(a fleet in port enters a zone the port opens on), or a port that opens on its zone. The first "
        "order starts from the fleet's `start`. A move across land, or a jump, is refused.",
        wrong="start: cattaro\norders: [Q31]   # far from Cattaro",
        right="start: cattaro\norders: [U27]",
    ),
    Code(
        "DN-5.11a",
        "Two zones in a turn need a fast fleet",
        "Only a fleet whose every ship is speed "
        '"2" or "2+" may enter two zones in one turn (`A/B`). Split the move over two turns or take the '
        "slow ships out of the fleet.",
        wrong="ships: [Canada, Superb]   # speed 1\norders: [V8/U7]",
        right="orders: [V8, U7]",
    ),
    Code(
        "DN-5.2-abort",
        "Aborting fleet must head home",
        "After an abort, every move must take the fleet to "
        "a friendly port by a shortest path at the highest speed it has; staying, detours and slow moves are "
        "not allowed until it is in port.",
        wrong="orders: [abort, stay, U27]",
        right="orders: [abort, U27, cattaro]",
    ),
    Code(
        "DN-5.2-escort",
        "Escort set-up",
        "An escort fleet names the fleet it escorts (`escorts:`), a "
        "fleet of its own side that is not itself; it starts with that fleet and its orders are `convoy "
        "<fleet>` for that same fleet. Other missions do not take `escorts:`.",
        wrong="mission: escort\norders: [convoy fleet-9]",
        right="mission: escort\nescorts: fleet-1\norders: [convoy fleet-1]",
    ),
    Code(
        "DN-12.5",
        "Collier near an enemy port",
        "Colliers never enter a zone that holds an enemy port.",
        wrong="a collier ordered into the zone of an enemy port",
        right="route the collier around that zone",
    ),
    Code(
        "DN-12.6",
        "Tanker near an enemy port",
        "Tankers never enter a zone that holds an enemy port.",
        wrong="a tanker ordered into the zone of an enemy port",
        right="route the tanker around that zone",
    ),
    # checks/rules.py
    Code(
        "DN-5.2",
        "Fleet nationality and missions",
        "A fleet has one mission, and only ships of one "
        "nationality unless it has four ships or fewer or the scenario sets `rules: {mixed_nationality: "
        "true}`. German ships may count as any nationality; Canadian and Australian ships count as British. "
        "Every ship belongs to a nation of its side. Each mission takes only some ship types: bombard, "
        "escort and intercept take combat ships, colliers and tankers; raid takes combat ships and "
        "colliers; minelay takes minelayers (ML) or ships the scenario names in `rules.minelayers`; "
        "minesweep takes minesweepers (MS) or ships named in `rules.minesweepers`.",
        wrong="ships: [Canada, Superb, Iron Duke, Courbet, Jean Bart]   # British and French, five ships",
        right="ships: [Canada, Superb, Iron Duke]",
    ),
    Code(
        "DN-5.2-raid",
        "Raiding fleet limits",
        "Unless the scenario says otherwise, a raiding fleet has at "
        "most two ships (`rules.raid_max_ships`) and must include a leader (`rules.raid_needs_leader`).",
        wrong="mission: raid\nships: [Novara, Saida, Helgoland]",
        right="mission: raid\nships: [Novara, Saida]",
    ),
    Code(
        "DN-5.25",
        "Too many raiding fleets",
        "Unless the scenario says otherwise (`rules.raid_fleets`), a player may give the raid mission to one fleet "
        "only.",
        wrong="two fleets with mission: raid",
        right="one raiding fleet; the other intercepts",
    ),
    Code(
        "DN-5.2-abort-start",
        "Abort at the start",
        "A fleet may not start the scenario with the abort "
        "mission unless the scenario sets `rules: {abort_at_start: true}` (DN-5.2-abort).",
        wrong="mission: abort",
        right="mission: intercept",
    ),
    Code(
        "DN-5.12",
        "Movement not planned in full",
        "Transport, bombard, minelay and minesweep fleets plan "
        "all their movement before play: they need a written order for every turn of the scenario.",
        wrong="turns: {count: 12}\nmission: bombard\norders: [U27, T26]",
        right="orders: [...12 entries...]",
    ),
    Code(
        "DN-5.2-ahead",
        "Orders not written two turns ahead",
        "Intercept and raid fleets write their "
        "orders two turns ahead (DN-5.2-intercept, DN-5.2-raid): at the start they need orders for at least "
        "the first two turns.",
        wrong="mission: intercept\norders: [U27]",
        right="mission: intercept\norders: [U27, T26]",
    ),
    # checks/sides.py
    Code(
        "SID001",
        "Side with no fleet",
        "A side has no fleet and no collier group, so it takes part in nothing: it never moves, fights or scores. "
        "Usually its fleets were written under the other side, or the side is left over from an earlier draft.",
        wrong="sides:\n  - {id: entente, name: Entente, nations: [italy], fleets: []}",
        right="sides:\n  - id: entente\n    name: Entente\n    nations: [italy]\n    fleets:\n      - {id: patrol, "
              "mission: intercept, start: brindisi, ships: [Aquila], orders: [AC26, AC27]}",
        severity=Severity.WARNING,
    ),
    Code(
        "SID002",
        "Side that cannot win",
        "No victory condition names the side and it is not the `otherwise` winner, so whatever it does the game "
        "ends in the other side's win or a draw: it may lead on victory points and still only draw. Give it a "
        "condition (a `vp-lead` is the usual one) or make it the `otherwise` winner.",
        wrong="victory:\n  conditions:\n    - {side: central-powers, kind: vp-lead, value: 1}\n  otherwise: draw",
        right="victory:\n  conditions:\n    - {side: central-powers, kind: vp-lead, value: 1}\n  otherwise: entente",
        severity=Severity.WARNING,
    ),
)
