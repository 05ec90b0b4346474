"""Thousands of play-outs of one situation at once, in NumPy: the engine behind :func:`~thirtyone.analysis.knock_advice`.

Every play-out of a situation has the same turn order: the same seats play in the same order
until a play-out ends, so they can be played in lockstep, one seat at a time, with array
look-ups in flat tables (``table[a * 2704 + b * 52 + c]``) instead of one Python dictionary
look-up per hand. The decisions are exactly those of :class:`~thirtyone.rollout.Playout`
(greedy draws, throws and swaps; knocking at a threshold or after ``patience`` orbits; 31 and Fire
at once; everyone passing), and every finished play-out is judged by the game's own
:func:`~thirtyone.game.judge`. A play-out that would need more stock than it was dealt (a
reshuffle, decision 17) is handed to :class:`~thirtyone.rollout.Playout` whole. A test checks that
both give the same result, play-out by play-out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np

from .cards import ALL_CARDS, RANK_VALUES, Card
from .game import Action, judge, knock_allowed
from .rollout import Playout
from .rules import Rules
from .scoring import hand_table_blocks, option_triples, rank_table

__all__ = ["run_lockstep", "imagine_many", "shuffle_rows"]

_POINTS = np.array([RANK_VALUES[c >> 2] for c in range(52)], dtype=np.float64)
_HOW = {1: "knock", 2: "31", 3: "fire", 4: "all_pass", 5: "empty_stock"}
# the hands left after giving or throwing card i of four (a, b, c, d), in the game's order
_KEPT = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])


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


def _ix(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a * 2704 + b * 52 + c


def flat_keep(rules: Rules) -> np.ndarray:
    """The rule set's keep table (:func:`~thirtyone.policy.keep_table`) as a flat array."""
    return _flat(rules.three_of_a_kind, rules.three_aces)[1]


