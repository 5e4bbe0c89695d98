"""The ``admiralty`` command line: a thin layer that runs the pipeline's stages."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Callable, Sequence

from admiralty import __version__
from admiralty.atomic import OutputError
from admiralty.cliparse import environment_error, missing_path, one_blas_thread, parse_command_line
from admiralty.contract import RulesetError, load_object, rulesets, starter_ruleset
from admiralty.project import ProjectError, fill_rooted_defaults

Handler = Callable[[argparse.Namespace], int]


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def _add(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str, example: str,
         handler: Handler) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=help_text, formatter_class=_formatter,
        epilog="example:\n" + textwrap.indent(textwrap.dedent(example).strip(), "  "))
    parser.set_defaults(handler=handler)
    return parser


def _default_format() -> str:
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def cmd_validate(args: argparse.Namespace) -> int:
    from admiralty.validator.pipeline import validate
    from admiralty.validator.report import render

    if args.watch:
        from admiralty.validator.watch import WATCH_FORMATS, watch

        fmt = args.format or "text"
        if fmt not in WATCH_FORMATS:
            print(f"admiralty: --watch prints {' or '.join(WATCH_FORMATS)}, not {fmt}", file=sys.stderr)
            return 2
        return watch(args.paths, fmt, args.interval)
    result = validate(args.paths, skip_non_documents=args.skip_non_documents)
    result.report.show_suppressed = args.show_suppressed
    sys.stdout.write(render(result.report, args.format or _default_format()))
    return result.report.exit_code(strict=args.strict)


def cmd_build(args: argparse.Namespace) -> int:
    from admiralty.build import run_build

    return run_build(args)


def cmd_new(args: argparse.Namespace) -> int:
    from admiralty.scaffold.new import new_document

    return new_document(args.what, args.id, args.corpus, args.map, args.out, args.ruleset, args.date)


def cmd_init(args: argparse.Namespace) -> int:
    from admiralty.scaffold.init import init_corpus

    return init_corpus(args.dir, args.ruleset, force=args.force)


def cmd_schemas(args: argparse.Namespace) -> int:
    from admiralty.scaffold.export import cmd_export

    return cmd_export(args)


def cmd_play(args: argparse.Namespace) -> int:
    from admiralty.play import cmd_play as run

    return run(args)


def cmd_replay(args: argparse.Namespace) -> int:
    from admiralty.play import cmd_replay as run

    return run(args)


def cmd_smoke(args: argparse.Namespace) -> int:
    from admiralty.smoke.command import run_smoke

    return run_smoke(args)


def cmd_diff(args: argparse.Namespace) -> int:
    from admiralty.diff.command import run_diff

    return run_diff(args)


def cmd_docs(args: argparse.Namespace) -> int:
    from admiralty.site.build import build_site

    return build_site(list(args.paths) or None, args.smoke, args.site_dir, strict=True, serve=args.serve,
                      port=args.port, config_file=args.config_file)


def cmd_lsp(args: argparse.Namespace) -> int:
    from admiralty.lsp import run

    return run(args)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from admiralty.fuzz.cli import fuzz_command

    return fuzz_command(args.rest)


def map_actions() -> dict[str, str]:
    """``admiralty map ACTION``: each installed rule system's map tools (action -> ``module:function``)."""
    return {action: target for r in rulesets().values() for action, target in sorted(r.map_actions.items())}


def cmd_map(args: argparse.Namespace) -> int:
    tool: Callable[[Sequence[str]], int] = load_object(map_actions()[args.action])
    return tool(args.rest)


