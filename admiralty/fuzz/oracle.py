"""Judge one mutant: validate it in memory next to its context, then play what the validator accepted.

The validator must end with a result: no exception escaping it or a report renderer, no ``internal``
diagnostic, every diagnostic with a registered code, a message, a hint and a place inside the mutant,
output that encodes as UTF-8. When it accepts (no errors), every scenario of the context must play
``play_seeds`` seeds with each of its player kinds without a failure (crash, invariant, dead-end, step
limit, time limit, non-determinism): that is soundness. A validation or a game that never returns is a
``hang``. The loader's fast path and its positioned path must load the mutant alike (else a ``divergence``).
"""

from __future__ import annotations

import re
import signal
import traceback
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from admiralty.fuzz.corpus import Corpus
from admiralty.smoke.runner import Limits, play_smoke_game
from admiralty.validator.diagnostics import CODES, Severity
from admiralty.validator.load import LoadResult, load_bytes
from admiralty.validator.load.differential import load_paths_differ
from admiralty.validator.pipeline import Validation, validate_loaded
from admiralty.validator.report import FORMATS, render

FINDING_KINDS = ("traceback", "internal", "diagnostic", "hang", "unsound", "divergence")
ROOT = Path(__file__).resolve().parent.parent.parent
GAME_LIMITS = Limits(steps=20_000, seconds=30.0)


@dataclass(frozen=True)
class Verdict:
    """What happened to one mutant. ``outcome`` is ``rejected``, ``accepted`` or ``finding``; a finding has a
    ``kind`` (one of ``FINDING_KINDS``, ``unsound`` with the game's failure kind in ``failure``) and a
    ``signature`` that stays the same while a shrunk mutant still shows the same problem."""

    outcome: str
    codes: tuple[str, ...] = ()  # error codes, the first one first (rejected)
    kind: str = ""
    failure: str = ""
    signature: str = ""
    detail: str = ""
    games: int = 0

    @property
    def label(self) -> str:
        return f"unsound:{self.failure}" if self.kind == "unsound" else self.kind


