"""The mutation registry, and how a mutant is made from a corpus document.

A mutant is a document's name and a tuple of steps, each a mutation's name and its own seed: the same
steps make the same mutant in any process, and dropping a step (to shrink a finding) leaves the others
as they were. Steps apply in three stages: data mutations on a copy of the loaded data (then dumped back
to YAML, with anchors for shared subtrees and ``<<`` merge keys), text mutations on the YAML text, byte
mutations on the file's bytes. A document without data mutations keeps its original text.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

import yaml

from admiralty.fuzz.corpus import Corpus, CorpusFile
from admiralty.fuzz.domain_mutations import DATA_MUTATIONS
from admiralty.fuzz.text_mutations import BYTES_MUTATIONS, TEXT_MUTATIONS
from admiralty.fuzz.tree import Raw, nodes

STAGES = ("data", "text", "bytes")
FALLBACKS = ("plausible-value", "delete-key", "number-nudge", "drop-item", "misspell-value")


@dataclass(frozen=True)
class Mutation:
    name: str
    stage: str
    weight: float
    about: str


ABOUT: dict[str, str] = {
    "delete-key": "delete a key (and its value) from a mapping",
    "add-key": "add a key seen elsewhere in the ruleset, or a misspelt one",
    "misspell-key": "misspell a key (a dropped, doubled or swapped letter, a homoglyph, a zero-width space)",
    "retype": "change a value's type (text for a number, a list for a scalar, null, a mapping...)",
    "misspell-value": "misspell a text value (an id, a reference, a name)",
    "swap-values": "swap two text values of the same field (two fleets' starts, two ids)",
    "plausible-value": "replace a value by another value the corpus uses for the same field",
    "number-extreme": "set a number to 0, -1, 2**31, 2**63, 1e308, NaN, infinity...",
    "number-nudge": "move a number by one, double it, halve it, negate it",
    "raw-number": "write a number YAML can hold but no rule can: 1e999, 5,000 digits, .NaN, 0b1010, 1_000",
    "long-string": "lengthen a text to 256 ... 200,000 characters (accents, emoji, combining marks, RTL)",
    "odd-string": "odd text: empty, whitespace, NO/yes, <script>, ::error::, control characters, RTL, emoji",
    "move-point": "move a point (a port, a unit, a battery) a little, far, to the origin or mirrored",
    "move-vertex": "move one vertex of a polygon (onto another vertex, far away, by a hair)",
    "reverse-list": "reverse a list (a polygon's orientation, written orders)",
    "shuffle-list": "shuffle a list",
    "drop-item": "drop one item of a list",
    "duplicate-item": "duplicate one item of a list (a fleet, a zone, a vertex, an order)",
    "swap-items": "swap two items of a list",
    "copy-to-sibling": "copy an item into another list of the same field",
    "move-to-sibling": "move an item into another list of the same field (a ship to another fleet)",
    "empty-collection": "empty a list or a mapping",
    "truncate-list": "keep only the first items of a list",
    "deep-nest": "wrap a value in 1 ... 100 levels of lists or mappings",
    "alias": "make two places share one subtree: a YAML anchor and an alias",
    "merge-key": "merge another mapping into a mapping with '<<' (YAML merge key)",
    "reorder-orders": "shuffle, reverse or rotate a fleet's written orders",
    "drop-orders": "drop a written order, or all orders after some turn",
    "ship-in-two-fleets": "put a ship (or unit) in a second fleet (or list) as well",
    "move-port": "move a port onto another port, inland, off the map, by a hair",
    "kind-or-ruleset": "change the document's kind or ruleset",
    "replace-root": "replace the whole document by null, a list, a scalar",
    "delete-line": "delete a line of the YAML text",
    "duplicate-line": "duplicate a line (a duplicate key or item)",
    "swap-lines": "swap two lines",
    "reindent-line": "indent a line more or less",
    "tab-indent": "indent a line with a tab",
    "truncate-text": "cut the text short",
    "insert-char": "insert a YAML indicator or an odd character (NUL, ESC, BOM, LS, U+FFFE)",
    "join-lines": "join two lines",
    "document-marker": "insert ---, ..., %YAML or %TAG directives",
    "tag": "add a tag: !!python/object, !custom, !!binary, !!set, !!timestamp, !!int on text...",
    "text-alias": "anchor a value and alias it elsewhere (before its anchor, undefined, as a key)",
    "text-merge": "add a merge key '<<' with a mapping, an undefined alias, a scalar, a list",
    "recursive-alias": "an alias inside its own anchor",
    "laughs": "append nested aliases (billion laughs), 3 to 9 levels",
    "deep-text": "nest a value 63 ... 100,000 levels deep in brackets or braces",
    "huge-text-number": "replace a number in the text by 1e999, 5,000 digits, .nan",
    "crlf": "change the line endings to CRLF or CR",
    "bom": "insert a byte-order mark",
    "flow-break": "remove a bracket or brace",
    "quote-break": "open a quote that never closes",
    "comment-out": "comment a line out",
    "invalid-utf8": "insert bytes that are not UTF-8 (a lone continuation, an encoded surrogate, overlong)",
    "utf16": "encode the file as UTF-16 or UTF-32",
    "nul-bytes": "insert NUL bytes",
    "oversize": "pad the file to just under or over the 8 MiB bound",
}
MUTATIONS: dict[str, Mutation] = {
    **{name: Mutation(name, "data", weight, ABOUT[name]) for name, (_, weight) in DATA_MUTATIONS.items()},
    **{name: Mutation(name, "text", weight, ABOUT[name]) for name, (_, weight) in TEXT_MUTATIONS.items()},
    **{name: Mutation(name, "bytes", weight, ABOUT[name]) for name, (_, weight) in BYTES_MUTATIONS.items()},
}
_NAMES = sorted(MUTATIONS)


@dataclass(frozen=True)
class Step:
    name: str
    seed: int


@dataclass(frozen=True)
class Mutant:
    """A mutated document: which corpus file, the steps, the bytes they made, and what each step did."""

    file: str
    steps: tuple[Step, ...]
    content: bytes
    notes: tuple[str, ...]


def plan_mutant(corpus: Corpus, index: int, seed: int, max_steps: int = 3,
                only: tuple[str, ...] = ()) -> tuple[str, tuple[Step, ...]]:
    """Mutant ``index`` of the run seeded ``seed``: which document, which steps (drawn from ``only`` when
    given). Independent of every other mutant, so any worker makes the same one."""
    rng = random.Random(f"admiralty-fuzz/{seed}/{index}")
    file = rng.choice(corpus.names())
    count = 1
    while count < max_steps and rng.random() < 0.35:
        count += 1
    pool = [n for n in _NAMES if n in only] if only else _NAMES
    names = rng.choices(pool, weights=[MUTATIONS[n].weight for n in pool], k=count)
    return file, tuple(Step(name, rng.getrandbits(32)) for name in names)


def make_mutant(corpus: Corpus, file: str, steps: tuple[Step, ...]) -> Mutant:
    """Apply ``steps`` to ``file``: data steps first, then text steps, then byte steps, each in order."""
    source = corpus.files[file]
    ordered = sorted(steps, key=lambda s: STAGES.index(MUTATIONS[s.name].stage))
    notes: list[str] = []
    data_steps = [s for s in ordered if MUTATIONS[s.name].stage == "data"]
    text = _data_stage(source, data_steps, corpus.vocabulary(source.ruleset), notes)
    for step in ordered:
        if MUTATIONS[step.name].stage != "text":
            continue
        changed = TEXT_MUTATIONS[step.name][0](text, random.Random(step.seed))
        notes.append(f"{step.name}: {changed[1] if changed else 'nothing to change'}")
        text = changed[0] if changed else text
    raw = text.encode("utf-8", "surrogatepass")
    for step in ordered:
        if MUTATIONS[step.name].stage != "bytes":
            continue
        done = BYTES_MUTATIONS[step.name][0](raw, random.Random(step.seed))
        notes.append(f"{step.name}: {done[1] if done else 'nothing to change'}")
        raw = done[0] if done else raw
    return Mutant(file, tuple(ordered), raw, tuple(notes))


def _data_stage(source: CorpusFile, steps: list[Step], vocabulary: dict[str, list[object]], notes: list[str]) -> str:
    original = source.raw.decode("utf-8", "replace")
    if not steps:
        return original
    if source.result.document is None:
        notes.extend(f"{s.name}: the document does not load; no data to mutate" for s in steps)
        return original
    box = [copy.deepcopy(source.data)]
    for step in steps:
        rng = random.Random(step.seed)
        note = DATA_MUTATIONS[step.name][0](box, rng, vocabulary)
        if note is None:  # nothing it applies to here: a mutation that applies to any document instead
            fallback = rng.choice(FALLBACKS)
            note = DATA_MUTATIONS[fallback][0](box, rng, vocabulary)
            note = f"(nothing to change; {fallback} instead) {note}" if note else None
        notes.append(f"{step.name}: {note or 'nothing to change'}")
    return dump(box[0], source.modeline)


class _Dumper(yaml.SafeDumper):
    """Dumps shared subtrees as anchors and aliases, and ``Raw`` scalars as placeholders filled in later."""


def _represent_raw(dumper: yaml.SafeDumper, raw: Raw) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", f"fuzzraw{id(raw)}x")


_Dumper.add_representer(Raw, _represent_raw)


def dump(data: object, modeline: str = "") -> str:
    """YAML text of ``data`` (block style, flow for lists of scalars), the modeline kept on top."""
    raws = {f"fuzzraw{id(v)}x": v.text for _, v in nodes([data]) if isinstance(v, Raw)}
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None,
                     width=120)
    for token, written in raws.items():
        text = text.replace(token, written)
    text = text.replace("'<<':", "<<:")  # a merge key, not the string "<<"
    return (modeline + "\n" if modeline else "") + text
