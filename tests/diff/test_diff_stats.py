"""The statistics of ``admiralty diff``: Newcombe's paired interval, sample sizes, permutation tests."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from admiralty.diff import stats


def test_no_discordant_pair_is_exactly_zero() -> None:
    shift = stats.paired([True, False, True, False] * 10, [True, False, True, False] * 10)
    assert shift.difference == 0.0
    assert stats.paired_variance(shift) == 0.0
    assert stats.games_needed(stats.paired_variance(shift), 0.1) is None
    low, high = stats.newcombe_paired(shift)
    assert low < 0 < high
    assert not stats.significant((low, high))


def test_newcombe_paired_without_correlation_is_the_unpaired_interval() -> None:
    """Method 10 for paired data adds a phi term to the hybrid score interval; when the pairs are
    uncorrelated (ad = bc) it is the unpaired interval for the same margins."""
    shift = stats.PairedShift(n=40, both=6, before_only=6, after_only=14, neither=14)
    assert shift.both * shift.neither == shift.before_only * shift.after_only
    assert stats.newcombe_paired(shift) == pytest.approx(stats.newcombe_unpaired(20, 40, 12, 40))


def test_correlated_pairs_give_a_narrower_interval() -> None:
    """The same margins with most pairs concordant: the paired interval is narrower than the unpaired one."""
    shift = stats.PairedShift(n=100, both=40, before_only=2, after_only=10, neither=48)
    low, high = stats.newcombe_paired(shift)
    unpaired_low, unpaired_high = stats.newcombe_unpaired(50, 100, 42, 100)
    assert high - low < 0.6 * (unpaired_high - unpaired_low)
    assert stats.significant((low, high)) and not stats.significant((unpaired_low, unpaired_high))


def test_newcombe_unpaired_matches_the_published_example() -> None:
    """Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 vs 48/80, method 10 gives
    (0.0524, 0.3339)."""
    low, high = stats.newcombe_unpaired(56, 70, 48, 80)
    assert (low, high) == (pytest.approx(0.0524, abs=1e-3), pytest.approx(0.3339, abs=1e-3))


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=200))
def test_interval_holds_the_estimate(pairs: list[tuple[bool, bool]]) -> None:
    shift = stats.paired([b for b, _ in pairs], [a for _, a in pairs])
    low, high = stats.newcombe_paired(shift)
    assert -1.0 <= low <= shift.difference <= high <= 1.0


def test_paired_interval_covers_at_about_95_percent() -> None:
    """2000 simulated comparisons of 100 correlated pairs with a true shift of +0.05: the interval holds
    the true difference in at least 93% of them (Newcombe reports coverage near 95% for method 10)."""
    rng = random.Random(7)
    hits = 0
    trials = 2000
    for _ in range(trials):
        before, after = [], []
        for _ in range(100):
            u = rng.random()
            before.append(u < 0.40)
            after.append(u < 0.45 if rng.random() < 0.8 else rng.random() < 0.45)
        low, high = stats.newcombe_paired(stats.paired(before, after))
        hits += low <= 0.05 <= high
    assert hits / trials >= 0.93


def test_games_needed_follows_the_normal_approximation() -> None:
    # z = 1.95996 + 0.84162 = 2.80158; 2.80158^2 * 0.5 / 0.1^2 = 392.4 -> 393
    assert stats.games_needed(0.5, 0.1) == 393
    assert stats.games_needed(0.05, 0.1) == 40
    assert stats.games_needed(0.0, 0.1) is None


def test_sign_flip_is_exact_for_few_pairs() -> None:
    # all 5 differences positive: only the all-plus and all-minus flips are as extreme: 2/32
    assert stats.sign_flip_test([1, 2, 3, 4, 5, 0, 0]) == pytest.approx(2 / 32)
    assert stats.sign_flip_test([0, 0, 0]) == 1.0
    assert stats.sign_flip_test([3.0] * 40) < 0.001


def test_ks_permutation_separates_distributions() -> None:
    same = [float(i % 10) for i in range(60)]
    assert stats.ks_permutation_test(same, list(same)) == (0.0, 1.0)
    distance, p = stats.ks_permutation_test(same, [v + 5 for v in same])
    assert distance == pytest.approx(0.5)
    assert p < 0.01


def test_the_shift_sequence_decides_a_clear_shift_either_way() -> None:
    towards_after = stats.shift_sequence(stats.PairedShift(30, 0, 0, 30, 0), 0.1)
    assert towards_after.verdict == stats.SHIFTED and 0 < towards_after.low < towards_after.high == 1.0
    towards_before = stats.shift_sequence(stats.PairedShift(30, 0, 30, 0, 0), 0.1)
    assert towards_before.verdict == stats.SHIFTED and -1.0 == towards_before.low < towards_before.high < 0


def test_the_shift_sequence_decides_no_shift_of_interest_only_when_it_has_seen_enough() -> None:
    """Pairs that never part: the sequence narrows around zero and rules out a 10-point shift at 1,500 pairs, not
    at 1,000 (it does not assume the pairs agree: a pair's score could be any of 0, 1/2, 1)."""
    assert stats.shift_sequence(stats.PairedShift(0, 0, 0, 0, 0), 0.1) == stats.ShiftDecision(None, -1.0, 1.0)
    assert stats.shift_sequence(stats.PairedShift(1000, 250, 0, 0, 750), 0.1).verdict is None
    smaller = stats.shift_sequence(stats.PairedShift(1500, 375, 0, 0, 1125), 0.1)
    assert smaller.verdict == stats.SMALLER and -0.1 < smaller.low < 0 < smaller.high < 0.1
    assert stats.shift_sequence(stats.PairedShift(1500, 375, 0, 0, 1125), 0.0).verdict is None  # no shift of interest


def test_the_shift_sequence_stays_valid_under_optional_stopping() -> None:
    """No shift (a pair parts either way with the same chance), looked at after every round of ten pairs up to
    200: the sequence calls a shift in at most 5% of the runs, although it looked twenty times in each; Newcombe's
    fixed-n interval, looked at the same way, calls one far more often."""
    rng = random.Random(7)
    false_calls = fixed_n_calls = 0
    for _ in range(300):
        before: list[bool] = []
        after: list[bool] = []
        called = fixed_n_called = False
        for _ in range(20):
            for _ in range(10):
                draw, won = rng.random(), rng.random() < 0.4
                pair = (True, False) if draw < 0.15 else (False, True) if draw < 0.3 else (won, won)
                before.append(pair[0])
                after.append(pair[1])
            shift = stats.paired(before, after)
            called = called or stats.shift_sequence(shift, 0.1).verdict == stats.SHIFTED
            fixed_n_called = fixed_n_called or stats.significant(stats.newcombe_paired(shift))
        false_calls += called
        fixed_n_calls += fixed_n_called
    assert false_calls <= 15 < fixed_n_calls
