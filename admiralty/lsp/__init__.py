"""``admiralty lsp``: a language server for admiralty documents (needs the ``lsp`` extra: pygls)."""

from __future__ import annotations

import argparse
import sys

MISSING = ("admiralty: `admiralty lsp` needs pygls, the Python Language Server library, which is not installed;\n"
           "install the extra: pip install 'admiralty[lsp]'")


def run(args: argparse.Namespace) -> int:
    """Serve over stdio until the editor ends the session; exit 2 with a sentence when pygls is missing."""
    try:
        from admiralty.lsp.bounds import Budget
        from admiralty.lsp.server import serve
    except ImportError as error:
        if error.name not in ("pygls", "lsprotocol", "cattrs") and not str(error.name).startswith("pygls."):
            raise
        print(MISSING, file=sys.stderr)
        return 2

    return serve(args.paths, args.debounce, Budget(args.budget, args.memory))
