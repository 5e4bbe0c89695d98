"""House tables: every rule system's numbers as data, read, checked and merged one way.

A rule system ships ``rulesets/<name>/tables.yaml`` and its schema
``schemas/<name>/tables.schema.json``. ``HouseTables`` reads the file once (``yaml.safe_load``), checks it
against the schema (and against the rule system's own limits, ``limits``, for what a schema cannot say),
and merges overrides (a scenario's ``rules.tables``, a game's ``tables`` option) key by key down to
``depth`` levels: below that depth an override replaces the value whole. Every problem is one
``TablesError`` listing each finding as a path and a message.

Tables are plain nested dicts of JSON values; code reads them by key, never by position. Every call
returns a fresh copy (games may not share mutable tables), and a merge is validated once per distinct
override per process: the corpus plays thousands of games of a handful of scenarios.

The check (a meta-schema check of the schema, then the tables against it) is done once per content, not
once per process: its verdict is kept on disk (``tables_cache_dir()``), under a SHA-256 of everything it
depends on (the tables file, every schema file beside the tables schema and one folder up, the module that
defines the limits, the overrides, admiralty's version). A file there holds the checked tables as JSON,
written only after the check passed; a changed byte in any of those inputs is another key, so it is checked
again. Without a writable cache folder everything works the same, only checked in every process.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from admiralty import __version__
from admiralty.atomic import OutputError, write_text
from admiralty.resources import SCHEMA_BASE_URI, SCHEMAS_DIR, package_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from referencing.jsonschema import SchemaRegistry, SchemaResource

Tables = dict[str, Any]
"""Tables as parsed from YAML/JSON, before a rule system's typed tables are read from them (the boundary:
each rule system's loader checks them against its schema, then reads them once into its own typed objects)."""
TablesData = Mapping[str, object]
"""Tables or overrides of them as given (parsed YAML, a frozen model's read-only mapping), not yet checked."""
Problem = tuple[tuple[str | int, ...], str]
"""Where in the tables (keys and list indices) and what is wrong there."""


class TablesError(ValueError):
    """Tables (or overrides of them) that do not fit their schema or the rules' limits. ``problems`` lists
    each finding; the message has a header line, then one ``path: message`` line per finding."""

    def __init__(self, ruleset: str, problems: list[Problem]) -> None:
        self.ruleset = ruleset
        self.problems = problems
        lines = [f"{'/'.join(str(p) for p in path) or '<root>'}: {message}" for path, message in problems]
        super().__init__(f"invalid {ruleset} tables:\n" + "\n".join(lines))


def merge(base: TablesData, overrides: TablesData, depth: int | None = None) -> Tables:
    """``base`` with ``overrides`` merged in: mappings key by key (``depth`` levels deep, all the way when
    ``None``), anything else replaced. Neither argument is changed; the result shares nothing with them."""
    merged: Tables = json.loads(json.dumps(base, default=_plain))
    for key, value in overrides.items():
        here = merged.get(key)
        if isinstance(value, Mapping) and isinstance(here, dict) and (depth is None or depth > 1):
            merged[key] = merge(here, value, None if depth is None else depth - 1)
        else:
            merged[key] = json.loads(json.dumps(value, default=_plain))
    return merged


