"""Repositories that build on shared maps and catalogs (issue 37, item 3): ``uses:`` in ``admiralty.yaml``, ships of
another catalog's class (``catalog-id/class-id``) and REF002's hint naming the catalog that has the class. The same
from the built wheel: tests/outside/test_wheel.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from admiralty import __version__
from admiralty.corpora import bundled_corpus, resolve_uses
from tests.test_root import admiralty

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "uses"
SCENARIOS = Path("scenarios/dreadnought/scenarios")
SHIPS = Path("scenarios/dreadnought/ships")


def aland_repository(base: Path, uses: str = "uses: [admiralty]\n") -> Path:
    """A repository of one's own with the Åland scenario and its one catalog, none of the Baltic files copied."""
    repo = base / "baltic-book"
    for name in ("scenarios/dreadnought/scenarios", "scenarios/dreadnought/ships"):
        (repo / name).mkdir(parents=True)
    shutil.copy(FIXTURES / "aland-1915.yaml", repo / SCENARIOS)
    shutil.copy(FIXTURES / "germany-aland-1915.yaml", repo / SHIPS)
    (repo / "admiralty.yaml").write_text(uses, encoding="utf-8")
    shutil.copytree(Path(__file__).resolve().parents[1] / "schemas", repo / "schemas")  # as schemas export writes
    return repo


def found(done: object) -> list[tuple[str, str, str]]:
    body = json.loads(done.stdout)  # type: ignore[attr-defined]
    return [(Path(d["file"]).name, d["code"], d["hint"]) for d in body["diagnostics"]]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return aland_repository(tmp_path)


def test_a_scenario_on_the_bundled_map_and_catalogs_validates_and_plays_without_copies(repo: Path) -> None:
    done = admiralty(repo, "validate", "--format", "json", "--strict")
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(json.loads(done.stdout)["files"]) == 2  # the used corpus is read, not reported on
    played = admiralty(repo / "scenarios", "play", "aland-1915", "--seed", "3", "--quiet")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "event-log hash" in played.stdout
    assert not (repo / "scenarios" / "dreadnought" / "maps").exists()


def test_without_uses_the_map_and_classes_are_unknown(tmp_path: Path) -> None:
    repo = aland_repository(tmp_path, uses="corpus: [scenarios]\n")
    done = admiralty(repo, "validate", "--format", "json")
    assert done.returncode == 1
    assert [(name, code) for name, code, _ in found(done)] == [
        ("aland-1915.yaml", "REF003"), ("germany-aland-1915.yaml", "REF002"), ("germany-aland-1915.yaml", "REF002")]


def test_ref002_names_the_catalog_that_has_the_class(repo: Path) -> None:
    catalog = repo / SHIPS / "germany-aland-1915.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("hochseeflotte-1914/bremen", "bremen"),
                       encoding="utf-8")
    done = admiralty(repo, "validate", "--format", "json")
    assert done.returncode == 1
    assert found(done) == [("aland-1915.yaml", "REF005", found(done)[0][2]),  # the ship is then unknown too
                           ("germany-aland-1915.yaml", "REF002", "'bremen' is a class of catalog "
                            "'hochseeflotte-1914': write `class: hochseeflotte-1914/bremen`")]


def test_a_qualified_class_of_no_catalog_names_the_catalogs(repo: Path) -> None:
    catalog = repo / SHIPS / "germany-aland-1915.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("hochseeflotte-1914/bremen",
                                                                   "hochseeflote-1914/bremen"), encoding="utf-8")
    done = admiralty(repo, "validate", "--format", "json")
    assert done.returncode == 1
    (name, code, hint) = found(done)[-1]
    assert (name, code) == ("germany-aland-1915.yaml", "REF002")
    assert "catalog 'hochseeflote-1914', which none of the files defines" in hint and "hochseeflotte-1914" in hint


def test_a_pinned_version_that_is_not_installed_is_a_usage_error(tmp_path: Path) -> None:
    repo = aland_repository(tmp_path, uses="uses:\n  - {corpus: admiralty, version: 0.0.1}\n")
    done = admiralty(repo, "validate")
    assert done.returncode == 2
    assert f"uses admiralty 0.0.1, but admiralty {__version__} is installed" in done.stderr
    pinned = aland_repository(tmp_path / "pinned", uses=f"uses:\n  - {{corpus: admiralty, version: {__version__}}}\n")
    assert admiralty(pinned, "validate").returncode == 0


