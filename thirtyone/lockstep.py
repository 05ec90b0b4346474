"""The one simulation engine beside the reference :class:`~thirtyone.game.State`: many play-outs of a round at
once, in NumPy. Every study runs on it: :func:`~thirtyone.analysis.knock_advice`, the knock-timing tables
(:func:`~thirtyone.analysis.knock_survival`, :func:`~thirtyone.analysis.deal_study`), the threshold
tournament, the expert bot's and the coach's roll-outs.

Every play-out of one call has the same turn order: the same seats play in the same order until a play-out
ends, so they are played in lockstep, one seat at a time, with array look-ups in flat tables
(``table[a * FIRST + b * SECOND + c]``, from the rule set's :class:`~thirtyone.scoring.ScoringTables`) instead
of one Python look-up per hand; play-outs that have ended are dropped from the arrays, so each step costs only
what is still being played. The decisions are those of :mod:`thirtyone.policy`, made with its constants on the
same tables (greedy draws, throws and swaps; knocking when :func:`~thirtyone.policy.knock_allowed` lets a seat,
at a threshold, or after ``patience`` orbits; 31 and Fire at once; everyone passing), per seat and even per
play-out (:func:`play_lockstep`'s ``thresholds``, fixed or falling each time round the table, as the
intermediate bot's knock schedule does); a seat may instead play random moves (never knocking), or knock at its first turn once a
number of turns have been played (``knock_at``). An empty stock is rebuilt from the discard pile but its top
card, inside the engine (docs/rules.md, decisions 5 and 17). The end of every play-out is judged at once by
:func:`judge_many`, the array form of the rules kernel's :func:`thirtyone.policy.judge` (the loss reason as a
:class:`~thirtyone.policy.Reason` code, the very enum the game's :class:`~thirtyone.policy.Loss` carries).
``tests/sim/test_conformance.py`` checks, play-out by play-out, that it ends every round as the reference
``State`` does, over every preset and every option.

Reading the code: :func:`play_lockstep` sets up a private ``_PlayOuts`` (the arrays, one row per play-out
still going) and plays its steps, one method each (rebuild an empty stock, knock, a commerce or a draw-family
move, 31 and Feuer, the next seat, dropping ended play-outs); :func:`judge_many` is one function per part of
the judge (Feuer and 31, the showdown's keys, the lowest, under 21, the knocker's lives, the reasons).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

import numpy as np

from .cards import RANK_VALUES, Card, deck
from .policy import TAKE_MARGIN, THROW_COST, Reason, knock_allowed, knock_key, knock_threshold
from .rules import Rules
from .scoring import FIRST, SECOND, keep_key, scoring_tables

if TYPE_CHECKING:
    from .game import Action

__all__ = ["run_lockstep", "play_lockstep", "Outcome", "Reason", "How", "judge_many", "deal_many",
           "imagine_many", "shuffle_rows", "flat_keep"]

_POINTS = np.array([RANK_VALUES[c >> 2] for c in range(52)], dtype=np.float64)
_COST = _POINTS * THROW_COST  # among equally good throws or swaps, the cheaper card goes (policy.best_discard)


class How(IntEnum):
    """How a play-out ended (the ``how`` of :func:`thirtyone.policy.judge`)."""

    KNOCK = 1
    THIRTY_ONE = 2
    FIRE = 3
    ALL_PASS = 4
    EMPTY_STOCK = 5

    @property
    def word(self) -> str:
        """The game's own word for it (``RoundResult.how``)."""
        return _HOW_WORDS[self]


_HOW_WORDS = {How.KNOCK: "knock", How.THIRTY_ONE: "31", How.FIRE: "fire", How.ALL_PASS: "all_pass",
              How.EMPTY_STOCK: "empty_stock"}