def add_smoke_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=None, help="games per player kind (default: each "
                        "scenario's smoke.games)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (games use S..S+N-1)")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: the CPU count)")
    parser.add_argument("--executor", default="local", help="local (default), dask-local, or dask://HOST:PORT "
                        "(needs the `distributed` extra)")
    parser.add_argument("--out", help="statistics and failure replays (default: the project's build/smoke)")
    parser.add_argument("--timeout", type=float, default=30.0, help="wall-clock limit per game in seconds")
    parser.add_argument("--stall-timeout", type=float, default=120.0, metavar="SECONDS",
                        help="end the run when no game finished for this long (every Dask worker lost, a hung "
                        "pool): exit 2, the games played so far in <out>/<id>.partial.json; a lost Dask scheduler "
                        "or a killed pool worker ends it at once; 0: no time limit (default 120)")
    parser.add_argument("--only", nargs="*", metavar="ID", help="smoke only these scenario ids; the other "
                        "documents are their context only (a mistake in one they do not use does not stop the run)")
    parser.add_argument("--fail-fast", action="store_true", help="a local-pool worker that dies ends the run "
                        "(partial statistics, exit 2); by default its game counts as a crash and the sweep goes on")
    parser.add_argument("--fixed", action="store_true", help="play every scenario's smoke.games (or --games) per "
                        "player kind; by default a scenario stops once its balance verdict is decided at 95%% "
                        "confidence (an anytime-valid confidence sequence), after at least 20 games per player kind")
    parser.add_argument("--no-cache", action="store_true", help="play every game; by default the outcomes of "
                        "games already played (same scenario content, engine, seed, player kind) are taken from "
                        "<out>/cache")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="admiralty", formatter_class=_formatter,
        description="Write, check, play-test and publish naval wargame scenarios.",
        epilog="example:\n  admiralty validate scenarios/\n  admiralty build")
    parser.add_argument("--version", action="version", version=f"admiralty {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    _checking_commands(sub)
    _writing_commands(sub)
    _playing_commands(sub)
    _publishing_commands(sub)
    return parser


def _checking_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """validate, build: checking documents and running the whole pipeline."""
    validate = _add(sub, "validate", "Check documents: YAML, JSON Schema, references and the rules' checks.",
                    """
                    admiralty validate scenarios/                  # every YAML below the folder
                    admiralty validate a.yaml b.yaml --format json
                    admiralty validate scenarios/ --format sarif > admiralty.sarif
                    admiralty validate scenarios/ --watch          # re-validate on every save
                    Exit codes: 0 no errors, 1 errors (or warnings with --strict), 2 usage or internal failure.
                    """, cmd_validate)
    validate.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (a folder means every YAML "
                          "below it); default: the project's scenarios")
    validate.add_argument("--format", choices=("text", "json", "github", "sarif"),
                          help="output format (default: github when GITHUB_ACTIONS is set, else text)")
    validate.add_argument("--strict", action="store_true", help="warnings fail the run too")
    validate.add_argument("--show-suppressed", action="store_true", help="list the findings that inline "
                          "`# admiralty: ignore[CODE]` comments or admiralty.yaml silenced, and why")
    validate.add_argument("--skip-non-documents", action="store_true", help="a file named that is not an admiralty "
                          "document is skipped with a note, as in a folder (the pre-commit hook names every file)")
    validate.add_argument("--watch", action="store_true", help="keep running: after every change re-validate "
                          "the changed files and what depends on them, and print only the findings that changed")
    validate.add_argument("--interval", type=float, default=0.2, metavar="SECONDS",
                          help="with --watch, how often to look for changes (default 0.2)")

    build = _add(sub, "build", "Run the whole pipeline over the corpus: validate, smoke games, then the site, "
                 "stopping at the first stage that fails.",
                 """
                 admiralty build                 # the bundled corpus under scenarios/
                 admiralty build my-scenarios/ --strict
                 Exit codes: 0 passed, 1 a stage failed, 2 usage (an extra a stage needs is missing: nothing run).
                 """, cmd_build)
    build.add_argument("paths", nargs="*", metavar="PATH", help="default: the project's scenarios")
    build.add_argument("--strict", action="store_true", help="warnings (and balance out of band) fail the run")
    build.add_argument("--format", choices=("text", "json", "github", "sarif"), help="diagnostics format")
    build.add_argument("--site-dir", help="where the site is written (default: the project's site)")
    _config_file_option(build)
    add_smoke_options(build)


def _config_file_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config-file", metavar="FILE", help="the site's MkDocs configuration (default: "
                        "mkdocs.yml here, else admiralty's default site)")