def test_an_unknown_corpus_names_the_installed_ones(tmp_path: Path) -> None:
    repo = aland_repository(tmp_path, uses="uses: [baltic-charts]\n")
    done = admiralty(repo, "validate")
    assert done.returncode == 2
    assert "no installed corpus is called 'baltic-charts' (installed: admiralty" in done.stderr


def test_a_uses_entry_that_is_no_name_and_no_mapping_is_a_value_error(tmp_path: Path) -> None:
    """An entry is read as a name or a mapping; anything else is said in a sentence, never an AttributeError."""
    with pytest.raises(ValueError, match=r"a uses: entry is a corpus name or \{corpus: \.\.\.\} or \{path"):
        resolve_uses(tmp_path, [5])


def test_another_repositorys_corpus_by_path(tmp_path: Path) -> None:
    """A corpus beside this one (a git submodule, another checkout): here a copy of the Baltic files only."""
    shared = tmp_path / "charts" / "dreadnought"
    bundled = Path(__file__).resolve().parents[1] / "scenarios" / "dreadnought"
    (shared / "maps").mkdir(parents=True)
    (shared / "ships").mkdir()
    shutil.copy(bundled / "maps" / "baltic.yaml", shared / "maps")
    for name in ("germany-baltic-1915", "hochseeflotte-1914", "russia-baltic-1915"):
        shutil.copy(bundled / "ships" / f"{name}.yaml", shared / "ships")
    repo = aland_repository(tmp_path, uses="uses:\n  - {path: ../charts, version: 3f2a9c1}\n")
    done = admiralty(repo, "validate", "--strict")
    assert done.returncode == 0, done.stdout + done.stderr
    missing = aland_repository(tmp_path / "other", uses="uses:\n  - {path: ../no-such-charts}\n")
    done = admiralty(missing, "validate")
    assert done.returncode == 2 and "'../no-such-charts' is no folder" in done.stderr


def test_validate_watch_reads_the_used_corpus_as_validate_does(repo: Path) -> None:
    """``--watch`` (the incremental workspace) once reported REF003 'unknown map baltic' and REF002 for both
    borrowed classes here, where validate passes: it never read the used corpus."""
    import io

    from admiralty.project import CURRENT, load_project
    from admiralty.validator.watch import watch

    out = io.StringIO()
    token = CURRENT.set(load_project(repo))
    try:
        assert watch([str(repo / "scenarios")], fmt="json", out=out, rounds=0) == 0
    finally:
        CURRENT.reset(token)
    first = json.loads(out.getvalue().splitlines()[0])
    assert first["new"] == [] and first["summary"] == "0 errors, 0 warnings in 2 files"


def test_a_finding_about_a_used_document_points_into_its_file(repo: Path) -> None:
    """A class the used catalog lacks, a zone off the used map and a class another used catalog has: each finding
    names the used file's line and column (issue 37, item 3), in the text report and in SARIF."""
    baltic = bundled_corpus() / "dreadnought"
    scenario, catalog = repo / SCENARIOS / "aland-1915.yaml", repo / SHIPS / "germany-aland-1915.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("start: G15", "start: G51"), encoding="utf-8")
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("germany-baltic-1915/augsburg", "germany-baltic-"
                       "1915/augsbur").replace("hochseeflotte-1914/bremen", "bremen"), encoding="utf-8")
    text = admiralty(repo, "validate")
    assert text.returncode == 1
    seen = [line.strip() for line in text.stdout.splitlines() if line.strip().startswith("see: ")]
    places = [((repo / where.split(":")[0]).resolve(), int(where.split(":")[1]), what) for where, what in
              (line.removeprefix("see: ").split(": ", 1) for line in seen)]
    used = [place for place in places if place[0].is_relative_to(baltic.resolve())]
    russian = (baltic / "ships" / "russia-baltic-1915.yaml").resolve()
    the_russian_ships = (russian, line_of(russian, "ships:"), "the ships of catalog 'russia-baltic-1915'")
    assert used == [
        ((baltic / "maps" / "baltic.yaml").resolve(), line_of(baltic / "maps" / "baltic.yaml", "zones:"),
         "the zones of map 'baltic'"),
        the_russian_ships, the_russian_ships,  # Augsburg and Lübeck are then unknown ships (REF005)
        ((baltic / "ships" / "germany-baltic-1915.yaml").resolve(),
         line_of(baltic / "ships" / "germany-baltic-1915.yaml", "classes:"),
         "the classes of catalog 'germany-baltic-1915'"),
        ((baltic / "ships" / "hochseeflotte-1914.yaml").resolve(),
         line_of(baltic / "ships" / "hochseeflotte-1914.yaml", "id: bremen"), "class 'bremen' of catalog "
         "'hochseeflotte-1914'")]
    assert "hint: did you mean 'germany-baltic-1915/augsburg'?" in text.stdout
    sarif = json.loads(admiralty(repo, "validate", "--format", "sarif").stdout)
    related = [place for result in sarif["runs"][0]["results"] for place in result.get("relatedLocations", [])]
    artifacts = [place["physicalLocation"]["artifactLocation"] for place in related]
    files = [Path(unquote(urlparse(artifact["uri"]).path)) for artifact in artifacts]
    assert [((repo / file if "uriBaseId" in artifact else file).resolve(),
             place["physicalLocation"]["region"]["startLine"], place["message"]["text"])
            for file, artifact, place in zip(files, artifacts, related, strict=True)] == places


