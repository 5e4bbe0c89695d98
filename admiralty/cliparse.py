"""How the command line is read (each command's options and paths in any order, issue 36 item 5), checked (paths
that cannot be read) and answered when the environment fails (one line, exit 2)."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from admiralty.atomic import reason


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


def missing_path(args: argparse.Namespace) -> str:
    """Why a command's paths cannot be read (one line), or ``""``: a usage error, exit 2 (README)."""
    for given in [*(getattr(args, "paths", None) or []), getattr(args, "corpus", None)]:
        if given is None:
            continue
        path = Path(given)
        if not path.exists():
            return f"no such file or folder: '{given}'"
        if not os.access(path, os.R_OK | (os.X_OK if path.is_dir() else 0)):
            return f"cannot read '{given}' (permission denied)"
    return ""


def one_blas_thread() -> None:
    """Keep numpy's OpenBLAS to one thread, unless the user set it. admiralty does no linear algebra, but numpy
    (which shapely imports) starts an OpenBLAS thread per core when loaded, and those threads cost 0.1 s of CPU
    per process (``validate`` of one ship catalog: 0.38 s of CPU, 0.27 s with one thread, the same wall time).
    OpenBLAS reads the variable when numpy is first imported, which no command does before this point."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def environment_error(command: str, error: OSError) -> int:
    """One line for an OSError no stage turned into a message of its own; exit 2. A write error without a file
    name comes from the standard output (``> /dev/full``, a reader that went away): what is left in its buffer then
    goes nowhere, so that the interpreter's own flush at exit does not fail again with a traceback."""
    if error.filename is not None:
        print(f"admiralty {command}: cannot write '{error.filename}': {reason(error)}", file=sys.stderr)
    elif error.errno in _OUTPUT_ERRNOS:
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"admiralty {command}: cannot write the standard output: {reason(error)}", file=sys.stderr)
    else:
        print(f"admiralty {command}: {reason(error)}", file=sys.stderr)
    return 2


_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF}
