"""The options of ``admiralty diff``, apart from the command so that building the command line's parser (every
command, ``--help`` included) does not import the diff's engine, numpy and shapely."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("base", metavar="BASE", help="the corpus before: a folder, or a git revision with --git")
    parser.add_argument("head", metavar="HEAD", help="the corpus after: a folder, or a git revision with --git")
    parser.add_argument("--git", action="store_true", help="BASE and HEAD are git revisions of --repo, read with "
                        "git archive into temporary folders (the checkout is never touched)")
    parser.add_argument("--repo", default=".", help="the git repository (default: the current folder)")
    parser.add_argument("--paths", nargs="*", default=["scenarios"], metavar="PATH", dest="git_paths",
                        help="with --git: the corpus folders inside the repository (default: scenarios)")
    parser.add_argument("--games", type=int, default=200, help="games per version and scenario at most (default "
                        "200): the pairs are played in rounds until the shift is decided at 95%% confidence")
    parser.add_argument("--fixed", action="store_true", help="play every one of --games, decided or not")
    parser.add_argument("--seed", type=int, default=0, help="first seed; both versions play the same seeds")
    parser.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                        help="stop playing after this long over all scenarios (the report says how many games)")
    parser.add_argument("--player", default=None, help="player kind on every side (default: the scenario's "
                        "first smoke player)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--shift", type=float, default=0.10, help="the win-rate shift of interest: the report "
                        "says how many games would detect it (default 0.10)")
    parser.add_argument("--fail-on-shift", type=float, default=None, metavar="SHIFT",
                        help="exit 1 when a side's win rate moves significantly by at least SHIFT (e.g. 0.10)")
    parser.add_argument("--no-play", action="store_true", help="semantic changes and pictures only")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text", help="standard output")
    parser.add_argument("--out", default="build/diff", help="pictures and diff.json/diff.md (default build/diff)")
    parser.add_argument("--summary", default=None, metavar="FILE", help="append the Markdown report to FILE "
                        "(in GitHub Actions: $GITHUB_STEP_SUMMARY)")
    parser.add_argument("--no-png", action="store_true", help="SVG pictures only")
