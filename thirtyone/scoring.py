"""Scoring: what a hand is worth, and why, from look-up tables shared by every rule set with the same
scoring options.

``hand_value(cards, rules)`` is one look-up in nested lists filled from the shipped ``data/hand_tables.bin``,
a first card's row at a time, as hands are asked; :func:`value_table` is the whole table as a dictionary
(every ordered hand of the 52-card deck, 132,600 keys), filled when a simulation asks for it.
``score(cards, rules)`` returns the reasons
as a :class:`Score`: the value, the suit that counts, the cards that count and those
that don't, the special rule that applied, a one-sentence explanation, and ``key``, an
ordering that applies the rule set's tie-break (higher is better).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from . import shipped
from .cards import ALL_CARDS, RANK_VALUES, SUITS, Card, format_cards
from .i18n import text
from .rules import Rules

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Score", "hand_value", "score", "value_table", "rank_table", "Ranked", "dealt_score",
           "compare_hands", "hand_values", "hand_table_bytes",
           "hand_table_blocks", "perm_codes", "option_triples", "ScoringTables", "scoring_tables",
           "keep_key", "SUIT_SHARE", "MOST_SUITS", "FIRST", "SECOND"]

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
    tiebreak: int
    """Higher wins a tie of equal value: a triple's rank, else the scoring suit in Skat order."""

    @property
    def suit_symbol(self) -> str | None:
        """The scoring suit as a symbol, or ``None``."""
        return None if self.suit is None else SUITS[self.suit]

    def key(self, rules: Rules) -> tuple[float, int]:
        """Ordering under the rule set's tie-break: compare keys, the lowest hand has the smallest."""
        return (self.value, self.tiebreak if rules.ties == "tiebreak" else 0)

    @property
    def explanation(self) -> str:
        """One sentence, in the language in use: ``"K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts
        nothing"`` (:func:`thirtyone.narration.score_words`)."""
        return text().score_words(self)

    def __str__(self) -> str:
        return text().score_words(self, with_value=True)

    def _repr_html_(self) -> str:
        """The score as a notebook shows it: the hand, its value, the cards that count and why."""
        return text().score_html(self)


_HIGH_FIRST = [(RANK_VALUES[c >> 2], c >> 2, -(c & 3)) for c in range(52)]
"""Each card's place when a hand is written high cards first: value, then rank, then suit in Skat order."""


def _compute(cards: tuple[Card, ...], toak: float | None, aces: int | None) -> Score:
    """Score a hand from first principles (used to build the table, and for 1, 2 or 4 cards)."""
    if len(cards) == 3 and cards[0] >> 2 == cards[1] >> 2 == cards[2] >> 2:
        rank = cards[0] >> 2
        if rank == 12 and aces is not None:
            return Score(cards, float(aces), None, cards, (), "three_aces", rank)
        if toak is not None:
            return Score(cards, float(toak), None, cards, (), "three_of_a_kind", rank)
    if not cards:
        return Score(cards, 0.0, None, (), (), "suit", 0)
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c & 3] += RANK_VALUES[c >> 2]
    best = max(totals)
    # equal best suits: the higher in Skat order (lowest index) counts (decision 15)
    suit = totals.index(best)
    # high cards first, so the explanation reads the same whatever order the hand is in
    ordered = sorted(cards, key=_HIGH_FIRST.__getitem__, reverse=True)
    counting = tuple([c for c in ordered if c & 3 == suit])
    others = tuple([c for c in ordered if c & 3 != suit])
    rule = "thirty_one" if best == 31 and len(cards) == 3 else "suit"
    return Score(cards, float(best), suit, counting, others, rule, 3 - suit)


class Ranked(NamedTuple):
    """What a showdown needs of a hand: its value and its tie-break (see :class:`Score`)."""

    value: float
    tiebreak: int


