"""The fast decisions every bot shares: which pile to draw from, what to throw, what to swap.

These work on plain cards and a rule set's value table (see :func:`thirtyone.scoring.value_table`),
so they run in a few microseconds: the bots decide by them from a player's view, the expert imagines
other players' hands with :func:`hand_keeps`, and lesson 5's studies throw by :func:`best_discard`.
They only ever look at what a player can see: their own hand, the top of the discard pile, the face-up
center. (The simulations, :mod:`thirtyone.lockstep`, play the same choices on whole arrays of rounds.)
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANK_VALUES as _VALUES
from .cards import Card
from .rules import Rules
from .scoring import _CARD, _values, option_triples, perm_codes

__all__ = ["keep_table", "hand_keeps", "take_discard", "best_discard", "best_commerce_move", "DEFAULT_THRESHOLDS", "default_threshold"]

Table = dict[tuple[int, ...], float]


class _Keeps(dict[tuple[int, ...], float]):
    """Every ordered three-card hand to ``value - suits / 16``: value first, then fewer suits.

    Values are multiples of 0.5, so a hand worth more has a key at least 0.375 higher, and one worth
    the same or less a key at most 0.125 higher: "worth more" is "key more than 0.25 higher", and the
    play-outs answer both questions with one look-up. Keys of different hands differ by 1/16 or more.

    Each hand is worked out the first time it is asked (a bot's few moves never build the table);
    :func:`keep_table` fills it whole from the shipped hand table, at C speed, for the simulations.
    """

    def __init__(self, toak: float | None, aces: int | None) -> None:
        super().__init__()
        self.options = (toak, aces)
        self.value_of = _values(toak, aces)
        self.whole = False

    def __missing__(self, hand: tuple[int, ...]) -> float:
        if self.whole:
            raise KeyError(hand)
        v = self.value_of[hand]  # a KeyError for anything but three different cards, as in a whole table
        key = tuple(_CARD[x] for x in hand)
        k = self[key] = v - len({c & 3 for c in key}) / 16
        return k

    def fill(self) -> _Keeps:
        if not self.whole:
            perms, values, extra = perm_codes()
            self.update(zip(perms, map(_KeyCodes().__getitem__, zip(values, extra))))
            for hand, v, _tb in option_triples(*self.options):
                self[hand] = v - 3 / 16  # a triple holds three suits
            self.whole = True
        return self


class _KeyCodes(dict[tuple[int, int], float]):
    """(value doubled, tie-break + 16 × suits) from the shipped table → ``value - suits / 16``."""

    def __missing__(self, code: tuple[int, int]) -> float:
        k = self[code] = code[0] / 2 - (code[1] >> 4) / 16
        return k


_KEEPS: dict[tuple[float | None, int | None], _Keeps] = {}


def hand_keeps(rules: Rules) -> dict[tuple[int, ...], float]:
    """:func:`keep_table`'s look-up, filled as hands are asked: what a bot's few decisions use."""
    key = (rules.three_of_a_kind, rules.three_aces)
    table = _KEEPS.get(key)
    if table is None:
        table = _KEEPS[key] = _Keeps(*key)
    return table


def keep_table(rules: Rules) -> dict[tuple[int, ...], float]:
    """How good a three-card hand is to keep: value first, then fewer suits (better chances). Every ordered
    hand (the look-up of :func:`hand_keeps`, filled whole)."""
    keeps = hand_keeps(rules)
    assert isinstance(keeps, _Keeps)
    return keeps.fill()


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
        key = table[kept] - _VALUES[thrown >> 2] * 0.001 - (0.0005 if thrown & 3 in avoid_suits else 0.0)
        if key > best_key:
            best, best_key = thrown, key
    return best


def take_discard(table: Table, hand: Sequence[Card], top: Card, discard_taken: bool = True) -> bool:
    """Whether taking ``top`` from the discard pile makes a better hand than the one held now."""
    now = table[tuple(hand)]
    four = tuple(hand) + (top,)
    for i in range(3):  # throwing the taken card again would only keep the hand as it is
        kept = four[:i] + four[i + 1:]
        if table[kept] > now:
            return True
    return False


def best_commerce_move(table: Table, hand: Sequence[Card], center: Sequence[Card],
                       allow_swap_all: bool) -> tuple[float, tuple[Card, ...]]:
    """The best swap with the center: ``(value after, (give, take))``, or ``(value, ())`` for swap all."""
    a, b, c = hand
    best_value = -1.0
    best: tuple[Card, ...] = ()
    given = 99  # among equal swaps, give the cheapest card
    for give, worth, x, y in ((a, _VALUES[a >> 2], b, c), (b, _VALUES[b >> 2], a, c), (c, _VALUES[c >> 2], a, b)):
        for take in center:
            v = table[(take, x, y)]
            if v > best_value or (v == best_value and worth < given):
                best_value, best, given = v, (give, take), worth
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
