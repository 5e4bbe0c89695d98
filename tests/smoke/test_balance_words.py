"""A balance message never shows the observed rate and the bound it missed as the same number."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from admiralty.smoke.command import _print_summary, percents_apart
from admiralty.smoke.summary import SmokeStats


@pytest.mark.parametrize(("value", "bounds", "expected"), [
    (0.415, (0.42, 0.72), ["41.5%", "42.0%", "72.0%"]),   # the case an author met: 42% vs 42%-72%
    (0.5, (0.42, 0.72), ["50%", "42%", "72%"]),           # far from both: whole percents
    (0.7249, (0.42, 0.725), ["72.49%", "42.00%", "72.50%"]),
    (0.42, (0.42, 0.72), ["42%", "42%", "72%"]),          # equal to a bound: it may read the same
    (0.41999, (0.42, 0.72), ["41.999%", "42.000%", "72.000%"]),  # three decimals at most
    (0.0, (0.0, 1.0), ["0%", "0%", "100%"]),
    (1.0, (0.1, 0.9995), ["100.00%", "10.00%", "99.95%"]),
])
def test_percents_apart_uses_the_fewest_decimals_that_tell_value_and_bound_apart(
        value: float, bounds: tuple[float, float], expected: list[str]) -> None:
    assert percents_apart(value, *bounds) == expected


def summary(observed: float, expected: tuple[float, float]) -> SmokeStats:
    stats = SmokeStats.from_json({
        "games": 200, "draws": 0, "failures": {}, "failed_games": [], "games_per_player": {"heuristic": 200},
        "sides": {"france": {"rate": observed, "wilson95": [observed - 0.07, observed + 0.07]}},
        "balance": {"in_band": False, "expected": list(expected), "observed": observed, "side": "france",
                    "player": "heuristic", "games": 200}})
    assert stats is not None
    return stats


def test_the_out_of_band_line_shows_the_decimal_that_puts_the_rate_outside() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = _print_summary({"quatre-bras-1815": summary(0.415, (0.42, 0.72))}, "build/smoke", 1.0, strict=True)
    assert code == 1
    assert "ERROR: france wins 41.5% of the heuristic games, outside the expected 42.0%-72.0%" in out.getvalue()