def _ix(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a * FIRST + b * SECOND + c


def flat_keep(rules: Rules) -> np.ndarray:
    """The rule set's keep table (:func:`~thirtyone.policy.keep_table`) as a flat array."""
    return scoring_tables(rules).flat_keeps


def shuffle_rows(cards: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each row in its own random order (a Fisher-Yates shuffle per row, in C)."""
    return rng.permuted(cards, axis=1)


def mix_in(cards: np.ndarray, extra: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Rows already in a random order with ``extra`` cards put in at random places: the rows of
    ``shuffle_rows(concatenate([cards, extra]))``, in as many steps as there are extra cards (each goes to
    a random place, the card there to the end: the inside-out Fisher-Yates shuffle)."""
    out = np.concatenate([cards, extra], axis=1)
    rows = np.arange(len(out))
    for i in range(cards.shape[1], out.shape[1]):
        j = rng.integers(0, i + 1, len(out))
        moved = out[rows, j]
        out[rows, j] = out[:, i]
        out[:, i] = moved
    return out


def deal_many(rules: Rules, players: int, count: int, rng: np.random.Generator
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """``count`` shuffled deals with seat 0 dealing (decision 1: one card at a time from the dealer's left):
    ``(hands (count, players, 3), stock (count, S) top first, discard (count, 1) or None, center (count, 3) or None)``."""
    cards = shuffle_rows(np.tile(np.array(deck(rules.deck), dtype=np.int64), (count, 1)), rng)
    order = [(k + 1) % players for k in range(players)]  # seat 1 is dealt first, the dealer last
    hands = np.zeros((count, players, 3), dtype=np.int64)
    for i, seat in enumerate(order):
        hands[:, seat] = cards[:, [i, i + players, i + 2 * players]]
    i = 3 * players
    if rules.family == "commerce":
        return hands, cards[:, i + 3:], None, cards[:, i:i + 3]
    return hands, cards[:, i + 1:], cards[:, i:i + 1], None


def imagine_many(keep: np.ndarray, known: Sequence[Card], cards: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`thirtyone.bots.imagine_hand` for many rows at once: a player holding ``known`` was dealt
    the first ``k`` cards of each row, then saw the others one at a time and kept the best three each
    time. Returns ``(hidden cards held, (R, k); cards passed over, (R, m - k))``, as imagine_hand does."""
    R, m = cards.shape
    rows = np.arange(R)
    held = cards[:, :k].copy()
    fixed = [np.full(R, c, dtype=np.int64) for c in known]
    passed = []
    for j in range(k, m):
        x = cards[:, j]
        cols = fixed + [held[:, i] for i in range(k)]
        best = keep[_ix(cols[0], cols[1], cols[2])]
        at = np.full(R, -1)
        for i in range(k):
            trial = fixed + [x if q == i else held[:, q] for q in range(k)]
            v = keep[_ix(trial[0], trial[1], trial[2])]
            better = v > best
            best = np.where(better, v, best)
            at = np.where(better, i, at)
        swap = at >= 0
        out = np.where(swap, held[rows, np.maximum(at, 0)], x)
        held[rows[swap], at[swap]] = x[swap]
        passed.append(out)
    return held, (np.stack(passed, axis=1) if passed else np.zeros((R, 0), dtype=np.int64))


def judge_many(rules: Rules, ranks: np.ndarray, active: Sequence[bool] | np.ndarray, knocker: np.ndarray,
               how: np.ndarray, holder: np.ndarray, reasons: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """:func:`thirtyone.policy.judge` for many ends of a round at once: ``(lives lost (R, n), Reason codes (R, n))``.

    ``ranks``: each seat's showdown key, value doubled × 32 + tie-break (:attr:`~thirtyone.scoring.ScoringTables.flat_ranks`), shape
    ``(R, n)``; ``active``: the seats still in, ``(n,)`` or ``(R, n)``; ``knocker``, ``how`` (:class:`How`),
    ``holder`` (the one seat that showed 31 or Feuer, -1 for none): ``(R,)``, or the seats that did as an
    ``(R, n)`` mask (several players dealt 31, decision 4). The same rules as ``judge``:
    Feuer beats everything (decision 14); a 31 under ``others_lose`` costs every other non-31 a life;
    otherwise the lowest hand after tie-breaks loses (or everyone under 21), the knocker's options apply,
    and the winner and a 31 holder never lose (decisions 14, 15). ``reasons=False``: a showdown's codes are
    not worked out (left at ``Reason.NONE``), for callers that only count lives.
    """
    R, n = ranks.shape
    act = np.broadcast_to(np.asarray(active, dtype=bool), (R, n))
    seats = np.arange(n)
    is_holder = holder.astype(bool) if holder.ndim == 2 else seats[None, :] == holder[:, None]
    doubled = ranks >> 5
    is31 = doubled == 62
    losses = np.zeros((R, n), dtype=np.int64)
    why_lost = np.zeros((R, n), dtype=np.int64)
    showdown = _instant_losses(rules, how, act & ~is_holder, is31, losses, why_lost)
    if not showdown.any():
        return losses, why_lost
    is_knocker = seats[None, :] == knocker[:, None]
    key = _showdown_keys(rules, ranks, is_knocker)
    winner, lowest = _top_and_bottom(key, act)
    losers, under = _losers(rules, act, doubled, lowest)
    losers = losers & showdown[:, None] & ~winner & ~is_holder & ~is31  # (not &=: losers may be lowest)
    if not losers.any():
        return losses, why_lost
    losses = np.where(losers, _lives_at_stake(rules, is_knocker, lowest), losses)
    if not reasons:
        return losses, why_lost
    why = _showdown_reasons(rules, act, doubled, knocker, is_knocker, lowest, under)
    return losses, np.where(losers, why, why_lost)


def _instant_losses(rules: Rules, how: np.ndarray, others: np.ndarray, is31: np.ndarray, losses: np.ndarray,
                    why_lost: np.ndarray) -> np.ndarray:
    """The lives lost to Feuer (decision 14: it beats even a 31) and, under ``instant_31="others_lose"``, to
    a 31, written into ``losses`` and ``why_lost``; ``others``: the seats in that did not show it. Returns
    the rows that go to a showdown instead."""
    fire = how == How.FIRE
    if fire.any():
        hit = fire[:, None] & others
        losses[hit] = 1
        why_lost[hit] = np.where(is31, Reason.FIRE_BEATS_31, Reason.FIRE)[hit]
    if rules.instant_31 != "others_lose":
        return ~fire
    other = how == How.THIRTY_ONE
    if other.any():
        hit = other[:, None] & others & ~is31
        losses[hit] = 1
        why_lost[hit] = Reason.OTHER_31
    return ~fire & ~other


def _showdown_keys(rules: Rules, ranks: np.ndarray, is_knocker: np.ndarray) -> np.ndarray:
    """Each seat's hand as one integer that orders the showdown: the value, then the knocker's edge when the
    knocker wins ties, then the tie-break (when ``ties="tiebreak"``; otherwise equal values tie)."""
    bonus = bool(rules.knocker_wins_ties)
    return ((ranks >> 5) * 2 + (is_knocker & bonus)) * 16 + ((ranks & 31) if rules.ties == "tiebreak" else 0)


def _top_and_bottom(key: np.ndarray, act: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(the winner, the seats tied for the lowest key)`` among the seats in, as masks; a top key shared by
    several seats names no winner."""
    big = np.int64(1) << 40
    high = np.where(act, key, -1).max(axis=1)
    low = np.where(act, key, big).min(axis=1)
    tops = act & (key == high[:, None])
    winner = tops & (tops.sum(axis=1) == 1)[:, None]
    return winner, act & (key == low[:, None])


def _losers(rules: Rules, act: np.ndarray, doubled: np.ndarray, lowest: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(who loses a showdown before the exceptions, who is under 21)``: the lowest, or under
    ``loser="under_21"`` everyone under 21 (the lowest when nobody is)."""
    if rules.loser == "under_21":
        under = act & (doubled < 42)
        return np.where(np.any(under, axis=1)[:, None], under, lowest), under
    return lowest, np.zeros(act.shape, dtype=bool)


def _lives_at_stake(rules: Rules, is_knocker: np.ndarray, lowest: np.ndarray) -> np.ndarray:
    """The lives a showdown loser loses: one, or two for a knocker with the lowest hand under
    ``knocker_lowest="two_lives"`` (``"two_if_sole"``: only when alone at the lowest)."""
    lost = np.ones(lowest.shape, dtype=np.int64)
    if rules.knocker_lowest == "two_lives":
        lost = np.where(is_knocker & lowest, 2, lost)
    elif rules.knocker_lowest == "two_if_sole":
        lost = np.where(is_knocker & lowest & (lowest.sum(axis=1) == 1)[:, None], 2, lost)
    return lost


def _showdown_reasons(rules: Rules, act: np.ndarray, doubled: np.ndarray, knocker: np.ndarray,
                      is_knocker: np.ndarray, lowest: np.ndarray, under: np.ndarray) -> np.ndarray:
    """Why each seat would lose a showdown, as ``judge`` words it (read where it does lose): under 21, tied
    for the lowest, the lowest alone at its value, the knocker winning the tie, or a broken tie."""
    same_value = (act[:, :, None] & act[:, None, :] & (doubled[:, :, None] == doubled[:, None, :])).sum(axis=2) > 1
    why = np.full(act.shape, int(Reason.TIE_BROKEN))
    if rules.knocker_wins_ties:
        kv = np.take_along_axis(doubled, np.maximum(knocker, 0)[:, None], axis=1)
        why = np.where((knocker >= 0)[:, None] & ~is_knocker & (kv == doubled), Reason.KNOCKER_WINS_TIE, why)
    why = np.where(~same_value, Reason.LOWEST, why)
    why = np.where((lowest.sum(axis=1) > 1)[:, None], Reason.TIED_LOWEST, why)
    return np.where(under, Reason.UNDER_21, why)


@dataclass(frozen=True)
class Outcome:
    """How ``R`` play-outs ended (arrays; one row per play-out)."""

    losses: np.ndarray
    """Lives each seat loses, ``(R, n)``."""
    reasons: np.ndarray
    """Why, as :class:`Reason` codes, ``(R, n)``."""
    hands: np.ndarray
    """The hands at the end, ``(R, n, 3)`` (rows of seats that are out: as given)."""
    how: np.ndarray
    """:class:`How` codes, ``(R,)``."""
    knocker: np.ndarray
    """The seat that knocked, -1 for none, ``(R,)``."""
    knock_value: np.ndarray
    """The knocker's hand value when they knocked in the play-out (NaN: nobody knocked in it), ``(R,)``."""
    holder: np.ndarray
    """The seat that ended the round with 31 or Feuer, -1 for none, ``(R,)``."""


Move: TypeAlias = "str | Action | None"


def _forced_masks(first_move: Move | Sequence[Move], R: int) -> dict[str, np.ndarray] | None:
    """Each kind of forced first move as a row mask (``swap``: with ``give`` and ``take`` cards per row);
    ``None`` when nothing is forced."""
    single = first_move is None or isinstance(first_move, str) or hasattr(first_move, "kind")  # an Action
    moves = [first_move] if single else list(first_move)  # type: ignore[arg-type]
    if not single and len(moves) != R:
        raise ValueError(f"first_move must be one move or one per play-out ({R}), not {len(moves)}")
    kinds = [getattr(m, "kind", m) for m in moves]
    allowed = {"knock", "draw stock", "draw discard", "pass", "swap all", "swap"}
    bad = sorted({str(k) for k in kinds if k is not None and k not in allowed})
    if bad:
        raise ValueError(f"a play-out cannot be forced to start with {bad[0]!r}: allowed are "
                         "knock, draw stock, draw discard, pass, swap all, a swap")
    if all(k is None for k in kinds):
        return None
    give = np.zeros(len(moves), dtype=np.int64)
    take = np.zeros(len(moves), dtype=np.int64)
    for i, m in enumerate(moves):
        if getattr(m, "kind", None) == "swap":
            give[i], take[i] = int(m.cards[0]), int(m.cards[1])  # type: ignore[union-attr]
    arr = np.array(kinds, dtype=object)
    out = {k: np.broadcast_to(arr == k, (R,)) for k in allowed}
    out["free"] = np.broadcast_to(np.array([k is None for k in kinds]), (R,))
    out["give"], out["take"] = np.broadcast_to(give, (R,)), np.broadcast_to(take, (R,))
    return out


def play_lockstep(rules: Rules, hands: np.ndarray, stock: np.ndarray, center: np.ndarray | None = None,
                  out: Sequence[bool] | None = None, *, current: int, dealer: int, turns: int = 0,
                  played: Sequence[bool] | None = None, passes: int = 0,
                  thresholds: float | Sequence[float] | np.ndarray = 27.0, patience: int | Sequence[int] = 4,
                  drop: float | Sequence[float] | np.ndarray = 0.0, floor: float | Sequence[float] | np.ndarray = 0.0,
                  first_move: Move | Sequence[Move] = None, discard: Sequence[int] | np.ndarray = (),
                  knocker: int | None = None, knock_at: tuple[int | np.ndarray, int | np.ndarray] | None = None,
                  random_seats: Sequence[int] | np.ndarray = (), rng: np.random.Generator | None = None,
                  reshuffle: Callable[[int, int, np.ndarray], Sequence[int]] | None = None,
                  deal: bool = False, reasons: bool = True) -> Outcome:
    """Play ``R`` play-outs of one round at once, from the start of ``current``'s turn, to their ends.

    ``hands``: ``(R, n, 3)`` cards (rows of seats that are ``out`` are ignored); ``stock``: ``(R, S)``, top
    card first; ``discard``: the discard pile, bottom first, the same for every play-out (a sequence) or
    ``(R, L)``; ``center``: ``(R, 3)`` (commerce). ``knocker``: who has knocked already (``None``: nobody).

    ``thresholds``: a seat knocks (when the rules allow it now) once its hand is worth this much: one
    number, one per seat, or ``(R, n)``; ``drop`` and ``floor`` (shaped the same ways) make it a knock
    schedule, the threshold falling by ``drop`` each time round the table but never below ``floor``
    (:func:`~thirtyone.policy.knock_threshold`, as the intermediate bot knocks); ``patience``: or once every
    player still in has had this many turns (one number or one per seat). ``first_move`` forces ``current``'s first decision, one for all or
    one per play-out: ``"knock"``, ``"draw stock"``, ``"draw discard"``, ``"pass"``, ``"swap all"``, a swap
    :class:`~thirtyone.game.Action` or ``None`` (the policy decides); a forced move is not checked against
    the knock restrictions (studies ask "what if this player knocked now?"). ``knock_at=(seat, turn)``
    (each a number or one per play-out): that seat knocks at its first turn once ``turn`` turns have
    been played, also unchecked, and nobody else knocks. ``random_seats``: seats that play random moves and
    never knock (a list of seats, or an ``(R, n)`` mask).

    ``rng``: draws the random moves and rebuilds an empty stock (decision 17); ``reshuffle(row, count,
    cards)``, when given, orders a rebuilt stock instead (``count``: that play-out's earlier rebuilds),
    so a test can follow the reference game's own shuffles. ``deal``: the hands were just dealt, so a dealt
    Feuer or 31 ends a play-out before anyone moves (decisions 4 and 14; every seat dealt 31 is safe).
    ``reasons=False`` leaves out the :class:`Reason` codes (a little quicker, for studies that count lives).

    The steps of a turn are the methods of :class:`_PlayOuts`; this function sets them up and plays them.
    """
    game = _PlayOuts(rules, hands, stock, center, out, discard=discard, knocker=knocker, passes=passes,
                     rng=rng, reshuffle=reshuffle)
    game.set_policy(thresholds, patience, random_seats, drop, floor)
    game.start(current, dealer, turns, played)
    if knock_at is not None:
        game.set_knock_at(knock_at)
    game.forced = _forced_masks(first_move, len(hands))
    if deal:
        game.end_dealt_hands()
    game.play()
    return game.outcome(reasons)


class _Turn(NamedTuple):
    """The seat to play and its hand, in every play-out still going."""

    p: int
    """The seat."""
    live: np.ndarray
    """The play-outs that have not ended."""
    hand: np.ndarray
    """Its hand, ``(m, 3)`` (a view of the hands)."""
    a: np.ndarray
    b: np.ndarray
    c: np.ndarray
    a2: np.ndarray
    """``a * FIRST``: with ``b1`` and a third card, an index into the flat tables."""
    b1: np.ndarray
    """``b * SECOND``."""
    here: np.ndarray
    """The hand's index in the flat tables."""
    vals: np.ndarray
    """The hand's keep key (draw family: the value less a share for its suits) or value (commerce)."""
    rnd: np.ndarray
    """The play-outs in which this seat plays random moves."""
    any_rnd: bool
    """Whether there are any."""


class _PlayOuts:
    """The play-outs of one :func:`play_lockstep` call that are still going, one row each, and the steps of a
    turn as methods: :meth:`play` runs them, seat after seat, until every play-out has ended.

    A turn: an empty stock is rebuilt (:meth:`rebuild_empty_stocks`, draw family), the seat may knock
    (:meth:`knocks`), then moves, by a commerce turn (:meth:`commerce_turn`: pass or swap) or a draw-family
    turn (:meth:`draw_turn`: draw, then throw); a 31 or Feuer made ends the play-out (:meth:`instant_ends`);
    then the next seat's turn comes, a knocker's turn ends the round, and play-outs that have ended leave
    the arrays (:meth:`next_seat`, :meth:`compact`). :meth:`outcome` judges them all at once.

    The arrays (``m`` rows, the play-outs still going; ``row``: their rows in the result): ``hands``
    ``(m, n, 3)``; ``stock`` top first, ``next_card`` the index of its top card, ``stock_len`` its cards;
    ``pile`` the discard pile bottom first, ``pile_len`` its cards; ``center`` ``(m, 3)`` (commerce);
    ``knocker`` (-1: nobody yet) and ``knock_value``; ``passes`` in a row; ``rebuilds`` of the stock so far;
    ``thresholds`` and ``random`` (per play-out and seat, when given so); ``knock_seat`` and ``knock_turn``
    (``knock_at``); ``how`` (:class:`How`, 0 while it goes on) and ``holder`` (who showed 31 or Feuer).
    The ``res_*`` arrays hold the results of every play-out, by its original row.
    """

    def __init__(self, rules: Rules, hands: np.ndarray, stock: np.ndarray, center: np.ndarray | None,
                 out: Sequence[bool] | None, *, discard: Sequence[int] | np.ndarray, knocker: int | None,
                 passes: int, rng: np.random.Generator | None,
                 reshuffle: Callable[[int, int, np.ndarray], Sequence[int]] | None) -> None:
        R, n, _ = hands.shape
        self.rules, self.n = rules, n
        self.gen = rng if rng is not None else np.random.default_rng(0)
        self.reshuffle = reshuffle
        self.out = tuple(out) if out is not None else (False,) * n
        tables = scoring_tables(rules)
        self.values, self.keeps, self.ranks = tables.flat_values, tables.flat_keeps, tables.flat_ranks
        self.commerce = rules.family == "commerce"
        self.draw_taken = bool(rules.discard_taken)
        self.active = [s for s in range(n) if not self.out[s]]
        self.n_active = len(self.active)
        self.nxt = {s: self.active[(self.active.index(s) + 1) % self.n_active] for s in self.active}

        self.row = np.arange(R)
        self.rows = np.arange(R)  # 0 .. m - 1
        self.hands = hands.astype(np.int64).copy()
        self.stock = stock.astype(np.int64).copy()  # widened only if a rebuilt stock needs more room
        if self.stock.shape[1] == 0:
            self.stock = np.zeros((R, 1), dtype=np.int64)
        self.stock_len = np.full(R, stock.shape[1], dtype=np.int64)
        self.next_card = np.zeros(R, dtype=np.int64)
        pile = np.asarray(discard, dtype=np.int64)
        if pile.ndim == 1:
            pile = np.tile(pile, (R, 1))
        self.pile = np.zeros((R, pile.shape[1] + 16), dtype=np.int64)  # widened as the pile grows
        self.pile[:, :pile.shape[1]] = pile
        self.pile_len = np.full(R, pile.shape[1], dtype=np.int64)
        self.center = center.astype(np.int64).copy() if center is not None else np.zeros((R, 3), dtype=np.int64)
        self.knocker = np.full(R, -1 if knocker is None else knocker, dtype=np.int64)
        self.knock_value = np.full(R, np.nan)
        self.passes = np.full(R, passes, dtype=np.int64)
        self.rebuilds = np.zeros(R, dtype=np.int64)
        self.how = np.zeros(R, dtype=np.int64)  # 0 while a play-out goes on
        self.holder = np.full(R, -1, dtype=np.int64)
        self.dealt_31 = np.zeros((R, n), dtype=bool)
        self.knock_seat: np.ndarray | None = None
        self.knock_turn: np.ndarray | None = None
        self.forced: dict[str, np.ndarray] | None = None

        self.res_hands = hands.astype(np.int64).copy()
        self.res_how = np.zeros(R, dtype=np.int64)
        self.res_knocker = np.full(R, -1, dtype=np.int64)
        self.res_knock_value = np.full(R, np.nan)
        self.res_holder = np.full(R, -1, dtype=np.int64)

    _ROW_ARRAYS = ("row", "hands", "stock", "stock_len", "next_card", "pile", "pile_len", "center", "knocker",
                   "knock_value", "passes", "rebuilds", "thresholds", "schedule", "random", "how",
                   "holder")
    """The arrays with one row per play-out still going (:meth:`compact` drops the ended ones)."""

    # -- setup -----------------------------------------------------------------------------------------

    def set_policy(self, thresholds: float | Sequence[float] | np.ndarray, patience: int | Sequence[int],
                   random_seats: Sequence[int] | np.ndarray, drop: float | Sequence[float] | np.ndarray = 0.0,
                   floor: float | Sequence[float] | np.ndarray = 0.0) -> None:
        """Who knocks when, and who plays at random: see :func:`play_lockstep`. In the draw family a threshold
        is kept as a keep key, the value reached (a multiple of 0.5) less the most suits' share, so the knock
        compares the hand's keep key with it (:func:`~thirtyone.policy.knock_key`: one look-up serves the move
        and the knock). A knock schedule (some ``drop`` not 0) is kept as ``(start, drop, floor)``, per seat or
        per play-out and seat (``schedule``, ``(R, n, 3)``), and looked up at each turn."""
        R, n = len(self.row), self.n
        th = np.asarray(thresholds, dtype=np.float64)
        dr, fl = np.asarray(drop, dtype=np.float64), np.asarray(floor, dtype=np.float64)
        self.moving = bool((dr != 0).any())
        rows = max(th.ndim, dr.ndim, fl.ndim) == 2
        self.schedule = (np.stack([np.broadcast_to(x, (R, n)) for x in (th, dr, fl)], axis=2).copy()
                         if self.moving and rows else np.zeros((R, 0, 3)))
        self.seat_schedule = ([tuple(float(v) for v in x) for x in np.stack([np.broadcast_to(x, (n,))
                                                                            for x in (th, dr, fl)], axis=1)]
                              if self.moving and not rows else [])
        self.per_row = th.ndim == 2  # thresholds per play-out and seat; else one per seat, looked up as numbers
        self.thresholds = th.astype(np.float64).copy() if self.per_row else np.zeros((R, 0))
        self.seat_th = [float(x) for x in np.broadcast_to(th, (n,))] if not self.per_row else []
        if not self.commerce:
            self.thresholds = knock_key(self.thresholds)
            self.seat_th = [knock_key(x) for x in self.seat_th]
        self.patience = ([int(patience)] * n if isinstance(patience, (int, np.integer))
                         else [int(x) for x in patience])
        rs = np.asarray(random_seats)
        if rs.ndim == 2:
            self.random = rs.astype(bool).copy()
        else:
            self.random = np.zeros((R, n), dtype=bool)
            self.random[:, [int(s) for s in rs]] = True
        self.randoms = bool(self.random.any())

    def start(self, current: int, dealer: int, turns: int, played: Sequence[bool] | None) -> None:
        """Whose turn it is, who deals, the turns played and who has played already."""
        if current not in self.nxt:
            raise ValueError(f"current must be a seat still in, one of {self.active}, not {current!r}")
        self.p, self.dealer, self.t = current, dealer, turns
        self.seen = list(played) if played is not None else [False] * self.n

    def set_knock_at(self, knock_at: tuple[int | np.ndarray, int | np.ndarray]) -> None:
        """``knock_at=(seat, turn)``: that seat knocks at its first turn once ``turn`` turns have been played,
        and nobody else knocks."""
        R, n = len(self.row), self.n
        self.knock_seat = np.broadcast_to(np.asarray(knock_at[0], dtype=np.int64), (R,)).copy()
        if not np.isin(self.knock_seat, self.active).all():
            raise ValueError(f"knock_at's seat must be a seat still in, one of {self.active} (0 deals), "
                             f"not {sorted(set(self.knock_seat.tolist()) - set(self.active))}")
        self.knock_turn = np.broadcast_to(np.asarray(knock_at[1], dtype=np.int64), (R,)).copy()
        self.thresholds[:] = np.inf
        self.seat_th = [math.inf] * n
        self.moving = False
        self.patience = [10**9] * n

    def end_dealt_hands(self) -> None:
        """A Feuer or 31 dealt ends its play-out before anyone moves (decisions 4 and 14)."""
        H, how = self.hands, self.how
        on = np.array([not o for o in self.out])
        if self.rules.fire:
            fire = ((H >> 2) == 12).all(axis=2) & on
            how[fire.any(axis=1)] = How.FIRE
            self.holder = np.where(fire.any(axis=1), np.argmax(fire, axis=1), self.holder)
        dealt_31 = (self.values[_ix(H[:, :, 0], H[:, :, 1], H[:, :, 2])] == 31) & on & (how == 0)[:, None]
        self.dealt_31 = dealt_31
        thirty_one = dealt_31.any(axis=1)
        how[thirty_one] = How.THIRTY_ONE
        self.holder = np.where(thirty_one, np.argmax(dealt_31, axis=1), self.holder)
        ended = how > 0
        self.res_how[ended], self.res_holder[ended] = how[ended], self.holder[ended]

    # -- the turns -------------------------------------------------------------------------------------

    def play(self) -> None:
        """Turn after turn, every play-out to its end."""
        for _step in range(100_000):
            started = live = self.how == 0
            if not live.any():
                break
            if not self.commerce:  # decision 17: an empty stock is rebuilt as the turn starts, or the round ends
                live = self.rebuild_empty_stocks(live)
            turn = self.seat_to_play(live)
            knocks = self.knocks(turn)
            moving = live & ~knocks
            if moving.any():  # (nobody moves when every play-out knocks)
                is_31, is_fire = self.commerce_turn(turn, moving) if self.commerce else self.draw_turn(turn, moving)
                if is_31 is not None:
                    self.instant_ends(is_31, is_fire)
            self.next_seat(started)  # those the empty stock ended as the turn started are recorded too
        if (self.how == 0).any():  # pragma: no cover - every round ends: patience makes someone knock
            raise RuntimeError("play-outs did not end")

    def rebuild_empty_stocks(self, live: np.ndarray) -> np.ndarray:
        """An empty stock is rebuilt from the discard pile but its top card (shuffled by the generator, or
        by ``reshuffle``), or the round ends when the pile has no card to spare (decision 17). Returns the
        play-outs still going."""
        ST, slen, ptr, P, plen, how = self.stock, self.stock_len, self.next_card, self.pile, self.pile_len, self.how
        empty = live & (ptr >= slen)
        if not empty.any():
            return live
        how[empty & (plen <= 1)] = How.EMPTY_STOCK
        rebuilt = empty & (plen > 1)
        if rebuilt.any() and int(plen[rebuilt].max()) - 1 > ST.shape[1]:
            ST = self.stock = np.concatenate([ST, np.zeros((len(ST), int(plen.max()) - ST.shape[1]), dtype=np.int64)],
                                             axis=1)
        for r in np.flatnonzero(rebuilt):
            cards = P[r, :plen[r] - 1].copy()
            order = (self.gen.permutation(cards) if self.reshuffle is None
                     else np.asarray(self.reshuffle(int(self.row[r]), int(self.rebuilds[r]), cards), dtype=np.int64))
            ST[r, :len(order)] = order
            slen[r], ptr[r] = len(order), 0
            P[r, 0] = P[r, plen[r] - 1]
            plen[r] = 1
            self.rebuilds[r] += 1
        return how == 0

    def seat_to_play(self, live: np.ndarray) -> _Turn:
        """The seat whose turn it is and its hand, with the look-ups the steps share."""
        p = self.p
        hp = self.hands[:, p, :]
        a, b, c = hp[:, 0], hp[:, 1], hp[:, 2]
        a2, b1 = a * FIRST, b * SECOND
        here = a2 + b1 + c
        # the draw family decides by keep keys: a hand reaches a threshold when its key reaches the
        # threshold's key (policy.knock_key), so one look-up serves both
        vals = self.keeps[here] if not self.commerce else self.values[here]
        rnd = self.random[:, p]
        return _Turn(p, live, hp, a, b, c, a2, b1, here, vals, rnd, self.randoms and bool(rnd.any()))

    def knocks(self, turn: _Turn) -> np.ndarray:
        """Who knocks now: at the threshold or out of patience when the rules allow a knock now, at
        ``knock_at``'s turn, or as forced; records the knock. Returns the play-outs that knocked."""
        p, vals, live, KN, forced = turn.p, turn.vals, turn.live, self.knocker, self.forced
        TH, per_row, seat_th = self.thresholds, self.per_row, self.seat_th
        may = live & (KN < 0)
        if turn.any_rnd:
            may &= ~turn.rnd
        if self.knock_seat is not None:
            assert self.knock_turn is not None
            knocks = may & (self.knock_seat == p) & (self.t >= self.knock_turn)
        elif knock_allowed(self.rules.first_knock, self.t, self.seen[p], p == self.dealer, self.n_active):
            if self.t >= self.patience[p] * self.n_active:
                knocks = may
            elif self.moving:
                knocks = may & (vals >= self.scheduled(p))
            else:
                knocks = may & (vals >= (TH[:, p] if per_row else seat_th[p]))  # keys in the draw family
        else:
            knocks = np.zeros(len(live), dtype=bool)
        if forced is not None:
            knocks = (knocks & forced["free"]) | (live & (KN < 0) & forced["knock"])
        if knocks.any():
            KN[knocks] = p
            self.knock_value[knocks] = self.values[turn.here[knocks]]
            self.passes[knocks] = 0
        return knocks

    def scheduled(self, p: int) -> float | np.ndarray:
        """Seat ``p``'s knock schedule at this turn: the threshold now (keys in the draw family), one number or
        one per play-out."""
        if len(self.seat_schedule):
            start, drop, floor = self.seat_schedule[p]
            one = knock_threshold(start, drop, floor, self.t, self.n_active)
            return one if self.commerce else knock_key(one)
        S = self.schedule[:, p]
        now = knock_threshold(S[:, 0], S[:, 1], S[:, 2], self.t, self.n_active)
        return now if self.commerce else knock_key(now)

    def commerce_turn(self, turn: _Turn, moving: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
        """A commerce turn of the play-outs ``moving``: pass, swap one card or swap all. Returns
        ``(made 31, made Feuer)`` (``None``: nobody swapped; Feuer ``None`` too without the Feuer rule)."""
        pick, swap_all, passing = self.commerce_choice(turn, moving)
        swapping = moving & ~passing
        self.count_passes(passing)
        return self.swap(turn, swapping, pick, swap_all)

    def commerce_choice(self, turn: _Turn, moving: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(the swap, as hand card × 3 + center card; swap all; pass)``: the best swap, then the cheapest card
        given (:func:`~thirtyone.policy.best_commerce_move`), or all three if that is better, or a pass when
        nothing betters the hand; random players swap a random card; a forced first move is played."""
        rules, values, C, forced = self.rules, self.values, self.center, self.forced
        a2, b1, c, m = turn.a2, turn.b1, turn.c, len(turn.live)
        c0, c1, c2 = C[:, 0], C[:, 1], C[:, 2]
        cand = np.stack([values[c0 * FIRST + b1 + c], values[c1 * FIRST + b1 + c], values[c2 * FIRST + b1 + c],
                         values[a2 + c0 * SECOND + c], values[a2 + c1 * SECOND + c], values[a2 + c2 * SECOND + c],
                         values[a2 + b1 + c0], values[a2 + b1 + c1], values[a2 + b1 + c2]], axis=1)
        cost = _COST[turn.hand][:, [0, 0, 0, 1, 1, 1, 2, 2, 2]]
        pick = np.argmax(cand - cost, axis=1)  # best value, then the cheapest card given
        best = cand[self.rows, pick]
        if rules.allow_swap_all:
            v_all = values[_ix(c0, c1, c2)]
            swap_all = v_all > best
            best = np.where(swap_all, v_all, best)
        else:
            swap_all = np.zeros(m, dtype=bool)
        passing = (best <= turn.vals) if rules.allow_pass else np.zeros(m, dtype=bool)
        if turn.any_rnd:  # a random player swaps a random card for a random center card
            passing &= ~turn.rnd
            swap_all &= ~turn.rnd
            pick = np.where(turn.rnd, self.gen.integers(0, 9, m), pick)
        if forced is not None:
            free = forced["free"]
            fs = forced["swap"]
            if fs.any():
                gi = np.argmax(turn.hand == forced["give"][:, None], axis=1)
                tj = np.argmax(C == forced["take"][:, None], axis=1)
                pick = np.where(fs, gi * 3 + tj, pick)
            passing = (passing & free) | forced["pass"]
            swap_all = (swap_all & free) | forced["swap all"]
        return pick, swap_all, passing & moving

    def count_passes(self, passing: np.ndarray) -> None:
        """Passes count until someone knocks; when everyone still in has passed in a row the round goes to
        the showdown, or a new center is laid from the stock (the round ends if it is short, decision 5),
        as ``all_pass`` says (decision 16)."""
        psv, ptr, slen, how, C, ST = self.passes, self.next_card, self.stock_len, self.how, self.center, self.stock
        counted = passing & (self.knocker < 0)
        psv += counted
        all_pass = counted & (psv >= self.n_active)
        if not all_pass.any():
            return
        if self.rules.all_pass == "showdown":
            how[all_pass] = How.ALL_PASS
            return
        short = all_pass & (ptr + 3 > slen)  # no new center to lay (decision 5)
        how[short] = How.EMPTY_STOCK
        lay = all_pass & ~short
        for j in range(3):
            C[lay, j] = ST[lay, ptr[lay] + j]
        ptr[lay] += 3
        psv[lay] = 0

    def swap(self, turn: _Turn, swapping: np.ndarray, pick: np.ndarray, swap_all: np.ndarray
             ) -> tuple[np.ndarray | None, np.ndarray | None]:
        """The swaps: one card (``pick``) or all three with the center; a swap ends a run of passes. Returns
        ``(made 31, made Feuer)`` as :meth:`commerce_turn` does."""
        H, C, p, values = self.hands, self.center, turn.p, self.values
        one = swapping & ~swap_all
        if one.any():
            gi, tj = pick // 3, pick % 3
            r1 = self.rows[one]
            given = H[r1, p, gi[one]]
            H[r1, p, gi[one]] = C[r1, tj[one]]
            C[r1, tj[one]] = given
        every = swapping & swap_all
        if every.any():
            old = H[every, p, :].copy()
            H[every, p, :] = C[every]
            C[every] = old
        self.passes[swapping] = 0
        changed = swapping
        if not changed.any():
            return None, None
        h = H[:, p, :]
        hv = values[_ix(h[:, 0], h[:, 1], h[:, 2])]
        is_fire = (changed & ((h >> 2) == 12).all(axis=1)) if self.rules.fire else None
        is_31 = changed & (hv == 31)
        return is_31, is_fire

    def draw_turn(self, turn: _Turn, moving: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """A draw-family turn of the play-outs ``moving``: draw (:meth:`draw`), then throw (:meth:`throw`).
        Returns ``(made 31, made Feuer)`` (Feuer ``None`` without the Feuer rule)."""
        take, drawn, keys = self.draw(turn, moving)
        return self.throw(turn, moving, take, drawn, keys)

    def draw(self, turn: _Turn, moving: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Take the discard pile's top card when it betters the hand's keep key by more than
        :data:`~thirtyone.policy.TAKE_MARGIN` (:func:`~thirtyone.policy.take_discard`), else the stock's top card; a random player takes either at
        even odds; a forced first move is played. Returns ``(took the discard, the card drawn, (m, 4) keep
        keys of the hand kept by throwing each of a, b, c and the card drawn)``."""
        keeps, forced, rows, m = self.keeps, self.forced, self.rows, len(turn.live)
        b, c, a2, b1 = turn.b, turn.c, turn.a2, turn.b1
        if int(self.pile_len.max()) >= self.pile.shape[1]:  # room for one more card on every pile
            self.pile = np.concatenate([self.pile, np.zeros((m, 16), dtype=np.int64)], axis=1)
        P, plen, ST, ptr = self.pile, self.pile_len, self.stock, self.next_card
        has_top = plen > 0
        Pf, Sf = P.reshape(-1), ST.reshape(-1)  # flat views: one index per card, no 2-D fancy indexing
        tt = Pf[rows * P.shape[1] + np.maximum(plen - 1, 0)]
        now = turn.vals
        ka, kb, kc = keeps[tt * FIRST + b1 + c], keeps[a2 + tt * SECOND + c], keeps[a2 + b1 + tt]
        take = moving & has_top & (np.maximum(np.maximum(ka, kb), kc) > now + TAKE_MARGIN)
        if turn.any_rnd:
            take = np.where(turn.rnd, moving & has_top & (self.gen.random(m) < 0.5), take)
        if forced is not None:
            take = (take & forced["free"]) | (moving & has_top & forced["draw discard"])
        drawing = moving & ~take
        dd = np.where(take, tt, Sf[rows * ST.shape[1] + np.minimum(ptr, ST.shape[1] - 1)])
        ptr += drawing
        plen -= take
        if not take.all():
            c52 = c * SECOND
            ka = np.where(take, ka, keeps[b * FIRST + c52 + dd])
            kb = np.where(take, kb, keeps[a2 + c52 + dd])
            kc = np.where(take, kc, keeps[a2 + b1 + dd])
        return take, dd, np.stack([ka, kb, kc, now], axis=1)

    def throw(self, turn: _Turn, moving: np.ndarray, take: np.ndarray, dd: np.ndarray, K: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray | None]:
        """Throw the card whose loss keeps the best keep key, the cheaper card among equals
        (:func:`~thirtyone.policy.best_discard`; a random player throws any; under ``discard_taken=False``
        not the card just taken), onto the pile. Returns ``(made 31, made Feuer)``."""
        H, P, plen, rows, p = self.hands, self.pile, self.pile_len, self.rows, turn.p
        a, b, c, draw_taken = turn.a, turn.b, turn.c, self.draw_taken
        four = np.stack([a, b, c, dd], axis=1)
        q = K - _COST[four]
        if turn.any_rnd:
            q = np.where(turn.rnd[:, None], self.gen.random((len(rows), 4)), q)
        if not draw_taken:
            q[take, 3] = -1e9  # the card just taken may not be thrown back
        throw = np.argmax(q, axis=1)
        # the three kept, in the game's order: throwing card i of (a, b, c, d) keeps the others
        k0 = np.where(throw == 0, b, a)
        k1 = np.where(throw <= 1, c, b)
        k2 = np.where(throw <= 2, dd, c)
        at_throw = rows * 4 + throw
        thrown = four.reshape(-1)[at_throw]
        Pf = P.reshape(-1)
        at_new = rows * P.shape[1] + plen
        if moving.all():
            H[:, p, 0], H[:, p, 1], H[:, p, 2] = k0, k1, k2
            Pf[at_new] = thrown
        else:
            H[:, p, 0] = np.where(moving, k0, a)
            H[:, p, 1] = np.where(moving, k1, b)
            H[:, p, 2] = np.where(moving, k2, c)
            Pf[at_new] = np.where(moving, thrown, Pf[at_new])
        plen += moving
        # a kept hand worth 31 is one suit: its keep key is keep_key(31, 1)
        is_31 = moving & (K.reshape(-1)[at_throw] == keep_key(31, 1))
        is_fire = (moving & ((k0 >> 2) == 12) & ((k1 >> 2) == 12) & ((k2 >> 2) == 12)) if self.rules.fire else None
        return is_31, is_fire

    def instant_ends(self, is_31: np.ndarray, is_fire: np.ndarray | None) -> None:
        """A 31 or Feuer made by a draw and throw, or a swap, ends the play-out at once (decision 14)."""
        how, holder, p = self.how, self.holder, self.p
        if is_fire is not None:
            is_fire &= how == 0
            is_31 &= ~is_fire
            how[is_fire] = How.FIRE
            holder[is_fire] = p
        is_31 &= how == 0
        how[is_31] = How.THIRTY_ONE
        holder[is_31] = p

    def next_seat(self, live: np.ndarray) -> None:
        """The turn passes on; when it comes back to the knocker the round ends (the knock). The play-outs
        that ended in this turn are recorded, and dropped from the arrays when enough have (:meth:`compact`)."""
        how = self.how
        self.t += 1
        self.seen[self.p] = True
        self.forced = None
        self.p = p = self.nxt[self.p]
        how[(how == 0) & (self.knocker == p)] = How.KNOCK
        ended = live & (how > 0)
        if not ended.any():
            return
        gone = self.row[ended]
        self.res_hands[gone] = self.hands[ended]
        self.res_how[gone] = how[ended]
        self.res_knocker[gone] = self.knocker[ended]
        self.res_knock_value[gone] = self.knock_value[ended]
        self.res_holder[gone] = self.holder[ended]
        over = how > 0
        n_over = int(over.sum())
        if n_over == len(over) or n_over * 4 > len(over):
            self.compact(~over)

    def compact(self, keep: np.ndarray) -> None:
        """Keep only the rows ``keep`` of every per-play-out array, so each later step costs only what is
        still being played."""
        for name in self._ROW_ARRAYS:
            setattr(self, name, getattr(self, name)[keep])
        if self.knock_seat is not None and self.knock_turn is not None:
            self.knock_seat, self.knock_turn = self.knock_seat[keep], self.knock_turn[keep]
        self.rows = np.arange(len(self.row))

    def outcome(self, reasons: bool) -> Outcome:
        """Every play-out's end, judged (:func:`judge_many`)."""
        res_H, n = self.res_hands, self.n
        ranks = self.ranks[_ix(res_H[:, :, 0], res_H[:, :, 1], res_H[:, :, 2])]
        holders = (np.arange(n)[None, :] == self.res_holder[:, None]) | self.dealt_31
        losses, why = judge_many(self.rules, ranks, [not o for o in self.out], self.res_knocker, self.res_how,
                                 holders, reasons)
        return Outcome(losses, why, res_H, self.res_how, self.res_knocker, self.res_knock_value, self.res_holder)


def run_lockstep(rules: Rules, hands: np.ndarray, stock: np.ndarray, top: int | None, center: np.ndarray | None,
                 out: Sequence[bool], *, current: int, dealer: int, turns: int, played: Sequence[bool],
                 passes: int, threshold: float, patience: int, drop: float = 0.0, floor: float = 0.0,
                 first_move: Move | Sequence[Move] = None,
                 discard: Sequence[int] = (), knocker: int | None = None,
                 rng: np.random.Generator | None = None) -> np.ndarray:
    """:func:`play_lockstep` with one threshold (or one knock schedule: ``drop``, ``floor``) for every seat; returns the lives each seat loses, ``(R, seats)``.
    ``top``: the discard pile's top card when ``discard`` (the whole pile) is not given."""
    pile: Sequence[int] = discard if len(discard) or top is None else (top,)
    return play_lockstep(rules, hands, stock, center, out, current=current, dealer=dealer, turns=turns,
                         played=played, passes=passes, thresholds=threshold, patience=patience, drop=drop,
                         floor=floor, first_move=first_move, discard=pile, knocker=knocker, rng=rng, reasons=False).losses

