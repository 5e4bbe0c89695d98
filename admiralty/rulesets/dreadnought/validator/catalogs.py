"""Build dreadnought ship catalogs (issue 37, item 3: a ship may take a class of another catalog, its own
repository's or a used corpus's, as ``catalog-id/class-id``; REF002's hint names the catalogs that have a class)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from admiralty.rulesets.dreadnought.engine.model import Catalog, Ship, ShipClass
from admiralty.validator.build import BuildContext, Loaded, source
from admiralty.validator.diagnostics import did_you_mean
from admiralty.validator.load import Document, PathPart


def _self_contained(doc: Document) -> bool:
    """Every ship of the catalog names a class the catalog defines: its model depends on it alone."""
    own = {entry["id"] for entry in doc.data["classes"]}
    return all(entry["class"] in own for entry in doc.data["ships"])


def build_catalogs(items: Mapping[str, Loaded], ctx: BuildContext) -> dict[str, Catalog]:
    """Every catalog, by id. A catalog whose ships all have classes of its own is built once per content (a
    cache hit in the language server); one that names another catalog's class (``hochseeflotte-1914/bremen``), or
    an unknown class whose hint may name the catalog defining it, is built after the others, against the classes
    of all of them (issue 37, item 3)."""
    catalogs: dict[str, Catalog] = {}
    later = []
    for cat_id, item in sorted(items.items()):
        if _self_contained(item.doc):
            catalogs[cat_id] = ctx.memo(item.doc, "catalog", functools.partial(build_catalog, item.doc, ctx))
        else:
            later.append((cat_id, item))
    classes = {cat_id: catalog.classes for cat_id, catalog in catalogs.items()}
    classes.update({cat_id: catalog_classes(item.doc, None) for cat_id, item in later})
    for cat_id, item in later:
        catalogs[cat_id] = build_catalog(item.doc, ctx, classes)
    return dict(sorted(catalogs.items()))


def catalog_classes(doc: Document, ctx: BuildContext | None) -> dict[str, ShipClass]:
    """The classes a catalog defines; a class defined twice is REF001 (reported when ``ctx`` is given)."""
    classes: dict[str, ShipClass] = {}
    for i, entry in enumerate(doc.data["classes"]):
        if entry["id"] in classes:
            if ctx is not None:
                ctx.report("REF001", f"class '{entry['id']}' is defined twice", doc, ("classes", i, "id"),
                           "rename one")
            continue
        gunnery = entry.get("gunnery", {})
        classes[entry["id"]] = ShipClass(
            entry["id"], entry["name"], entry["type"], entry["speed"], entry["hull"], entry["fuel"]["kind"],
            entry["fuel"]["boxes"], entry["victory_points"], entry.get("armoured", True),
            entry.get("shallow_draft", False), gunnery.get("primary", 0), gunnery.get("secondary", 0),
            gunnery.get("tertiary", 0), entry.get("torpedo", 0), entry.get("capacity", 0), entry.get("notes", ""),
            source(doc, "classes", i))
    return classes


def build_catalog(doc: Document, ctx: BuildContext,
                  others: Mapping[str, Mapping[str, ShipClass]] | None = None) -> Catalog:
    """A catalog's model. ``others``: the classes of every catalog by catalog id, for classes named
    ``catalog-id/class-id`` and for REF002's hint; without it a ship may name only a class of this catalog."""
    data = doc.data
    classes = catalog_classes(doc, ctx)
    ships: dict[str, Ship] = {}
    for i, entry in enumerate(data["ships"]):
        if entry["name"] in ships:
            ctx.report("REF001", f"ship '{entry['name']}' is listed twice", doc, ("ships", i, "name"), "rename one")
            continue
        cls = ship_class(entry["class"], classes, others or {})
        if cls is None:
            _unknown_class(entry["class"], classes, others or {}, doc, ctx, ("ships", i, "class"))
            continue
        ships[entry["name"]] = Ship(entry["name"], cls, entry.get("nation", data["nation"]), data["id"],
                                    entry.get("italic", False), entry.get("leader", False), entry.get("notes", ""),
                                    source(doc, "ships", i))
    return Catalog(data["id"], data.get("title", data["id"]), data["nation"], (classes),
                   (ships), data.get("description", ""), tuple(data.get("sources", [])), source(doc))


def ship_class(name: str, classes: Mapping[str, ShipClass],
               others: Mapping[str, Mapping[str, ShipClass]]) -> ShipClass | None:
    """The class a ship names: ``bremen`` of its own catalog, or ``hochseeflotte-1914/bremen`` of another."""
    catalog_id, _, class_id = name.rpartition("/")
    if not catalog_id:
        return classes.get(name)
    return others.get(catalog_id, {}).get(class_id)


def _unknown_class(name: str, classes: Mapping[str, ShipClass], others: Mapping[str, Mapping[str, ShipClass]],
                   doc: Document, ctx: BuildContext, path: tuple[PathPart, ...]) -> None:
    """REF002, whose hint names the catalogs where a class of that id does exist (and how to write it), with
    related places in those catalogs' files (a used corpus's, which the author never opened: issue 37, item 3)."""
    catalog_id, _, class_id = name.rpartition("/")
    if catalog_id and catalog_id not in others:
        ctx.unknown("REF002", "catalog", catalog_id, others, doc, path,
                    allowed=f"'{name}' names a class of catalog '{catalog_id}', which none of the files defines")
        return
    holders = sorted(cat for cat, known in others.items() if class_id in known and cat != doc.data["id"])
    if holders:
        written = " or ".join(f"`class: {cat}/{class_id}`" for cat in holders[:3])
        defined = tuple(place for cat in holders for place in ctx.related(
            ("dreadnought", "ships", cat), (*others[cat][class_id].source.path, "id"),
            f"class '{class_id}' of catalog '{cat}'"))
        ctx.report("REF002", f"unknown ship class '{name}'", doc, path,
                   f"'{class_id}' is a class of catalog {', '.join(repr(c) for c in holders)}: write {written}",
                   related=defined)
        return
    if not catalog_id:
        ctx.unknown("REF002", "ship class", name, classes, doc, path)
        return
    listed = ctx.related(("dreadnought", "ships", catalog_id), ("classes",), f"the classes of catalog '{catalog_id}'",
                         key=True) if catalog_id != doc.data["id"] else ()
    ctx.report("REF002", f"unknown ship class '{name}'", doc, path, _qualified_hint(catalog_id, class_id, others),
               related=listed)


def _qualified_hint(catalog_id: str, class_id: str, others: Mapping[str, Mapping[str, ShipClass]]) -> str:
    """The classes of the catalog a qualified name names that are close to it, written qualified (what to type);
    the class ids are compared, not the whole names, which all share the catalog's."""
    ids = others.get(catalog_id, {})
    close = did_you_mean(class_id, ids)
    if close:
        return re.sub(r"'([^']*)'", lambda m: f"'{catalog_id}/{m.group(1)}'", close)
    return f"known: {', '.join(sorted(ids)[:12])}" if ids else f"catalog '{catalog_id}' defines no class"
