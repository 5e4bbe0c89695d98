"""JSON Schema 2020-12 validation with diagnostics that point at the right node.

One validator per (ruleset, kind) is built once and reused, over a local ``referencing`` registry of every
schema under ``schemas/`` (never the network), with format checking on. Errors are rich objects turned
into diagnostics: a missing key points at its parent, an unknown key at itself, and unknown keys and enum
values get "did you mean ...".
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from admiralty.contract import rulesets
from admiralty.resources import SCHEMAS_DIR
from admiralty.schemafiles import schema_files, schema_uri
from admiralty.validator.diagnostics import Diagnostic, Severity, did_you_mean
from admiralty.validator.integers import integral_floats, schema_file_contents
from admiralty.validator.load import Document, PathPart, json_path
from admiralty.validator.schema_messages import count_message, shortened

if TYPE_CHECKING:  # jsonschema is imported where it is used: a valid corpus checked on the fast path needs none
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry


_CODE_BY_KEYWORD = {
    "required": "SCH001", "additionalProperties": "SCH002", "unevaluatedProperties": "SCH002",
    "type": "SCH003", "enum": "SCH004", "const": "SCH004", "pattern": "SCH005",
    "minimum": "SCH006", "maximum": "SCH006", "exclusiveMinimum": "SCH006", "exclusiveMaximum": "SCH006",
    "minItems": "SCH007", "maxItems": "SCH007", "uniqueItems": "SCH007", "items": "SCH007",
    "minLength": "SCH008", "maxLength": "SCH008", "format": "SCH009",
    "anyOf": "SCH010", "oneOf": "SCH010", "maxProperties": "SCH007",
}
_JSON_TYPES = {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
               float: "a number", type(None): "null"}


@cache
def _schema_store() -> dict[str, Any]:
    """Every schema by its in-memory ``$id`` (which it gets here, the files have none)."""
    return {schema_uri(p): {"$id": schema_uri(p), **schema_file_contents(p)} for p in schema_files()}


@cache
def registry() -> Registry:
    """A local registry of every schema, keyed by its in-memory ``$id``: ``$ref`` never reaches the network."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    return Registry().with_resources(
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
        for uri, contents in _schema_store().items())


def schema_path(ruleset: str, kind: str) -> Path:
    """The schema file of a document kind of an installed rule system (a path that does not exist otherwise)."""
    installed = rulesets().get(ruleset)
    return installed.schema_path(kind) if installed else SCHEMAS_DIR / ruleset / f"{kind}.schema.json"