def _writing_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """new, init, schemas: starting and adding documents."""
    new = _add(sub, "new", "Write a new document with its schema modeline: a scenario skeleton that validates "
               "with the corpus's map (or table) and catalogs and plays to a decision, or the rule system's starter "
               "map, catalog or table under a new id. The rule system is the one the corpus folder holds (or "
               "--ruleset); a scenario's title and date follow the id's year.",
               """
               admiralty new scenario lissa-1916 --corpus scenarios/dreadnought
               admiralty new map north-sea --corpus scenarios/dreadnought
               admiralty new catalog royal-navy-1916 --corpus scenarios/dreadnought
               admiralty new table leipzig-1813 --corpus scenarios/napoleonic
               admiralty new scenario lepanto-1571 --ruleset renaissance --map mediterranean-atlantic
               admiralty new scenario lissa-1866 --corpus scenarios --ruleset dreadnought --date 1866-07-20
               Exit codes: 0 written (and it validates), 2 refused: a usage error, nothing written.
               """, cmd_new)
    new.add_argument("what", help="what to create: scenario (a skeleton), or a kind of document the rule system "
                     "has a starter for, under a new id (the bundled ones: map, catalog, table)")
    new.add_argument("id", help="the new document's id (lowercase kebab-case; a last part like -1916 is its year)")
    new.add_argument("--corpus", help="where to find maps, tables and catalogs (default: the project's scenarios)")
    new.add_argument("--ruleset", default=None, help="the rule system (default: the one the corpus holds)")
    new.add_argument("--map", default=None, help="the map (napoleonic: the table) to use (default: the first)")
    new.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the scenario's date (default: 1 January "
                     "of the id's year)")
    new.add_argument("--out", default=None, help="folder to write to (default: the corpus's scenario folder)")

    init = _add(sub, "init", "Start a scenario repository of your own: a starter corpus (a map or table, "
                "catalogs and a scenario that validate and play), the schemas for editors, a pre-commit "
                "hook, a GitHub workflow, a README and a .gitignore.",
                """
                admiralty init my-scenarios && cd my-scenarios && admiralty validate scenarios/
                admiralty init . --ruleset renaissance --force   # add to a folder that has files already
                """, cmd_init)
    init.add_argument("dir", nargs="?", default=".", metavar="DIR", help="the new repository's folder "
                      "(default: the current folder)")
    starter = starter_ruleset()
    init.add_argument("--ruleset", default=starter, choices=sorted(rulesets()),
                      help=f"the rule system of the starter documents, one of those installed (default: {starter})")
    init.add_argument("--force", action="store_true", help="write into a folder that is not empty (files that "
                      "exist are still never overwritten)")

    schemas = _add(sub, "schemas", "Write admiralty's JSON schemas into a folder of your repository, so that "
                   "editors resolve every document's modeline and $ref offline.",
                   """
                   admiralty schemas export                 # into schemas/
                   admiralty schemas export vendor/schemas --force
                   """, cmd_schemas)
    schemas.add_argument("action", choices=("export",), help="what to do")
    schemas.add_argument("dir", nargs="?", metavar="DIR", help="where (default: the project's schemas)")
    schemas.add_argument("--force", action="store_true", help="overwrite schema files that differ (your "
                         "changes to them are lost); without it nothing is written when any differs")


