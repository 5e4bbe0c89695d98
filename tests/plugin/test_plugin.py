"""A fourth rule system, installed from its own distribution, works end to end with no core file edited.

``tests/plugin/admiralty-convoy`` is a separate distribution that registers the ``convoy`` rule system under
the ``admiralty.rulesets`` entry points: its own schema, builder, one check (CV-1), a tiny game and a page
renderer. It is installed with pip into a folder of its own and put on ``PYTHONPATH`` for the commands
below only, as a user's ``pip install admiralty-convoy`` would add it; the suite's environment is untouched.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    target = tmp_path_factory.mktemp("plugins")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--disable-pip-version-check", "--target", str(target), str(HERE / "admiralty-convoy")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for left in ("build", "admiralty_convoy.egg-info"):  # what setuptools leaves in the source tree
        shutil.rmtree(HERE / "admiralty-convoy" / left, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH", "")]))
    return env


def admiralty(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "admiralty", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    shutil.copytree(HERE / "corpus", tmp_path / "convoys")
    return tmp_path / "convoys"


def test_the_plugin_is_registered_beside_the_bundled_rule_systems(plugin_env: dict[str, str], tmp_path: Path) -> None:
    code = "from admiralty.contract import rulesets; print(' '.join(sorted(rulesets())))"
    done = subprocess.run([sys.executable, "-c", code], env=plugin_env, cwd=tmp_path, capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["convoy", "dreadnought", "napoleonic", "renaissance"]


def test_validate_finds_the_plugins_check_at_its_line(plugin_env: dict[str, str], corpus: Path) -> None:
    good = admiralty(plugin_env, corpus.parent, "validate", "convoys", "--format", "json")
    assert good.returncode == 0, good.stdout + good.stderr
    scenario = corpus / "hx-84.yaml"
    scenario.write_text(scenario.read_text().replace("escorts: 10", "escorts: 1"))
    bad = admiralty(plugin_env, corpus.parent, "validate", "convoys", "--format", "json")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    found = [(d["code"], d["line"]) for d in json.loads(bad.stdout)["diagnostics"]]
    assert ("CV-1", 8) in found
    typo = admiralty(plugin_env, corpus.parent, "validate", "convoys", "--format", "json")
    scenario.write_text(scenario.read_text().replace("legs: 6", "legz: 6"))
    typo = admiralty(plugin_env, corpus.parent, "validate", "convoys", "--format", "json")
    codes = {d["code"] for d in json.loads(typo.stdout)["diagnostics"]}
    assert typo.returncode == 1 and "SCH002" in codes and "did you mean 'legs'" in typo.stdout


def test_play_and_smoke_the_plugins_scenario(plugin_env: dict[str, str], corpus: Path) -> None:
    played = admiralty(plugin_env, corpus.parent, "play", "hx-84", "--corpus", "convoys", "--seed", "3",
                       "--players", "random")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "event-log hash" in played.stdout
    smoked = admiralty(plugin_env, corpus.parent, "smoke", "convoys", "--games", "10", "--jobs", "1")
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    stats = json.loads((corpus.parent / "build" / "smoke" / "hx-84.json").read_text())
    assert stats["games"] == 10 and not stats["failed_games"]


def test_the_site_renders_the_plugins_scenario_rules_and_codes(plugin_env: dict[str, str], corpus: Path) -> None:
    pytest.importorskip("mkdocs")
    smoked = admiralty(plugin_env, corpus.parent, "smoke", "convoys", "--games", "4", "--jobs", "1")
    assert smoked.returncode == 0, smoked.stdout + smoked.stderr
    built = admiralty(plugin_env, corpus.parent, "docs", "convoys", "--site-dir", "public")
    assert built.returncode == 0, built.stdout + built.stderr
    page = (corpus.parent / "public" / "scenarios" / "hx-84" / "index.html").read_text()
    assert "Convoy HX 84" in page and "convoy-facts" in page
    # The sample game through the plug-in's own ReplayWords: its sentences, its token, its losses column.
    data = json.loads(html.unescape(re.search(r'class="replay-data">(.*?)</script>', page, re.S).group(1)))
    texts = [e["text"] for turn in data["turns"] for e in turn["events"]]
    assert texts and all(t.startswith("Leg ") for t in texts), texts[:3]
    assert data["turns"][-1]["tokens"][0]["id"] == "convoy" and data["loss_label"] == "Merchant ships sunk"
    assert "Convoy rules" in (corpus.parent / "public" / "rules" / "convoy" / "index.html").read_text()
    assert (corpus.parent / "public" / "codes" / "cv-1" / "index.html").is_file()


def test_the_plugin_passes_the_conformance_suite(plugin_env: dict[str, str], corpus: Path) -> None:
    """What a plug-in author runs in their own tests: admiralty.testing on their rule system and corpus."""
    script = ("from admiralty.testing import conformance, Settings\n"
              f"print(conformance('convoy', [{str(corpus)!r}], Settings(seeds=3)))\n")
    done = subprocess.run([sys.executable, "-c", script], env=plugin_env, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "[]", done.stdout


def test_a_plugin_with_a_broken_piece_is_named_with_exit_2_not_an_internal_error(plugin_env: dict[str, str],
                                                                                 corpus: Path,
                                                                                 tmp_path: Path) -> None:
    """A user who installs a plug-in whose contract names a game module it does not ship gets the rule system and
    the piece named, exit 2, as for any other usage problem; before, `RulesetError` fell through to "internal
    error ... a bug in admiralty"."""
    installed = Path(plugin_env["PYTHONPATH"].split(os.pathsep)[0])
    broken = tmp_path / "broken-plugins"
    # Without the compiled copies: "gone" is as long as "game", and an edit within the second of the install
    # would leave the stale .pyc valid (it records the source's size and whole-second mtime).
    shutil.copytree(installed, broken, ignore=shutil.ignore_patterns("__pycache__"))
    contract = broken / "admiralty_convoy" / "contract.py"
    contract.write_text(contract.read_text().replace('game="admiralty_convoy.game"', 'game="admiralty_convoy.gone"'))
    env = {**plugin_env, "PYTHONPATH": os.pathsep.join([str(broken), *plugin_env["PYTHONPATH"].split(os.pathsep)[1:]])}
    played = admiralty(env, corpus.parent, "play", "hx-84", "--corpus", "convoys", "--seed", "3", "--players", "random")
    assert played.returncode == 2, played.stdout + played.stderr
    assert "internal error" not in played.stderr and "Traceback" not in played.stderr
    assert "rule system 'convoy': game 'admiralty_convoy.gone'" in played.stderr, played.stderr