@cache
def validator_for(ruleset: str, kind: str) -> Draft202012Validator | None:
    """The one validator for a document kind, built on first use and reused (on the fast path, only when a
    document has a finding to describe)."""
    from jsonschema import Draft202012Validator

    path = schema_path(ruleset, kind)
    if not path.is_file():
        return None
    return Draft202012Validator(_schema_store()[schema_uri(path)], registry=registry(),
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


@cache
def fast_validator_for(ruleset: str, kind: str) -> Any | None:
    """The compiled fast path (jsonschema-rs, when installed) over the same local schemas, offline.

    It only answers "valid or not": for a valid document that is all we need, and an invalid one goes to
    the ``jsonschema`` validator, which produces every diagnostic.
    """
    try:
        import jsonschema_rs
    except ImportError:
        return None
    store = _schema_store()

    def retrieve(uri: str) -> Any:
        if uri not in store:
            raise ValueError(f"schema {uri} is not bundled with admiralty")
        return store[uri]

    path = schema_path(ruleset, kind)
    if not path.is_file():
        return None
    return jsonschema_rs.validator_for(store[schema_uri(path)], retriever=retrieve,
                                       validate_formats=True)


def fast_is_valid(ruleset: str, kind: str, data: Any) -> bool:
    """True when the fast path says the document is valid; False when it is not, or cannot say."""
    fast = fast_validator_for(ruleset, kind)
    if fast is None:
        return False
    try:
        return bool(fast.is_valid(data))
    except (ValueError, OverflowError, TypeError):  # numbers beyond 64 bits and the like
        return False


@cache
def known_kinds() -> dict[str, list[str]]:
    """ruleset -> the document kinds it has schemas for. Asked once per file by the schema stage: cached, as the
    installed rule systems are (it was ten stat calls a file)."""
    return {name: [kind for kind in r.kinds if r.schema_path(kind).is_file()] for name, r in sorted(rulesets().items())}


def _describe(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _property_description(schema: object, name: str) -> str:
    if isinstance(schema, dict):
        prop = schema.get("properties", {}).get(name)
        if isinstance(prop, dict):
            return str(prop.get("description", ""))
    return ""


def _leaves(error: ValidationError) -> ValidationError:
    """For anyOf/oneOf, the most relevant error inside, when one alternative clearly fits better."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import best_match

        deeper = [e for e in error.context if len(e.absolute_path) > len(error.absolute_path)]
        if deeper:
            return _leaves(best_match(deeper))
    return error


def schema_diagnostics(doc: Document, ruleset: str, kind: str) -> Iterator[Diagnostic]:
    """Every schema finding of one document, in document order.

    A required property that is missing because it is misspelt is reported once, as the unknown
    property with "did you mean ...", not twice. A document the schema rejects always gets at least one
    error: the pipeline builds whatever has none, and the builders rely on the schema.
    """
    raw_errors: Iterable[ValidationError] = ()
    if not fast_is_valid(ruleset, kind, doc.data):  # the Python validator is built only for a finding
        validator = validator_for(ruleset, kind)
        assert validator is not None
        raw_errors = validator.iter_errors(doc.data)
    type_errors: set[tuple[PathPart, ...]] = set()
    first: tuple[ValidationError, tuple[PathPart, ...]] | None = None
    reported = False
    for raw in raw_errors:
        error = _leaves(raw)
        path = tuple(error.absolute_path)
        first = first or (error, path)
        if error.validator == "type":
            type_errors.add(path)
        for diagnostic in _to_diagnostics(doc, error, path):
            reported = True
            yield diagnostic
    if first is not None and not reported:
        yield from _to_diagnostics(doc, *first, suppress=False)
    for path in integral_floats(doc.data, schema_path(ruleset, kind)):
        if path in type_errors:
            continue
        span = doc.locate(path)
        value = _value_at(doc.data, path)
        yield Diagnostic("SCH003", f"expected integer, got the number {value!r}", doc.file, span.line, span.column,
                         span.end_line, span.end_column, json_path(path), f"write it without a decimal point: "
                         f"{int(value)}")
    for path in doc.yaml11_booleans:
        if path in type_errors:
            continue
        span = doc.locate(path)
        value = _value_at(doc.data, path)
        yield Diagnostic("YML010", f"'{value}' is read as the string \"{value}\" here, but YAML 1.1 readers "
                         f"read it as a boolean", doc.file, span.line, span.column, span.end_line,
                         span.end_column, json_path(path), hint=f'quote it: "{value}"', severity=Severity.WARNING)


def _value_at(data: Any, path: tuple[PathPart, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


At = Callable[..., Diagnostic]  # (where, message, hint, *, key=False) -> a positioned diagnostic


def _schema_text(error: ValidationError, name: str) -> str:
    return str(error.schema.get(name, "")) if isinstance(error.schema, dict) else ""


def _missing(error: ValidationError, path: tuple[PathPart, ...], at: At, suppress: bool) -> Iterator[Diagnostic]:
    instance = error.instance
    known = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
    # the misspelt key is reported as unknown only where unknown keys are errors
    closed = isinstance(error.schema, dict) and False in (error.schema.get("additionalProperties"),
                                                           error.schema.get("unevaluatedProperties"))
    unknown = [k for k in instance if k not in known] if suppress and closed else []
    for name in error.validator_value:
        if name not in instance and not (known and did_you_mean(name, unknown)):
            description = _property_description(error.schema, name)
            where = f" in {json_path(path)}" if path else ""
            yield at(path, f"missing required property '{name}'{where}",
                     f"add '{name}:'" + (f" ({description})" if description else ""), key=True)


def _unknown(error: ValidationError, path: tuple[PathPart, ...], at: At, doc: Document) -> Iterator[Diagnostic]:
    names = list(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
    patterns = error.schema.get("patternProperties", {}) if isinstance(error.schema, dict) else {}
    for name in error.instance:
        if name in names or any(re.search(p, name) for p in patterns):
            continue
        split = _split_by_comma(doc, path, error.instance, name)
        if split and not _fixed_values(error.schema.get("properties", {}).get(split[0])):
            yield at((*path, name), f"unknown property '{name}': the comma before it ended the value of "
                     f"'{split[0]}'", f'quote the value: {split[0]}: "{split[1]}, {name}"', key=True)
            continue
        suggestion = did_you_mean(name, names)
        yield at((*path, name), f"unknown property '{name}'",
                 suggestion or ("known properties: " + ", ".join(names)), key=True)


def _fixed_values(schema: Any) -> bool:
    """Whether a property takes one of a fixed list of values (an enum or a const): no comma belongs in one."""
    return isinstance(schema, dict) and ("enum" in schema or "const" in schema)


def _split_by_comma(doc: Document, path: tuple[PathPart, ...], mapping: dict[str, Any],
                    name: str) -> tuple[str, str] | None:
    """The key and text of the value an unquoted comma cut short, when ``name`` is the rest of it: inside
    ``{...}`` a comma ends a value, so ``{name: Foy, Bachelu, side: france}`` holds a key ``Bachelu`` with no
    value after a string. Read from the source line, where the key follows a comma and no colon follows it."""
    keys = list(mapping)
    at = keys.index(name)
    if mapping[name] is not None or at == 0 or not isinstance(mapping[keys[at - 1]], str):
        return None
    span = doc.locate((*path, name), key=True)
    try:
        lines = Path(doc.file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if span.line != span.end_line or not 0 < span.line <= len(lines):
        return None
    line = lines[span.line - 1]
    before, after = line[:span.column - 1].rstrip(), line[span.end_column - 1:].lstrip()
    if not before.strip():  # the key opens its line: the comma ends the line before
        before = next((text.rstrip() for text in reversed(lines[:span.line - 1]) if text.strip()), "")
    if not before.endswith(",") or after.startswith(":"):
        return None
    return keys[at - 1], mapping[keys[at - 1]]


def _wrong_type(error: ValidationError, path: tuple[PathPart, ...], at: At) -> Diagnostic:
    instance, expected = error.instance, error.validator_value
    wanted = " or ".join(expected) if isinstance(expected, list) else str(expected)
    hint = f"write {wanted} here"
    if wanted == "boolean" and isinstance(instance, str):
        hint = "write true or false (unquoted)"
    elif wanted in ("integer", "number") and isinstance(instance, str):
        hint = "write the number without quotes"
    elif wanted == "string" and not isinstance(instance, str):
        hint = f'quote the value: "{instance}"' if not isinstance(instance, dict | list) else hint
    return at(path, f"expected {wanted}, got {_describe(instance)}", hint)


def _not_allowed(error: ValidationError, path: tuple[PathPart, ...], at: At) -> Diagnostic:
    instance = error.instance
    allowed = error.validator_value if str(error.validator) == "enum" else [error.validator_value]
    shown = ", ".join(json.dumps(a) for a in allowed)
    suggestion = did_you_mean(str(instance), [str(a) for a in allowed]) if isinstance(instance, str) else ""
    return at(path, f"{json.dumps(instance)} is not allowed here; allowed: {shown}",
              suggestion or f"use one of {shown}")


def _no_shape(error: ValidationError, path: tuple[PathPart, ...], at: At) -> Diagnostic:
    if str(error.validator) == "oneOf" and isinstance(error.instance, dict) and path and path[-2:-1] == ("land",):
        return at(path, "a land mass needs exactly one of 'polygon' or 'multipolygon'",
                  "give its outline as polygon: [[x, y], ...] or multipolygon: [[[x, y], ...], ...]", key=True)
    return at(path, f"{json.dumps(error.instance)[:60]} fits none of the allowed shapes",
              _schema_text(error, "description") or error.message)


def _to_diagnostics(doc: Document, error: ValidationError, path: tuple[PathPart, ...], *,
                    suppress: bool = True) -> Iterator[Diagnostic]:
    keyword = str(error.validator)
    code = _CODE_BY_KEYWORD.get(keyword, "SCH099")
    if tuple(path[:2]) == ("rules", "tables"):  # one code for a table override, whether the schema (unknown
        code = "SCH020"                         # table or key) or the merge after it (SCH020) rejects it

    def at(where: tuple[PathPart, ...], message: str, hint: str, *, key: bool = False) -> Diagnostic:
        span = doc.locate(where, key=key)
        message = f"rules.tables: {message}" if code == "SCH020" else message
        return Diagnostic(code, message, doc.file, span.line, span.column, span.end_line, span.end_column,
                          json_path(where), hint)

    if keyword == "required" and isinstance(error.instance, dict):
        yield from _missing(error, path, at, suppress)
    elif keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        yield from _unknown(error, path, at, doc)
    elif keyword == "type":
        yield _wrong_type(error, path, at)
    elif keyword in ("enum", "const"):
        yield _not_allowed(error, path, at)
    elif keyword == "pattern":
        yield at(path, f"{json.dumps(error.instance)} does not have the required form",
                 _schema_text(error, "description") or f"it must match {error.validator_value}")
    elif keyword in ("anyOf", "oneOf"):
        yield _no_shape(error, path, at)
    else:
        counted = count_message(error, path)
        where, message = counted if counted is not None else (path, shortened(error))
        yield at(where, message, _schema_text(error, "description") or "see the schema for this property")


def check_modeline(doc: Document, ruleset: str, kind: str) -> Diagnostic | None:
    """SCH012: a warning when the document lacks the modeline, when it names another schema file, or when
    the file it names does not exist: an editor then checks nothing, silently (a corpus copied elsewhere
    keeps ``../../../schemas/...`` pointing at nothing). The path is resolved against the document's folder,
    as the YAML language server resolves it; ``http(s)://`` schemas are not fetched, so not checked, and a
    document held only in memory (no file on disk) has no folder to resolve against."""
    expected = f"{ruleset}/{kind}.schema.json"
    modeline = doc.modeline.replace("\\", "/") if doc.modeline else None
    if modeline and modeline.endswith(expected):
        missing = _missing_schema_file(doc.file, modeline)
        if missing is None:
            return None
        return Diagnostic("SCH012", f"the schema modeline names '{doc.modeline}', which does not exist "
                          f"(looked for {missing})", doc.file, 1, 1,
                          hint=f"run `admiralty schemas export` to write the schemas next to the corpus and point "
                          f"the modeline at its {expected}, or fix the path (it is relative to this file's folder)",
                          severity=Severity.WARNING)
    found = f"it names '{doc.modeline}'" if doc.modeline else "there is none"
    return Diagnostic("SCH012", f"the first line should be the schema modeline for {ruleset} {kind}; {found}",
                      doc.file, 1, 1, hint=f"start the file with: # yaml-language-server: $schema=<path to "
                      f"schemas/{expected}> (`admiralty schemas export` writes the schemas)",
                      severity=Severity.WARNING)


_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+://")


def _missing_schema_file(document: str, modeline: str) -> str | None:
    """Where the modeline's schema should be when it is not there; ``None`` when it is, or cannot be known."""
    if modeline.startswith("file://"):
        target = Path(url2pathname(urlsplit(modeline).path))
    elif _URL.match(modeline):  # http(s) and the like: the editor fetches those, admiralty never does
        return None
    else:
        here = Path(document)
        if not here.is_file():
            return None
        target = here.parent / url2pathname(modeline)
    return None if target.is_file() else os.path.normpath(target)