def _plain(value: object) -> object:
    """JSON for the read-only containers overrides arrive in (a frozen model's ``MappingProxyType``)."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not a JSON value in the tables: {value!r}")


@cache
def _validator(ruleset: str, schema_file: Path) -> Draft202012Validator:
    """A validator for one rule system's tables schema. It stands at ``<ruleset>/tables.schema.json`` of the
    exported schema tree, so its relative ``$ref``s (``../common.schema.json``) resolve to the core's common
    schema or to files beside it, read from the package; nothing is ever fetched. (jsonschema is imported
    here: a process whose tables are already known good never needs it.)"""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.exceptions import NoSuchResource
    from referencing.jsonschema import DRAFT202012

    own = f"{ruleset}/"

    def file_at(place: str) -> Path | None:
        if place.startswith(own):  # beside the tables schema, in the rule system's own folder
            return schema_file.parent / place.removeprefix(own)
        return SCHEMAS_DIR / place if place and "/" not in place else None  # the core's (common.schema.json)

    def retrieve(uri: str) -> SchemaResource:
        found = file_at(uri.removeprefix(SCHEMA_BASE_URI)) if uri.startswith(SCHEMA_BASE_URI) else None
        if found is None or not found.is_file():
            raise NoSuchResource(uri)
        return Resource.from_contents(json.loads(found.read_text(encoding="utf-8")), DRAFT202012)

    schema = {**json.loads(schema_file.read_text(encoding="utf-8")),
              "$id": f"{SCHEMA_BASE_URI}{own}{schema_file.name}"}
    Draft202012Validator.check_schema(schema)
    # referencing documents ``Registry(retrieve=...)``; its attrs-made __init__ hides the name from mypy.
    registry: SchemaRegistry = Registry(retrieve=retrieve)  # type: ignore[call-arg]
    return Draft202012Validator(schema, registry=registry)


@dataclass(frozen=True)
class HouseTables:
    """One rule system's house tables: where they live, how deep overrides merge, and the limits beyond the
    schema (``limits(tables)`` lists ``Problem``s)."""

    ruleset: str
    file: Path
    schema_file: Path
    depth: int | None = None
    limits: Callable[[TablesData], list[Problem]] | None = field(default=None, compare=False)

    @classmethod
    def packaged(cls, ruleset: str, *, depth: int | None = None,
                 limits: Callable[[TablesData], list[Problem]] | None = None) -> HouseTables:
        """The tables a bundled rule system ships in the ``admiralty`` package."""
        return cls(ruleset, package_path("rulesets", ruleset, "tables.yaml"),
                   package_path("rulesets", ruleset, "schemas", "tables.schema.json"), depth, limits)

    def problems(self, tables: TablesData) -> list[Problem]:
        """Every schema error of ``tables`` (by path), then the rule system's limits if the schema holds."""
        validator = _validator(self.ruleset, self.schema_file)
        errors = sorted(validator.iter_errors(tables), key=lambda e: [str(p) for p in e.absolute_path])
        found: list[Problem] = [(tuple(error.absolute_path), error.message) for error in errors]
        if not found and self.limits is not None:
            found = self.limits(tables)
        return found

    def check(self, tables: TablesData) -> None:
        """Raise ``TablesError`` unless ``tables`` fit the schema and the limits."""
        found = self.problems(tables)
        if found:
            raise TablesError(self.ruleset, found)

    def base(self) -> Tables:
        """A fresh copy of the packaged tables (read and checked once per process)."""
        tables: Tables = json.loads(_base_json(self))
        return tables

    def merged(self, *overrides: TablesData | None) -> Tables:
        """A fresh copy of the tables with each override merged in turn, checked once per distinct override."""
        given = [dict(o) for o in overrides if o]
        if not given:
            return self.base()
        tables: Tables = json.loads(_merged_json(self, json.dumps(given, sort_keys=True, default=_plain)))
        return tables


def tables_cache_dir() -> Path | None:
    """Where checked tables are kept: ``$ADMIRALTY_CACHE_DIR`` (empty or ``off``: nowhere), else
    ``$XDG_CACHE_HOME/admiralty`` or ``~/.cache/admiralty``."""
    explicit = os.environ.get("ADMIRALTY_CACHE_DIR")
    if explicit is not None:
        return None if explicit.strip().lower() in ("", "0", "off", "no") else Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "admiralty"


def _fingerprint(house: HouseTables, overrides_json: str) -> str:
    """SHA-256 of every input of the check of ``house`` with ``overrides_json`` merged in."""
    digest = hashlib.sha256(f"admiralty {__version__}\0{house.ruleset}\0{house.depth}\0".encode())
    schemas = house.schema_file.resolve().parent
    files = [house.file, house.schema_file, *sorted(schemas.glob("*.json")), *sorted(schemas.parent.glob("*.json"))]
    module = sys.modules.get(getattr(house.limits, "__module__", "") or "")
    if house.limits is not None:
        digest.update(str(getattr(house.limits, "__qualname__", house.limits)).encode() + b"\0")
        if module is not None and getattr(module, "__file__", None):
            files.append(Path(str(module.__file__)))
    for path in files:
        digest.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(overrides_json.encode())
    return digest.hexdigest()


def _checked(house: HouseTables, overrides_json: str, compute: Callable[[], str]) -> str:
    """The checked tables (canonical JSON) from the cache folder, or ``compute()`` (which raises
    ``TablesError`` when the check fails: nothing is kept then) written there for the next process."""
    folder = tables_cache_dir()
    if folder is None:
        return compute()
    target = folder / f"tables-{_fingerprint(house, overrides_json)}.json"
    try:
        text = target.read_text(encoding="utf-8")
        if isinstance(json.loads(text), dict):
            return text
    except (OSError, ValueError):
        pass
    text = compute()
    with suppress(OutputError):  # a read-only or missing home: checked again next time, nothing else changes
        write_text(target, text)
    return text


@cache
def _base_json(house: HouseTables) -> str:
    def compute() -> str:
        data = yaml.safe_load(house.file.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise TablesError(house.ruleset, [((), f"{house.file.name} is not a mapping of tables")])
        house.check(data)
        return json.dumps(data, sort_keys=True)

    return _checked(house, "", compute)


@cache
def _merged_json(house: HouseTables, overrides_json: str) -> str:
    def compute() -> str:
        tables = house.base()
        for override in json.loads(overrides_json):
            tables = merge(tables, override, house.depth)  # an unknown name is the closed schema's finding
        house.check(tables)
        return json.dumps(tables, sort_keys=True)

    return _checked(house, overrides_json, compute)