# -- the look-up tables --------------------------------------------------------------------------------
#
# Every three-card hand under every scoring option set comes from one table of the plain scoring (no rule for
# three of a kind or three aces), shipped in ``thirtyone/data/hand_tables.bin`` (``python -m thirtyone
# build-data`` writes it; a test checks it against :func:`hand_table_bytes`) and memory-mapped, so every kernel
# reads the same pages. The file holds two blocks of 52³ bytes, indexed by ``a * 2704 + b * 52 + c`` for the
# ordered hand (a, b, c): the value doubled, and ``tie-break + 16 * suits`` (the number of suits in the hand);
# 255 where two cards are the same. The option sets change only the 312 orderings of the 52 triples.
#
# A page that scores a few hands never builds a whole table: ``hand_value`` (and so the game) fills a first
# card's row of its nested lists at a time (``_Rows``, below); bots look hands up in a dictionary that works
# each out the first time it is asked (``_Values``, and ``_Keeps`` for keep keys), the reasons in another
# (``_Book``). The whole dictionary (132,600 ordered hands) is filled only when a simulation asks for it
# (``value_table``). Every table of a scoring option pair lives in its ``ScoringTables`` (below).

_N = 52 ** 3
_NONE = 255


def _plain(a: int, b: int, c: int) -> tuple[int, int, int]:
    """The plain scoring of three different cards: (value, tie-break, suits)."""
    totals = [0, 0, 0, 0]
    totals[a & 3] += RANK_VALUES[a >> 2]
    totals[b & 3] += RANK_VALUES[b >> 2]
    totals[c & 3] += RANK_VALUES[c >> 2]
    best = max(totals)
    return best, 3 - totals.index(best), len({a & 3, b & 3, c & 3})  # equal suits: the higher in Skat order


def _scored(a: int, b: int, c: int, toak: float | None, aces: int | None) -> tuple[float, int]:
    """Value and tie-break of three different cards under the scoring options (plain arithmetic)."""
    if a >> 2 == b >> 2 == c >> 2:
        if a >> 2 == 12 and aces is not None:
            return float(aces), 12
        if toak is not None:
            return float(toak), a >> 2
    best, tiebreak, _suits = _plain(a, b, c)
    return float(best), tiebreak


def hand_table_bytes() -> bytes:
    """The content of the shipped ``hand_tables.bin``, worked out now (the file must equal this)."""
    values = bytearray([_NONE]) * _N
    extra = bytearray([_NONE]) * _N
    for a in range(52):
        for b in range(52):
            if b == a:
                continue
            for c in range(52):
                if c == a or c == b:
                    continue
                v, tb, suits = _plain(a, b, c)
                i = a * 2704 + b * 52 + c
                values[i] = 2 * v
                extra[i] = tb + 16 * suits
    return bytes(values) + bytes(extra)


def hand_table_blocks() -> tuple[memoryview, memoryview]:
    """The two blocks of the shipped ``hand_tables.bin`` (value doubled; tie-break + 16 × suits), memory-mapped.
    A missing or damaged file is worked out instead (a fraction of a second), never an error."""
    view = memoryview(shipped.load("hand_tables.bin"))
    return view[:_N], view[_N:]


_PERMS: list[tuple[Card, ...]] = []


def _perms() -> list[tuple[Card, ...]]:
    """Every ordered three-card hand, in the order of the table's blocks (one list shared by every table)."""
    if not _PERMS:
        _PERMS.extend(permutations(ALL_CARDS, 3))
    return _PERMS


def option_triples(toak: float | None, aces: int | None) -> list[tuple[tuple[Card, ...], float, int]]:
    """The ordered triples whose value the options change: (hand, value, tie-break)."""
    out: list[tuple[tuple[Card, ...], float, int]] = []
    for rank in range(13):
        if rank == 12 and aces is not None:
            v, tb = float(aces), 12
        elif toak is not None:
            v, tb = float(toak), rank
        else:
            continue
        for hand in combinations(ALL_CARDS[4 * rank:4 * rank + 4], 3):
            out.extend((p, v, tb) for p in permutations(hand))
    return out


