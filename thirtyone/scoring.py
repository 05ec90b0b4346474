"""Scoring: what a hand is worth, and why, from a table built once per rule set.

``hand_value(cards, rules)`` is one dictionary look-up: the table holds every ordered
three-card hand of the 52-card deck (132,600 keys) and is built the first time a rule
set with those scoring options asks for it. ``score(cards, rules)`` returns the reasons
as a :class:`Score`: the value, the suit that counts, the cards that count and those
that don't, the special rule that applied, a one-sentence explanation, and ``key``, an
ordering that applies the rule set's tie-break (higher is better).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import NamedTuple

from .cards import ALL_CARDS, RANK_VALUES, SUIT_NAMES, SUITS, Card, format_cards
from .rules import Rules

__all__ = ["Score", "hand_value", "score", "score_key", "value_table", "rank_table", "Ranked", "dealt_score", "compare_hands"]

Value = float  # 19, 30.5, 31, 32


@dataclass(frozen=True)
class Score:
    """A hand's value and the reasons for it."""

    cards: tuple[Card, ...]
    """The hand as given."""
    value: float
    """What the hand is worth: 19, 30.5, 31, 32."""
    suit: int | None
    """The suit that counts (0 ♣ .. 3 ♦), or ``None`` when a three-of-a-kind rule applied."""
    counting: tuple[Card, ...]
    """The cards that count."""
    others: tuple[Card, ...]
    """The cards that count nothing."""
    rule: str
    """What decided the value: ``"suit"``, ``"thirty_one"``, ``"three_of_a_kind"`` or ``"three_aces"``."""
    explanation: str
    """One sentence: ``"K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing"``."""
    tiebreak: int
    """Higher wins a tie of equal value: a triple's rank, else the scoring suit in Skat order."""

    @property
    def suit_symbol(self) -> str | None:
        """The scoring suit as a symbol, or ``None``."""
        return None if self.suit is None else SUITS[self.suit]

    def key(self, rules: Rules) -> tuple[float, int]:
        """Ordering under the rule set's tie-break: compare keys, the lowest hand has the smallest."""
        return (self.value, self.tiebreak if rules.ties == "tiebreak" else 0)

    def __str__(self) -> str:
        return f"{_num(self.value)}: {self.explanation}"


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)


def _compute(cards: tuple[Card, ...], toak: float | None, aces: int | None) -> Score:
    """Score a hand from first principles (used to build the table, and for 1, 2 or 4 cards)."""
    if len(cards) == 3 and cards[0].rank == cards[1].rank == cards[2].rank:
        rank = cards[0].rank
        if rank == 12 and aces is not None:
            return Score(cards, float(aces), None, cards, (), "three_aces",
                         f"{format_cards(cards)}: three aces count {aces}", rank)
        if toak is not None:
            return Score(cards, float(toak), None, cards, (), "three_of_a_kind",
                         f"{format_cards(cards)}: three of a kind counts {_num(toak)}", rank)
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c.suit] += c.value
    best = max(totals) if cards else 0
    # equal best suits: the higher in Skat order (lowest index) counts (decision 15)
    suit = totals.index(best)
    # high cards first, so the explanation reads the same whatever order the hand is in
    ordered = sorted(cards, key=lambda c: (c.value, c.rank, -c.suit), reverse=True)
    counting = tuple(c for c in ordered if c.suit == suit)
    others = tuple(c for c in ordered if c.suit != suit)
    if not cards:
        return Score(cards, 0.0, None, (), (), "suit", "no cards: worth 0", 0)
    total = " + ".join(str(c) for c in counting) + f" = {best}"
    if len({c.suit for c in cards}) == len(cards) and len(cards) > 1:
        text = f"all suits differ, so only the best card counts: {total}"
    else:
        text = total
    if others:
        text += "; " + _others_text(others, best)
    rule = "thirty_one" if best == 31 and len(cards) == 3 else "suit"
    if rule == "thirty_one":
        text += ", the best a hand of one suit can be"
    return Score(cards, float(best), suit, counting, others, rule, text, 3 - suit)


