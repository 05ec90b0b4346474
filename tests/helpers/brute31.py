"""A from-first-principles scorer for tests: it reads cards as text (``"K♥"``) and knows
nothing of the engine's tables, ints or explanations, so counts made with it check the
engine independently."""

from __future__ import annotations

from collections.abc import Iterable

POINTS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
          "J": 10, "Q": 10, "K": 10, "A": 11}


def brute_value(hand: Iterable[object], three_of_a_kind: float | None, three_aces: int | None) -> float:
    """What three cards (anything that prints as ``K♥``) are worth: best suit total, or a house rule."""
    texts = [str(c) for c in hand]
    ranks = [t[:-1] for t in texts]
    if len(texts) == 3 and len(set(ranks)) == 1:
        if ranks[0] == "A" and three_aces is not None:
            return float(three_aces)
        if three_of_a_kind is not None:
            return float(three_of_a_kind)
    totals: dict[str, int] = {}
    for t in texts:
        totals[t[-1]] = totals.get(t[-1], 0) + POINTS[t[:-1]]
    return float(max(totals.values()))
