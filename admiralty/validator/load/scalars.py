"""Scalars resolved by the YAML 1.2 core schema, as editors resolve them.

``NO`` stays the string ``"NO"`` rather than silently becoming ``false`` as under YAML 1.1; a plain scalar
that a YAML 1.1 reader would take for a boolean is flagged, so that the schema stage can report it (YML010).
Tags beyond the core schema are refused (YML004); numbers must be finite (YML011), integers fit in 64 bits
(YML013) and no number be written in more than ``MAX_NUMBER_CHARACTERS`` characters (YML015).
"""

from __future__ import annotations

import math
import re
from typing import Any

from admiralty.validator.load.codes import MAX_NUMBER_CHARACTERS, LoadError
from admiralty.validator.load.positions import Span

CORE_TAG = "tag:yaml.org,2002:"
ALLOWED_TAGS = {CORE_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
# The words PyYAML (a YAML 1.1 reader) takes for booleans.
YAML11_BOOLEANS = frozenset(["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"])

_TAG_TYPES: dict[str, type | tuple[type, ...]] = {"int": int, "float": (int, float), "bool": bool,
                                                  "null": type(None)}
_MAYBE_NOT_TEXT = frozenset("-+.0123456789~nNtTfFyYoO")


def resolve_scalar(event: Any, span: Span) -> tuple[Any, bool]:
    """The value of a scalar event under the YAML 1.2 core schema; the flag says "YAML 1.1 boolean". The
    non-specific tag ``!`` (``! 12``) makes a scalar text whatever it spells, as quotes do (YAML 1.2, 6.9.1;
    yaml-test-suite S4JQ)."""
    tag = event.tag
    if tag is not None and tag != "!":
        return _resolve_tagged(event.value, tag, span), False
    if tag == "!" or event.style:  # '!'-tagged, quoted or block text: a string whatever it spells
        return event.value, False
    return resolve_plain(event.value, span)


def _resolve_tagged(value: str, tag: str, span: Span) -> Any:
    """A scalar with an explicit core tag (``!!int 3``): the value must be what the tag says (YML004)."""
    if tag not in ALLOWED_TAGS:
        raise LoadError("YML004", f"tag '{tag}' is not allowed", span,
                        "only the core schema's tags are allowed; remove the tag")
    kind = tag[len(CORE_TAG):]
    if kind == "str":
        return value
    resolved, _ = resolve_plain(value, span)
    expected = _TAG_TYPES.get(kind)
    if expected is None or not isinstance(resolved, expected) or (kind == "int" and isinstance(resolved, bool)):
        raise LoadError("YML004", f"'{value}' is not a valid !!{kind}", span, "remove the tag or fix the value")
    return float(resolved) if kind == "float" and isinstance(resolved, int | float) else resolved


def resolve_plain(value: str, span: Span) -> tuple[Any, bool]:
    """A plain (unquoted, untagged) scalar: null, boolean, integer, float or text, and the YAML 1.1 flag."""
    if value and value[0] not in _MAYBE_NOT_TEXT:  # most text: no pattern can match, skip them all
        return value, False
    if _NULL.match(value):
        return None, False
    if value in _BOOL:
        return _BOOL[value], False
    if _INT.match(value):
        return _integer(value, value, 10, span), False
    if _OCT.match(value):
        return _integer(value, value[2:], 8, span), False
    if _HEX.match(value):
        return _integer(value, value[2:], 16, span), False
    if _FLOAT.match(value):
        return _float(value, span), False
    if _INF.match(value) or _NAN.match(value):
        raise LoadError("YML011", f"'{value}' is not a finite number", span, "write a finite number")
    return value, value in YAML11_BOOLEANS


def _float(value: str, span: Span) -> float:
    _bounded(value, span)
    number = float(value)
    if math.isinf(number):  # finite digits, but past the largest float: as useless as .inf
        raise LoadError("YML011", f"'{_short(value)}' is too large to be a finite number", span,
                        "write a finite number")
    return number


def _short(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:12]}...{text[-4:]} ({len(text)} characters)"


def _integer(text: str, digits: str, base: int, span: Span) -> int:
    """The integer, when it fits in 64 bits (YML013) and is written in at most ``MAX_NUMBER_CHARACTERS`` (YML015).
    Never converts thousands of digits: Python refuses past 4,300 decimal digits (a ValueError that ended the
    whole run: a zero-padded number has few significant digits and passed the first test), and a long run of
    digits is what an attacker writes to make a reader spin."""
    if len(digits.lstrip("+-0")) > 64:
        raise _too_large(text, span)
    _bounded(text, span)
    number = int(digits, base)
    if not -(2 ** 63) <= number < 2 ** 63:
        raise _too_large(text, span)
    return number


def _too_large(text: str, span: Span) -> LoadError:
    return LoadError("YML013", f"the integer '{_short(text)}' does not fit in 64 bits", span,
                     "write a number between -9223372036854775808 and 9223372036854775807")


def _bounded(text: str, span: Span) -> None:
    """YML015 for a number written in more than ``MAX_NUMBER_CHARACTERS`` characters (leading zeros, a long
    fraction): well under Python's integer-string limit, and under any length a rule could want."""
    if len(text) > MAX_NUMBER_CHARACTERS:
        raise LoadError("YML015", f"the number '{_short(text)}' is written in {len(text):,} characters, over the "
                        f"bound of {MAX_NUMBER_CHARACTERS}", span,
                        "write the number without leading zeros and with fewer decimals")
