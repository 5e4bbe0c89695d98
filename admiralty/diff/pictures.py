"""Map pictures of a diff as files: standalone SVG (the site's map styles embedded, so they draw the same
outside the site) and PNG.

PNG is rasterised with CairoSVG when it is installed (``pip install 'admiralty[diff]'``), else with a
headless Chromium when one is on the machine (``/usr/bin/chromium``, ``chromium``, ``google-chrome``); with
neither, only the SVG files are written and the report says so.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from admiralty.atomic import write_text
from admiralty.resources import package_path

STYLESHEET = package_path("site", "assets", "stylesheets", "admiralty.css")
CHROMIUMS = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")
HALO = re.compile(r"paint-order:[^;]*;|stroke:[^;]*;|stroke-width:[^;]*;")
SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


def map_styles() -> str:
    """The site stylesheet's rules for the elements of SVG drawings (``svg.<class> .<element class>``): not
    the rules sizing the drawing in a page, nor hover rules; text halos drawn with ``paint-order`` are left
    out, as not every rasteriser knows ``paint-order`` (the halo would cover the letters)."""
    from admiralty.site.pages import ruleset_stylesheets

    sheets = [STYLESHEET, *ruleset_stylesheets().values()]
    text = "\n".join(sheet.read_text(encoding="utf-8") for sheet in sheets if sheet.is_file())
    rules = []
    for line in (line.strip() for line in text.splitlines()):
        selector = line.split("{", 1)[0]
        if line.startswith("svg.") and " ." in selector and ":hover" not in selector:
            rules.append(HALO.sub("", line) if "paint-order" in line else line)
    return "\n".join([*rules, "text { font-family: sans-serif; }"])


def standalone(svg: str) -> str:
    """The SVG with the site's map styles and a white background inside it."""
    opening = svg.index(">", svg.index("<svg")) + 1
    found = SIZE.search(svg)
    background = (f'<rect width="{found.group(1)}" height="{found.group(2)}" fill="#ffffff"/>' if found else "")
    return f"{svg[:opening]}<style>{map_styles()}</style>{background}{svg[opening:]}"


def rasteriser() -> str | None:
    """``cairosvg``, a Chromium path, or None."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):  # OSError: the package is there but the cairo library is not
        pass
    else:
        return "cairosvg"
    for name in CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    return None


def to_png(svg_path: Path, png_path: Path, tool: str) -> bool:
    """Rasterise one SVG file; False when the tool failed."""
    if tool == "cairosvg":
        import cairosvg

        cairosvg.svg2png(url=str(svg_path), write_to=str(png_path), output_width=None, scale=1.5)
        return png_path.is_file()
    found = SIZE.search(svg_path.read_text(encoding="utf-8"))
    width, height = (int(float(found.group(1))) + 1, int(float(found.group(2))) + 1) if found else (900, 900)
    with tempfile.TemporaryDirectory(prefix="admiralty-chromium-") as profile:
        done = subprocess.run([tool, "--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={profile}",
                               "--hide-scrollbars", f"--window-size={width},{height}",
                               f"--screenshot={png_path}", svg_path.resolve().as_uri()],
                              capture_output=True, timeout=120, check=False)
    return done.returncode == 0 and png_path.is_file()


def write_pictures(out: Path, name: str, svgs: Mapping[str, str], png: bool = True) -> dict[str, str]:
    """``<out>/<name>-<kind>.svg`` (and ``.png``) for each picture; kind -> file path (``kind.png`` too)."""
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, str] = {}
    tool = rasteriser() if png else None
    for kind, svg in svgs.items():
        svg_path = out / f"{name}-{kind}.svg"
        write_text(svg_path, standalone(svg) if kind != "overlay" else svg)
        written[kind] = str(svg_path)
        if tool is not None and to_png(svg_path, svg_path.with_suffix(".png"), tool):
            written[f"{kind}.png"] = str(svg_path.with_suffix(".png"))
    return written