def line_of(path: Path, needle: str) -> int:
    """The 1-based line where ``needle`` first is."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_renaissance_place_unknown_to_the_used_map_points_at_its_seas_and_ports(repo: Path) -> None:
    """Preveza 1538 in the repository, on the bundled Mediterranean-Atlantic map (used, not copied), with a sea
    misspelt: REF008 names the used map's seas: and ports: lines."""
    source = Path(__file__).resolve().parents[1] / "scenarios" / "renaissance"
    (repo / "scenarios" / "renaissance" / "scenarios").mkdir(parents=True)
    text = (source / "scenarios" / "preveza-1538.yaml").read_text(encoding="utf-8")
    assert "{at: ionian-sea, power: venice" in text
    (repo / "scenarios" / "renaissance" / "scenarios" / "preveza-1538.yaml").write_text(
        text.replace("{at: ionian-sea, power: venice", "{at: ionian-se, power: venice"), encoding="utf-8")
    done = admiralty(repo, "validate")
    assert done.returncode == 1
    used_map = bundled_corpus() / "renaissance" / "maps" / "mediterranean-atlantic.yaml"
    seen = [line.strip().removeprefix("see: ") for line in done.stdout.splitlines() if line.strip().startswith("see:")]
    assert [((repo / where.split(":")[0]).resolve(), int(where.split(":")[1]), what)
            for where, what in (line.split(": ", 1) for line in seen)] == [
        (used_map.resolve(), line_of(used_map, "seas:"), "the seas of map 'mediterranean-atlantic'"),
        (used_map.resolve(), line_of(used_map, "ports:"), "the ports of map 'mediterranean-atlantic'")]
    assert "REF008 unknown sea zone or port 'ionian-se'" in done.stdout and "did you mean 'ionian-sea'" in done.stdout


def test_a_napoleonic_target_unknown_to_the_used_table_points_at_its_terrain(repo: Path) -> None:
    """Aspern 1809 in the repository, on the bundled Aspern table (used, not copied), its church misspelt as a
    fire-plan target: REF022 names the used table's terrain: line."""
    source = Path(__file__).resolve().parents[1] / "scenarios" / "napoleonic"
    (repo / "scenarios" / "napoleonic" / "scenarios").mkdir(parents=True)
    text = (source / "scenarios" / "aspern-1809.yaml").read_text(encoding="utf-8")
    assert "turn: 1, target: aspern-church}" in text
    (repo / "scenarios" / "napoleonic" / "scenarios" / "aspern-1809.yaml").write_text(
        text.replace("turn: 1, target: aspern-church}", "turn: 1, target: aspern-chruch}"), encoding="utf-8")
    done = admiralty(repo, "validate")
    assert done.returncode == 1
    table = bundled_corpus() / "napoleonic" / "tables" / "aspern.yaml"
    seen = [line.strip().removeprefix("see: ") for line in done.stdout.splitlines() if line.strip().startswith("see:")]
    assert [((repo / where.split(":")[0]).resolve(), int(where.split(":")[1]), what)
            for where, what in (line.split(": ", 1) for line in seen)] == [
        (table.resolve(), line_of(table, "terrain:"), "the terrain of table 'aspern'")]
    assert "REF022 unknown fire-plan target 'aspern-chruch'" in done.stdout
