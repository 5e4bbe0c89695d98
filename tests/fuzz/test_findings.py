"""Regression tests for what the fuzzer found (the documents it found are in ``tests/bad/``: huge-integer,
float-overflow, unknown-table-override, table-override-missing-key, grid-too-large), and for the fuzzer's
own machinery: the watchdog, the shrinker, and how findings are written and reproduced."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators
from shapely.geometry import Polygon, box

import admiralty.fuzz.oracle as oracle
import admiralty.validator.build as build
from admiralty.fuzz import FuzzSettings, Verdict, load_corpus, run_fuzz
from admiralty.fuzz.cli import fuzz_command
from admiralty.fuzz.oracle import Hang, evaluate, watchdog
from admiralty.fuzz.shrink import shrink_text
from admiralty.rulesets.dreadnought.validator import geometry
from admiralty.rulesets.dreadnought.validator.build import MAX_GRID_CELLS, grid_fits
from admiralty.rulesets.napoleonic.engine.buildings import terrain_of
from admiralty.rulesets.napoleonic.engine.geometry import share_inside, terrain_shape
from admiralty.rulesets.napoleonic.engine.model import Terrain
from admiralty.rulesets.napoleonic.engine.tables import load_tables
from admiralty.validator.build import SUGGESTION_WORK, BuildContext
from admiralty.validator.load import MAX_VALUES, load_text
from admiralty.validator.schema import integral_floats, registry, schema_path, validator_for

ROOT = Path(__file__).resolve().parents[2]


def test_a_document_past_the_value_bound_is_one_yml014() -> None:
    def text(values: int) -> str:  # three values per point; the mapping, two keys, a string and the list
        return "kind: map\nx: [" + ", ".join(f"[{i}, {i}]" for i in range((values - 5) // 3)) + "]\n"

    assert load_text(text(MAX_VALUES), "t").diagnostics == []
    assert [d.code for d in load_text(text(MAX_VALUES + 3), "t").diagnostics] == ["YML014"]


def test_shared_codes_are_registered_whichever_ruleset_is_validated() -> None:
    """SCH020 was registered by the napoleonic builder only: a dreadnought-only run reported a code the
    SARIF rules and the site did not know."""
    code = ("import admiralty.rulesets.dreadnought.validator.build; from admiralty.validator.diagnostics import CODES; "
            "print('SCH020' in CODES)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_did_you_mean_work_is_bounded_per_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten thousand unknown ships against ten thousand known took six minutes; the search is now budgeted."""
    compared: list[int] = []
    real = build.did_you_mean

    def counting(word: str, choices: Any) -> str:
        compared.append(len(choices))
        return real(word, choices)

    monkeypatch.setattr(build, "did_you_mean", counting)
    doc = load_text("ships: []\n", "s.yaml").document
    assert doc is not None
    ctx = BuildContext()
    known = [f"Ship {i}" for i in range(3000)]
    for i in range(200):
        ctx.unknown("REF005", "ship", f"Shp {i}", known, doc, ("ships",))
    assert sum(compared) <= SUGGESTION_WORK and len(compared) == SUGGESTION_WORK // 3000
    assert "did you mean 'Ship 0'" in ctx.diagnostics[0].hint
    assert "too many unknown names" in ctx.diagnostics[-1].hint and len(ctx.diagnostics) == 200


@pytest.mark.parametrize(("rows", "columns", "fits"), [("[A, J]", "[1, 2500]", True), ("[A, W]", "[1, 1087]", False),
                                                      ("[A, ZZZ]", "[0, 9999]", False),
                                                      ("[J, A]", "[1, 9]", False),  # backwards: no cells at all
                                                      ("[A, J]", "[9, 1]", False)])
def test_grid_bound(rows: str, columns: str, fits: bool) -> None:
    doc = load_text(f"id: g\ngrid: {{rows: {rows}, columns: {columns}, cell: 1}}\n", "g.yaml").document
    assert doc is not None
    ctx = BuildContext()
    assert grid_fits(doc, ctx) is fits
    assert [d.code for d in ctx.diagnostics] == ([] if fits else ["GRA005"])
    assert (("dreadnought", "map", "g") in ctx.broken) is not fits
    assert MAX_GRID_CELLS == 25_000  # the first two cases straddle it: 10 x 2,500 cells fit, 23 x 1,087 = 25,001 do not


