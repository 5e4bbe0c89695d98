"""The composite action's diff step, run with bash as the runner runs it, on a scratch repository of two
commits: it writes the job summary (Markdown) and the pictures, and refuses bad inputs."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest

from tests.outside.test_github_files import ACTION_DOC, run_step
from tests.outside.worktree import ROOT, commit_all, git

SCENARIO = Path("scenarios") / "dreadnought" / "scenarios" / "szent-istvan-1918.yaml"


def _two_commits(repo: Path) -> None:
    shutil.copytree(ROOT / "scenarios" / "dreadnought", repo / "scenarios" / "dreadnought")
    commit_all(repo, "the corpus")
    path = repo / SCENARIO
    text = path.read_text(encoding="utf-8")
    old = "ships: [Szent István, Tegetthoff, Viribus Unitus, Prinz Eugen]"
    assert old in text
    path.write_text(text.replace(old, "ships: [Szent István, Tegetthoff, Viribus Unitus]"), encoding="utf-8")
    commit_all(repo, "Prinz Eugen stays in Pola")


def test_the_step_and_its_upload_are_in_the_action() -> None:
    names = [step.get("name", "") for step in ACTION_DOC["runs"]["steps"]]
    diff = names.index("Diff against the base (semantic changes, balance shift, map pictures)")
    upload = ACTION_DOC["runs"]["steps"][diff + 1]
    assert upload["with"]["path"] == "build/diff/" and upload["if"] == "always()"
    assert ACTION_DOC["inputs"]["fail-on-shift"]["default"] == ""


def test_diff_step_writes_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    _two_commits(repo)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.delenv("GITHUB_BASE_REF", raising=False)
    done = run_step("Diff", repo, diff_base="HEAD~1", diff_games="12", diff_budget="120")
    assert done.returncode == 0, done.stdout + done.stderr
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## admiralty diff: HEAD&#126;1 (")  # an entity: "~~" would strike through
    assert "ships: removed central-powers: Prinz Eugen" in text
    assert "Games played: 24 in" in text  # 12 per version
    html = ET.fromstring(f"<div>{markdown.markdown(text, extensions=['tables'])}</div>")
    assert html.findtext("h2", "").startswith("admiralty diff: HEAD~1 (")
    assert html.findtext("h3", "").startswith("szent-istvan-1918: ")
    assert [td.text for td in html.iter("td")][:2] == ["szent-istvan-1918", "changed"]
    assert list((repo / "build" / "diff").glob("*.svg")) == []  # no map changed: no pictures (issue 37)
    assert git(repo, "status", "--porcelain", "--untracked-files=no").strip() == ""


def test_diff_step_in_a_pull_request_compares_with_the_base_branch(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """In a pull request the runner sets GITHUB_BASE_REF: the step compares with origin/<base>."""
    upstream = tmp_path / "upstream"
    shutil.copytree(ROOT / "scenarios" / "dreadnought", upstream / "scenarios" / "dreadnought")
    commit_all(upstream, "the corpus")
    git(tmp_path, "clone", "--quiet", str(upstream), "pr")
    pr = tmp_path / "pr"
    path = pr / SCENARIO
    path.write_text(path.read_text(encoding="utf-8").replace("night: [", "night: [5, ", 1), encoding="utf-8")
    commit_all(pr, "a longer night")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setenv("GITHUB_BASE_REF", git(upstream, "branch", "--show-current").strip())
    done = run_step("Diff", pr, diff_games="5")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "## admiralty diff: origin/" in summary.read_text(encoding="utf-8")
    assert "set-up: night turns" in summary.read_text(encoding="utf-8")


def test_diff_step_skips_without_a_base_or_a_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    _two_commits(repo)
    monkeypatch.delenv("GITHUB_BASE_REF", raising=False)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "summary.md"))
    skipped = run_step("Diff", repo)
    assert skipped.returncode == 0 and "no diff-base given; skipped" in skipped.stdout
    same = run_step("Diff", repo, diff_base="HEAD")
    assert same.returncode == 0 and "no scenario, map or catalog changed" in same.stdout
    assert not (tmp_path / "summary.md").exists()


@pytest.mark.parametrize(("inputs", "message"), [
    ({"diff_base": "HEAD~1; touch pwned"}, "diff-base must be a git revision"),
    ({"diff_base": "--output=pwned"}, "diff-base must be a git revision"),
    ({"diff_base": "HEAD~1", "diff_games": "0"}, "diff-games must be a whole number"),
    ({"diff_base": "HEAD~1", "diff_budget": "$(touch pwned)"}, "diff-budget must be whole seconds"),
    ({"diff_base": "HEAD~1", "fail_on_shift": "10%"}, "fail-on-shift must be a share between 0 and 1"),
    ({"diff_base": "no-such-branch"}, "diff-base 'no-such-branch' is not a revision"),
])
def test_diff_step_refuses_bad_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inputs: dict[str, str],
                                      message: str) -> None:
    repo = tmp_path / "repo"
    _two_commits(repo)
    monkeypatch.delenv("GITHUB_BASE_REF", raising=False)
    done = run_step("Diff", repo, **inputs)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"::error title=admiralty action::{message}" in done.stdout
    assert not (repo / "pwned").exists()
