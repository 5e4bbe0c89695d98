"""The shape of ``admiralty diff``'s report: what ``--format json`` prints and ``diff.json`` holds, and what the
text and Markdown renderers read. ``balance.analyse`` and ``command.build_report`` build these; nothing reads them
back from disk but ``command.clear_pictures``, which takes only the picture names and survives any other shape."""

from __future__ import annotations

from typing import TypedDict


class Rate(TypedDict):
    """A side's wins in one version's games, with the Wilson 95% interval of its rate."""

    wins: int
    rate: float
    wilson95: list[float]


class Discordant(TypedDict):
    won_before_only: int
    won_after_only: int


class Variance(TypedDict):
    """The variance of the win-rate difference, paired (same seeds) and as if independent, and the share saved."""

    paired: float
    independent: float
    saved: float | None


class GamesNeeded(TypedDict):
    """Games per version to see the shift of interest (None where it cannot be told)."""

    paired: int | None
    independent: int | None


class VPShift(TypedDict):
    before_mean: float
    after_mean: float
    mean_difference: float
    sign_flip_p: float
    ks: float
    ks_p: float


class SideShift(TypedDict):
    """One side's win rates before and after, the paired difference and what it would take to see it."""

    before: Rate
    after: Rate
    difference: float
    newcombe95: list[float]
    independent95: list[float]
    significant: bool
    discordant: Discordant
    variance: Variance
    games_needed: GamesNeeded
    vp: VPShift


class SideDecision(TypedDict):
    verdict: str | None
    sequence: list[float]


class Sequential(TypedDict):
    """How many pairs the sequential shift test needed, and what it decided per side."""

    confidence: float
    decided: bool
    games: int
    budget: int
    sides: dict[str, SideDecision]


class BeforeAfter(TypedDict):
    before: int
    after: int


class Balance(TypedDict):
    """The balance section of one scenario's report."""

    player: str
    games: int
    planned: int
    seconds: float
    stopped_by_budget: bool
    identical_games: int
    failures: BeforeAfter
    draws: BeforeAfter
    sides: dict[str, SideShift]
    shift_of_interest: float
    games_needed: int | None
    verdict: str
    shifted_towards: str | None
    sequential: Sequential | None
    largest_significant_shift: float


class ChangeRecord(TypedDict):
    """One fact added, removed or changed (``semantic.Change``)."""

    group: str
    key: str
    kind: str
    before: str | None
    after: str | None


class ScenarioReport(TypedDict):
    id: str
    ruleset: str
    title: str
    status: str
    files: list[str]
    changes: list[ChangeRecord]
    balance: Balance | None
    pictures: dict[str, str]


class Settings(TypedDict):
    games: int | None
    seed: int
    budget: float | None
    player: str | None
    shift: float
    fail_on_shift: float | None


class Report(TypedDict):
    """The whole report."""

    base: str
    head: str
    errors: dict[str, int]
    settings: Settings
    games: int
    seconds: float
    rasteriser: str | None
    notes: list[str]
    scenarios: list[ScenarioReport]
    failed_on_shift: list[str]
