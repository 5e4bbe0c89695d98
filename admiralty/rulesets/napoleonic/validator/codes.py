"""Every diagnostic code the napoleonic rule system reports (its builder's and its checks'), listed in its
``Ruleset.codes``: data only, so that the site and the editor read them without importing the checks."""

from __future__ import annotations

from admiralty.contract import Code, Severity

CODES: tuple[Code, ...] = (
    # build.py
    Code("REF020", "Unknown table", "A napoleonic scenario names a table (`table:`) that none of the given "
         "files defines. Validate the table document together with the scenario, or correct the id.",
         wrong="table: paunsdorff", right="table: paunsdorf"),
    Code("REF021", "Unknown battery in the fire plan", "A fire-plan entry names a battery the scenario "
         "does not have; only the scenario's own batteries can be planned to fire.",
         wrong="fire_plan:\n  - {battery: rocket-troop, turn: 1, target: paunsdorf}",
         right="batteries:\n  - {id: rocket-troop, ...}\nfire_plan:\n  - {battery: rocket-troop, turn: 1, "
         "target: paunsdorf}"),
    Code("REF022", "Unknown fire-plan target", "A fire-plan target must be the id of a unit of the scenario "
         "(an enemy one, REF024) or of a building or built-up area of its table (REF025); this one is neither. "
         "Batteries are never targets: plan the unit nearest the enemy guns instead.",
         wrong="target: saxon-grenadier\ntarget: french-12pdr    # a battery",
         right="target: saxon-grenadiers"),
    Code("REF023", "Planned turn outside the game", "A fire-plan entry is planned for a turn the game never "
         "reaches: turns run from 1 to `turns.count`.",
         wrong="turns: {count: 6}\nfire_plan:\n  - {battery: howitzers, turn: 7, target: church}",
         right="turns: {count: 6}\nfire_plan:\n  - {battery: howitzers, turn: 6, target: church}"),
    Code("REF024", "Fire planned at one's own unit", "A battery is planned to fire at a unit of its own side. "
         "Batteries fire at enemy units, or at buildings and built-up areas to set them alight.",
         wrong="- {id: french-guns, side: france}\nfire_plan:\n  - {battery: french-guns, turn: 1, "
         "target: french-guard}",
         right="fire_plan:\n  - {battery: french-guns, turn: 1, target: prussian-landwehr}"),
    Code("REF025", "Terrain that cannot be fired at", "A fire-plan target that is a terrain piece must be a "
         "building or a built-up area (fire sets it alight, NA-fire-a); rough ground and cover are not "
         "targets, only the units standing in them.",
         wrong="target: marsh          # kind: rough", right="target: paunsdorf      # kind: built-up"),
    # checks.py
    Code("GEO020", "Unit or battery off the table", "Every unit's bases and every battery must stand on the "
         "table, whose south-west corner is (0, 0) and whose `size` is `[width, depth]` in cm. A unit's `at` is "
         "the middle of its front edge and its bases stand behind it (away from its facing), so a unit at the "
         "table's edge facing outwards still has its bases on the table, while one facing inwards does not.",
         wrong="size: [120, 80]\n- {id: landwehr, at: [60, 1], facing: 0, formation: column, bases: 4}",
         right="size: [120, 80]\n- {id: landwehr, at: [60, 9], facing: 0, formation: column, bases: 4}"),
    Code("GEO021", "Units overlap", "Two units' bases cover the same ground. Bases may touch, edge to edge, "
         "but a figure stands in one unit only.",
         wrong="- {id: column-1, at: [40, 45], facing: 180, formation: column, bases: 4}   # y 45..53\n"
         "- {id: column-2, at: [40, 40], facing: 180, formation: column, bases: 4}   # y 40..48",
         right="- {id: column-1, at: [40, 45], facing: 180, formation: column, bases: 4}   # y 45..53\n"
         "- {id: column-2, at: [40, 55], facing: 180, formation: column, bases: 4}   # y 55..63"),
    Code("GEO022", "Unit or battery in a building", "A building (a terrain piece of kind `building`) blocks "
         "sight and cannot be occupied: no unit's bases and no battery may stand in one. Troops may hold a "
         "built-up area (`kind: built-up`) instead.",
         wrong="- {id: church, kind: building, polygon: [[84, 52], [90, 52], [90, 58], [84, 58]]}\n"
         "- {id: guard, at: [87, 57], ...}",
         right="- {id: guard, at: [87, 50], ...}   # in front of the church"),
    Code("GEO023", "Planned target out of sight", "A gun or howitzer battery can fire only at what it sees: "
         "the line from the battery to the middle of its target must not pass through a building (grazing a "
         "corner does not block; the building fired at does not hide itself). The fire plan names a target "
         "that a building hides at the start of play.",
         wrong="fire_plan:\n  - {battery: foot-battery, turn: 1, target: guard-reserve}   # behind the church",
         right="fire_plan:\n  - {battery: foot-battery, turn: 1, target: church}"),
    Code("GEO024", "Planned target out of range", "A battery reaches no further than its long range (its "
         "maximum, NA-pen-a), measured from the battery to the nearest point of the target. The fire plan names "
         "a target beyond it.",
         wrong="ranges: {long: 70}\n# the target's nearest base is 75 cm away",
         right="ranges: {long: 80}\n# or move the battery 5 cm closer"),
    Code("GEO025", "Invalid terrain polygon", "A terrain piece's outline is not a simple polygon (it crosses "
         "itself, or has fewer than three distinct points), so nothing can be said about what stands in it. "
         "The message gives shapely's reason and where.",
         wrong="polygon: [[0, 0], [10, 10], [10, 0], [0, 10]]   # a bow tie",
         right="polygon: [[0, 0], [10, 0], [10, 10], [0, 10]]"),
    Code("GEO026", "Terrain off the table", "A terrain piece lies partly or wholly beyond the table's edge. "
         "The part beyond the edge plays no part in the game; most likely a coordinate or the table's size is "
         "wrong.", wrong="size: [120, 80]\npolygon: [[100, 70], [130, 70], [130, 90], [100, 90]]",
         right="size: [120, 80]\npolygon: [[100, 60], [120, 60], [120, 80], [100, 80]]", severity=Severity.WARNING),
    Code("NA-rocket", "Rocket battery", "Rockets (NA-rocket) fly up to 80 cm and need to see their target; "
         "a rocket battery holds rocket frames only, and its fire is one unmodified 2d6 roll. The battery "
         "either mixes rockets with guns or howitzers, or cannot see or reach its planned target.",
         wrong="- {id: rocket-troop, rockets: 2, guns: 2, ...}",
         right="- {id: rocket-troop, rockets: 2, ...}\n- {id: horse-guns, guns: 2, ...}"),
    Code("NA-pen-a", "Battery ranges", "A battery's long range is its maximum: a target past it is out "
         "(NA-pen-a). The bands rise from canister through effective to long. Under the house rule "
         "`range_cap` (off by default) no battery's long range may pass the cap (80 cm: 81 cm is out).",
         wrong="ranges: {canister: 20, effective: 15, long: 60}",
         right="ranges: {canister: 15, effective: 40, long: 80}"),
    Code("NA-how-a", "Howitzer batteries", "Howitzer batteries are formed before play only, and the "
         "howitzers (or mortars) of a gun battery never fire apart from its guns (NA-how-a). Either a battery "
         "of howitzers alone has `formed_turn` other than 0, or a fire-plan entry asks part of a battery "
         "holding guns and howitzers to fire alone.",
         wrong="- {id: howitzers, howitzers: 4, formed_turn: 3, ...}\n"
         "fire_plan:\n  - {battery: foot-12pdr, turn: 1, target: church, pieces: howitzers}",
         right="- {id: howitzers, howitzers: 4, ...}\n"
         "fire_plan:\n  - {battery: foot-12pdr, turn: 1, target: church}"),
    Code("SID201", "Side with nothing on the table", "A side has no unit and no battery, so it takes part in "
         "nothing: it fires no shot and offers no target, and the game is scored as if it were not there. Usually "
         "its units were given the other side's id.",
         wrong="sides: [{id: france}, {id: allies}]\nunits:\n  - {id: foy-column, side: france, ...}\n"
               "batteries:\n  - {id: french-guns, side: france, ...}",
         right="units:\n  - {id: foy-column, side: france, ...}\n  - {id: nassau-battalion, side: allies, ...}",
         severity=Severity.WARNING),
    # fireline.py
    Code("GEO027", "Fire line through a friendly unit", "A battery's planned line of fire, from the battery to the "
         "middle of its target, passes through the bases of a unit of the battery's own side (a warning: the "
         "rules measure sight past buildings only, so the game plays it, but no gunner fires through his own "
         "infantry). A battery of howitzers alone fires over its own troops and is not checked. Move the battery "
         "or the unit, or plan another target.",
         wrong="units:\n  - {id: ligne, side: france, formation: column, at: [52, 42], facing: 90}\n"
               "batteries:\n  - {id: guns, side: france, at: [26, 42], facing: 90}\n"
               "fire_plan:\n  - {battery: guns, turn: 1, target: redoubt}   # at [72, 42]: through the ligne",
         right="batteries:\n  - {id: guns, side: france, at: [26, 30], facing: 90}   # fires past the ligne's "
               "flank\nfire_plan:\n  - {battery: guns, turn: 1, target: redoubt}",
         severity=Severity.WARNING),
)