def _playing_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """smoke, diff, play, replay: games."""
    smoke = _add(sub, "smoke", "Play every scenario many times headless: invariants after every action, "
                 "determinism re-checked, balance statistics to build/smoke/<id>.json.",
                 """
                 admiralty smoke scenarios/ --games 10
                 admiralty smoke scenarios/ --games 200 --jobs 2 --strict
                 admiralty smoke scenarios/ --executor dask://scheduler:8786
                 Exit codes: 0 all games clean, 1 failures (or balance out of band with --strict), 2 usage.
                 """, cmd_smoke)
    smoke.add_argument("paths", nargs="*", metavar="PATH", help="default: the project's scenarios")
    smoke.add_argument("--strict", action="store_true", help="balance outside the expected band fails the run")
    add_smoke_options(smoke)

    diff = _add(sub, "diff", "What a change does: for every scenario changed (directly or through its map or "
                "catalogs), the changes by meaning, the balance shift measured by playing both versions on the "
                "same seeds, and pictures of the map before, after and changed.", """
                admiralty diff old-scenarios/ scenarios/
                admiralty diff origin/main HEAD --git --budget 120 --summary "$GITHUB_STEP_SUMMARY"
                admiralty diff HEAD~1 HEAD --git --format json --fail-on-shift 0.10
                Exit codes: 0 reported, 1 a shift of at least --fail-on-shift, 2 usage (a bad revision or folder).
                """, cmd_diff)
    from admiralty.diff.options import add_arguments

    add_arguments(diff)

    play = _add(sub, "play", "Play one game headless and print a readable turn-by-turn log and the result.",
                """
                admiralty play otranto-1917 --seed 7
                admiralty play otranto-1917 --seed 7 --players scripted,random --replay-out game.jsonl
                """, cmd_play)
    play.add_argument("scenario", help="a scenario id (searched in --corpus) or a scenario file")
    play.add_argument("--seed", type=int, default=0, help="the game's seed")
    play.add_argument("--players", default=None, help="player per side, comma-separated (the rule system's: "
                      "scripted, random, heuristic...); the last is used for the remaining sides (default: the "
                      "scenario's balance player, the first of its smoke players)")
    play.add_argument("--replay-out", default=None, metavar="FILE", help="write a replay file")
    play.add_argument("--corpus", help="where maps, catalogs and scenarios are (default: the project's scenarios)")
    play.add_argument("--step-limit", type=int, default=100_000, help="stop after this many actions")
    play.add_argument("--quiet", action="store_true", help="print only the result")

    again = _add(sub, "replay", "Re-play a replay file: confirm the same event log, or name the first divergent "
                 "event.", """
                 admiralty replay game.jsonl
                 admiralty replay build/smoke/replays/otranto-1917-random-17.jsonl
                 """, cmd_replay)
    again.add_argument("file", help="a replay file (JSON Lines) from `admiralty play` or `admiralty smoke`")
    again.add_argument("--corpus", help="where the scenario's documents are (default: the project's scenarios)")


