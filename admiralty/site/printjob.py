"""Map PDFs printed while MkDocs renders the pages (issue 39: the site for 200 scenarios within a minute).

The maps a build links are known once the pages are generated (``on_files``), but their files are written only
after every page is rendered (``on_post_build``). Rendering is Python on one core; printing is the browser's
work on the other. So the plugin starts a ``PrintJob`` as soon as the figures are known, a thread that asks
Chromium for every missing PDF on every paper (``downloads.cached_pdfs``), and ``write_downloads`` takes its
results at the end. The thread only waits on the browser's pipe and keeps the PDFs it gets; the svglib fallback,
which forks worker processes, stays in the main thread after the join (a fork beside a running thread could
copy a lock that thread holds).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path

from admiralty.site import downloads

Printed = dict[str, dict[str, bytes | str]]  # paper -> map key -> the PDF, or why there is none


class PrintJob:
    """Every map's Chromium PDFs on every paper, printed in a thread from the moment the job is made; ``results``
    waits for them. Papers after one the browser failed are not printed (the browser is not started again):
    their maps are left to the fallback."""

    def __init__(self, svgs: Mapping[str, str], cache: Path | None, chromium: str) -> None:
        self.svgs = dict(svgs)
        self.renderer = chromium
        self._printed: Printed = {}
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._print, args=(cache,), name="admiralty-map-pdfs", daemon=True)
        self._thread.start()

    def _print(self, cache: Path | None) -> None:
        try:
            for paper in downloads.PAPERS:
                found = downloads.cached_pdfs(self.svgs, cache, self.renderer, paper)
                self._printed[paper] = found
                if downloads.browser_failed(found):
                    return
        except BaseException as error:  # raised again in the build's own thread, by results()
            self._error = error

    def results(self) -> Printed:
        """The PDFs per paper, once printed (a paper the job did not print is missing)."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._printed


def start_printing(figures: Mapping[str, str], keys: set[str] | list[str], css: str,
                   cache: Path | None) -> PrintJob | None:
    """A ``PrintJob`` for the maps ``keys`` when Chromium prints them here; ``None`` otherwise (svglib, or no
    renderer: ``write_downloads`` draws or skips them itself)."""
    renderer = downloads.pdf_renderer()
    if renderer is None or renderer == "svglib" or not keys:
        return None
    return PrintJob(downloads.download_svgs(figures, keys, css), cache, renderer)