def _others_text(others: Sequence[Card], best: int) -> str:
    """The suits that lose, with their sums: ``"the other suit makes less (3♦ + 2♦ = 5) and counts nothing"``."""
    groups: dict[int, list[Card]] = {}
    for c in others:  # high cards first already
        groups.setdefault(c.suit, []).append(c)
    sums = sorted(((sum(c.value for c in g), -s, g) for s, g in groups.items()), key=lambda t: (t[0], t[1]),
                  reverse=True)
    parts = ", ".join(" + ".join(str(c) for c in g) + f" = {t}" for t, _s, g in sums)
    less = "less" if all(t < best for t, _s, _g in sums) else "no more"
    if len(sums) == 1:
        return f"the other suit makes {less} ({parts}) and counts nothing"
    return f"the other suits make {less} ({parts}) and count nothing"


class Ranked(NamedTuple):
    """What a showdown needs of a hand: its value and its tie-break (see :class:`Score`)."""

    value: float
    tiebreak: int


@cache
def _tables(toak: float | None, aces: int | None) -> tuple[dict[tuple[int, ...], float],
                                                           dict[tuple[int, ...], Ranked]]:
    """Every ordered three-card hand to its value, and to its :class:`Ranked`: built once per
    scoring options with plain arithmetic (the reasons are worked out only when asked for)."""
    values: dict[tuple[int, ...], float] = {}
    ranked: dict[tuple[int, ...], Ranked] = {}
    cards = ALL_CARDS
    points = RANK_VALUES
    for a in range(52):
        ca, ra, sa = cards[a], a >> 2, a & 3
        for b in range(a + 1, 52):
            cb, rb, sb = cards[b], b >> 2, b & 3
            for c in range(b + 1, 52):
                cc, rc, sc = cards[c], c >> 2, c & 3
                if ra == rb == rc and ra == 12 and aces is not None:
                    v, tb = float(aces), ra
                elif ra == rb == rc and toak is not None:
                    v, tb = float(toak), ra
                else:
                    totals = [0, 0, 0, 0]
                    totals[sa] += points[ra]
                    totals[sb] += points[rb]
                    totals[sc] += points[rc]
                    best = max(totals)
                    v, tb = float(best), 3 - totals.index(best)  # equal suits: the higher in Skat order
                r = Ranked(v, tb)
                for p in ((ca, cb, cc), (ca, cc, cb), (cb, ca, cc), (cb, cc, ca), (cc, ca, cb), (cc, cb, ca)):
                    values[p] = v
                    ranked[p] = r
    return values, ranked


@cache
def _reasons(toak: float | None, aces: int | None, hand: tuple[Card, ...]) -> Score:
    book = _BOOKS.get((toak, aces))
    return book[hand] if book is not None else _compute(hand, toak, aces)


_BOOKS: dict[tuple[float | None, int | None], dict[tuple[Card, ...], Score]] = {}


def _book(toak: float | None, aces: int | None) -> dict[tuple[Card, ...], Score]:
    book = _BOOKS.get((toak, aces))
    if book is None:
        book = _BOOKS[(toak, aces)] = {h: _compute(h, toak, aces) for h in combinations(ALL_CARDS, 3)}
    return book


def dealt_score(hand: tuple[Card, ...], rules: Rules) -> Score:
    """:func:`score` for three different cards, from a book of every hand's reasons built the first
    time it is asked (a fraction of a second): the game's showdowns, thousands of them in a simulation,
    should not work the reasons out again and again."""
    s = _book(rules.three_of_a_kind, rules.three_aces)[tuple(sorted(hand))]
    if s.cards != hand:
        s = Score(hand, s.value, s.suit, s.counting, s.others, s.rule, s.explanation, s.tiebreak)
    return s


def value_table(rules: Rules) -> dict[tuple[int, ...], float]:
    """The look-up table for a rule set: every ordered three-card hand to its value."""
    return _tables(rules.three_of_a_kind, rules.three_aces)[0]


def rank_table(rules: Rules) -> dict[tuple[int, ...], Ranked]:
    """Every ordered three-card hand to its value and tie-break: the fast path for simulations
    that judge thousands of showdowns (:func:`thirtyone.game.judge` takes these or scores)."""
    return _tables(rules.three_of_a_kind, rules.three_aces)[1]


