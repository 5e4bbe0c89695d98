"""Run many mutants on a process pool, count the outcomes, shrink and write every finding.

Mutant ``i`` depends on the seed and ``i`` only, so the counts are the same with any number of workers.
Each worker loads the corpus once (``initializer``) and judges chunks of mutants; findings are grouped by
kind and signature, and the first mutant of each group is shrunk and written to the output folder with a
note that says how to reproduce it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TypedDict

from admiralty.atomic import write_bytes, write_text
from admiralty.fuzz.corpus import Corpus, load_corpus
from admiralty.fuzz.mutations import Mutant, Step, make_mutant, plan_mutant
from admiralty.fuzz.oracle import GAME_LIMITS, Verdict, evaluate
from admiralty.fuzz.shrink import Shrunk, shrink
from admiralty.smoke.runner import Limits


@dataclass(frozen=True)
class FuzzSettings:
    mutants: int = 1000
    seed: int = 0
    jobs: int = 2
    play_seeds: int = 2
    max_steps: int = 3  # mutations per mutant at most
    only: tuple[str, ...] = ()  # draw the mutations from these names only (all when empty)
    out: str | None = "build/fuzz"
    shrink: bool = True
    shrink_budget: int = 300  # evaluations per finding
    limits: Limits = GAME_LIMITS
    validate_seconds: float = 30.0
    chunk: int = 20


@dataclass(frozen=True)
class Judged:
    """One mutant's verdict, small enough to send back from a worker."""

    index: int
    file: str
    steps: tuple[Step, ...]
    verdict: Verdict
    notes: tuple[str, ...]


@dataclass
class Finding:
    kind: str  # traceback, internal, diagnostic, hang, unsound:<failure kind>
    signature: str
    count: int
    first: Judged
    shrunk_steps: tuple[str, ...] = ()
    shrunk_lines: int = 0
    folder: str = ""


class DistinctFinding(TypedDict):
    kind: str
    signature: str
    count: int
    folder: str


class FuzzSummary(TypedDict):
    """What ``admiralty fuzz`` prints and writes as its summary (JSON)."""

    mutants: int
    documents: int
    seconds: float
    rejected: int
    rejected_by_code: dict[str, int]
    accepted_and_played: int
    games: int
    findings: int
    findings_by_kind: dict[str, int]
    distinct_findings: list[DistinctFinding]
    by_mutation: dict[str, dict[str, int]]


@dataclass
class FuzzReport:
    mutants: int = 0
    seconds: float = 0.0
    documents: int = 0
    rejected: Counter[str] = field(default_factory=Counter)  # by the first error code
    accepted: int = 0
    games: int = 0
    findings: list[Finding] = field(default_factory=list)
    by_mutation: dict[str, Counter[str]] = field(default_factory=dict)  # mutation -> outcome -> count

    @property
    def found(self) -> Counter[str]:
        """Mutants with a finding, by kind."""
        counts: Counter[str] = Counter()
        for finding in self.findings:
            counts[finding.kind] += finding.count
        return counts

    def summary(self) -> FuzzSummary:
        return FuzzSummary(
            mutants=self.mutants, documents=self.documents, seconds=round(self.seconds, 1),
            rejected=sum(self.rejected.values()), rejected_by_code=dict(sorted(self.rejected.items())),
            accepted_and_played=self.accepted, games=self.games,
            findings=sum(f.count for f in self.findings), findings_by_kind=dict(sorted(self.found.items())),
            distinct_findings=[DistinctFinding(kind=f.kind, signature=f.signature, count=f.count, folder=f.folder)
                               for f in self.findings],
            by_mutation={name: dict(sorted(c.items())) for name, c in sorted(self.by_mutation.items())},
        )


_CORPUS: Corpus | None = None
_SETTINGS: FuzzSettings | None = None


def _init(paths: Sequence[str], settings: FuzzSettings) -> None:
    global _CORPUS, _SETTINGS
    _CORPUS, _SETTINGS = load_corpus(paths), settings


def _judge(corpus: Corpus, settings: FuzzSettings, file: str, content: bytes) -> Verdict:
    return evaluate(corpus, file, content, settings.play_seeds, settings.limits, settings.validate_seconds)


def _run_chunk(indices: Sequence[int]) -> list[Judged]:
    assert _CORPUS is not None and _SETTINGS is not None
    out = []
    for index in indices:
        file, steps = plan_mutant(_CORPUS, index, _SETTINGS.seed, _SETTINGS.max_steps, _SETTINGS.only)
        mutant = make_mutant(_CORPUS, file, steps)
        verdict = _judge(_CORPUS, _SETTINGS, file, mutant.content)
        out.append(Judged(index, file, mutant.steps, verdict, mutant.notes))
    return out


def _shrink_one(judged: Judged) -> tuple[Shrunk, Mutant]:
    assert _CORPUS is not None and _SETTINGS is not None
    corpus, settings = _CORPUS, _SETTINGS
    mutant = make_mutant(corpus, judged.file, judged.steps)
    shrunk = shrink(corpus, mutant, judged.verdict, lambda f, c: _judge(corpus, settings, f, c),
                    settings.shrink_budget)
    return shrunk, mutant


Progress = Callable[[int, int, int], None]  # done, total, findings so far