class Hang(BaseException):
    """Raised by the watchdog; a ``BaseException`` so that no ``except Exception`` in a check swallows it."""


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` of wall clock (main thread on Unix; elsewhere no watchdog)."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum: int, frame: object) -> None:
        raise Hang(f"no result after {seconds:.0f} s")

    try:
        previous = signal.signal(signal.SIGALRM, fire)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _where(error: BaseException) -> str:
    """The innermost frame of ours: a stable name for where an exception came from."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if f.filename.startswith(str(ROOT)) and "/fuzz/" not in f.filename] or frames
    frame = ours[-1] if ours else None
    if frame is None:
        return "?"
    return f"{Path(frame.filename).relative_to(ROOT) if frame.filename.startswith(str(ROOT)) else frame.filename}" \
           f":{frame.name}"


def _traceback(error: BaseException) -> str:
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))[-4000:]


def validate_mutant(corpus: Corpus, file: str, content: bytes) -> tuple[Validation, LoadResult]:
    """Validate ``content`` as ``file`` together with the unchanged documents of its context."""
    mutant = load_bytes(content, file)
    results = [(name, mutant if name == file else corpus.files[name].result) for name in corpus.context(file)]
    return validate_loaded(results), mutant


_LINE_BREAK = re.compile("\r\n|\r|\n|\x85|\u2028|\u2029")  # what YAML (1.1, as libyaml reads it) counts


def _line_count(content: bytes) -> int:
    return len(_LINE_BREAK.findall(content.decode("utf-8", "replace"))) + 1


def _diagnostic_problems(validation: Validation, file: str, content: bytes) -> list[str]:
    lines = _line_count(content)
    problems = []
    for d in validation.report.diagnostics:
        if d.code not in CODES:
            problems.append(f"unregistered code {d.code}")
        elif d.file == file and not (1 <= d.line <= lines + 1 and d.column >= 1):
            problems.append(f"{d.code} points at line {d.line}, column {d.column} of a {lines}-line file")
        elif not d.message or not d.hint:
            problems.append(f"{d.code} has no {'message' if not d.message else 'hint'}")
    return problems


def evaluate(corpus: Corpus, file: str, content: bytes, play_seeds: int = 2, limits: Limits = GAME_LIMITS,
             validate_seconds: float = 30.0) -> Verdict:
    """Validate the mutant, check the report, play what was accepted."""
    with warnings.catch_warnings():
        # shapely warns on overflow in coordinates near the float limit; the result is what is judged
        warnings.simplefilter("ignore", RuntimeWarning)
        return _evaluate(corpus, file, content, play_seeds, limits, validate_seconds)


def _evaluate(corpus: Corpus, file: str, content: bytes, play_seeds: int, limits: Limits,
              validate_seconds: float) -> Verdict:
    try:
        with watchdog(validate_seconds):
            validation, _ = validate_mutant(corpus, file, content)
            outputs = {fmt: render(validation.report, fmt) for fmt in FORMATS}
            for text in outputs.values():
                text.encode("utf-8")
    except Hang as error:
        return Verdict("finding", kind="hang", signature="hang", detail=str(error))
    except Exception as error:  # an exception escaping the validator is the finding
        where = _where(error)
        return Verdict("finding", kind="traceback", signature=f"{type(error).__name__} at {where}",
                       detail=_traceback(error))
    return _report_finding(validation, file, content) or _verdict_of_errors(validation, file) or \
        _play(validation, play_seeds, limits)


def _report_finding(validation: Validation, file: str, content: bytes) -> Verdict | None:
    """A finding in what the validator reported: a crashed check, two loaders that disagree, or a diagnostic
    that breaks the report's own rules."""
    internal = [d for d in validation.report.diagnostics if d.code == "internal"]
    if internal:
        name = re.search(r"check '([^']+)'", internal[0].message)
        return Verdict("finding", kind="internal", signature=f"internal {name[1] if name else internal[0].message}",
                       detail="\n".join(f"{d.file}: {d.message}" for d in internal))
    divergence = load_paths_differ(content, file)
    if divergence is not None:
        return Verdict("finding", kind="divergence", signature=divergence, detail=divergence)
    problems = _diagnostic_problems(validation, file, content)
    if problems:
        return Verdict("finding", kind="diagnostic", signature=re.sub(r"\d+", "N", problems[0]),
                       detail="\n".join(problems[:20]))
    return None


def _verdict_of_errors(validation: Validation, file: str) -> Verdict | None:
    """``rejected`` with the codes of the errors (the mutated file's first), or ``None`` without errors."""
    errors = [d for d in validation.report.sorted() if d.severity is Severity.ERROR]
    if not errors:
        return None
    first = sorted(errors, key=lambda d: (d.file != file, d.sort_key()))
    return Verdict("rejected", codes=tuple(dict.fromkeys(d.code for d in first)))


def _play(validation: Validation, play_seeds: int, limits: Limits) -> Verdict:
    games = 0
    for scenario in validation.scenarios:
        players = tuple(scenario.smoke.players)
        for seed in range(play_seeds):
            for player in players:
                try:  # the game's own time limit is checked between actions; this catches one that never returns
                    with watchdog(2 * limits.seconds + 10):
                        outcome = play_smoke_game(scenario, seed, player, limits=limits, check_replay=seed == 0)
                except Hang as error:
                    return Verdict("finding", kind="hang", signature="hang in a game", games=games + 1,
                                   detail=f"{scenario.id} seed {seed} player {player}: {error}")
                games += 1
                if outcome.failure:
                    place = re.sub(r"\d+", "N", outcome.message.split(":")[0] if outcome.failure == "crash"
                                   else outcome.message[:40])
                    located = re.search(r"\(([\w.]+:)\d+\)$", outcome.message)
                    signature = f"{outcome.failure} {place} {located[1] if located else ''}".strip()
                    return Verdict("finding", kind="unsound", failure=outcome.failure, signature=signature,
                                   detail=f"{scenario.id} seed {seed} player {player}: {outcome.failure}: "
                                          f"{outcome.message}", games=games)
    return Verdict("accepted", games=games)