def perm_codes() -> tuple[list[tuple[Card, ...]], bytes, bytes]:
    """Every ordered hand with its two plain-scoring bytes (value doubled; tie-break + 16 × suits), for
    building whole tables at C speed (:func:`value_table`, :func:`rank_table`, ``policy.keep_table``)."""
    values, extra = hand_table_blocks()
    return _perms(), bytes(values).translate(None, b"\xff"), bytes(extra).translate(None, b"\xff")


_HALVES = [x / 2 for x in range(256)]
_CARD: dict[int, Card] = {c: c for c in ALL_CARDS}


class _Values(dict[tuple[int, ...], float]):
    """Ordered three-card hand → value, each worked out the first time it is asked; filled whole by
    :func:`value_table`. Anything but three different cards is a ``KeyError``, as in a whole table."""

    def __init__(self, toak: float | None, aces: int | None) -> None:
        super().__init__()
        self.options = (toak, aces)
        self.whole = False

    def __missing__(self, hand: tuple[int, ...]) -> float:
        if self.whole or not isinstance(hand, tuple) or len(hand) != 3:
            raise KeyError(hand)
        a, b, c = (_CARD.get(x) for x in hand)  # whatever a whole table's key would equal
        if a is None or b is None or c is None or a == b or b == c or a == c:
            raise KeyError(hand)
        v = self[(a, b, c)] = _scored(a, b, c, *self.options)[0]
        return v

    def get(self, hand: Any, default: Any = None) -> Any:
        try:
            return self[hand]
        except (KeyError, TypeError):
            return default

    def fill(self) -> _Values:
        if not self.whole:
            perms, values, _extra = perm_codes()
            self.update(zip(perms, map(_HALVES.__getitem__, values)))
            for hand, v, _tb in option_triples(*self.options):
                self[hand] = v
            self.whole = True
        return self


_Number = TypeVar("_Number", float, "np.ndarray")

SUIT_SHARE = 1 / 16
"""What each suit in a hand takes off its keep key (:func:`keep_key`): the greedy play keeps the hand worth
most, then the one with fewer suits (better chances to add to a suit)."""

MOST_SUITS = 3
"""The most suits three cards hold (a triple always holds three)."""


def keep_key(value: _Number, suits: Any) -> _Number:
    """How good a three-card hand is to keep, as one number: ``value - suits * SUIT_SHARE``.

    Values are multiples of 0.5 and suits 1 to 3, so a hand worth more has a key at least 0.375 higher,
    and one worth the same or less a key at most 0.125 higher; keys of different hands differ by 1/16 or
    more."""
    return value - suits * SUIT_SHARE


class _Keeps(dict[tuple[int, ...], float]):
    """Every ordered three-card hand to its :func:`keep_key`, each worked out the first time it is asked
    (a bot's few moves never build the table); :meth:`fill` fills it whole from the shipped hand table,
    at C speed, for the simulations."""

    def __init__(self, value_of: _Values) -> None:
        super().__init__()
        self.value_of = value_of
        self.whole = False

    def __missing__(self, hand: tuple[int, ...]) -> float:
        if self.whole:
            raise KeyError(hand)
        v = self.value_of[hand]  # a KeyError for anything but three different cards, as in a whole table
        key = tuple(_CARD[x] for x in hand)
        k = self[key] = keep_key(v, len({c & 3 for c in key}))
        return k

    def fill(self) -> _Keeps:
        if not self.whole:
            perms, values, extra = perm_codes()
            self.update(zip(perms, map(_KeyCodes().__getitem__, zip(values, extra))))
            for hand, v, _tb in option_triples(*self.value_of.options):
                self[hand] = keep_key(v, MOST_SUITS)  # a triple holds three suits
            self.whole = True
        return self


class _KeyCodes(dict[tuple[int, int], float]):
    """(value doubled, tie-break + 16 × suits) from the shipped table → its :func:`keep_key`."""

    def __missing__(self, code: tuple[int, int]) -> float:
        k = self[code] = keep_key(code[0] / 2, code[1] >> 4)
        return k


