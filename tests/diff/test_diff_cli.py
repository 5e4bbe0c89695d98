"""``admiralty diff`` run as the user runs it: semantic changes, the balance shift, the report formats."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import markdown

from admiralty.diff.report import markdown as render_markdown
from tests.diff.conftest import edit, report_of, run_diff
from tests.outside.worktree import commit_all, git

SCENARIO = Path("dreadnought") / "scenarios" / "szent-istvan-1918.yaml"
STARTER = Path("dreadnought") / "scenarios" / "first-sortie-1916.yaml"
BATTLESHIP_GAMES = 60


def test_comment_only_change_is_no_semantic_change_and_exactly_zero_shift(dreadnought_pair: Path) -> None:
    path = dreadnought_pair / "head" / SCENARIO
    edit(path, "kind: scenario\n", "kind: scenario   # a comment, and the key order below is unchanged\n")
    edit(path, "title: ", "# another comment\ntitle: ")
    report = report_of(dreadnought_pair, "base", "head", "--games", "20", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    assert scenario["id"] == "szent-istvan-1918"
    assert (scenario["status"], scenario["changes"]) == ("text-only", [])
    balance = scenario["balance"]
    assert balance["games"] == balance["identical_games"] == 20
    for side in balance["sides"].values():
        assert side["difference"] == 0.0
        assert side["discordant"] == {"won_before_only": 0, "won_after_only": 0}
        assert side["vp"]["mean_difference"] == 0.0
        assert side["before"] == side["after"]
    assert balance["verdict"].startswith("no shift: all 20 games played identically (exactly zero)")
    # identical games cannot rule out a shift in 20 pairs: the sequential test spends the budget, and says so
    assert balance["sequential"]["decided"] is False and balance["sequential"]["games"] == 20
    assert balance["verdict"].endswith("; undecided after 20 of 20 games")
    assert scenario["pictures"] == {}


def test_unchanged_corpus_reports_nothing(dreadnought_pair: Path) -> None:
    report = report_of(dreadnought_pair, "base", "head", "--games", "5", "--no-png", "--out", "out")
    assert report["scenarios"] == [] and report["games"] == 0


def test_battleship_removed_shifts_balance_to_the_other_side(starter_pair: Path) -> None:
    """Warspite removed from the British side: Germany's win rate rises, the confidence sequence decides it
    before the budget of 200 games is spent (the play stops there), and Newcombe's paired 95% interval excludes
    zero at the games played."""
    edit(starter_pair / "head" / STARTER, "ships: [Arethusa, Aurora, Warspite]", "ships: [Arethusa, Aurora]")
    report = report_of(starter_pair, "base", "head", "--games", "200", "--no-png", "--out", "out")
    (scenario,) = report["scenarios"]
    changes = {(c["group"], c["kind"], c["key"]) for c in scenario["changes"]}
    assert ("ships", "removed", "britain: Warspite") in changes
    assert ("class figures", "removed", "queen-elizabeth") in changes
    balance = scenario["balance"]
    games = balance["games"]
    assert 20 <= games < 200 and games % 10 == 0 and not balance["stopped_by_budget"]
    assert balance["sequential"]["decided"] and balance["sequential"]["games"] == games
    assert balance["sequential"]["sides"]["germany"]["verdict"] == "shifted"
    assert balance["sequential"]["sides"]["germany"]["sequence"][0] > 0
    assert balance["verdict"].endswith(f"; decided after {games} of 200 games (95% confidence sequence)")
    germany = balance["sides"]["germany"]
    assert germany["significant"] and germany["newcombe95"][0] > 0
    assert germany["after"]["rate"] > germany["before"]["rate"]
    assert balance["shifted_towards"] == "germany"
    assert balance["verdict"].startswith("shifted towards germany")
    markdown_text = (starter_pair / "out" / "diff.md").read_text(encoding="utf-8")
    html = ET.fromstring(f"<div>{markdown.markdown(markdown_text, extensions=['tables'])}</div>")
    assert html.findtext("h2", "").startswith("admiralty diff: base")
    summary = html.find("table")
    assert summary is not None
    assert [th.text for th in summary.iter("th")] == ["scenario", "status", "semantic changes", "balance", "games"]
    (row,) = summary.find("tbody").findall("tr")  # type: ignore[union-attr]
    cells = [td.text for td in row.findall("td")]
    assert cells[0] == "first-sortie-1916" and cells[4] == str(games)
    assert cells[3] is not None and cells[3].startswith("shifted towards germany")
    tables = html.findall("table")
    assert len(tables) == 3  # summary, win rates per side, VP
    assert [td.text for td in tables[1].find("tbody").findall("tr")[1].findall("td")][:1] == ["germany"]  # type: ignore[union-attr]


def test_fail_on_shift_exits_1_only_when_asked(starter_pair: Path) -> None:
    edit(starter_pair / "head" / STARTER, "ships: [Arethusa, Aurora, Warspite]", "ships: [Arethusa, Aurora]")
    args = ("base", "head", "--games", str(BATTLESHIP_GAMES), "--no-png", "--out", "out")
    assert run_diff(starter_pair, *args).returncode == 0
    failing = run_diff(starter_pair, *args, "--fail-on-shift", "0.10")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "FAIL: shift of at least 10% in first-sortie-1916" in failing.stdout
    assert run_diff(starter_pair, *args, "--fail-on-shift", "0.9").returncode == 0


def test_budget_caps_the_games_and_says_so(starter_pair: Path) -> None:
    edit(starter_pair / "head" / STARTER, "ships: [Arethusa, Aurora, Warspite]", "ships: [Arethusa, Aurora]")
    report = report_of(starter_pair, "base", "head", "--games", "100000", "--budget", "0", "--no-png")
    balance = report["scenarios"][0]["balance"]
    assert balance["stopped_by_budget"] and 0 < balance["games"] < 100000
    assert report["games"] == 2 * balance["games"]


def test_git_revisions_leave_the_checkout_alone(starter_pair: Path) -> None:
    repo = starter_pair / "repo"
    (repo / "scenarios").mkdir(parents=True)
    (starter_pair / "base" / "dreadnought").rename(repo / "scenarios" / "dreadnought")
    first = commit_all(repo, "first")
    edit(repo / "scenarios" / STARTER, "night: [11, 12]", "night: [10, 11, 12]")
    second = commit_all(repo, "second")
    (repo / "scenarios" / STARTER).write_text("not even yaml: [", encoding="utf-8")  # uncommitted, never read
    report = report_of(repo, "HEAD~1", "HEAD", "--git", "--games", "10", "--no-png", "--out", str(starter_pair / "o"))
    (scenario,) = report["scenarios"]
    assert [(c["key"], c["before"], c["after"]) for c in scenario["changes"]] == [("night turns", "11, 12",
                                                                                   "10, 11, 12")]
    assert report["base"].startswith(f"HEAD~1 ({first[:10]}") and report["head"].startswith(f"HEAD ({second[:10]}")
    assert git(repo, "status", "--porcelain").strip() == "M scenarios/dreadnought/scenarios/first-sortie-1916.yaml"
    assert git(repo, "rev-parse", "HEAD").strip() == second
    bad = run_diff(repo, "no-such-rev", "HEAD", "--git")
    assert bad.returncode == 2 and "admiralty diff: git rev-parse" in bad.stderr


def test_markdown_escapes_author_text() -> None:
    title = "Raid | *bold* <script>alert(1)</script> [link](x)"
    report = {"base": "a", "head": "b", "errors": {}, "settings": {"shift": 0.1, "fail_on_shift": None},
              "games": 0, "seconds": 0.0, "failed_on_shift": [],
              "scenarios": [{"id": "x-1", "ruleset": "r", "title": title, "status": "changed", "files": [],
                             "changes": [{"group": "ships", "key": "a|b", "kind": "added", "before": None,
                                          "after": "*BB*"}], "balance": None, "pictures": {}}]}
    html = ET.fromstring(f"<div>{markdown.markdown(render_markdown(report), extensions=['tables'])}</div>")
    assert html.findtext("h3") == f"x-1: {title}"
    assert html.find(".//script") is None and html.find(".//em") is None and html.find(".//a") is None
    (row,) = html.find("table").find("tbody").findall("tr")  # type: ignore[union-attr]
    assert len(row.findall("td")) == 5
    assert "ships: added a|b: *BB*" in "".join(html.find("ul").itertext())  # type: ignore[union-attr]
