"""How the command line is read: each command's options and paths in any order (issue 36, item 5)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's own parser, by name."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _intermixable(parser: argparse.ArgumentParser) -> bool:
    """Whether ``parse_intermixed_args`` can read this command's arguments: it cannot hand the rest of a line on
    (``REMAINDER``: fuzz, map) or mix positionals into a group of options that exclude each other."""
    if any(action.nargs in (argparse.REMAINDER, argparse.PARSER) for action in parser._actions):
        return False
    return not any(not action.option_strings for group in parser._mutually_exclusive_groups
                   for action in group._group_actions)


def parse_command_line(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """Parse ``admiralty COMMAND ...`` with the command's options and paths in any order: pre-commit appends the
    changed files after a hook's ``args``, so ``args: [scenarios/, --strict]`` arrives as ``validate scenarios/
    --strict a.yaml b.yaml``, which plain ``parse_args`` refuses ("unrecognized arguments") once an option has
    ended the first run of paths. Top-level options (``--version``) and pass-through commands parse as before."""
    commands = _subcommands(parser)
    if argv and argv[0] in commands and _intermixable(commands[argv[0]]):
        args = commands[argv[0]].parse_intermixed_args(list(argv[1:]))
        args.command = argv[0]
        return args
    return parser.parse_args(argv)
