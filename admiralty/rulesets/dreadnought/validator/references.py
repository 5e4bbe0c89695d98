"""Which documents a dreadnought document refers to (``Ruleset.references``): a scenario, its map and catalogs;
a catalog, the catalogs whose classes its ships name (``class: hochseeflotte-1914/bremen``)."""

from __future__ import annotations


def references(kind: str, data: object) -> list[tuple[str, str]]:
    if kind == "ships":
        return _class_catalogs(data)
    if kind != "scenario" or not isinstance(data, dict):
        return []
    found = [("map", data["map"])] if isinstance(data.get("map"), str) else []
    catalogs = data.get("catalogs")
    found += [("ships", c) for c in catalogs if isinstance(c, str)] if isinstance(catalogs, list) else []
    return found


def _class_catalogs(data: object) -> list[tuple[str, str]]:
    """The catalogs named by qualified classes; a class neither qualified nor the catalog's own refers to every
    catalog (an id no document has), since REF002's hint names the catalogs that do define it."""
    ships = data.get("ships") if isinstance(data, dict) else None
    classes = data.get("classes") if isinstance(data, dict) else None
    if not isinstance(ships, list):
        return []
    own = {c.get("id") for c in classes if isinstance(c, dict)} if isinstance(classes, list) else set()
    named = [ship.get("class") for ship in ships if isinstance(ship, dict)]
    found = {("ships", name.rpartition("/")[0] if "/" in name else ANY_CATALOG)
             for name in named if isinstance(name, str) and name not in own}
    return sorted(found)


ANY_CATALOG = ""  # no catalog has this id: a reference to it builds every catalog (as a missing id does)