class _Book(dict[tuple[Card, ...], Score]):
    """Sorted three-card hand → its :class:`Score` with reasons, each worked out the first time it is asked
    (one book per scoring options: the reasons are data, said in words only when shown)."""

    def __init__(self, toak: float | None, aces: int | None) -> None:
        super().__init__()
        self.options = (toak, aces)

    def __missing__(self, hand: tuple[Card, ...]) -> Score:
        s = self[hand] = _compute(hand, *self.options)
        return s


def dealt_score(hand: tuple[Card, ...], rules: Rules) -> Score:
    """:func:`score` for three different cards, from a book of every hand's reasons kept as they are asked:
    the game's showdowns, thousands of them in a simulation, should not work the reasons out again and again."""
    return _as_held(_tables(rules.three_of_a_kind, rules.three_aces).book[tuple(sorted(hand))], hand)


def _as_held(s: Score, hand: tuple[Card, ...]) -> Score:
    """The book's score of a sorted hand, for the hand in the order it is held (a copy, not worked out again)."""
    if s.cards == hand:
        return s
    new = object.__new__(Score)  # a frozen dataclass: copy its fields, as dataclasses.replace would, quicker
    new.__dict__.update(s.__dict__)
    new.__dict__["cards"] = hand
    return new


def value_table(rules: Rules) -> dict[tuple[int, ...], float]:
    """The look-up table for a rule set: every ordered three-card hand to its value (132,600 keys; built
    from the shipped table the first time a simulation asks, in a few hundredths of a second)."""
    return scoring_tables(rules).values.fill()


def hand_values(rules: Rules) -> dict[tuple[int, ...], float]:
    """The rule set's value look-up, ordered three-card hand → value, filled as hands are asked: what
    the game uses to look for a 31 without building the whole table (:func:`value_table` fills it)."""
    return scoring_tables(rules).values


class _RankedCodes(dict[tuple[int, int], Ranked]):
    """(value doubled, tie-break + 16 × suits) → one shared :class:`Ranked`."""

    def __missing__(self, code: tuple[int, int]) -> Ranked:
        r = self[code] = Ranked(code[0] / 2, code[1] & 15)
        return r


def rank_table(rules: Rules) -> dict[tuple[int, ...], Ranked]:
    """Every ordered three-card hand to its value and tie-break, the whole table at once
    (:func:`thirtyone.policy.judge` takes these or scores). The tests judge with it to check the simulations,
    which rank hands with :attr:`ScoringTables.flat_ranks`, the same shipped table as one array."""
    return scoring_tables(rules).ranks


# -- the direct look-up behind hand_value ----------------------------------------------------------------
#
# ``hand_value`` is called millions of times by games and bots, so it looks a hand up in nested lists,
# ``rows[a][b][c]`` (a list index is cheaper than hashing a tuple into a 132,600-key dictionary, and reads
# memory in order), in the table of the rule set it was last called with (``_LAST``: the rules object itself,
# so a new rule set can never be mistaken for an old one). A first card's row (52 × 52 entries) is filled from
# the shipped table the first time a hand starting with it is asked; a page that scores a few hands fills a
# few rows. ``None`` marks two equal cards, and a row not filled yet.

_Row = list[list[float | None]]
_HALF_OR_NONE: list[float | None] = [*_HALVES[:255], None]  # the shipped byte: value doubled; 255, no hand


