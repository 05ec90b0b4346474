"""The rules kernel: the greedy decisions, the knock rule and the judging, written once and shared by every player.

Which pile to draw from (:func:`take_discard`), what to throw (:func:`best_discard`), what to swap with the
center (:func:`best_commerce_move`), when the ``first_knock`` option lets a player knock
(:func:`knock_allowed`), who loses how many lives at the end of a round and why (:func:`judge`, each loss a
:class:`Loss` with its :class:`Reason` code), and the constants they decide by; the hand value a knock
threshold asks for at a turn (:func:`knock_threshold`: fixed, or falling each time round the table) and the
intermediate bot's rule (:data:`DEFAULT_THRESHOLDS`, read from the shipped knock-rule tournament). They
work on plain cards and a rule set's :class:`~thirtyone.scoring.ScoringTables` (keep keys, :func:`~thirtyone.scoring.keep_key`: the value, then
fewer suits), so they run in a few microseconds, and only ever look at what a player can see: their own
hand, the top of the discard pile, the face-up center.

Who uses them: the game's knock rule (``State``), the bots (from a player's view), the staged rounds of
:mod:`thirtyone.side_by_side`, lesson 5's studies; the simulations (:mod:`thirtyone.lockstep`) make the same
choices on whole arrays of rounds, with the same constants and the same tables (the flat arrays of the same
:class:`~thirtyone.scoring.ScoringTables`), and ``tests/sim/test_conformance.py`` keeps the two equal.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar, cast

from .cards import RANK_VALUES as _VALUES
from .cards import Card
from .rules import Named, Rules
from .scoring import MOST_SUITS, Ranked, Score, keep_key, scoring_tables

if TYPE_CHECKING:
    import numpy as np

__all__ = ["keep_table", "hand_keeps", "take_discard", "best_discard", "best_commerce_move", "knock_allowed",
           "knock_key", "TAKE_MARGIN", "THROW_COST", "AVOID_COST", "DEFAULT_THRESHOLDS",
           "default_schedule", "KnockSchedule", "FAMILY_PRESET", "schedule_preset", "tournament_table", "knock_threshold", "FIELD_THRESHOLDS", "field_threshold",
           "RoundEnd", "Reason", "Loss", "judge"]

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


FIELD_THRESHOLDS = {
    # (family, players) -> knock at this value or more, whatever the turn: the fixed thresholds the
    # intermediate bot knocked at before it had a knock schedule. The studies play against a field of such
    # bots (the threshold and knock-rule tournaments, the knock-timing tables), a fixed reference that their
    # own results never feed back into. Players beyond the table use its last entry.
    ("draw", 2): 28.0, ("draw", 3): 26.0, ("draw", 4): 25.0, ("draw", 5): 25.0, ("draw", 6): 25.0,
    ("commerce", 2): 23.0, ("commerce", 3): 27.0, ("commerce", 4): 29.0, ("commerce", 5): 29.0,
    ("commerce", 6): 29.0,
}


def field_threshold(family: str, players: int) -> float:
    """The fixed knock threshold of the field the studies play against (:data:`FIELD_THRESHOLDS`)."""
    return FIELD_THRESHOLDS.get((family, min(max(players, 2), 6)), 27.0)


def knock_threshold(start: _Threshold, drop: _Threshold, floor: _Threshold, turns: int, players: int
                    ) -> _Threshold:
    """The hand value a knock schedule asks for ``turns`` turns into the round with ``players`` players still
    in: ``start``, less ``drop`` for each completed round of turns (``turns // players``), never below
    ``floor``. Numbers, or NumPy arrays of them (the simulations' schedules per play-out): the bots and the
    simulations both decide by this one function."""
    now = start - drop * (turns // players)
    if isinstance(now, (int, float)):
        return cast(_Threshold, max(cast(float, floor), now))
    import numpy as np  # an array: only the simulations pass one

    return np.maximum(floor, now)


@dataclass(frozen=True)
class KnockSchedule:
    """A knock threshold that falls as the round goes on: ``start`` on a player's first turn, ``drop`` less each
    time round the table, never below ``floor`` (:func:`knock_threshold`). ``drop`` 0 is a fixed threshold."""

    start: float
    drop: float = 0.0
    floor: float = 0.0

    def at(self, turns: int, players: int) -> float:
        """The threshold ``turns`` turns into the round with ``players`` players still in."""
        return float(knock_threshold(self.start, self.drop, self.floor, turns, players))


class _Defaults(Mapping[tuple[str, int], KnockSchedule]):
    """(preset, players) → the intermediate's :class:`KnockSchedule`, read from the shipped knock-rule
    tournament (``knock_rules.json``: the best rule of each preset's tables, 2-6 players) when first asked."""

    _read: tuple[object, dict[tuple[str, int], KnockSchedule]] = (None, {})
    """The shipped content last read, and its rules (read again once the file is written afresh)."""

    def _table(self) -> dict[tuple[str, int], KnockSchedule]:
        from . import shipped

        raw = shipped.load("knock_rules.json")
        if self._read[0] is not raw:
            self._read = (raw, {(preset, int(n)): KnockSchedule(*best)
                                for key, best in raw["best"].items() for preset, n in [key.split("|")]})
        return self._read[1]

    def __getitem__(self, key: tuple[str, int]) -> KnockSchedule:
        return self._table()[key]

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


DEFAULT_THRESHOLDS: Mapping[tuple[str, int], KnockSchedule] = _Defaults()
"""(preset, players) → the intermediate bot's knock schedule: the winner of the knock-rule tournament
(:func:`thirtyone.analysis.knock_rule_tournament`) for each preset's rule set and 2-6 players, as shipped."""

FAMILY_PRESET = {"draw": "scat", "commerce": "schwimmen"}
"""The preset whose shipped rule stands in for a rule set that is no preset, by kind of game (the intermediate bot
plays such a rule set's own tournament: :func:`thirtyone.knockrules.intermediate_schedule`)."""


def tournament_table(players: int) -> int:
    """The knock-rule tournament's table that stands for ``players`` players still in: 2 to 6 (more: 6's)."""
    return min(max(players, 2), 6)


@lru_cache(maxsize=64)
def schedule_preset(rules: Rules) -> str | None:
    """The preset ``rules`` is (its knock rule is shipped), or ``None`` for a rule set that is no preset."""
    return next((name for name in Rules.PRESET_NAMES if Rules.preset(name) == rules), None)


def default_schedule(rules: Rules, players: int) -> KnockSchedule:
    """The shipped knock schedule of a preset with ``players`` players still in (players beyond 2-6 use the
    nearest table); for a rule set that is no preset, its kind of game's preset's (:data:`FAMILY_PRESET`). The
    intermediate bot's rule is :func:`thirtyone.knockrules.intermediate_schedule`, which plays a tournament for
    a rule set that is no preset."""
    preset = schedule_preset(rules) or FAMILY_PRESET[rules.family]
    return DEFAULT_THRESHOLDS.get((preset, tournament_table(players)), KnockSchedule(27.0))


# -- judging: the end of a round ----------------------------------------------------------------------

class RoundEnd(Named):
    """How a round ended (:attr:`RoundResult.how`; ``how`` of :func:`judge`)."""

    KNOCK = "knock"
    ALL_PASS = "all_pass"
    EMPTY_STOCK = "empty_stock"
    THIRTY_ONE = "31"
    FIRE = "fire"


class Reason(IntEnum):
    """Why a seat lost lives at the end of a round (:attr:`Loss.reason`); the same codes in the fast play-outs'
    arrays (:func:`thirtyone.lockstep.judge_many`), where ``NONE`` marks a seat that lost nothing."""

    NONE = 0
    FIRE = 1
    """Another player showed three aces (Feuer)."""
    FIRE_BEATS_31 = 2
    """Three aces (Feuer) beat even this seat's 31."""
    OTHER_31 = 3
    """Another player showed 31."""
    UNDER_21 = 4
    """The hand is under 21 (``loser="under_21"``)."""
    TIED_LOWEST = 5
    """Tied for the lowest hand."""
    LOWEST = 6
    """The lowest hand, alone at its value."""
    KNOCKER_WINS_TIE = 7
    """The lowest hand: tied in value with the knocker, who wins ties."""
    TIE_BROKEN = 8
    """The lowest hand: a tie of equal value broken by the scoring suit or a triple's rank."""


@dataclass(frozen=True)
class Loss:
    """Why a seat lost what it lost: the code and the data its sentence needs (the words are made when shown,
    by :func:`thirtyone.narration.loss_words`)."""

    reason: Reason
    value: float = 0.0
    """The seat's hand value (a showdown's reasons say it)."""
    by_rank: bool = False
    """:attr:`Reason.TIE_BROKEN`: the tie was broken by a triple's rank, not by the scoring suit."""
    lives: int = 1
    """Lives lost: 2 for a knocker with the lowest hand under the ``knocker_lowest`` option."""


def judge(rules: Rules, scores: Sequence[Score | Ranked | None], knocker: int | None, how: str = "knock",
          holders: Sequence[int] = ()) -> tuple[int | None, tuple[int, ...], list[int], list[Loss | None]]:
    """Who wins and who loses how many lives at the end of a round, and why.

    ``scores``: each seat's :class:`Score` (``None`` for seats that are out). ``how``: ``knock``,
    ``all_pass``, ``empty_stock``, ``31`` or ``fire``; ``holders``: the seats that showed 31 or
    three aces. Returns ``(winner, lowest, losses, reasons)``, each reason a :class:`Loss` (``None``: no loss). Feuer costs every other player one
    life, a player holding 31 included (Feuer beats 31); a 31 under ``others_lose`` costs everyone
    else one life; otherwise the lowest hand after tie-breaks loses (or everyone under 21), the
    knocker's rules apply, and the winner and 31 holders never lose (decisions 14, 15).
    Used by the game (and so by the staged rounds, which play the game); :func:`thirtyone.lockstep.judge_many` is
    its array form for the fast simulations, and ``tests/sim/test_conformance.py`` keeps the two alike.
    """
    if how == RoundEnd.FIRE:  # decision 14: Feuer beats everything, a 31 too
        return _everyone_else_loses(scores, holders, spare_31=False)
    if how == RoundEnd.THIRTY_ONE and rules.instant_31 == "others_lose":
        return _everyone_else_loses(scores, holders, spare_31=True)
    return _lowest_lose(rules, scores, knocker, holders)


_Judged = tuple[int | None, tuple[int, ...], list[int], list[Loss | None]]


def _everyone_else_loses(scores: Sequence[Score | Ranked | None], holders: Sequence[int], spare_31: bool) -> _Judged:
    """Feuer, or a 31 under ``others_lose``: everyone but the holders loses one life; under a 31 every
    other 31 is safe too (decision 4), under Feuer it is not (decision 14)."""
    losses = [0] * len(scores)
    reasons: list[Loss | None] = [None] * len(scores)
    for s, sc in enumerate(scores):
        if sc is None or s in holders or (spare_31 and sc.value == 31):
            continue
        losses[s] = 1
        if spare_31:
            reasons[s] = _OTHER_31
        else:
            reasons[s] = _FIRE_BEATS_31 if sc.value == 31 else _FIRE
    return (holders[0] if len(holders) == 1 else None), (), losses, reasons


_OTHER_31, _FIRE_BEATS_31, _FIRE = Loss(Reason.OTHER_31), Loss(Reason.FIRE_BEATS_31), Loss(Reason.FIRE)


def _lowest_lose(rules: Rules, scores: Sequence[Score | Ranked | None], knocker: int | None,
                holders: Sequence[int]) -> _Judged:
    """Hands compared: the lowest after tie-breaks loses (or everyone under 21), with the knocker's rules;
    the winner and 31 holders never lose (decision 15)."""
    seats = [i for i, sc in enumerate(scores) if sc is not None]
    losses = [0] * len(scores)
    reasons: list[Loss | None] = [None] * len(scores)
    tiebreak = rules.ties == "tiebreak"
    bonus = rules.knocker_wins_ties
    keys: dict[int, tuple[float, int, int]] = {}
    for seat in seats:
        sc = scores[seat]
        assert sc is not None
        keys[seat] = (sc.value, int(bonus and seat == knocker), sc.tiebreak if tiebreak else 0)
    top = max(keys.values())
    tops = [s for s in seats if keys[s] == top]
    winner = tops[0] if len(tops) == 1 else None
    low = min(keys.values())
    lowest = tuple(s for s in seats if keys[s] == low)
    under_21 = rules.loser == "under_21"
    losers = ([s for s in seats if keys[s][0] < 21] or list(lowest)) if under_21 else list(lowest)
    for s in losers:
        value = keys[s][0]
        if s == winner or s in holders or value == 31:
            continue
        lost = 1
        if s == knocker and s in lowest and (
                rules.knocker_lowest == "two_lives" or (rules.knocker_lowest == "two_if_sole" and lowest == (s,))):
            lost = 2
        losses[s] = lost
        reasons[s] = _why_lost(rules, scores, keys, lowest, s, knocker, lost)
    return winner, lowest, losses, reasons


def _why_lost(rules: Rules, scores: Sequence[Score | Ranked | None], keys: dict[int, tuple[float, int, int]],
              lowest: tuple[int, ...], s: int, knocker: int | None, lost: int) -> Loss:
    """Why seat ``s`` loses ``lost`` lives at a showdown (``keys``: each seat's value, knocker bonus and tie-break)."""
    value = keys[s][0]
    if rules.loser == "under_21" and value < 21:
        return Loss(Reason.UNDER_21, value, lives=lost)
    if len(lowest) > 1:
        return Loss(Reason.TIED_LOWEST, value, lives=lost)
    if not any(keys[o][0] == value for o in keys if o != s):
        return Loss(Reason.LOWEST, value, lives=lost)
    if rules.knocker_wins_ties and knocker is not None and knocker != s and keys[knocker][0] == value:
        return Loss(Reason.KNOCKER_WINS_TIE, value, lives=lost)
    # a tie of equal value, broken by the scoring suit or a triple's rank
    triple = getattr(scores[s], "rule", "") in ("three_of_a_kind", "three_aces")
    return Loss(Reason.TIE_BROKEN, value, by_rank=triple, lives=lost)
