"""Every check of the map, the sea-zone graph and the rules: a failing fixture and its passing variant.

The failing fixtures are ``tests/bad`` (validated next to the mini map and catalogs; ``expected.txt``
there says code, line and column) and ``tests/fixtures/checks`` (scenarios that need more ships than the
mini catalogs hold: British and French battleships, a collier, a tanker, a third Austro-Hungarian
cruiser). Each makes one mistake; here each is also fixed the way its hint says, and the fixed document
must validate clean. The mistakes a new user makes first are among them: a gap between zones declared
adjacent (GEO003), a port far inland (GEO005), an island across two zones (GEO007), a fleet ordered
across land (GRA004), a five-ship British-French fleet (DN-5.2), a three-ship raid (DN-5.2-raid) and a
slow ship ordered ``A/B`` (DN-5.11a).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from admiralty.rulesets.dreadnought.engine.model import Scenario, SeaMap
from admiralty.validator.checks import CheckContext, load_check_modules
from admiralty.validator.diagnostics import Severity
from admiralty.validator.pipeline import Validation, validate

TESTS = Path(__file__).resolve().parents[1]
BAD = TESTS / "bad"
MINI = TESTS / "fixtures" / "mini"
MORE = TESTS / "fixtures" / "checks"
MINI_CONTEXT = [MINI / name for name in ("map.yaml", "ah.yaml", "it.yaml")]
MORE_CONTEXT = [*MINI_CONTEXT, MORE / "entente.yaml", MORE / "ah-extra.yaml"]

# the rule clause each code enforces (RULES.md), for the tests' rule markers
CLAUSES = {"GRA004": ("DN-5.1",), "GEO007": ("DN-7.41b",), "GEO008": ("DN-13",),
           "DN-5.2-abort-start": ("DN-5.2-abort",), "DN-5.2-ahead": ("DN-5.2-intercept", "DN-5.2-raid")}  # fmt: skip


@dataclass(frozen=True)
class Fix:
    """How the author fixes the fixture: text replacements, each of text that occurs once."""

    replacements: tuple[tuple[str, str], ...]


def fix(*pairs: tuple[str, str]) -> Fix:
    return Fix(pairs)


FIXES: dict[str, Fix] = {
    # maps (tests/bad, each its own id)
    "self-adjacent-zone.yaml": fix(("  - [B2, B2]\n", "")),
    "sea-cut-in-two.yaml": fix(("[[10, 10], [40, 10], [40, 20], [10, 20]]",
                                "[[12, 10], [40, 10], [40, 20], [12, 20]]")),
    "port-on-the-map-edge.yaml": fix(("at: [0, 5]", "at: [10, 5]")),
    "port-far-inland.yaml": fix(("at: [12, 5]", "at: [15, 5]")),
    "port-zone-far-away.yaml": fix(("zones: [C2, A4]", "zones: [C2]")),
    "land-bow-tie.yaml": fix(("[[22, 32], [24, 34], [24, 32], [22, 34]]", "[[22, 32], [24, 32], [24, 34], [22, 34]]")),
    "zones-overlap.yaml": fix(("[[20, -8], [30, -8], [30, 2], [20, 2]]", "[[20, -10], [30, -10], [30, 0], [20, 0]]")),
    "declared-adjacent-with-gap.yaml": fix(("[[0, -11], [10, -11], [10, -1], [0, -1]]",
                                            "[[0, -10], [10, -10], [10, 0], [0, 0]]")),
    "undeclared-shared-border.yaml": fix(("  - [A2, B2]\n", "  - [A2, B2]\n  - [A3, B3]\n")),
    "island-across-zones.yaml": fix(("[[18, 32], [22, 32], [22, 34], [18, 34]]",
                                     "[[22, 32], [24, 32], [24, 34], [22, 34]]")),
    "open-zone-on-the-coast.yaml": fix(("    kind: open\n", "    kind: coastal\n")),
    # scenarios on the mini map (tests/bad)
    "order-across-land.yaml": fix(("orders: [B1, B2, stay, B3, C2, westport]",
                                   "orders: [C2, B2, B1, B2, C2, westport]")),
    "minefield-off-border.yaml": fix(("between: [B2, C4]", "between: [B2, C2]")),
    "ship-of-the-enemy.yaml": fix(("ships: [Aquila, Sparviero, Saida]", "ships: [Aquila, Sparviero]")),
    "abort-not-heading-home.yaml": fix(('abort, stay, "B2/C2", westport]', 'abort, "B2/C2", westport]')),
    "abort-at-start.yaml": fix(("mission: abort", "mission: intercept")),
    "escort-of-the-enemy.yaml": fix(("escorts: patrol", "escorts: raiders"), ("[convoy patrol]", "[convoy raiders]")),
    "raid-without-leader.yaml": fix(("ships: [Saida]", "ships: [Novara, Saida]")),
    "two-raiding-fleets.yaml": fix(("  raid_needs_leader: false\n", "  raid_needs_leader: false\n  raid_fleets: 2\n")),
    "bombard-orders-short.yaml": fix(("orders: [C4, C3, B3]", "orders: [C4, C3, B3, C3, C4, eastport]")),
    "intercept-one-order.yaml": fix(("orders: [C4]", "orders: [C4, C3]")),
    "side-cannot-win.yaml": fix(("  otherwise: draw\n", "  otherwise: entente\n")),
    "side-without-fleet.yaml": fix(("    fleets: []\n", "    fleets:\n      - {id: patrol, mission: intercept, "
                                    "start: eastport, ships: [Aquila], orders: [C4, C3]}\n")),
    # scenarios that need the extra catalogs (tests/fixtures/checks)
    "five-ship-fleet.yaml": fix(("[Iron Duke, Superb, Canada, Courbet, Jean Bart]", "[Iron Duke, Superb, Canada]")),
    "slow-ship-two-zones.yaml": fix(('orders: ["C4/C3", B3]', "orders: [C4, C3, B3]")),
    "three-ship-raid.yaml": fix(("ships: [Novara, Saida, Helgoland]", "ships: [Novara, Saida]")),
    "collier-enemy-port.yaml": fix(("orders: [C4, C3, C2]", "orders: [C4, C3, D3]")),
    "tanker-enemy-port.yaml": fix(("orders: [C4, C3, C2]", "orders: [C4, C3, D3]")),
}  # fmt: skip


def expectations(folder: Path) -> dict[str, tuple[str, int, int]]:
    rows = {}
    for line in (folder / "expected.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, code, row, column = line.split()
            rows[name] = (code, int(row), int(column))
    return rows


BAD_EXPECTED = expectations(BAD)
MORE_EXPECTED = expectations(MORE)
CASES = {name: (BAD, MINI_CONTEXT) for name in FIXES if name in BAD_EXPECTED}
CASES.update({name: (MORE, MORE_CONTEXT) for name in FIXES if name in MORE_EXPECTED})


def expected(name: str) -> tuple[str, int, int]:
    return BAD_EXPECTED[name] if name in BAD_EXPECTED else MORE_EXPECTED[name]


def params(names: list[str]) -> list[Any]:
    """One test parameter per fixture, marked with the rule clause its code enforces."""
    out = []
    for name in names:
        code = expected(name)[0]
        clauses = CLAUSES.get(code, (code,) if code.startswith("DN-") else ())
        out.append(pytest.param(name, id=name[:-5], marks=[pytest.mark.rule(c) for c in clauses]))
    return out


def dreadnought_codes() -> set[str]:
    return {code for entry in load_check_modules() if entry.ruleset == "dreadnought" for code in entry.codes}


def errors_in(result: Validation, name: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in result.report.diagnostics
            if d.file.endswith(name) and d.severity is not Severity.INFO]  # fmt: skip


def test_every_check_code_has_a_failing_fixture_and_a_fix() -> None:
    covered = {expected(name)[0] for name in FIXES}
    assert dreadnought_codes() <= covered
    assert set(MORE_EXPECTED) <= set(FIXES)
    assert {p.name for p in MORE.glob("*.yaml")} == set(MORE_EXPECTED) | {"entente.yaml", "ah-extra.yaml"}


@pytest.mark.parametrize("name", params(sorted(MORE_EXPECTED)))
def test_fixture_needing_more_ships_fails_at_its_mistake(name: str) -> None:
    result = validate([*map(str, MORE_CONTEXT), str(MORE / name)])
    assert errors_in(result, name) == [expected(name)]
    assert [d for d in result.report.diagnostics if not d.file.endswith(name)] == []


@pytest.mark.parametrize("name", params(sorted(CASES)))
def test_the_fixed_fixture_validates_clean(name: str, tmp_path: Path) -> None:
    folder, context = CASES[name]
    text = (folder / name).read_text(encoding="utf-8")
    for old, new in FIXES[name].replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    fixed = tmp_path / name
    # the modeline, relative to the fixture's own folder, keeps naming the same schema from tmp_path (SCH012)
    fixed.write_text(text.replace("$schema=", "$schema=" + folder.as_posix() + "/", 1), encoding="utf-8")
    result = validate([*map(str, context), str(fixed)])
    assert errors_in(result, name) == []


@pytest.mark.parametrize("name", params(sorted(CASES)))
def test_the_check_alone_finds_the_mistake(name: str) -> None:
    """Each check runs in isolation: called by itself on the built model it reports the fixture's mistake."""
    folder, context = CASES[name]
    code, line, column = expected(name)
    result = validate([*map(str, context), str(folder / name)])
    stem = name[:-5]
    models = [m for m in [*result.models, *result.scenarios] if isinstance(m, SeaMap | Scenario) and m.id == stem]
    assert len(models) == 1
    documents = {item.doc.file: item.doc for item in result.loaded}
    found = []
    for entry in [e for e in load_check_modules() if code in e.codes and isinstance(models[0], e.target)]:
        found += [(d.code, d.line, d.column) for d in entry(models[0], CheckContext(documents))]
    assert found == [(code, line, column)]


def test_the_corpus_still_validates_clean() -> None:
    report = validate([str(TESTS.parent / "scenarios")]).report
    assert [(d.file, d.code, d.message) for d in report.diagnostics if d.severity is not Severity.INFO] == []