class _Rows(list[_Row | None]):
    """A scoring option set's nested look-up table, first card → its row, filled row by row."""

    def __init__(self, toak: float | None, aces: int | None) -> None:
        super().__init__([None] * 52)
        self.options = (toak, aces)

    def row(self, a: int) -> _Row:
        """The row of first card ``a`` (0..51), filled now if it is not yet."""
        row = self[a]
        if row is None:
            values, _extra = hand_table_blocks()
            flat = list(map(_HALF_OR_NONE.__getitem__, values[a * FIRST:(a + 1) * FIRST]))
            row = [flat[b:b + SECOND] for b in range(0, FIRST, SECOND)]
            toak, aces = self.options
            rank = a >> 2
            special = float(aces) if rank == 12 and aces is not None else toak
            if special is not None:  # the other two cards of a's rank, in either order
                for b in range(4 * rank, 4 * rank + 4):
                    for c in range(4 * rank, 4 * rank + 4):
                        if len({a, b, c}) == 3:
                            row[b][c] = float(special)
            self[a] = row
        return row


# -- every table of one scoring option pair -------------------------------------------------------------
#
# The tables above (rows, values, keep keys) and the whole ones below (ranks, flat arrays) depend only on
# the scoring options, three of a kind and three aces: one ScoringTables holds them all for a pair, built once
# by ``_tables`` (the one cache), so the game, the bots, the policy and the simulations read the same tables.

FIRST, SECOND = 52 * 52, 52
"""The strides of the flat tables: the ordered hand (a, b, c) is at ``a * FIRST + b * SECOND + c``, as in the
shipped file's blocks."""


@dataclass(frozen=True, eq=False)
class ScoringTables:
    """Every look-up table of one scoring option pair (three of a kind, three aces): what the game, the bots,
    the policy and the simulations look hands up in. Rule sets that score alike share one (built once, by
    :func:`scoring_tables`); each table is filled or built the first time it is asked.

    ``rows``: :func:`hand_value`'s nested lists, a first card's row at a time; ``values``: hand → value, and
    ``keeps``: hand → :func:`keep_key`, dictionaries filled as hands are asked (``.fill()``: whole); ``book``:
    sorted hand → its :class:`Score` with reasons (codes, never words), filled as hands are asked;
    ``ranks``: hand → :class:`Ranked`, whole; ``flat_values``, ``flat_keeps``, ``flat_ranks``: the same as
    NumPy arrays indexed by ``a * FIRST + b * SECOND + c`` (for :mod:`thirtyone.lockstep`).
    """

    three_of_a_kind: float | None
    """The value of three of a kind (``None``: no such rule)."""
    three_aces: int | None
    """The value of three aces (``None``: no such rule)."""
    rows: _Rows = field(init=False, repr=False)
    values: _Values = field(init=False, repr=False)
    keeps: _Keeps = field(init=False, repr=False)
    book: _Book = field(init=False, repr=False)

    def __post_init__(self) -> None:
        values = _Values(self.three_of_a_kind, self.three_aces)
        object.__setattr__(self, "rows", _Rows(self.three_of_a_kind, self.three_aces))
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "keeps", _Keeps(values))
        object.__setattr__(self, "book", _Book(self.three_of_a_kind, self.three_aces))

    @property
    def options(self) -> tuple[float | None, int | None]:
        """``(three_of_a_kind, three_aces)``."""
        return self.three_of_a_kind, self.three_aces

    @cached_property
    def ranks(self) -> dict[tuple[int, ...], Ranked]:
        """Every ordered hand to its value and tie-break (the whole table)."""
        perms, values, extra = perm_codes()
        table: dict[tuple[int, ...], Ranked] = dict(zip(perms, map(_RankedCodes().__getitem__, zip(values, extra))))
        for hand, v, tb in option_triples(*self.options):
            table[hand] = Ranked(v, tb)
        return table

    @cached_property
    def _flat(self) -> tuple[Any, Any]:
        import numpy as np  # only the simulations need NumPy

        doubled, extra = (np.frombuffer(block, dtype=np.uint8) for block in hand_table_blocks())
        missing = doubled == _NONE
        values = np.where(missing, -1.0, doubled / 2)
        keeps = np.where(missing, -1e9, keep_key(values, extra >> 4))
        for (a, b, c), v, _tb in option_triples(*self.options):
            i = a * FIRST + b * SECOND + c
            values[i] = v
            keeps[i] = keep_key(v, MOST_SUITS)  # a triple holds three suits
        return values, keeps

    @property
    def flat_values(self) -> Any:
        """Every ordered hand's value as a flat float array; -1 where two cards are the same."""
        return self._flat[0]

    @property
    def flat_keeps(self) -> Any:
        """Every ordered hand's :func:`keep_key` as a flat float array; -1e9 where two cards are the same."""
        return self._flat[1]

    @cached_property
    def flat_ranks(self) -> Any:
        """Every ordered hand's showdown key as a flat integer array, as :attr:`ranks` ranks it: value
        doubled × 32 + tie-break, so one integer compares value first, then the tie-break."""
        import numpy as np

        doubled, extra = (np.frombuffer(block, dtype=np.uint8) for block in hand_table_blocks())
        ranks = doubled.astype(np.int64) * 32 + (extra & 15)
        for (a, b, c), v, tb in option_triples(*self.options):
            ranks[a * FIRST + b * SECOND + c] = int(v * 2) * 32 + tb
        return ranks


