"""The renaissance corpus validates, builds what the rest of the project reads, and leaves dreadnought alone."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from admiralty.engine.model.common import Source
from admiralty.rulesets.renaissance.engine.model import RenaissanceMap, RenaissanceScenario, problems
from admiralty.validator.diagnostics import Severity
from admiralty.validator.pipeline import validate

from .helpers import CORPUS, ROOT, corpus

MODELINE = "# yaml-language-server: $schema=../../../schemas/renaissance/{}.schema.json"


def test_the_whole_corpus_validates_without_errors() -> None:
    report = validate([str(ROOT / "scenarios")]).report
    assert [d for d in report.diagnostics if d.severity is Severity.ERROR] == []
    assert [d for d in report.diagnostics if "renaissance" in d.file] == []


def test_the_dreadnought_corpus_still_validates() -> None:
    result = validate([str(ROOT / "scenarios" / "dreadnought")])
    assert [d for d in result.report.diagnostics if d.severity is Severity.ERROR] == []
    assert result.scenarios and all(s.ruleset == "dreadnought" for s in result.scenarios)


def test_every_corpus_file_starts_with_its_modeline() -> None:
    for folder, kind in (("maps", "map"), ("scenarios", "scenario")):
        files = sorted((CORPUS / folder).glob("*.yaml"))
        assert files
        for path in files:
            assert path.read_text(encoding="utf-8").splitlines()[0] == MODELINE.format(kind)


SCENARIOS_BY_MAP = {"mediterranean-atlantic": ["armada-1588", "gravelines-1588", "preveza-1538"],
                    "central-mediterranean": ["djerba-1560", "lepanto-1571", "malta-1565"]}


def _maps() -> dict[str, RenaissanceMap]:
    return {m.id: m for m in corpus().models if isinstance(m, RenaissanceMap)}


def test_the_corpus_builds_both_maps_and_every_scenario() -> None:
    result = corpus()
    assert sorted(s.id for s in result.scenarios) == sorted(i for ids in SCENARIOS_BY_MAP.values() for i in ids)
    for scenario in result.scenarios:
        assert scenario.id in SCENARIOS_BY_MAP[scenario.map.id]
    maps = _maps()
    assert set(maps) == set(SCENARIOS_BY_MAP)
    sea_map = maps["mediterranean-atlantic"]
    assert {sea.kind for sea in sea_map.seas.values()} == {"atlantic", "mediterranean"}
    for port in ("preveza", "corfu", "venice", "messina", "naples", "genoa", "barcelona", "algiers", "tunis",
                 "constantinople", "lisbon", "cadiz", "plymouth", "calais", "gravelines", "dunkirk", "antwerp"):
        assert port in sea_map.ports
    theatre = maps["central-mediterranean"]
    assert {"gulf-of-patras", "gulf-of-gabes", "malta-channel"} <= set(theatre.seas)
    assert {"lepanto", "djerba", "syracuse", "mellieha", "malta"} <= set(theatre.ports)


def test_every_corpus_map_is_drawn_to_geography() -> None:
    for sea_map in _maps().values():
        places = [*sea_map.seas.values(), *sea_map.ports.values()]
        assert all(p.position is not None for p in places), sea_map.id


def test_every_scenario_carries_what_the_project_reads() -> None:
    for scenario in corpus().scenarios:
        assert isinstance(scenario, RenaissanceScenario)
        assert scenario.ruleset == "renaissance"
        assert scenario.title and re.fullmatch(r"\d{4}-\d{2}-\d{2}", scenario.date)
        assert isinstance(scenario.source, Source) and scenario.source.file.endswith(f"{scenario.id}.yaml")
        assert re.fullmatch(r"[0-9a-f]{16}", scenario.content_hash)
        assert len([p for p in scenario.briefing.split("\n\n") if p.strip()]) >= 3
        assert len(scenario.sources) >= 3
        assert scenario.smoke.games >= 50
        assert scenario.smoke.players == ("scripted", "random")
        low, high = scenario.smoke.balance  # type: ignore[misc]
        assert 0 <= low < high <= 1
        assert problems(scenario) == []
        for leader in scenario.leaders.values():
            assert isinstance(leader.source, Source) and leader.name


def test_a_scenario_may_change_port_control_without_changing_the_map() -> None:
    result = corpus()
    sea_map = _maps()["mediterranean-atlantic"]
    armada = next(s for s in result.scenarios if s.id == "armada-1588")
    preveza = next(s for s in result.scenarios if s.id == "preveza-1538")
    assert sea_map.ports["calais"].power == "england" == preveza.map.ports["calais"].power
    assert armada.map.ports["calais"].power == "france"
    assert armada.map.ports["lisbon"].power == "hapsburg"


def test_the_content_hash_follows_content_not_formatting(tmp_path: Path) -> None:
    shutil.copytree(CORPUS, tmp_path / "renaissance")
    before = {s.id: s.content_hash for s in validate([str(tmp_path)]).scenarios}
    path = tmp_path / "renaissance" / "scenarios" / "armada-1588.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nunits:\n", "\n# a comment\n\nunits:\n"), encoding="utf-8")
    assert {s.id: s.content_hash for s in validate([str(tmp_path)]).scenarios} == before
    path.write_text(text.replace("armada: 8", "armada: 6"), encoding="utf-8")
    after = {s.id: s.content_hash for s in validate([str(tmp_path)]).scenarios}
    assert after["armada-1588"] != before["armada-1588"] and after["preveza-1538"] == before["preveza-1538"]
    map_path = tmp_path / "renaissance" / "maps" / "mediterranean-atlantic.yaml"
    map_path.write_text(map_path.read_text(encoding="utf-8").replace("Le Havre", "Harfleur"), encoding="utf-8")
    changed = {s.id: s.content_hash for s in validate([str(tmp_path)]).scenarios}
    on_it = SCENARIOS_BY_MAP["mediterranean-atlantic"]
    assert all(changed[i] != after[i] for i in on_it)  # a scenario's hash covers its map
    assert all(changed[i] == after[i] for i in changed if i not in on_it)  # and no other