def hand_value(cards: Sequence[Card], rules: Rules | None = None) -> float:
    """What a hand is worth: ``hand_value(parse_cards("K♥ 9♥ 4♣"), rules) == 19``.

    Three cards are one table look-up. Other counts (a four-card hand mid-turn) are
    scored by their best suit alone.
    """
    r = rules if rules is not None else _DEFAULT
    try:
        return _tables(r.three_of_a_kind, r.three_aces)[0][cards if type(cards) is tuple else tuple(cards)]
    except KeyError:
        return score(cards, r).value


def score(cards: Iterable[Card] | str, rules: Rules | None = None) -> Score:
    """The value of a hand with its reasons (see :class:`Score`). Accepts text like ``"K♥ 9♥ 4♣"``."""
    from .cards import parse_cards

    r = rules if rules is not None else _DEFAULT
    hand = parse_cards(cards, r.deck) if isinstance(cards, str) else tuple(cards)
    if len(hand) == 3 and len(set(hand)) == 3:
        s = _reasons(r.three_of_a_kind, r.three_aces, tuple(sorted(hand)))
        if s.cards != hand:
            s = Score(hand, s.value, s.suit, s.counting, s.others, s.rule, s.explanation, s.tiebreak)
        return s
    if len(set(hand)) != len(hand):
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(hand)}")
    return _compute(hand, r.three_of_a_kind, r.three_aces)


def score_key(cards: Sequence[Card], rules: Rules) -> tuple[float, int]:
    """The ordering of a hand under the rule set's tie-break (see :meth:`Score.key`)."""
    return score(cards, rules).key(rules)


def compare_hands(hands: Sequence[Sequence[Card]], rules: Rules) -> dict[str, object]:
    """Which of several hands is lowest and highest, and why, under the rule set.

    Returns ``{"scores", "lowest", "highest", "explanation"}``: ``lowest`` lists every
    hand index that shares the lowest key (several when the tie is not broken),
    ``highest`` the one highest hand or ``None`` if the top is shared.
    """
    scores = [score(h, rules) for h in hands]
    keys = [s.key(rules) for s in scores]
    low = min(keys)
    high = max(keys)
    lowest = [i for i, k in enumerate(keys) if k == low]
    tops = [i for i, k in enumerate(keys) if k == high]
    lines = []
    low_values = [i for i, s in enumerate(scores) if s.value == scores[lowest[0]].value]
    if len(low_values) > 1 and rules.ties == "tiebreak":
        if len(lowest) == 1:
            s = scores[lowest[0]]
            if s.suit is None:
                how = f"its rank ({s.cards[0].symbol}) is the lowest of the tied triples"
            else:
                above = sorted({t.suit for t in (scores[i] for i in low_values)
                                if t.suit is not None and t.suit != s.suit})
                how = (f"its suit, {_suit(s.suit)}, comes below {_and([_suit(u) for u in above])} in Skat order "
                       "(clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦)")
            lines.append(f"Hands {_and([str(i + 1) for i in low_values])} tie on "
                         f"{_num(s.value)}; hand {lowest[0] + 1} loses the tie-break: {how}.")
        else:
            lines.append(f"Hands {_and([str(i + 1) for i in lowest])} tie on value and suit: "
                         "the tie-break cannot part them, so they all lose.")
    elif len(lowest) > 1:
        lines.append(f"Hands {_and([str(i + 1) for i in lowest])} tie for lowest on "
                     f"{_num(scores[lowest[0]].value)}: with these rules they all lose.")
    else:
        lines.append(f"Hand {lowest[0] + 1} is lowest with {_num(scores[lowest[0]].value)}.")
    return {"scores": scores, "lowest": lowest, "highest": tops[0] if len(tops) == 1 else None,
            "explanation": " ".join(lines)}


def _suit(suit: int) -> str:
    return f"{SUIT_NAMES[suit]} {SUITS[suit]}"


def _and(words: Sequence[str]) -> str:
    """``["1", "2", "3"]`` → ``"1, 2 and 3"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


_DEFAULT = Rules()
