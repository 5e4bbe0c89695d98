"""``python -m admiralty.site.serve CONFIG [--corpus PATH]... [--smoke DIR] [--port N] [--strict]``: the child
process of ``admiralty docs --serve``.

MkDocs' own ``serve`` with two differences: the admiralty plugin's corpus and smoke folder come from the command
line (each rebuild loads the configuration anew, and gets them again), and the site is served from the root of
``http://127.0.0.1:PORT/`` whatever path ``site_url`` has, so the URL printed is the one that answers.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def main(argv: list[str]) -> int:
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException
    from mkdocs.livereload import LiveReloadServer

    from admiralty.site.build import SiteConfigError, load_site_config, mkdocs_log

    parser = argparse.ArgumentParser(prog="admiralty.site.serve")
    parser.add_argument("config", type=Path)
    parser.add_argument("--corpus", action="append")
    parser.add_argument("--smoke")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    url = f"http://127.0.0.1:{args.port}/"
    site_dir = tempfile.mkdtemp(prefix="admiralty-serve-")

    def load() -> MkDocsConfig:
        return load_site_config(args.config, corpus=args.corpus, smoke=args.smoke, strict=args.strict,
                                site_dir=site_dir, site_url=url)

    def builder(config: MkDocsConfig | None = None) -> None:
        build(config or load(), serve_url=url)

    with mkdocs_log():
        try:
            config = load()
            config.plugins.on_startup(command="serve", dirty=False)
            server = LiveReloadServer(builder=builder, host="127.0.0.1", port=args.port, root=site_dir,
                                      mount_path="/")
            try:
                builder(config)
                server.watch(config.docs_dir)
                server.watch(str(args.config))
                server = config.plugins.on_serve(server, config=config, builder=builder)
                try:
                    server.serve()
                except KeyboardInterrupt:
                    pass
                finally:
                    server.shutdown()
            finally:
                config.plugins.on_shutdown()
        except (SiteConfigError, MkDocsException) as error:
            print(f"admiralty docs: {error}", file=sys.stderr)
            return 1
        finally:
            shutil.rmtree(site_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
