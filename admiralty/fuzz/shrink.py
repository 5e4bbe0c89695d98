"""Shrink a finding to a small case that still shows it.

First the steps: drop each mutation while the finding (its kind and signature) persists. Then the text:
drop blocks of lines (a line with everything nested under it: a key with its value, a list item), from
the end of the file to its start, pass after pass, while the finding persists. Bounded by a number of evaluations, so a
slow finding still ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from admiralty.fuzz.corpus import Corpus
from admiralty.fuzz.mutations import Mutant, Step, make_mutant
from admiralty.fuzz.oracle import Verdict

Judge = Callable[[bytes], Verdict]


@dataclass(frozen=True)
class Shrunk:
    mutant: Mutant  # the fewest steps that still show the finding
    content: bytes  # those steps' bytes with every removable line removed
    verdict: Verdict
    tries: int


def same(a: Verdict, b: Verdict) -> bool:
    return a.outcome == "finding" and b.outcome == "finding" and (a.kind, a.signature) == (b.kind, b.signature)


def _leading(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block_end(lines: list[str], i: int) -> int:
    """The end of line ``i``'s block: the line and everything nested under it (PyYAML writes a key's list
    items at the key's own indentation)."""
    depth = _leading(lines[i])
    opens = lines[i].rstrip().endswith(":")
    end = i + 1
    while end < len(lines):
        line = lines[end]
        nested = _leading(line) > depth or (opens and _leading(line) == depth and line.lstrip().startswith("- "))
        if line.strip() and not nested:
            break
        end += 1
    return end


def shrink_steps(corpus: Corpus, mutant: Mutant, verdict: Verdict, judge: Callable[[Mutant], Verdict],
                 budget: int) -> tuple[Mutant, Verdict, int]:
    tries = 0
    steps = list(mutant.steps)
    changed = True
    while changed and len(steps) > 1 and tries < budget:
        changed = False
        for i in range(len(steps)):
            trial: tuple[Step, ...] = tuple(steps[:i] + steps[i + 1:])
            candidate = make_mutant(corpus, mutant.file, trial)
            tries += 1
            result = judge(candidate)
            if same(result, verdict):
                steps, mutant, verdict, changed = list(trial), candidate, result, True
                break
            if tries >= budget:
                break
    return mutant, verdict, tries


def shrink_text(content: bytes, verdict: Verdict, judge: Judge, budget: int) -> tuple[bytes, Verdict, int]:
    try:
        lines = content.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return content, verdict, 0
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for i in range(len(lines) - 1, -1, -1):  # from the end, so that earlier line numbers stay put
            if i >= len(lines) or not lines[i].strip() or tries >= budget:
                continue
            trial = lines[:i] + lines[_block_end(lines, i):]
            tries += 1
            result = judge("\n".join(trial).encode("utf-8"))
            if same(result, verdict):
                lines, verdict, progress = trial, result, True
    return "\n".join(lines).encode("utf-8"), verdict, tries


def shrink(corpus: Corpus, mutant: Mutant, verdict: Verdict, judge_bytes: Callable[[str, bytes], Verdict],
           budget: int = 300) -> Shrunk:
    """The smallest mutant found within ``budget`` evaluations that gives the same finding as ``verdict``."""
    fewer, verdict, used = shrink_steps(corpus, mutant, verdict, lambda m: judge_bytes(m.file, m.content), budget)
    content, verdict, more = shrink_text(fewer.content, verdict, lambda c: judge_bytes(fewer.file, c), budget - used)
    return Shrunk(fewer, content, verdict, used + more)