def _publishing_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """docs, lsp, fuzz, map: the site, the editor, the fuzzer and the map tools."""
    docs = _add(sub, "docs", "Build the reference site (MkDocs, strict) from the corpus and the smoke statistics, "
                "or serve it locally with live reload.", """
                admiralty docs                  # into site/, with mkdocs.yml here (or admiralty's default site)
                admiralty docs --serve          # http://127.0.0.1:8000/, rebuilt on every change
                """, cmd_docs)
    docs.add_argument("paths", nargs="*", metavar="PATH", help="the corpus (default: the admiralty plugin's "
                      "'corpus' in mkdocs.yml, scenarios)")
    docs.add_argument("--smoke", help="smoke statistics folder (default: the plugin's 'smoke', build/smoke)")
    _config_file_option(docs)
    docs.add_argument("--site-dir", help="output folder (default: the project's site)")
    docs.add_argument("--serve", action="store_true", help="serve on http://127.0.0.1:PORT/ with live reload "
                      "until Ctrl-C or SIGTERM")
    docs.add_argument("--port", type=int, default=8000, help="the port --serve listens on (default 8000)")

    server = _add(sub, "lsp", "A language server over stdio (needs the `lsp` extra): every admiralty diagnostic as "
                  "you type, completion of ids, hover, go to definition and quick fixes, in any LSP editor.", """
                  admiralty lsp                      # the editor's workspace folders
                  admiralty lsp scenarios/           # only these paths (and the files the editor opens)
                  Editor set-up (VS Code, Neovim, Helix): see the README's Editor support.
                  """, cmd_lsp)
    server.add_argument("paths", nargs="*", metavar="PATH", help="what to validate (default: the editor's "
                        "workspace folders, or the initializationOptions `paths`)")
    server.add_argument("--debounce", type=float, default=0.15, metavar="SECONDS", help="quiet time after an edit "
                        "before re-validating (default 0.15)")
    server.add_argument("--budget", type=float, default=30.0, metavar="SECONDS", help="wall-clock time one "
                        "request or re-validation may take before it is stopped with an error (default 30)")
    server.add_argument("--memory", type=int, default=1024, metavar="MB", help="memory one request may add "
                        "before it is stopped with an error (default 1024)")

    fuzz = _add(sub, "fuzz", "Mutation fuzzing: mutate corpus documents as careless or hostile authors would, "
                "and prove that every mutant is rejected with a diagnostic or accepted and plays.", """
                admiralty fuzz scenarios/ --mutants 500 --seed 1
                admiralty fuzz --help
                """, cmd_fuzz)
    fuzz.add_argument("rest", nargs=argparse.REMAINDER, help="the fuzzer's own arguments (see admiralty fuzz --help)")

    maps = _add(sub, "map", "Authoring help for maps: `admiralty map from-geojson` builds a map document from "
                "a GeoJSON of land polygons and a grid spec.", """
                admiralty map from-geojson data/naturalearth-110m-europe.geojson --id adriatic --rows K:AF \\
                    --columns 10:29 --cell 10 --bbox 12,39,20.5,45.9 --nation Italy=italy -o adriatic.yaml
                admiralty map from-geojson --help
                """, cmd_map)
    maps.add_argument("action", choices=sorted(map_actions()), help="what to do")
    maps.add_argument("rest", nargs=argparse.REMAINDER, help="the action's own arguments (see its --help)")


PASS_THROUGH = {"fuzz": "admiralty.fuzz.cli:fuzz_command"}
"""Commands whose own parser takes every argument, ``--help`` included."""


def _pass_through(command: str, argv: list[str]) -> int:
    """A command with its own argument parser (``PASS_THROUGH``), given the rest of the command line."""
    import importlib

    module, _, function = PASS_THROUGH[command].partition(":")
    try:
        return int(getattr(importlib.import_module(module), function)(argv))
    except OutputError as error:
        print(f"admiralty {command}: {error}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # run as the program, not called by a test or a host: the process is admiralty's own
        one_blas_thread()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in PASS_THROUGH:
        return _pass_through(argv[0], argv[1:])
    try:
        parser = build_parser()  # reads the installed rule systems: a broken plug-in is named here
    except RulesetError as error:
        print(f"admiralty: {error}", file=sys.stderr)
        return 2
    args = parse_command_line(parser, argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        fill_rooted_defaults(args)
    except ProjectError as error:
        print(f"admiralty {args.command}: {error}", file=sys.stderr)
        return 2
    missing = missing_path(args)
    if missing:
        print(f"admiralty {args.command}: {missing}", file=sys.stderr)
        return 2
    try:
        code = int(args.handler(args))
        sys.stdout.flush()  # here, not at exit: a full or closed standard output is then one line below
        return code
    except (OutputError, RulesetError) as error:  # RulesetError: an installed rule system breaks the contract
        print(f"admiralty {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("admiralty: interrupted", file=sys.stderr)
        return 130
    except OSError as error:  # the environment, not a bug: a read-only or full folder, a closed pipe
        return environment_error(args.command, error)
    except Exception as error:
        if os.environ.get("ADMIRALTY_DEBUG"):
            raise
        print(f"admiralty: internal error: {type(error).__name__}: {error}\n"
              "This is a bug in admiralty; set ADMIRALTY_DEBUG=1 to see the traceback and please report it.",
              file=sys.stderr)
        return 2