def run_fuzz(paths: Sequence[str], settings: FuzzSettings, progress: Progress = lambda *_: None) -> FuzzReport:
    """Judge ``settings.mutants`` mutants of the documents under ``paths``; shrink and write the findings."""
    started = time.perf_counter()
    report = FuzzReport(documents=len(load_corpus(paths).files))
    indices = list(range(settings.mutants))
    chunks = [indices[i:i + settings.chunk] for i in range(0, len(indices), settings.chunk)]
    judged: list[Judged] = []
    if settings.jobs <= 1:
        _init(paths, settings)
        for chunk in chunks:
            judged.extend(_run_chunk(chunk))
            progress(len(judged), settings.mutants, _count_findings(judged))
        shrunk = _shrink_all(judged, settings, lambda items: [_shrink_one(j) for j in items])
    else:
        with ProcessPoolExecutor(settings.jobs, initializer=_init, initargs=(list(paths), settings)) as pool:
            futures = [pool.submit(_run_chunk, chunk) for chunk in chunks]
            for future in as_completed(futures):
                judged.extend(future.result())
                progress(len(judged), settings.mutants, _count_findings(judged))
            shrunk = _shrink_all(judged, settings, lambda items: list(pool.map(_shrink_one, items)))
    judged.sort(key=lambda j: j.index)
    _count(report, judged)
    _collect_findings(report, judged, shrunk, settings)
    report.seconds = time.perf_counter() - started
    if settings.out:
        out = Path(settings.out)
        write_text(out / "summary.json", json.dumps(report.summary(), indent=2, ensure_ascii=False) + "\n")
    return report


def _count_findings(judged: Sequence[Judged]) -> int:
    return sum(1 for j in judged if j.verdict.outcome == "finding")


def _first_of_each(judged: Sequence[Judged]) -> dict[tuple[str, str], Judged]:
    firsts: dict[tuple[str, str], Judged] = {}
    for j in sorted(judged, key=lambda j: j.index):
        if j.verdict.outcome == "finding":
            firsts.setdefault((j.verdict.label, j.verdict.signature), j)
    return firsts


Shrinks = dict[tuple[str, str], tuple[Shrunk, Mutant]]  # (kind, signature) -> the shrunk case and its mutant


def _shrink_all(judged: Sequence[Judged], settings: FuzzSettings,
                run: Callable[[list[Judged]], list[tuple[Shrunk, Mutant]]]) -> Shrinks:
    if not settings.shrink:
        return {}
    firsts = _first_of_each(judged)
    return dict(zip(firsts, run(list(firsts.values())), strict=True))


def _count(report: FuzzReport, judged: Sequence[Judged]) -> None:
    report.mutants = len(judged)
    for j in judged:
        verdict = j.verdict
        outcome = verdict.label if verdict.outcome == "finding" else verdict.outcome
        if verdict.outcome == "rejected":
            report.rejected[verdict.codes[0]] += 1
        elif verdict.outcome == "accepted":
            report.accepted += 1
        report.games += verdict.games
        for step in dict.fromkeys(s.name for s in j.steps):
            report.by_mutation.setdefault(step, Counter())[outcome] += 1


def _collect_findings(report: FuzzReport, judged: Sequence[Judged], shrunk: Shrinks, settings: FuzzSettings) -> None:
    counts = Counter((j.verdict.label, j.verdict.signature) for j in judged if j.verdict.outcome == "finding")
    for n, (key, first) in enumerate(sorted(_first_of_each(judged).items(), key=lambda kv: kv[1].index), 1):
        finding = Finding(key[0], key[1], counts[key], first)
        if key in shrunk:
            small, _ = shrunk[key]
            finding.shrunk_steps = tuple(s.name for s in small.mutant.steps)
            finding.shrunk_lines = small.content.count(b"\n") + 1
        if settings.out:
            finding.folder = _write_finding(Path(settings.out), n, finding, shrunk.get(key), settings)
        report.findings.append(finding)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:50]


def _write_finding(out: Path, n: int, finding: Finding, small: tuple[Shrunk, Mutant] | None,
                   settings: FuzzSettings) -> str:
    folder = out / f"{n:03d}-{_slug(finding.kind)}-{_slug(finding.signature)}"
    folder.mkdir(parents=True, exist_ok=True)
    first = finding.first
    name = Path(first.file).name
    content = small[0].content if small else b""
    verdict = small[0].verdict if small else first.verdict
    original = small[1].content if small else b""
    if small:
        write_bytes(folder / name, content)
        write_bytes(folder / ("unshrunk-" + name), original)
    steps = small[0].mutant.steps if small else first.steps
    note = [
        f"# {finding.kind}: {finding.signature}", "",
        f"Seen in {finding.count} of the mutants; the first was mutant {first.index} of seed {settings.seed}, "
        f"a mutant of `{first.file}`.", "",
        "Steps (mutation and its seed) that still show it after shrinking:", "",
        *[f"- `{s.name}` seed {s.seed}" for s in steps], "",
        "What the original steps did:", "", *[f"- {note}" for note in first.notes], "",
        f"`{name}` here is the shrunk mutant (the steps' text with every line removed that the finding does not "
        f"need); `unshrunk-{name}` is the steps' text. Reproduce by validating it in place of `{first.file}` "
        "next to the documents it refers to:", "",
        "```", "admiralty fuzz --reproduce " + shlex.quote(str(folder / name)) + " --as " + shlex.quote(first.file),
        "```", "", "Detail:", "", "```", verdict.detail.strip(), "```", "",
    ]
    write_text(folder / "NOTE.md", "\n".join(note))
    write_text(folder / "finding.json", json.dumps({"kind": finding.kind, "signature": finding.signature,
                                                     "count": finding.count, "file": first.file,
                                                     "steps": [asdict(s) for s in steps],
                                                     "seed": settings.seed, "index": first.index},
                                                    indent=2) + "\n")
    return str(folder)


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))
