"""The one simulation engine beside the reference :class:`~thirtyone.game.State`: many play-outs of a round at
once, in NumPy. Every study runs on it: :func:`~thirtyone.analysis.knock_advice`, the knock-timing tables
(:func:`~thirtyone.analysis.knock_survival`, :func:`~thirtyone.analysis.deal_study`), the threshold
tournament, the expert bot's and the coach's roll-outs.

Every play-out of one call has the same turn order: the same seats play in the same order until a play-out
ends, so they are played in lockstep, one seat at a time, with array look-ups in flat tables
(``table[a * 2704 + b * 52 + c]``) instead of one Python look-up per hand; play-outs that have ended are
dropped from the arrays, so each step costs only what is still being played. The decisions are those of
:mod:`thirtyone.policy` (greedy draws, throws and swaps; knocking at a threshold, or after ``patience`` orbits;
31 and Fire at once; everyone passing), per seat and even per play-out (:func:`play_lockstep`'s
``thresholds``); a seat may instead play random moves (never knocking), or knock at its first turn once a
number of turns have been played (``knock_at``). An empty stock is rebuilt from the discard pile but its top
card, inside the engine (docs/rules.md, decisions 5 and 17). The end of every play-out is judged at once by
:func:`judge_many`, the array form of :func:`thirtyone.game.judge` (the loss reason as a :class:`Reason`
code). ``tests/test_conformance.py`` checks, play-out by play-out, that it ends every round as the reference
``State`` does, over every preset and every option.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

import numpy as np

from .cards import RANK_VALUES, Card, deck
from .game import Action, knock_allowed
from .rules import Rules
from .scoring import hand_table_blocks, option_triples

__all__ = ["run_lockstep", "play_lockstep", "Outcome", "Reason", "How", "judge_many", "deal_many",
           "imagine_many", "shuffle_rows", "flat_keep", "flat_values"]

_POINTS = np.array([RANK_VALUES[c >> 2] for c in range(52)], dtype=np.float64)
_COST = _POINTS * 0.001  # among equally good throws, the cheaper card goes (policy.best_discard)


class How(IntEnum):
    """How a play-out ended (the ``how`` of :func:`thirtyone.game.judge`)."""

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


class Reason(IntEnum):
    """Why a seat lost its life (or lives), as :func:`thirtyone.game.judge` words it; ``NONE``: it lost none."""

    NONE = 0
    FIRE = 1
    """another player showed three aces (Feuer)"""
    FIRE_BEATS_31 = 2
    """three aces (Feuer) beat even a 31"""
    OTHER_31 = 3
    """another player showed 31"""
    UNDER_21 = 4
    """its hand is under 21"""
    TIED_LOWEST = 5
    """tied for the lowest hand"""
    LOWEST = 6
    """the lowest hand, alone at its value"""
    KNOCKER_WINS_TIE = 7
    """the lowest hand: tied with the knocker, who wins ties"""
    TIE_BROKEN = 8
    """the lowest hand: the tie is broken by suit or rank"""


@cache
def _flat(toak: float | None, aces: int | None) -> tuple[np.ndarray, np.ndarray]:
    """The value and keep tables as flat arrays indexed by ``a * 2704 + b * 52 + c``: -1 and -1e9 where two
    cards are the same. Read straight from the shipped table's bytes (see :func:`~thirtyone.scoring.hand_table_blocks`)."""
    doubled, extra = (np.frombuffer(block, dtype=np.uint8) for block in hand_table_blocks())
    missing = doubled == 255
    values = np.where(missing, -1.0, doubled / 2)
    keeps = np.where(missing, -1e9, values - (extra >> 4) / 16)
    for (a, b, c), v, _tb in option_triples(toak, aces):
        i = a * 2704 + b * 52 + c
        values[i] = v
        keeps[i] = v - 3 / 16  # a triple holds three suits (policy.keep_table)
    return values, keeps


@cache
def _flat_ranks(toak: float | None, aces: int | None) -> np.ndarray:
    """The showdown key of every ordered hand, as :func:`~thirtyone.scoring.rank_table` ranks it: value
    doubled × 32 + tie-break, so one integer compares value first, then the tie-break."""
    doubled, extra = (np.frombuffer(block, dtype=np.uint8) for block in hand_table_blocks())
    ranks = doubled.astype(np.int64) * 32 + (extra & 15)
    for (a, b, c), v, tb in option_triples(toak, aces):
        ranks[a * 2704 + b * 52 + c] = int(v * 2) * 32 + tb
    return ranks


