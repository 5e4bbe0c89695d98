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
from typing import Any

import yaml

from validator.fuzz.corpus import Corpus, CorpusFile
from validator.fuzz.data_mutations import DATA_MUTATIONS
from validator.fuzz.text_mutations import BYTES_MUTATIONS, TEXT_MUTATIONS
from validator.fuzz.tree import Raw, nodes

STAGES = ("data", "text", "bytes")
FALLBACKS = ("plausible-value", "delete-key", "number-nudge", "drop-item", "misspell-value")


@dataclass(frozen=True)
class Mutation:
    name: str
    stage: str
    weight: float
    about: str


MUTATIONS: dict[str, Mutation] = {
    **{name: Mutation(name, "data", weight, (function.__doc__ or "").strip().split("\n")[0])
       for name, (function, weight) in DATA_MUTATIONS.items()},
    **{name: Mutation(name, "text", weight, "") for name, (_, weight) in TEXT_MUTATIONS.items()},
    **{name: Mutation(name, "bytes", weight, "") for name, (_, weight) in BYTES_MUTATIONS.items()},
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


def _data_stage(source: CorpusFile, steps: list[Step], vocabulary: dict[str, list[Any]], notes: list[str]) -> str:
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


def dump(data: Any, modeline: str = "") -> str:
    """YAML text of ``data`` (block style, flow for lists of scalars), the modeline kept on top."""
    raws = {f"fuzzraw{id(v)}x": v.text for _, v in nodes([data]) if isinstance(v, Raw)}
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None,
                     width=120)
    for token, written in raws.items():
        text = text.replace(token, written)
    text = text.replace("'<<':", "<<:")  # a merge key, not the string "<<"
    return (modeline + "\n" if modeline else "") + text
