"""Writing corpus documents as readable YAML that ``yaml.safe_load`` reads back unchanged.

Layout: block style for the document's structure; flow style for coordinate pairs and other short lists
of numbers or ids (``at: [12.5, 40.25]``, ``zones: [K10, K11]``) and for small mappings inside lists
(``- {id: K10, kind: open}``). Floats are rounded to 2 decimals. Strings that YAML 1.1 would read as
booleans (``no``, ``Y``, ``on`` ...) are quoted, so YAML 1.1 and 1.2 readers agree. No tags, no anchors.
"""

from __future__ import annotations

from collections.abc import Mapping

import yaml

_YAML11_BOOLEANS = {
    spelling
    for word in ("y", "n", "yes", "no", "true", "false", "on", "off")
    for spelling in (word, word.upper(), word.capitalize())
}
_FLOW_MAPPING_WIDTH = 100


class _FlowList(list[object]):
    pass


class _FlowDict(dict[str, object]):
    pass


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: object) -> bool:
        return True

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        # list items indented under their key, as in the format's examples
        super().increase_indent(flow, False)


def _represent_flow_list(dumper: yaml.SafeDumper, data: _FlowList) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)


def _represent_flow_dict(dumper: yaml.SafeDumper, data: _FlowDict) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if data in _YAML11_BOOLEANS:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')
    if "\n" in data:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    return dumper.represent_str(data)


_Dumper.add_representer(_FlowList, _represent_flow_list)
_Dumper.add_representer(_FlowDict, _represent_flow_dict)
_Dumper.add_representer(str, _represent_str)


def _is_scalar(value: object) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _short_scalars(values: list[object]) -> bool:
    return all(_is_scalar(v) and len(str(v)) <= 24 for v in values) and len(str(values)) <= 80


def _flow_width(mapping: Mapping[str, object]) -> int:
    return len(yaml.dump(mapping, Dumper=_Dumper, default_flow_style=True, width=10_000, allow_unicode=True).strip())


def _layout(value: object) -> object:
    """Copy ``value`` with floats rounded and the flow-style parts marked.

    A list of mappings is written all in flow style or all in block style, so that its entries line up.
    """
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, dict):
        return {str(k): _layout(v) for k, v in value.items()}
    if isinstance(value, list):
        return _layout_list(value)
    return value


def _layout_list(value: list[object]) -> list[object]:
    """A list of numbers or short scalars on one line; a list of small mappings with each in flow style."""
    if value and (all(_is_number(v) for v in value) or _short_scalars(value)):
        return _FlowList(_layout(v) for v in value)
    laid = [_layout(v) for v in value]
    mappings = [v for v in laid if isinstance(v, dict)]
    if laid and len(mappings) == len(laid) and all(_is_small(v) for v in mappings):
        return [_FlowDict(v) for v in mappings]
    return laid


def _is_small(mapping: Mapping[str, object]) -> bool:
    simple = all(_is_scalar(v) or isinstance(v, _FlowList) for v in mapping.values())
    return simple and _flow_width(mapping) <= _FLOW_MAPPING_WIDTH


def dump_document(document: Mapping[str, object], modeline: str) -> str:
    """The YAML text of a corpus document, its modeline first."""
    body = yaml.dump(
        _layout(document),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=110,
    )
    return f"{modeline}\n{body}"
