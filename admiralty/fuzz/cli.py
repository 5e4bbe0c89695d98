"""``admiralty fuzz``: mutate the corpus, validate every mutant, play the accepted ones, report findings."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from admiralty.fuzz.mutations import MUTATIONS
from admiralty.fuzz.runner import FuzzReport, FuzzSettings, default_jobs, run_fuzz
from admiralty.smoke.runner import Limits

# For ``admiralty.cli._add(sub, "fuzz", CLI_HELP, CLI_EXAMPLE, handler)``; the handler passes the rest of
# the command line (``argparse.REMAINDER``) to ``fuzz_command``.
CLI_HELP = ("Mutation fuzzing: validate thousands of mutants of the corpus in memory; the validator must never "
            "raise, and every mutant it accepts must play. Findings are shrunk and written to --out.")
CLI_EXAMPLE = """\
admiralty fuzz scenarios/ --mutants 10000 --seed 1 --out build/fuzz
admiralty fuzz scenarios/dreadnought --mutants 300 --seed 7 --jobs 2 --play-seeds 1
admiralty fuzz --reproduce build/fuzz/001-traceback-.../otranto-1917.yaml \\
    --as scenarios/dreadnought/scenarios/otranto-1917.yaml
Exit codes: 0 no findings, 1 findings (tracebacks, internal diagnostics, unsound acceptances), 2 usage.
"""
EXAMPLE = "examples:\n" + "".join(f"  {line}\n" for line in CLI_EXAMPLE.splitlines())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="admiralty fuzz", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLE,
        description=CLI_HELP)
    parser.add_argument("paths", nargs="*", default=["scenarios"], metavar="PATH",
                        help="the corpus (default: scenarios)")
    parser.add_argument("--mutants", type=int, default=1000, help="how many mutants (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed: mutant i depends on it and i only")
    parser.add_argument("--out", default="build/fuzz", help="findings and summary.json (default build/fuzz)")
    parser.add_argument("--play-seeds", type=int, default=2, help="seeds to play per player kind of each accepted "
                        "scenario (default 2)")
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="worker processes (default: 2, or 1 on one CPU)")
    parser.add_argument("--max-mutations", type=int, default=3, help="mutations per mutant at most (default 3)")
    parser.add_argument("--mutations", default="", metavar="NAMES", help="comma-separated mutation names to draw "
                        "from (default: all; see --list-mutations)")
    parser.add_argument("--list-mutations", action="store_true", help="print the mutations and exit")
    parser.add_argument("--no-shrink", action="store_true", help="write findings as found, unshrunk")
    parser.add_argument("--shrink-budget", type=int, default=300, help="evaluations per finding when shrinking")
    parser.add_argument("--game-seconds", type=float, default=30.0, help="wall-clock limit per played game")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--reproduce", metavar="FILE", help="judge one written mutant instead of fuzzing")
    parser.add_argument("--as", dest="as_file", metavar="CORPUS_FILE", help="with --reproduce: the corpus document "
                        "the mutant stands for")
    return parser


class _Progress:
    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.started = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int, findings: int) -> None:
        now = time.perf_counter()
        if self.quiet or (now - self.last < 5 and done < total):
            return
        self.last = now
        rate = done / max(now - self.started, 1e-9)
        print(f"fuzz: {done}/{total} mutants, {rate:.1f}/s, {findings} findings", file=sys.stderr, flush=True)


def render_summary(report: FuzzReport) -> str:
    rejected = sum(report.rejected.values())
    findings = sum(report.found.values())
    codes = ", ".join(f"{code} {n}" for code, n in report.rejected.most_common())
    lines = [f"fuzz: {report.mutants} mutants of {report.documents} documents in {report.seconds:.0f} s",
             f"  rejected with a diagnostic  {rejected:>6}   by first error code: {codes or '-'}",
             f"  accepted and played         {report.accepted:>6}   ({report.games} games)",
             f"  findings                    {findings:>6}   "
             + (", ".join(f"{k} {n}" for k, n in sorted(report.found.items())) or "none")]
    for finding in report.findings:
        lines.append(f"    {finding.kind}: {finding.signature} ({finding.count} mutants)"
                     + (f" -> {finding.folder}" if finding.folder else ""))
    return "\n".join(lines) + "\n"


def _reproduce(args: argparse.Namespace) -> int:
    from admiralty.fuzz.corpus import load_corpus
    from admiralty.fuzz.oracle import evaluate

    corpus = load_corpus(args.paths)
    if args.as_file not in corpus.files:
        print(f"admiralty fuzz: --as must name a corpus document, one of: {', '.join(corpus.names())}",
              file=sys.stderr)
        return 2
    verdict = evaluate(corpus, args.as_file, Path(args.reproduce).read_bytes(), args.play_seeds,
                       Limits(seconds=args.game_seconds))
    print(f"{verdict.outcome}: {verdict.label or ', '.join(verdict.codes) or f'{verdict.games} games played'}")
    if verdict.detail:
        print(verdict.detail)
    return 1 if verdict.outcome == "finding" else 0


COUNTS_NOT_POSITIVE = "counts must be positive"  # the one usage error that prints the usage line too


def _usage_problem(args: argparse.Namespace, only: tuple[str, ...]) -> str:
    """Why the arguments cannot run (a usage error, exit 2), or ""."""
    if args.mutants < 0 or args.play_seeds < 0 or args.jobs < 1 or args.max_mutations < 1:
        return COUNTS_NOT_POSITIVE
    unknown = [n for n in only if n not in MUTATIONS]
    if unknown and not args.list_mutations:
        return f"unknown mutation {', '.join(unknown)}; see --list-mutations"
    if args.reproduce and not args.as_file and not args.list_mutations:
        return "--reproduce needs --as CORPUS_FILE"
    return ""


def fuzz_command(argv: Sequence[str]) -> int:
    """``admiralty fuzz ARGS``: 0 without findings, 1 with findings, 2 on a usage error."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit_:
        return int(exit_.code or 0)
    only = tuple(n.strip() for n in args.mutations.split(",") if n.strip())
    problem = _usage_problem(args, only)
    if problem:
        if problem == COUNTS_NOT_POSITIVE:
            parser.print_usage(sys.stderr)
        print(f"admiralty fuzz: {problem}", file=sys.stderr)
        return 2
    if args.list_mutations:
        for mutation in MUTATIONS.values():
            print(f"{mutation.name:<20} {mutation.stage:<6} {mutation.about}")
        return 0
    if args.reproduce:
        return _reproduce(args)
    settings = FuzzSettings(mutants=args.mutants, seed=args.seed, jobs=args.jobs, play_seeds=args.play_seeds,
                            max_steps=args.max_mutations, only=only, out=args.out or None, shrink=not args.no_shrink,
                            shrink_budget=args.shrink_budget, limits=Limits(seconds=args.game_seconds))
    report = run_fuzz(args.paths, settings, _Progress(args.json))
    sys.stdout.write(json.dumps(report.summary(), indent=2) + "\n" if args.json else render_summary(report))
    return 1 if report.findings else 0


def main() -> int:
    return fuzz_command(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
