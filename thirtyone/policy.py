"""The rules kernel: the greedy decisions and the knock rule, written once and shared by every player.

Which pile to draw from (:func:`take_discard`), what to throw (:func:`best_discard`), what to swap with the
center (:func:`best_commerce_move`), when the ``first_knock`` option lets a player knock
(:func:`knock_allowed`), and the constants they decide by. They work on plain cards and a rule set's
:class:`~thirtyone.scoring.ScoringTables` (keep keys, :func:`~thirtyone.scoring.keep_key`: the value, then
fewer suits), so they run in a few microseconds, and only ever look at what a player can see: their own
hand, the top of the discard pile, the face-up center.

Who uses them: the game's knock rule (``State``), the bots (from a player's view), the staged rounds of
:mod:`thirtyone.side_by_side`, lesson 5's studies; the simulations (:mod:`thirtyone.lockstep`) make the same
choices on whole arrays of rounds, with the same constants and the same tables (the flat arrays of the same
:class:`~thirtyone.scoring.ScoringTables`), and ``tests/sim/test_conformance.py`` keeps the two equal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from .cards import RANK_VALUES as _VALUES
from .cards import Card
from .rules import Rules
from .scoring import MOST_SUITS, keep_key, scoring_tables

if TYPE_CHECKING:
    import numpy as np

__all__ = ["keep_table", "hand_keeps", "take_discard", "best_discard", "best_commerce_move", "knock_allowed",
           "knock_key", "TAKE_MARGIN", "THROW_COST", "AVOID_COST", "DEFAULT_THRESHOLDS", "default_threshold"]

Table = dict[tuple[int, ...], float]
_Threshold = TypeVar("_Threshold", float, "np.ndarray")

TAKE_MARGIN = 0.25
"""How much higher a keep key must be for a hand to be worth more: keys of hands of equal value differ by at
most 2 × SUIT_SHARE (0.125), and a hand worth half a point more has a key at least 0.5 - 2 × SUIT_SHARE
(0.375) higher, so "key more than TAKE_MARGIN higher" is "worth more" (:func:`take_discard`)."""

THROW_COST = 0.001
"""What a card's points take off a throw's (or a give's) key: among equally good throws or swaps the cheaper
card goes. Small enough never to outweigh a keep key's least step (SUIT_SHARE, over an ace's 11 points)."""

AVOID_COST = 0.0005
"""What throwing a suit another player collects takes off a throw's key: among equally good throws, such a
card goes last; smaller than THROW_COST, so it only parts throws of equal cost."""


def hand_keeps(rules: Rules) -> Table:
    """:func:`keep_table`'s look-up, filled as hands are asked: what a bot's few decisions use."""
    return scoring_tables(rules).keeps


def keep_table(rules: Rules) -> Table:
    """How good a three-card hand is to keep: value first, then fewer suits (better chances). Every ordered
    hand (the look-up of :func:`hand_keeps`, filled whole)."""
    return scoring_tables(rules).keeps.fill()


def knock_allowed(first_knock: str, turns: int, has_played: bool, is_dealer: bool, active: int) -> bool:
    """Whether the ``first_knock`` option lets a player knock now (nobody has knocked yet).

    ``turns``: turns taken this round; ``has_played``: this player has had a turn this round;
    ``active``: players still in. Shared by the game and the fast play-outs.
    """
    if first_knock == "anytime":
        return True
    if first_knock == "not_first_turn":
        return turns > 0
    if first_knock == "not_own_first_turn":
        return has_played or is_dealer
    return turns >= active  # not_first_orbit


def knock_key(threshold: _Threshold) -> _Threshold:
    """The lowest keep key of a hand worth ``threshold`` or more (values are multiples of 0.5): a hand
    reaches a knock threshold when its keep key reaches this, so one look-up serves the move and the knock.
    A number, or a NumPy array of them (the simulations' thresholds per play-out); infinity stays infinite."""
    if isinstance(threshold, (int, float)):
        return threshold if not math.isfinite(threshold) else keep_key(math.ceil(threshold * 2) / 2, MOST_SUITS)
    import numpy as np  # an array: only the simulations pass one

    return keep_key(np.ceil(threshold * 2) / 2, MOST_SUITS)


def best_discard(table: Table, cards: Sequence[Card], forbidden: Card | None = None,
                 avoid_suits: Sequence[int] = ()) -> Card:
    """The card to throw from four so the three kept are best: worth most, then fewer suits,
    then the cheaper card thrown. ``table`` is a :func:`keep_table`.

    ``forbidden``: a card that may not be thrown (``discard_taken`` off). ``avoid_suits``: suits
    another player is collecting; among equally good throws, one of those is thrown last.
    """
    a, b, c, d = cards
    best = a
    best_key = -1e9
    for thrown, kept in ((a, (b, c, d)), (b, (a, c, d)), (c, (a, b, d)), (d, (a, b, c))):
        if thrown == forbidden:
            continue
        key = table[kept] - _VALUES[thrown >> 2] * THROW_COST - (AVOID_COST if thrown & 3 in avoid_suits else 0.0)
        if key > best_key:
            best, best_key = thrown, key
    return best


def take_discard(table: Table, hand: Sequence[Card], top: Card) -> bool:
    """Whether taking ``top`` from the discard pile makes a hand worth more than the one held now: a
    keep key more than :data:`TAKE_MARGIN` higher. ``table`` is a :func:`keep_table`."""
    now = table[tuple(hand)] + TAKE_MARGIN
    four = tuple(hand) + (top,)
    for i in range(3):  # throwing the taken card again would only keep the hand as it is
        if table[four[:i] + four[i + 1:]] > now:
            return True
    return False


def best_commerce_move(table: Table, hand: Sequence[Card], center: Sequence[Card],
                       allow_swap_all: bool) -> tuple[float, tuple[Card, ...]]:
    """The best swap with the center: ``(value after, (give, take))``, or ``(value, ())`` for swap all.
    Worth most first, then the cheaper card given (:data:`THROW_COST`); all three only if that is worth
    more. ``table`` is a value table (:func:`~thirtyone.scoring.hand_values`)."""
    a, b, c = hand
    best_key = best_value = -1.0
    best: tuple[Card, ...] = ()
    for give, x, y in ((a, b, c), (b, a, c), (c, a, b)):
        cost = _VALUES[give >> 2] * THROW_COST
        for take in center:
            v = table[(take, x, y)]
            if v - cost > best_key:
                best_key, best_value, best = v - cost, v, (give, take)
    if allow_swap_all and len(center) == 3:
        v = table[tuple(center)]
        if v > best_value:
            best_value, best = v, ()
    return best_value, best


DEFAULT_THRESHOLDS = {
    # (family, players) -> knock at this value or more. From the threshold tournament
    # (python -m thirtyone tournament scat|schwimmen -p N --rounds 2000): the threshold with the
    # fewest lives lost against a field of threshold bots; where the curve is flat, the lower one.
    # Players beyond the table use its last entry.
    ("draw", 2): 28.0, ("draw", 3): 26.0, ("draw", 4): 25.0, ("draw", 5): 25.0, ("draw", 6): 25.0,
    ("commerce", 2): 23.0, ("commerce", 3): 27.0, ("commerce", 4): 29.0, ("commerce", 5): 29.0,
    ("commerce", 6): 29.0,
}


def default_threshold(family: str, players: int) -> float:
    """The knock threshold the intermediate bot uses for a family and number of players."""
    return DEFAULT_THRESHOLDS.get((family, min(max(players, 2), 6)), 27.0)
