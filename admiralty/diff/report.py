"""The diff report as plain text (a terminal) and as Markdown (a pull request's ``$GITHUB_STEP_SUMMARY``),
both rendered from the JSON-ready report that ``admiralty diff --format json`` prints. Author text is
escaped: a title with ``|`` or ``*`` cannot break a table or start emphasis."""

from __future__ import annotations

import re

from admiralty.diff.report_types import Balance, ChangeRecord, Report, ScenarioReport

SPECIAL = re.compile(r"([\\`*_\[\]|#])")
MAX_CHANGES = 60


def md(value: object) -> str:
    """Text for a Markdown table cell or line: special characters escaped, no line breaks."""
    text = SPECIAL.sub(r"\\\1", str(value)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("~", "&#126;").replace("\n", " ")


def pct(value: float) -> str:
    return f"{value:.1%}"


def interval(pair: list[float]) -> str:
    return f"[{pair[0]:+.1%}, {pair[1]:+.1%}]"


def _change_line(change: ChangeRecord, markdown: bool) -> str:
    escape = md if markdown else str
    key = escape(change["key"])
    if change["kind"] == "added":
        what = f"added {key}: {escape(change['after'])}"
    elif change["kind"] == "removed":
        what = f"removed {key}: {escape(change['before'])}"
    else:
        what = f"{key}: {escape(change['before'])} → {escape(change['after'])}"
    return f"{escape(change['group'])}: {what}"


def _games(balance: Balance | None) -> str:
    return str(balance["games"]) if balance else "-"


def _verdict(scenario: ScenarioReport) -> str:
    balance = scenario.get("balance")
    if balance is None:
        return "not played" if scenario["status"] in ("changed", "text-only") else f"scenario {scenario['status']}"
    return str(balance["verdict"])


def _side_rows(balance: Balance) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for side, s in balance["sides"].items():
        needed = s["games_needed"]
        saved = s["variance"]["saved"]
        rows.append((side, f"{pct(s['before']['rate'])} {interval_plain(s['before']['wilson95'])}",
                     f"{pct(s['after']['rate'])} {interval_plain(s['after']['wilson95'])}",
                     f"{s['difference']:+.1%} {interval(s['newcombe95'])}", "yes" if s["significant"] else "no",
                     f"{needed['paired'] or '-'} / {needed['independent'] or '-'}",
                     "-" if saved is None else pct(saved)))
    return rows


def interval_plain(pair: list[float]) -> str:
    return f"[{pair[0]:.0%}-{pair[1]:.0%}]"


def _vp_rows(balance: Balance) -> list[tuple[str, ...]]:
    return [(side, f"{s['vp']['before_mean']:.1f}", f"{s['vp']['after_mean']:.1f}",
             f"{s['vp']['mean_difference']:+.1f}", f"{s['vp']['sign_flip_p']:.3g}", f"{s['vp']['ks']:.2f}",
             f"{s['vp']['ks_p']:.3g}") for side, s in balance["sides"].items()]


SIDE_HEAD = ("side", "won before [Wilson 95%]", "won after [Wilson 95%]", "difference [Newcombe 95%, paired]",
             "significant", "games to see the shift (paired / independent)", "variance saved by same seeds")
VP_HEAD = ("side", "mean VP before", "mean VP after", "paired difference", "sign-flip p", "KS distance",
           "KS permutation p")


def _table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    return ["| " + " | ".join(head) + " |", "|" + "---|" * len(head),
            *("| " + " | ".join(md(cell) for cell in row) + " |" for row in rows), ""]


def _games_line(balance: Balance) -> str:
    budget = " (stopped by the time budget)" if balance["stopped_by_budget"] else ""
    return (f"{balance['games']} games per version{budget} with the {balance['player']} player on every side, "
            f"same seeds on both versions, {balance['seconds']:.1f} s; identical games: "
            f"{balance['identical_games']}/{balance['games']}; failures before/after: "
            f"{balance['failures']['before']}/{balance['failures']['after']}; draws before/after: "
            f"{balance['draws']['before']}/{balance['draws']['after']}")


def _scenario_markdown(scenario: ScenarioReport, delta: float) -> list[str]:
    lines = [f"### {md(scenario['id'])}: {md(scenario['title'])}", "",
             f"Status: **{scenario['status']}**; files: " + (", ".join(f"`{f}`" for f in scenario["files"])
                                                           or "none changed directly"), ""]
    changes = scenario["changes"]
    if changes:
        lines += ["**What changed, by meaning**", ""]
        lines += [f"- {_change_line(c, True)}" for c in changes[:MAX_CHANGES]]
        if len(changes) > MAX_CHANGES:
            lines.append(f"- … and {len(changes) - MAX_CHANGES} more (see diff.json)")
        lines.append("")
    elif scenario["status"] == "text-only":
        lines += ["No semantic change: the files differ only in comments or formatting.", ""]
    balance = scenario.get("balance")
    if balance:
        lines += [f"**Balance:** {md(balance['verdict'])}", "", md(_games_line(balance)), ""]
        lines += _table(SIDE_HEAD, _side_rows(balance))
        lines += [f"Games needed: to detect a {delta:.0%} shift in a side's win rate (two-sided 5%, power 80%).",
                  ""]
        lines += ["VP distributions:", "", *_table(VP_HEAD, _vp_rows(balance))]
    pictures = scenario.get("pictures") or {}
    if pictures:
        names = [f"`{name}`" for kind, name in sorted(pictures.items())]
        lines += ["**Map pictures** (in the `admiralty-diff` artifact): " + ", ".join(names), ""]
    return lines


def markdown(report: Report) -> str:
    """The report as GitHub-flavoured Markdown."""
    delta = float(report["settings"]["shift"])
    lines = [f"## admiralty diff: {md(report['base'])} → {md(report['head'])}", ""]
    scenarios = report["scenarios"]
    if not scenarios:
        lines += ["No scenario is affected by this change.", ""]
    else:
        lines += _table(("scenario", "status", "semantic changes", "balance", "games"),
                        [(s["id"], s["status"], str(len(s["changes"])), _verdict(s),
                          _games(s["balance"])) for s in scenarios])
    lines.append(f"Games played: {report['games']} in {report['seconds']} s in all (both versions).")
    lines += [f"Note: {md(note)}." for note in report.get("notes", ())]
    errors = report["errors"]
    if errors.get("before") or errors.get("after"):
        lines.append(f"Validation errors: {errors.get('before', 0)} before, {errors.get('after', 0)} after "
                     "(scenarios with errors are not compared).")
    if report["failed_on_shift"]:
        lines.append(f"**Failing:** a shift of at least {report['settings']['fail_on_shift']:.0%} in "
                     + ", ".join(report["failed_on_shift"]))
    lines.append("")
    for scenario in scenarios:
        lines += _scenario_markdown(scenario, delta)
    return "\n".join(lines).rstrip() + "\n"


def text(report: Report) -> str:
    """The report for a terminal."""
    lines = [f"admiralty diff {report['base']} -> {report['head']}"]
    if not report["scenarios"]:
        lines.append("no scenario is affected")
    for scenario in report["scenarios"]:
        lines.append(f"{scenario['id']}: {scenario['status']}, {len(scenario['changes'])} semantic change(s); "
                     f"{_verdict(scenario)}")
        lines += [f"    {_change_line(c, False)}" for c in scenario["changes"][:MAX_CHANGES]]
        balance = scenario.get("balance")
        if balance:
            lines.append(f"    {_games_line(balance)}")
            for row in _side_rows(balance):
                lines.append(f"    {row[0]}: {row[1]} -> {row[2]}, difference {row[3]}, significant {row[4]}, "
                             f"games to see the shift {row[5]}, variance saved {row[6]}")
        for kind, name in sorted((scenario.get("pictures") or {}).items()):
            lines.append(f"    picture {kind}: {name}")
    lines.append(f"{report['games']} games in {report['seconds']} s")
    lines += [f"note: {note}" for note in report.get("notes", ())]
    if report["failed_on_shift"]:
        lines.append(f"FAIL: shift of at least {report['settings']['fail_on_shift']:.0%} in "
                     + ", ".join(report["failed_on_shift"]))
    return "\n".join(lines) + "\n"
