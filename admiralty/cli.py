"""The ``admiralty`` command line: a thin layer that runs the pipeline's stages."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Callable, Sequence

from admiralty import __version__

Handler = Callable[[argparse.Namespace], int]


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def _add(sub: argparse._SubParsersAction, name: str, help_text: str, example: str,
         handler: Handler) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=help_text, formatter_class=_formatter,
        epilog="example:\n" + textwrap.indent(textwrap.dedent(example).strip(), "  "))
    parser.set_defaults(handler=handler)
    return parser


def _default_format() -> str:
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def cmd_validate(args: argparse.Namespace) -> int:
    from validator.pipeline import validate
    from validator.report import render

    result = validate(args.paths)
    sys.stdout.write(render(result.report, args.format or _default_format()))
    return result.report.exit_code(strict=args.strict)


def cmd_build(args: argparse.Namespace) -> int:
    from admiralty.build import run_build

    return run_build(args)


def cmd_new(args: argparse.Namespace) -> int:
    from admiralty.new import new_scenario

    return new_scenario(args.id, args.corpus, args.map, args.out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="admiralty", formatter_class=_formatter,
        description="Write, check, play-test and publish naval wargame scenarios.",
        epilog="example:\n  admiralty validate scenarios/\n  admiralty build")
    parser.add_argument("--version", action="version", version=f"admiralty {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = _add(sub, "validate", "Check documents: YAML, JSON Schema, references and the rules' checks.",
                    """
                    admiralty validate scenarios/                  # every YAML below the folder
                    admiralty validate a.yaml b.yaml --format json
                    admiralty validate scenarios/ --format sarif > admiralty.sarif
                    Exit codes: 0 no errors, 1 errors (or warnings with --strict), 2 usage or internal failure.
                    """, cmd_validate)
    validate.add_argument("paths", nargs="*", default=["scenarios"], metavar="PATH",
                          help="files or folders (a folder means every YAML below it); default: scenarios")
    validate.add_argument("--format", choices=("text", "json", "github", "sarif"),
                          help="output format (default: github when GITHUB_ACTIONS is set, else text)")
    validate.add_argument("--strict", action="store_true", help="warnings fail the run too")

    build = _add(sub, "build", "Run the whole pipeline over the corpus: validate (then smoke games and the "
                 "site as they land), stopping at the first stage that fails.",
                 """
                 admiralty build                 # the bundled corpus under scenarios/
                 admiralty build my-scenarios/ --strict
                 """, cmd_build)
    build.add_argument("paths", nargs="*", default=["scenarios"], metavar="PATH", help="default: scenarios")
    build.add_argument("--strict", action="store_true", help="warnings fail the run too")
    build.add_argument("--format", choices=("text", "json", "github", "sarif"), help="diagnostics format")

    new = _add(sub, "new", "Write a new document skeleton that validates, with its schema modeline.",
               """
               admiralty new scenario lissa-1916
               admiralty new scenario lissa-1916 --map adriatic --out scenarios/dreadnought/scenarios/
               """, cmd_new)
    new.add_argument("what", choices=("scenario",), help="what to create")
    new.add_argument("id", help="the new document's id (lowercase kebab-case)")
    new.add_argument("--corpus", default="scenarios", help="where to find maps and catalogs (default: scenarios)")
    new.add_argument("--map", default=None, help="the map to use (default: the first in the corpus)")
    new.add_argument("--out", default=None, help="folder to write to (default: the corpus's scenario folder)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print("admiralty: interrupted", file=sys.stderr)
        return 2
    except Exception as error:
        if os.environ.get("ADMIRALTY_DEBUG"):
            raise
        print(f"admiralty: internal error: {type(error).__name__}: {error}\n"
              "This is a bug in admiralty; set ADMIRALTY_DEBUG=1 to see the traceback and please report it.",
              file=sys.stderr)
        return 2
