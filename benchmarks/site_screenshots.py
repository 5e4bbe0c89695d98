"""Screenshots of each page type of the built site at desktop (1400 px) and phone (390 px) width.

    python benchmarks/site_screenshots.py [--site DIR] [--out build/screenshots]

Builds the site from ``scenarios/`` and ``build/smoke`` (run ``admiralty smoke scenarios/`` first for the balance
figures) unless ``--site`` names a built one, serves it on a local port, and saves one PNG per page type and
width (the page from its top, at most ``--height`` px tall) with headless Chromium. Prints each file written.
"""

from __future__ import annotations

import argparse
import base64
import os
import sys
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = (1400, 390)
PAGES: tuple[tuple[str, str], ...] = (
    ("home", ""),
    ("scenario-index", "scenarios/"),
    ("scenario-dreadnought", "scenarios/otranto-1917/"),
    ("scenario-renaissance", "scenarios/preveza-1538/"),
    ("scenario-renaissance-armada", "scenarios/armada-1588/"),
    ("scenario-napoleonic", "scenarios/paunsdorf-1813/"),
    ("map-dreadnought", "maps/adriatic/"),
    ("sheets-dreadnought", "sheets/otranto-1917/"),
    ("sheets-napoleonic", "sheets/plancenoit-1815/"),
    ("class-page", "ships/austria-hungary-1917/novara/"),
    ("rules-dreadnought", "rules/dreadnought/"),
    ("coverage", "coverage/"),
    # the sample game's viewer, captured from its heading (the part of the page after the '#')
    ("replay-dreadnought", "scenarios/otranto-1917/#a-sample-game"),
    ("replay-renaissance", "scenarios/preveza-1538/#a-sample-game"),
    ("replay-napoleonic", "scenarios/plancenoit-1815/#a-sample-game"),
)
STEPS = 3  # "Next turn" clicks before a replay screenshot, so tokens have moved and points were scored


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _driver(width: int, profile: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", f"--window-size={width},1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


def _shot(driver: Any, url: str, path: Path, height: int) -> None:
    driver.get(url)
    driver.execute_script("return document.readyState")
    top = 0
    if "#" in url:  # from that heading down, after a few turns of the replay viewer (when the page has one)
        top = driver.execute_script(
            "var h = document.getElementById(arguments[0]); var next = document.querySelector(\".replay-viewer "
            "button[data-step='1']\"); for (var i = 0; next && i < arguments[1]; i++) { next.click(); }"
            "return h ? h.getBoundingClientRect().top + window.scrollY : 0;", url.split("#", 1)[1], STEPS)
        driver.execute_script("return new Promise(function (done) { setTimeout(done, 600); })")  # token moves
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": top, "width": size["width"], "height": min(size["height"] - top, height), "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--out", default=str(ROOT / "build" / "screenshots"))
    parser.add_argument("--height", type=int, default=4000, help="most pixels of each page to capture")
    parser.add_argument("--only", nargs="*", default=None, help="page types whose name starts with one of these")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="admiralty-shots-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            from admiralty.site.build import build_site

            code = build_site([str(ROOT / "scenarios")], str(ROOT / "build" / "smoke"), str(site), strict=True)
            if code:
                print("site build failed", file=sys.stderr)
                return code
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(site)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        try:
            for width in WIDTHS:
                driver = _driver(width, str(Path(tmp) / f"profile-{width}"))
                try:
                    for name, page in PAGES:
                        if args.only is not None and not name.startswith(tuple(args.only)):
                            continue
                        path = out / f"{name}-{width}.png"
                        _shot(driver, base + page, path, args.height)
                        print(path)
                finally:
                    driver.quit()
        finally:
            httpd.shutdown()
            httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