@cache
def _tables(three_of_a_kind: float | None, three_aces: int | None) -> ScoringTables:
    return ScoringTables(three_of_a_kind, three_aces)


def scoring_tables(rules: Rules) -> ScoringTables:
    """The look-up tables of the rule set's scoring options, shared by every rule set that scores alike."""
    return _tables(rules.three_of_a_kind, rules.three_aces)


_LAST: tuple[object, _Rows] = (object(), _Rows(None, None))
"""The rules object hand_value was last called with (``None`` too: the default), and its rows: a one-entry
memo by identity, so the millions of look-ups of one rule set skip reading its options."""


def hand_value(cards: Sequence[Card], rules: Rules | str | None = None) -> float:
    """What a hand is worth: ``hand_value(parse_cards("K♥ 9♥ 4♣"), rules) == 19``.

    Three cards (Card objects, or their ints 0..51) are one table look-up. Other counts (a four-card hand
    mid-turn) are scored by their best suit alone.
    """
    last = _LAST
    if last[0] is rules:
        try:
            a, b, c = cards
            v = last[1][a][b][c]  # type: ignore[index]  # a row not filled yet is None: a TypeError
            if v is not None:
                return v
        except (ValueError, TypeError, IndexError):
            pass
    return _hand_value(cards, rules)


def _hand_value(cards: Sequence[Card], rules: Rules | str | None) -> float:
    """:func:`hand_value` the slow way: find (and remember) the rule set's table, fill the hand's row."""
    global _LAST
    r = Rules.coerce(rules)  # a Rules, a preset's name, or None: the scat rules
    table = scoring_tables(r).rows
    _LAST = (rules, table)
    hand = tuple(cards) if not isinstance(cards, str) else ()
    if len(hand) == 3:
        a, b, c = (_CARD.get(x) for x in hand)  # whatever a table's key would equal: ints are cards
        if a is not None and b is not None and c is not None:
            v = table.row(a)[b][c]
            if v is not None:
                return v
    return score(cards, r).value


def score(cards: Iterable[Card] | str, rules: Rules | str | None = None) -> Score:
    """The value of a hand with its reasons (see :class:`Score`). Accepts text like ``"K♥ 9♥ 4♣"``, and a
    rule set or a preset's name (``"schwimmen"``)."""
    from .cards import parse_cards

    r = Rules.coerce(rules)  # a Rules, a preset's name, or None: the scat rules
    hand = parse_cards(cards, r.deck) if isinstance(cards, str) else tuple(cards)
    if len(hand) == 3 and len(set(hand)) == 3:
        return _as_held(_tables(r.three_of_a_kind, r.three_aces).book[tuple(sorted(hand))], hand)
    if len(set(hand)) != len(hand):
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(hand)}")
    return _compute(hand, r.three_of_a_kind, r.three_aces)


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
    return {"scores": scores, "lowest": lowest, "highest": tops[0] if len(tops) == 1 else None,
            "explanation": text().compare_words(scores, lowest, rules)}