@pytest.mark.parametrize(("cell", "origin", "fits"), [
    (10, "[0, 0]", True), (1, "[1000000, -1000000]", True), (1, "[1000001, 0]", False),
    (1e-9, "[-1000000000, 5]", False), (1e9, "[0, 0]", True), (1.1e9, "[0, 0]", False),
    (1e6, "[1e9, 0]", True), (1e6, "[1.1e9, 0]", False)])
def test_grid_numeric_range(cell: float, origin: str, fits: bool) -> None:
    """Hypothesis found a staggered grid of cell 1e-300 far from (0, 0) whose cells rounded into each other
    (an internal error from the geometry): GRA006 stops such a grid before any geometry is made."""
    text = f"id: g\ngrid: {{rows: [A, B], columns: [1, 3], cell: {cell}, origin: {origin}, stagger: odd-rows}}\n"
    doc = load_text(text, "g.yaml").document
    assert doc is not None
    ctx = BuildContext()
    assert grid_fits(doc, ctx) is fits
    assert [d.code for d in ctx.diagnostics] == ([] if fits else ["GRA006"])
    if fits:
        geometry.grid_extent(("A", "B"), (1, 3), float(cell), tuple(yaml.safe_load(origin)), "odd-rows")


def _brute_terrain_of(shape: Polygon, terrain: tuple[Terrain, ...], kinds: tuple[str, ...], share: float) -> Any:
    best = None
    for piece in terrain:
        if piece.kind in kinds:
            inside = share_inside(shape, terrain_shape(piece))
            if inside >= share - 1e-9 and (best is None or inside > best[0]):
                best = (inside, piece)
    return best[1] if best else None


SQUARES = st.tuples(st.integers(0, 30), st.integers(0, 30), st.integers(1, 12), st.sampled_from(["building", "rough"]))


@settings(max_examples=150, deadline=None)
@given(st.lists(SQUARES, max_size=12), st.tuples(st.integers(0, 35), st.integers(0, 35), st.integers(1, 8)),
       st.sampled_from([0.0, 0.25, 0.5, 1.0]))
def test_the_indexed_terrain_lookup_agrees_with_the_plain_loop(pieces: list[tuple[int, int, int, str]],
                                                               unit: tuple[int, int, int], share: float) -> None:
    """The napoleonic fire-plan check asked every terrain piece about every target (five seconds for a
    2,000-entry plan); an index now skips the pieces that cannot overlap. Same answers, ties included."""
    terrain = tuple(Terrain(f"t{i}", kind, ((x, y), (x + w, y), (x + w, y + w), (x, y + w)))
                    for i, (x, y, w, kind) in enumerate(pieces))
    x, y, w = unit
    shape = box(x, y, x + w, y + w)
    tables = dataclasses.replace(load_tables(), in_terrain_share=share)
    for kinds in (("building",), ("rough",), ("building", "rough")):
        assert terrain_of(shape, terrain, kinds, tables) == _brute_terrain_of(shape, terrain, kinds, share)


def test_diagnostics_point_inside_files_with_any_line_ending() -> None:
    corpus = load_corpus([str(ROOT / "scenarios" / "renaissance")])
    name = next(n for n in corpus.names() if n.endswith("armada-1588.yaml"))
    raw = corpus.files[name].raw
    for ending in (b"\r", b"\r\n"):
        broken = raw.replace(b"\n", ending).replace(b"galleons: 2", b"galleons: two")
        assert evaluate(corpus, name, broken, play_seeds=0).codes[:1] == ("SCH003",)


def test_the_watchdog_interrupts_a_hang() -> None:
    with pytest.raises(Hang), watchdog(0.05):
        while True:
            pass


def test_the_shrinker_keeps_only_what_the_finding_needs() -> None:
    text = "a: 1\nb:\n  c: 2\n  d: BAD\n  e: [1, 2]\nf:\n- x\n- y\ng: 3\n"

    def judge(content: bytes) -> Verdict:
        if b"BAD" in content:
            return Verdict("finding", kind="traceback", signature="planted")
        return Verdict("rejected", codes=("SCH001",))

    small, verdict, tries = shrink_text(text.encode(), judge(text.encode()), judge, 100)
    assert small.decode().split("\n") == ["b:", "  d: BAD"] and verdict.signature == "planted" and tries < 60