def _ix(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a * 2704 + b * 52 + c


def flat_keep(rules: Rules) -> np.ndarray:
    """The rule set's keep table (:func:`~thirtyone.policy.keep_table`) as a flat array."""
    return _flat(rules.three_of_a_kind, rules.three_aces)[1]


def flat_values(rules: Rules) -> np.ndarray:
    """The rule set's value table (:func:`~thirtyone.scoring.value_table`) as a flat array."""
    return _flat(rules.three_of_a_kind, rules.three_aces)[0]


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
    """:func:`thirtyone.game.judge` for many ends of a round at once: ``(lives lost (R, n), Reason codes (R, n))``.

    ``ranks``: each seat's showdown key, value doubled × 32 + tie-break (:func:`_flat_ranks`), shape
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
    fire = how == How.FIRE
    if fire.any():
        hit = fire[:, None] & act & ~is_holder
        losses[hit] = 1
        why_lost[hit] = np.where(is31, Reason.FIRE_BEATS_31, Reason.FIRE)[hit]
    if rules.instant_31 == "others_lose":
        other = how == How.THIRTY_ONE
        if other.any():
            hit = other[:, None] & act & ~is_holder & ~is31
            losses[hit] = 1
            why_lost[hit] = Reason.OTHER_31
        showdown = ~fire & ~other
    else:
        showdown = ~fire
    if not showdown.any():
        return losses, why_lost
    is_knocker = seats[None, :] == knocker[:, None]
    bonus = bool(rules.knocker_wins_ties)
    key = (doubled * 2 + (is_knocker & bonus)) * 16 + ((ranks & 31) if rules.ties == "tiebreak" else 0)
    big = np.int64(1) << 40
    high = np.where(act, key, -1).max(axis=1)
    low = np.where(act, key, big).min(axis=1)
    tops = act & (key == high[:, None])
    winner = tops & (tops.sum(axis=1) == 1)[:, None]
    lowest = act & (key == low[:, None])
    n_lowest = lowest.sum(axis=1)
    if rules.loser == "under_21":
        under = act & (doubled < 42)
        losers = np.where(np.any(under, axis=1)[:, None], under, lowest)
    else:
        under = np.zeros((R, n), dtype=bool)
        losers = lowest
    losers = losers & showdown[:, None] & ~winner & ~is_holder & ~is31
    if not losers.any():
        return losses, why_lost
    lost = np.ones((R, n), dtype=np.int64)
    if rules.knocker_lowest == "two_lives":
        lost = np.where(is_knocker & lowest, 2, lost)
    elif rules.knocker_lowest == "two_if_sole":
        lost = np.where(is_knocker & lowest & (n_lowest == 1)[:, None], 2, lost)
    losses = np.where(losers, lost, losses)
    if not reasons:
        return losses, why_lost
    # the reason, as judge words it
    same_value = (act[:, :, None] & act[:, None, :] & (doubled[:, :, None] == doubled[:, None, :])).sum(axis=2) > 1
    why = np.full((R, n), int(Reason.TIE_BROKEN))
    if bonus:
        kv = np.take_along_axis(doubled, np.maximum(knocker, 0)[:, None], axis=1)
        why = np.where((knocker >= 0)[:, None] & ~is_knocker & (kv == doubled), Reason.KNOCKER_WINS_TIE, why)
    why = np.where(~same_value, Reason.LOWEST, why)
    why = np.where((n_lowest > 1)[:, None], Reason.TIED_LOWEST, why)
    why = np.where(under, Reason.UNDER_21, why)
    return losses, np.where(losers, why, why_lost)


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


Move = str | Action | None


def _forced_masks(first_move: Move | Sequence[Move], R: int) -> dict[str, np.ndarray] | None:
    """Each kind of forced first move as a row mask (``swap``: with ``give`` and ``take`` cards per row);
    ``None`` when nothing is forced."""
    single = first_move is None or isinstance(first_move, (str, Action))
    moves = [first_move] if single else list(first_move)  # type: ignore[arg-type]
    if not single and len(moves) != R:
        raise ValueError(f"first_move must be one move or one per play-out ({R}), not {len(moves)}")
    kinds = [m.kind if isinstance(m, Action) else m for m in moves]
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
        if isinstance(m, Action) and m.kind == "swap":
            give[i], take[i] = int(m.cards[0]), int(m.cards[1])
    arr = np.array(kinds, dtype=object)
    out = {k: np.broadcast_to(arr == k, (R,)) for k in allowed}
    out["free"] = np.broadcast_to(np.array([k is None for k in kinds]), (R,))
    out["give"], out["take"] = np.broadcast_to(give, (R,)), np.broadcast_to(take, (R,))
    return out


def play_lockstep(rules: Rules, hands: np.ndarray, stock: np.ndarray, center: np.ndarray | None = None,
                  out: Sequence[bool] | None = None, *, current: int, dealer: int, turns: int = 0,
                  played: Sequence[bool] | None = None, passes: int = 0,
                  thresholds: float | Sequence[float] | np.ndarray = 27.0, patience: int | Sequence[int] = 4,
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
    number, one per seat, or ``(R, n)``; ``patience``: or once every player still in has had this many
    turns (one number or one per seat). ``first_move`` forces ``current``'s first decision, one for all or
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
    """
    R, n, _ = hands.shape
    gen = rng if rng is not None else np.random.default_rng(0)
    out = tuple(out) if out is not None else (False,) * n
    values, keeps = _flat(rules.three_of_a_kind, rules.three_aces)
    commerce = rules.family == "commerce"
    active = [s for s in range(n) if not out[s]]
    n_active = len(active)
    nxt = {s: active[(active.index(s) + 1) % n_active] for s in active}

    # per-play-out state, kept only for the play-outs still going (idx: their rows in the result)
    idx = np.arange(R)
    H = hands.astype(np.int64).copy()
    ST = stock.astype(np.int64).copy()  # widened only if a rebuilt stock needs more room
    if ST.shape[1] == 0:
        ST = np.zeros((R, 1), dtype=np.int64)
    slen = np.full(R, stock.shape[1], dtype=np.int64)
    ptr = np.zeros(R, dtype=np.int64)
    pile = np.asarray(discard, dtype=np.int64)
    if pile.ndim == 1:
        pile = np.tile(pile, (R, 1))
    P = np.zeros((R, pile.shape[1] + 16), dtype=np.int64)  # widened as the pile grows
    P[:, :pile.shape[1]] = pile
    plen = np.full(R, pile.shape[1], dtype=np.int64)
    C = center.astype(np.int64).copy() if center is not None else np.zeros((R, 3), dtype=np.int64)
    KN = np.full(R, -1 if knocker is None else knocker, dtype=np.int64)
    KV = np.full(R, np.nan)
    psv = np.full(R, passes, dtype=np.int64)
    shuffles = np.zeros(R, dtype=np.int64)
    th = np.asarray(thresholds, dtype=np.float64)
    per_row = th.ndim == 2  # thresholds per play-out and seat; else one per seat, looked up as numbers
    TH = th.astype(np.float64).copy() if per_row else np.zeros((R, 0))
    seat_th = [float(x) for x in np.broadcast_to(th, (n,))] if not per_row else []
    if not commerce:  # as keep keys: the value reached (a multiple of 0.5) less the most suits' share
        TH = np.ceil(TH * 2) / 2 - 3 / 16
        seat_th = [math.ceil(x * 2) / 2 - 3 / 16 if math.isfinite(x) else x for x in seat_th]
    pat = [int(patience)] * n if isinstance(patience, (int, np.integer)) else [int(x) for x in patience]
    rs = np.asarray(random_seats)
    if rs.ndim == 2:
        RND = rs.astype(bool).copy()
    else:
        RND = np.zeros((R, n), dtype=bool)
        RND[:, [int(s) for s in rs]] = True
    randoms = bool(RND.any())
    KA: np.ndarray | None = None
    KT: np.ndarray | None = None
    if current not in nxt:
        raise ValueError(f"current must be a seat still in, one of {active}, not {current!r}")
    if knock_at is not None:
        KA = np.broadcast_to(np.asarray(knock_at[0], dtype=np.int64), (R,)).copy()
        if not np.isin(KA, active).all():
            raise ValueError(f"knock_at's seat must be a seat still in, one of {active} (0 deals), "
                             f"not {sorted(set(KA.tolist()) - set(active))}")
        KT = np.broadcast_to(np.asarray(knock_at[1], dtype=np.int64), (R,)).copy()
        TH[:] = np.inf
        seat_th = [math.inf] * n
        pat = [10**9] * n
    forced = _forced_masks(first_move, R)

    # the results, by original row
    res_H = hands.astype(np.int64).copy()
    res_how = np.zeros(R, dtype=np.int64)
    res_KN = np.full(R, -1, dtype=np.int64)
    res_KV = np.full(R, np.nan)
    res_holder = np.full(R, -1, dtype=np.int64)

    seen = list(played) if played is not None else [False] * n
    t = turns
    p = current
    draw_taken = bool(rules.discard_taken)
    how = np.zeros(R, dtype=np.int64)  # 0 while a play-out goes on
    holder = np.full(R, -1, dtype=np.int64)
    dealt_31 = np.zeros((R, n), dtype=bool)
    if deal:
        on = np.array([not o for o in out])
        if rules.fire:
            fire = ((H >> 2) == 12).all(axis=2) & on
            how[fire.any(axis=1)] = How.FIRE
            holder = np.where(fire.any(axis=1), np.argmax(fire, axis=1), holder)
        dealt_31 = (values[_ix(H[:, :, 0], H[:, :, 1], H[:, :, 2])] == 31) & on & (how == 0)[:, None]
        thirty_one = dealt_31.any(axis=1)
        how[thirty_one] = How.THIRTY_ONE
        holder = np.where(thirty_one, np.argmax(dealt_31, axis=1), holder)
        ended = how > 0
        res_how[ended], res_holder[ended] = how[ended], holder[ended]
    rows = np.arange(R)
    for _step in range(100_000):
        m = len(idx)
        live = how == 0
        if not live.any():
            break
        if not commerce:  # decision 17: an empty stock is rebuilt as the turn starts, or the round ends
            empty = live & (ptr >= slen)
            if empty.any():
                how[empty & (plen <= 1)] = How.EMPTY_STOCK
                rebuilt = empty & (plen > 1)
                if rebuilt.any() and int(plen[rebuilt].max()) - 1 > ST.shape[1]:
                    ST = np.concatenate([ST, np.zeros((m, int(plen.max()) - ST.shape[1]), dtype=np.int64)], axis=1)
                for r in np.flatnonzero(rebuilt):
                    cards = P[r, :plen[r] - 1].copy()
                    order = (gen.permutation(cards) if reshuffle is None
                             else np.asarray(reshuffle(int(idx[r]), int(shuffles[r]), cards), dtype=np.int64))
                    ST[r, :len(order)] = order
                    slen[r], ptr[r] = len(order), 0
                    P[r, 0] = P[r, plen[r] - 1]
                    plen[r] = 1
                    shuffles[r] += 1
                live = how == 0
        hp = H[:, p, :]
        a, b, c = hp[:, 0], hp[:, 1], hp[:, 2]
        a2, b1 = a * 2704, b * 52
        here = a2 + b1 + c
        # the draw family decides by keep keys (value - suits / 16): a hand reaches a threshold when its key
        # reaches the threshold's key (the next multiple of 0.5, less 3/16), so one look-up serves both
        vals = keeps[here] if not commerce else values[here]
        rnd = RND[:, p]
        any_rnd = randoms and bool(rnd.any())
        # knocks
        may = live & (KN < 0)
        if any_rnd:
            may &= ~rnd
        if KA is not None:
            assert KT is not None
            knocks = may & (KA == p) & (t >= KT)
        elif knock_allowed(rules.first_knock, t, seen[p], p == dealer, n_active):
            if t >= pat[p] * n_active:
                knocks = may
            else:
                knocks = may & (vals >= (TH[:, p] if per_row else seat_th[p]))  # keys in the draw family
        else:
            knocks = np.zeros(m, dtype=bool)
        if forced is not None:
            knocks = (knocks & forced["free"]) | (live & (KN < 0) & forced["knock"])
        if knocks.any():
            KN[knocks] = p
            KV[knocks] = values[here[knocks]]
            psv[knocks] = 0
        moving = live & ~knocks
        is_31 = is_fire = None
        if moving.any():  # (nobody moves when every play-out knocks)
            if commerce:
                c0, c1, c2 = C[:, 0], C[:, 1], C[:, 2]
                cand = np.stack([values[c0 * 2704 + b1 + c], values[c1 * 2704 + b1 + c], values[c2 * 2704 + b1 + c],
                                 values[a2 + c0 * 52 + c], values[a2 + c1 * 52 + c], values[a2 + c2 * 52 + c],
                                 values[a2 + b1 + c0], values[a2 + b1 + c1], values[a2 + b1 + c2]], axis=1)
                worth = _POINTS[hp][:, [0, 0, 0, 1, 1, 1, 2, 2, 2]]
                pick = np.argmax(cand * 100 - worth, axis=1)  # best value, then the cheapest card given
                best = cand[rows, pick]
                if rules.allow_swap_all:
                    v_all = values[_ix(c0, c1, c2)]
                    swap_all = v_all > best
                    best = np.where(swap_all, v_all, best)
                else:
                    swap_all = np.zeros(m, dtype=bool)
                passing = (best <= vals) if rules.allow_pass else np.zeros(m, dtype=bool)
                if any_rnd:  # a random player swaps a random card for a random center card
                    passing &= ~rnd
                    swap_all &= ~rnd
                    pick = np.where(rnd, gen.integers(0, 9, m), pick)
                if forced is not None:
                    free = forced["free"]
                    fs = forced["swap"]
                    if fs.any():
                        gi = np.argmax(hp == forced["give"][:, None], axis=1)
                        tj = np.argmax(C == forced["take"][:, None], axis=1)
                        pick = np.where(fs, gi * 3 + tj, pick)
                    passing = (passing & free) | forced["pass"]
                    swap_all = (swap_all & free) | forced["swap all"]
                passing &= moving
                swapping = moving & ~passing
                # passing: the count, everyone passing (decision 16)
                counted = passing & (KN < 0)
                psv += counted
                all_pass = counted & (psv >= n_active)
                if all_pass.any():
                    if rules.all_pass == "showdown":
                        how[all_pass] = How.ALL_PASS
                    else:
                        short = all_pass & (ptr + 3 > slen)  # no new center to lay (decision 5)
                        how[short] = How.EMPTY_STOCK
                        lay = all_pass & ~short
                        for j in range(3):
                            C[lay, j] = ST[lay, ptr[lay] + j]
                        ptr[lay] += 3
                        psv[lay] = 0
                one = swapping & ~swap_all
                if one.any():
                    gi, tj = pick // 3, pick % 3
                    r1 = rows[one]
                    given = H[r1, p, gi[one]]
                    H[r1, p, gi[one]] = C[r1, tj[one]]
                    C[r1, tj[one]] = given
                every = swapping & swap_all
                if every.any():
                    old = H[every, p, :].copy()
                    H[every, p, :] = C[every]
                    C[every] = old
                psv[swapping] = 0
                changed = swapping
                if changed.any():
                    h = H[:, p, :]
                    hv = values[_ix(h[:, 0], h[:, 1], h[:, 2])]
                    is_fire = (changed & ((h >> 2) == 12).all(axis=1)) if rules.fire else None
                    is_31 = changed & (hv == 31)
                else:
                    is_fire = is_31 = None
            else:
                if int(plen.max()) >= P.shape[1]:  # room for one more card on every pile
                    P = np.concatenate([P, np.zeros((m, 16), dtype=np.int64)], axis=1)
                has_top = plen > 0
                Pf, Sf = P.reshape(-1), ST.reshape(-1)  # flat views: one index per card, no 2-D fancy indexing
                at_top = rows * P.shape[1] + np.maximum(plen - 1, 0)
                tt = Pf[at_top]
                now = keeps[here]
                ka, kb, kc = keeps[tt * 2704 + b1 + c], keeps[a2 + tt * 52 + c], keeps[a2 + b1 + tt]
                take = moving & has_top & (np.maximum(np.maximum(ka, kb), kc) > now + 0.25)
                if any_rnd:
                    take = np.where(rnd, moving & has_top & (gen.random(m) < 0.5), take)
                if forced is not None:
                    take = (take & forced["free"]) | (moving & has_top & forced["draw discard"])
                drawing = moving & ~take
                dd = np.where(take, tt, Sf[rows * ST.shape[1] + np.minimum(ptr, ST.shape[1] - 1)])
                ptr += drawing
                plen -= take
                if not take.all():
                    c52 = c * 52
                    ka = np.where(take, ka, keeps[b * 2704 + c52 + dd])
                    kb = np.where(take, kb, keeps[a2 + c52 + dd])
                    kc = np.where(take, kc, keeps[a2 + b1 + dd])
                K = np.stack([ka, kb, kc, now], axis=1)
                four = np.stack([a, b, c, dd], axis=1)
                q = K - _COST[four]
                if any_rnd:
                    q = np.where(rnd[:, None], gen.random((m, 4)), q)
                if not draw_taken:
                    q[take, 3] = -1e9  # the card just taken may not be thrown back
                throw = np.argmax(q, axis=1)
                # the three kept, in the game's order: throwing card i of (a, b, c, d) keeps the others
                k0 = np.where(throw == 0, b, a)
                k1 = np.where(throw <= 1, c, b)
                k2 = np.where(throw <= 2, dd, c)
                at_throw = rows * 4 + throw
                thrown = four.reshape(-1)[at_throw]
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
                # a kept hand worth 31 is one suit: its keep key is 31 - 1/16 (policy.keep_table)
                is_31 = moving & (K.reshape(-1)[at_throw] == 31 - 1 / 16)
                is_fire = (moving & ((k0 >> 2) == 12) & ((k1 >> 2) == 12) & ((k2 >> 2) == 12)) if rules.fire else None
        # 31 and Fire after a draw and throw, or a swap (decision 14)
        if is_31 is not None:
            if is_fire is not None:
                is_fire &= how == 0
                is_31 &= ~is_fire
                how[is_fire] = How.FIRE
                holder[is_fire] = p
            is_31 &= how == 0
            how[is_31] = How.THIRTY_ONE
            holder[is_31] = p
        t += 1
        seen[p] = True
        forced = None
        p = nxt[p]
        how[(how == 0) & (KN == p)] = How.KNOCK
        ended = live & (how > 0)
        if ended.any():
            gone = idx[ended]
            res_H[gone] = H[ended]
            res_how[gone] = how[ended]
            res_KN[gone] = KN[ended]
            res_KV[gone] = KV[ended]
            res_holder[gone] = holder[ended]
            over = how > 0
            n_over = int(over.sum())
            if n_over == m or n_over * 4 > m:  # drop the ended play-outs from the arrays
                keep = ~over
                idx = idx[keep]
                H, ST, slen, ptr, P, plen, C = H[keep], ST[keep], slen[keep], ptr[keep], P[keep], plen[keep], C[keep]
                KN, KV, psv, shuffles, TH, RND = KN[keep], KV[keep], psv[keep], shuffles[keep], TH[keep], RND[keep]
                how, holder = how[keep], holder[keep]
                rows = np.arange(len(idx))
                if KA is not None and KT is not None:
                    KA, KT = KA[keep], KT[keep]
    if (how == 0).any():  # pragma: no cover - every round ends: patience makes someone knock
        raise RuntimeError("play-outs did not end")
    ranks = _flat_ranks(rules.three_of_a_kind, rules.three_aces)[_ix(res_H[:, :, 0], res_H[:, :, 1], res_H[:, :, 2])]
    holders = (np.arange(n)[None, :] == res_holder[:, None]) | dealt_31
    losses, why = judge_many(rules, ranks, [not o for o in out], res_KN, res_how, holders, reasons)
    return Outcome(losses, why, res_H, res_how, res_KN, res_KV, res_holder)


def run_lockstep(rules: Rules, hands: np.ndarray, stock: np.ndarray, top: int | None, center: np.ndarray | None,
                 out: Sequence[bool], *, current: int, dealer: int, turns: int, played: Sequence[bool],
                 passes: int, threshold: float, patience: int, first_move: Move | Sequence[Move] = None,
                 discard: Sequence[int] = (), knocker: int | None = None,
                 rng: np.random.Generator | None = None) -> np.ndarray:
    """:func:`play_lockstep` with one threshold for every seat; returns the lives each seat loses, ``(R, seats)``.
    ``top``: the discard pile's top card when ``discard`` (the whole pile) is not given."""
    pile: Sequence[int] = discard if len(discard) or top is None else (top,)
    return play_lockstep(rules, hands, stock, center, out, current=current, dealer=dealer, turns=turns,
                         played=played, passes=passes, thresholds=threshold, patience=patience,
                         first_move=first_move, discard=pile, knocker=knocker, rng=rng, reasons=False).losses