def shuffle_rows(cards: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each row in its own random order."""
    return np.take_along_axis(cards, np.argsort(rng.random(cards.shape), axis=1), axis=1)


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


def run_lockstep(rules: Rules, hands: np.ndarray, stock: np.ndarray, top: int | None, center: np.ndarray | None,
                 out: Sequence[bool], *, current: int, dealer: int, turns: int, played: Sequence[bool],
                 passes: int, threshold: float, patience: int, first_move: str | Action | None = None,
                 discard: Sequence[Card] = (), knocker: int | None = None) -> np.ndarray:
    """Play ``R`` play-outs of one round at once; returns the lives each seat loses, shape ``(R, seats)``.

    ``hands``: ``(R, seats, 3)`` cards (rows of seats that are out are ignored); ``stock``: ``(R, S)``,
    top card first; ``top``: the discard pile's top card (draw family); ``center``: ``(R, 3)``
    (commerce). Nobody has knocked yet and it is ``current``'s turn (phase ``turn``); ``first_move``
    forces their first decision as in :meth:`Playout.run`. ``discard``: the whole discard pile, for
    the play-outs handed to :class:`Playout`.
    """
    R, n, _ = hands.shape
    values, keeps = _flat(rules.three_of_a_kind, rules.three_aces)
    H = hands.astype(np.int64)
    ST = stock.astype(np.int64)
    S = ST.shape[1]
    ptr = np.zeros(R, dtype=np.int64)
    rows = np.arange(R)
    commerce = rules.family == "commerce"
    C = center.astype(np.int64).copy() if center is not None else np.zeros((R, 3), dtype=np.int64)
    T = np.full(R, -1 if top is None else top, dtype=np.int64)
    knocked = knocker
    KN = np.full(R, -1 if knocked is None else knocked, dtype=np.int64)
    psv = np.full(R, passes, dtype=np.int64)
    done = np.zeros(R, dtype=bool)
    overflow = np.zeros(R, dtype=bool)
    how = np.zeros(R, dtype=np.int64)
    holder = np.full(R, -1, dtype=np.int64)
    active = [s for s in range(n) if not out[s]]
    n_active = len(active)
    nxt = {s: active[(active.index(s) + 1) % n_active] for s in active}
    key = math.inf if math.isinf(threshold) else math.ceil(threshold * 2) / 2 - 0.1875  # see Playout
    patience_turns = patience * n_active
    seen = list(played)
    t = turns
    p = current
    forced: str | Action | None = first_move
    if isinstance(forced, Action) and forced.kind != "swap":
        forced = forced.kind
    draw_taken = bool(rules.discard_taken)
    for _step in range(10_000):
        live = ~done
        if not live.any():
            break
        a, b, c = H[:, p, 0], H[:, p, 1], H[:, p, 2]
        here = _ix(a, b, c)
        if forced == "knock":
            knocks = live & (KN < 0)
        elif forced is None and knock_allowed(rules.first_knock, t, seen[p], p == dealer, n_active):
            want = (values[here] >= threshold) if commerce else (keeps[here] >= key)
            knocks = live & (KN < 0) & (want | (t >= patience_turns))
        else:
            knocks = np.zeros(R, dtype=bool)
        KN[knocks] = p
        psv[knocks] = 0
        moving = live & ~knocks
        ended = np.zeros(R, dtype=bool)
        changed: np.ndarray
        if commerce:
            vals = values[here]
            cand = np.stack([values[_ix(C[:, j], b, c)] for j in range(3)]
                            + [values[_ix(a, C[:, j], c)] for j in range(3)]
                            + [values[_ix(a, b, C[:, j])] for j in range(3)], axis=1)
            worth = np.repeat(np.stack([_POINTS[a], _POINTS[b], _POINTS[c]], axis=1), 3, axis=1)
            pick = np.argmax(cand * 100 - worth, axis=1)  # best value, then the cheapest card given
            best = cand[rows, pick]
            if rules.allow_swap_all:
                v_all = values[_ix(C[:, 0], C[:, 1], C[:, 2])]
                swap_all = v_all > best
                best = np.where(swap_all, v_all, best)
            else:
                swap_all = np.zeros(R, dtype=bool)
            if isinstance(forced, Action):  # a forced swap (give, take)
                give_card, take_card = forced.cards
                gi = [int(x) for x in H[0, p]].index(give_card)
                tj = [int(x) for x in C[0]].index(take_card)
                pick = np.full(R, gi * 3 + tj)
                swap_all = np.zeros(R, dtype=bool)
                passing = np.zeros(R, dtype=bool)
            elif forced == "pass":
                passing = moving.copy()
            elif forced == "swap all":
                swap_all = moving.copy()
                passing = np.zeros(R, dtype=bool)
            else:
                passing = moving & (best <= vals) & bool(rules.allow_pass)
            passing &= moving
            swapping = moving & ~passing
            # passing: the count, everyone passing (decision 16)
            counted = passing & (KN < 0)
            psv[counted] += 1
            all_pass = counted & (psv >= n_active)
            if all_pass.any():
                if rules.all_pass == "showdown":
                    how[all_pass] = 4
                    ended |= all_pass
                else:
                    short = all_pass & (ptr + 3 > S)  # no new center to lay (decision 5)
                    how[short] = 5
                    ended |= short
                    lay = all_pass & ~short
                    for j in range(3):
                        C[lay, j] = ST[lay, ptr[lay] + j]
                    ptr[lay] += 3
                    psv[lay] = 0
            # swapping one card, or all three
            one = swapping & ~swap_all
            gi, tj = pick // 3, pick % 3
            if one.any():
                r1 = rows[one]
                given = H[r1, p, gi[one]].copy()
                H[r1, p, gi[one]] = C[r1, tj[one]]
                C[r1, tj[one]] = given
            every = swapping & swap_all
            if every.any():
                old = H[every, p, :].copy()
                H[every, p, :] = C[every]
                C[every] = old
            psv[swapping] = 0
            changed = swapping
        else:
            top_now = T
            take = np.zeros(R, dtype=bool)
            has_top = top_now >= 0
            tt = np.where(has_top, top_now, 0)
            ka, kb, kc = keeps[_ix(tt, b, c)], keeps[_ix(a, tt, c)], keeps[_ix(a, b, tt)]
            now = keeps[here]
            if forced == "draw discard":
                take = moving & has_top
            elif forced is None:
                take = moving & has_top & ((ka > now + 0.25) | (kb > now + 0.25) | (kc > now + 0.25))
            drawing = moving & ~take
            need = drawing & (ptr >= S)
            overflow |= need
            drawing &= ~need
            dd = np.where(take, tt, ST[rows, np.minimum(ptr, S - 1)])
            ptr[drawing] += 1
            moved = take | drawing
            kd = keeps[_ix(a, b, c)]
            ka = np.where(take, ka, keeps[_ix(b, c, dd)])
            kb = np.where(take, kb, keeps[_ix(a, c, dd)])
            kc = np.where(take, kc, keeps[_ix(a, b, dd)])
            four = np.stack([a, b, c, dd], axis=1)
            q = np.stack([ka, kb, kc, kd], axis=1) - _POINTS[four] * 0.001
            if not draw_taken:
                q[take, 3] = -1e9  # the card just taken may not be thrown back
            throw = np.argmax(q, axis=1)
            kept = four[rows[:, None], _KEPT[throw]]
            H[moved, p, :] = kept[moved]
            T = np.where(moved, four[rows, throw], T)
            changed = moved
        # 31 and Fire after a draw and throw, or a swap (decision 14)
        changed = changed & ~ended & ~overflow
        if changed.any():
            h0, h1, h2 = H[:, p, 0], H[:, p, 1], H[:, p, 2]
            hv = values[_ix(h0, h1, h2)]
            is_fire = changed & (h0 >> 2 == 12) & (h1 >> 2 == 12) & (h2 >> 2 == 12) if rules.fire else changed & False
            is_31 = changed & ~is_fire & (hv == 31)
            how[is_fire] = 3
            how[is_31] = 2
            holder[is_fire | is_31] = p
            ended |= is_fire | is_31
        done |= ended | overflow
        t += 1
        seen[p] = True
        forced = None
        p = nxt[p]
        closing = ~done & (KN == p)
        how[closing] = 1
        done |= closing
    losses = np.zeros((R, n), dtype=np.int64)
    table = rank_table(rules)
    for r in np.flatnonzero(done & ~overflow):
        scores = [None if out[s] else table[(int(H[r, s, 0]), int(H[r, s, 1]), int(H[r, s, 2]))] for s in range(n)]
        k = int(KN[r])
        holders = (int(holder[r]),) if holder[r] >= 0 else ()
        losses[r] = judge(rules, scores, None if k < 0 else k, _HOW[int(how[r])], holders)[2]
    for r in np.flatnonzero(overflow):  # the stock ran out: the reference play-out reshuffles
        po = Playout(rules, [None if out[s] else [ALL_CARDS[x] for x in hands[r, s]] for s in range(n)],
                     [ALL_CARDS[x] for x in stock[r]], discard,
                     [ALL_CARDS[x] for x in center[r]] if center is not None else (),
                     current=current, dealer=dealer, turns=turns, played=played, passes=passes,
                     thresholds=threshold, patience=patience, knocker=knocked)
        losses[r] = po.run(first_move)
    return losses