def adriatic_corpus(folder: Path) -> Path:
    """The bundled Adriatic documents alone (map, the 1917 catalogs, its scenarios): a fixed corpus for a test
    whose figures (which file the seed's finding lands in, how far it shrinks) would move as the corpus grows."""
    source = ROOT / "scenarios" / "dreadnought"
    for path in [source / "maps" / "adriatic.yaml", *sorted((source / "ships").glob("*-1917.yaml"))]:
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    for path in sorted((source / "scenarios").glob("*.yaml")):
        if "map: adriatic" in path.read_text(encoding="utf-8"):
            (folder / "scenarios").mkdir(parents=True, exist_ok=True)
            (folder / "scenarios" / path.name).write_bytes(path.read_bytes())
    return folder


def test_findings_are_shrunk_written_and_reproducible(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = oracle.validate_loaded

    def planted(results: Any, *args: Any) -> Any:  # a bug planted in the validator: an unknown ship crashes it
        validation = real(results, *args)
        if any(d.code == "REF005" for d in validation.report.diagnostics):
            raise RuntimeError("planted bug")
        return validation

    monkeypatch.setattr(oracle, "validate_loaded", planted)
    corpus = str(adriatic_corpus(tmp_path / "corpus"))
    report = run_fuzz([corpus], FuzzSettings(mutants=80, seed=3, jobs=1, play_seeds=0, out=str(tmp_path / "out"),
                                             only=("misspell-value", "plausible-value"), shrink_budget=150))
    planted_findings = [f for f in report.findings if "RuntimeError" in f.signature]
    assert planted_findings, report.summary()
    finding = planted_findings[0]
    folder = Path(finding.folder)
    shrunk = next(p for p in folder.glob("*.yaml") if not p.name.startswith("unshrunk-"))
    unshrunk = folder / f"unshrunk-{shrunk.name}"
    assert (folder / "NOTE.md").read_text().startswith(f"# traceback: {finding.signature}")
    assert len(shrunk.read_bytes()) < len(unshrunk.read_bytes()) / 3
    with redirect_stdout(io.StringIO()) as out, redirect_stderr(io.StringIO()):
        code = fuzz_command(["--reproduce", str(shrunk), "--as", finding.first.file, corpus, "--play-seeds", "0"])
    assert code == 1 and "planted bug" in out.getvalue()


STRICT = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)))


def _floated(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _floated(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_floated(v) for v in value]
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _errors(validator: Any, data: Any) -> set[tuple[str, str]]:
    return {(str(list(e.absolute_path)), str(e.validator)) for e in validator.iter_errors(data)}


@pytest.mark.parametrize(("ruleset", "kind"), [("dreadnought", "scenario"), ("dreadnought", "ships"),
                                               ("dreadnought", "map"), ("renaissance", "scenario"),
                                               ("napoleonic", "scenario")])
def test_integral_floats_are_found_wherever_an_integer_is_wanted(ruleset: str, kind: str) -> None:
    """-0.0 in `raid_fleets` crashed a check (a slice), 1.0 in `grid.columns` the builder (range()): JSON
    Schema counts them as integers. ``integral_floats`` finds them all: with the places it names turned
    back to integers, a validator whose integers must be Python ints finds nothing more than the usual one."""
    from tests.fuzz.schema_strategies import document

    path = schema_path(ruleset, kind)
    plain = validator_for(ruleset, kind)
    strict = STRICT(plain.schema, registry=registry())  # type: ignore[union-attr]
    vocabulary = load_corpus([str(ROOT / "scenarios" / ruleset)]).vocabulary(ruleset)

    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(document(ruleset, kind, vocabulary))
    def check(data: Any) -> None:
        floated = _floated(data)
        for where in integral_floats(floated, path):
            container = floated
            for part in where[:-1]:
                container = container[part]
            assert isinstance(container[where[-1]], float)
            container[where[-1]] = int(container[where[-1]])
        assert _errors(strict, floated) == _errors(plain, floated)

    check()
