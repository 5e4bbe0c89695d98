"""The package's import graph, read from the source: folders import one another one way only, the engine
imports no later stage, and a bundled rule system's code lives in its one folder, ``admiralty/rulesets/<name>/``.

A node of the graph is a top-level folder of the package (``engine``, ``smoke``, ``validator``; each rule
system's ``rulesets/<name>`` is one node, whatever its sub-folders), or a module standing directly in
``admiralty/`` (``cli``, ``contract``): those are the entry points and the shared bottom layer, each its own
place. Sub-folders of one folder may import each other (a stage's own parts). Every import counts, those
inside functions too.
"""

from __future__ import annotations

import ast
import itertools
from collections import defaultdict
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "admiralty"
LATER_STAGES = {"validator", "smoke", "site", "lsp", "diff", "scaffold", "cli", "build", "play"}


def _node(parts: tuple[str, ...]) -> str:
    """The node of a module given as its parts below ``admiralty``."""
    if parts[0] == "rulesets" and len(parts) > 2:
        return f"rulesets/{parts[1]}"
    return parts[0]


def _node_of_module(module: str) -> str | None:
    parts = module.split(".")
    return _node(tuple(parts[1:])) if parts[0] == "admiralty" and len(parts) > 1 else None


def _node_of_file(path: Path) -> str:
    relative = path.relative_to(PACKAGE).with_suffix("")
    return _node(relative.parts)


def import_edges() -> dict[tuple[str, str], list[str]]:
    """(importing node, imported node) -> where, for every import between two different nodes."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        source = _node_of_file(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            targets = {_node_of_module(m) for m in modules} - {None, source}
            for target in targets:
                edges[(source, str(target))].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return edges


def test_no_two_folders_import_each_other_in_a_circle() -> None:
    edges = import_edges()
    graph = nx.DiGraph(list(edges))
    circles = [[*cycle, cycle[0]] for cycle in nx.simple_cycles(graph)]
    described = [" -> ".join(c) + ": " + "; ".join(edges[(a, b)][0] for a, b in itertools.pairwise(c))
                 for c in circles]
    assert described == []


def test_the_engine_imports_no_later_stage() -> None:
    """DESIGN's one direction: the validator builds what the engine plays; the engine never imports the
    validator, the site, the editor server, the diff, the scaffold or a command."""
    back = [f"{a} -> {b} ({where[0]})" for (a, b), where in import_edges().items()
            if a == "engine" and b in LATER_STAGES]
    assert back == []


def test_a_bundled_rule_system_lives_in_its_one_folder() -> None:
    """No file or folder of the package outside ``admiralty/rulesets/<name>/`` carries a bundled rule
    system's name, and every bundled rule system's folder holds its contract, rules, checks, site and schemas."""
    names = ("dreadnought", "renaissance", "napoleonic")
    outside = [p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*")
               if "__pycache__" not in p.parts and any(n in p.name for n in names)
               and p.relative_to(PACKAGE).parts[0] != "rulesets"]
    assert outside == []
    for name in names:
        folder = PACKAGE / "rulesets" / name
        for piece in ("contract.py", "tables.yaml", "scaffold.py", "engine/game.py", "validator/build.py",
                      "site/pages.py", "site/rules.md", "schemas/scenario.schema.json"):
            assert (folder / piece).is_file(), f"{name}: {piece}"


def test_no_core_module_names_a_rule_systems_event_types() -> None:
    """The replay viewer and the play log read events through each rule system's ``ReplayWords``: no core
    module holds one of the bundled rule systems' event types as a string (``fleet-moved``, ``unit-lost``,
    ``casualties``). Words that are also the core's own (a detail's key such as ``turn`` or ``start``, a kind
    such as ``battle``, the ``points`` and ``game-over`` every game may write) do not count."""
    from admiralty.site.pages import renderers
    from admiralty.site.replaytext import COMMON_SENTENCES, EVENT_KINDS, SKIP
    from admiralty.site.replayview import PLACE_KEYS

    vocabulary: set[str] = set()
    for renderer in renderers().values():
        assert renderer.replay is not None
        vocabulary |= set(renderer.replay.sentences) | set(renderer.replay.kinds) | set(renderer.replay.loss_labels)
    vocabulary -= {*COMMON_SENTENCES, *EVENT_KINDS, *SKIP, *PLACE_KEYS, "winner"}
    found = [f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}"
             for path in sorted(PACKAGE.rglob("*.py")) if path.relative_to(PACKAGE).parts[0] != "rulesets"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in vocabulary]
    assert len(vocabulary) > 40 and found == []
