"""Smoke games: play every scenario many times, check invariants, prove determinism, measure balance."""
