"""The Neovim snippets of the README and of the site's editors page, exactly as written, in a headless Neovim:
each one starts ``admiralty lsp`` for a YAML buffer and the buffer gets the server's diagnostic. The snippet for
0.10 and later runs on a Neovim of those versions, the one for 0.7 to 0.9 on one of those (Debian 12 ships
0.7.2); the other is skipped with the reason."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OTRANTO = Path("scenarios/dreadnought/scenarios/otranto-1917.yaml")
PAGES = [ROOT / "README.md", ROOT / "docs" / "editors.md"]
# what the test runs once Neovim has read the snippet as its init.lua (and, after it, turned filetype detection
# on): open the scenario, wait for diagnostics, write them out, quit
PROBE = """
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("ADMIRALTY_PROBE_FILE")))
vim.wait(100000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local out = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format("%s %d %d", d.code or d.user_data and d.user_data.lsp.code or "?", d.lnum, d.col))
end
vim.fn.writefile(out, os.getenv("ADMIRALTY_PROBE_OUT"))
vim.cmd("qall!")
"""


def _snippets(page: Path = ROOT / "README.md") -> dict[str, str]:
    """A page's Lua blocks for Neovim, by the versions the sentence before each names."""
    text = page.read_text(encoding="utf-8")
    found = {}
    for match in re.finditer(r"```lua\n(.*?)```", text, re.DOTALL):
        before = text[max(0, match.start() - 300):match.start()]
        fits = "0.7-0.9" if "0.7 to 0.9" in before.split("```")[-1] else "0.10+"
        found[fits] = match.group(1)
    return found


def _neovim() -> tuple[int, int] | None:
    if shutil.which("nvim") is None:
        return None
    version = subprocess.run(["nvim", "--version"], capture_output=True, text=True, timeout=30).stdout
    match = re.search(r"NVIM v(\d+)\.(\d+)", version)
    return (int(match.group(1)), int(match.group(2))) if match else None


@pytest.mark.parametrize("page", PAGES)
def test_the_readme_and_the_editors_page_have_both_snippets(page: Path) -> None:
    snippets = _snippets(page)
    assert set(snippets) == {"0.10+", "0.7-0.9"}
    assert "vim.lsp.start(" in snippets["0.10+"] and "vim.lsp.start_client(" in snippets["0.7-0.9"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("fits", ["0.10+", "0.7-0.9"])
def test_a_snippet_gives_a_yaml_buffer_the_servers_diagnostics(tmp_path: Path, page: Path, fits: str) -> None:
    version = _neovim()
    if version is None:
        pytest.skip("no nvim on PATH (Debian: apt-get install neovim)")
    if (version >= (0, 10)) != (fits == "0.10+"):
        pytest.skip(f"the {fits} snippet needs a Neovim of those versions; this one is {version[0]}.{version[1]}")
    shutil.copytree(ROOT / "scenarios" / "dreadnought", tmp_path / "scenarios" / "dreadnought",
                    ignore=shutil.ignore_patterns("*.py"))
    (tmp_path / "schemas").symlink_to(ROOT / "schemas")  # where the modelines point
    scenario = tmp_path / OTRANTO
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("ships: [Novara, Helgoland]", "ships: [Novarra, Helgoland]"), encoding="utf-8")
    (tmp_path / "init.lua").write_text(_snippets(page)[fits], encoding="utf-8")
    (tmp_path / "probe.lua").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "diagnostics.txt"
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
           "ADMIRALTY_PROBE_FILE": str(scenario), "ADMIRALTY_PROBE_OUT": str(out), "XDG_STATE_HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(["nvim", "--headless", "-n", "-u", str(tmp_path / "init.lua"), "-c",
                           f"luafile {tmp_path / 'probe.lua'}"], cwd=tmp_path / "scenarios", env=env,
                          capture_output=True, text=True, timeout=180)
    assert out.exists(), done.stderr[-2000:]
    line = next(i for i, row in enumerate(text.splitlines()) if "ships: [Novara, Helgoland]" in row)
    column = text.splitlines()[line].index("Novara")
    assert out.read_text(encoding="utf-8").splitlines() == [f"REF005 {line} {column}"]
