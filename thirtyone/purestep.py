"""The simulations' play-outs in plain Python, one at a time: the same rounds as :mod:`thirtyone.lockstep` plays on
NumPy's arrays, for where NumPy is not there (the course in a browser, :mod:`thirtyone.compute` decides).

:func:`play_pure` takes what :func:`~thirtyone.lockstep.play_lockstep` takes, as lists (a row per play-out), and
plays each play-out turn by turn with the decisions of :mod:`thirtyone.policy` on the same tables (the greedy draw,
throw and swap; knocking at a threshold, fixed or falling, or out of patience when
:func:`~thirtyone.policy.knock_allowed` lets a seat; 31 and Feuer at once; everyone passing; an empty stock rebuilt
from the discard pile but its top card), and judges each end with the game's own :func:`~thirtyone.policy.judge`.
Given the same starts and the same reshuffles it ends every play-out as the lockstep does, and as the game does
(``tests/sim/test_pure_python.py``). Its random moves and reshuffles come from a ``random.Random``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .cards import RANK_VALUES, Card
from .policy import TAKE_MARGIN, THROW_COST, judge, knock_allowed
from .rules import Rules
from .scoring import dealt_score, keep_key, scoring_tables

__all__ = ["PureOutcome", "play_pure", "KNOCK", "THIRTY_ONE", "FIRE", "ALL_PASS", "EMPTY_STOCK", "deal_pure"]

KNOCK, THIRTY_ONE, FIRE, ALL_PASS, EMPTY_STOCK = 1, 2, 3, 4, 5
"""How a play-out ended: the codes of :class:`thirtyone.lockstep.How`."""

_WORDS = {KNOCK: "knock", THIRTY_ONE: "31", FIRE: "fire", ALL_PASS: "all_pass", EMPTY_STOCK: "empty_stock"}
_COST = [RANK_VALUES[c >> 2] * THROW_COST for c in range(52)]
_KEY_31 = keep_key(31, 1)
_FIRST_MOVES = {"knock", "draw stock", "draw discard", "pass", "swap all", "swap"}


@dataclass(frozen=True)
class PureOutcome:
    """How the play-outs ended, a list entry per play-out (the fields of :class:`thirtyone.lockstep.Outcome`)."""

    losses: list[list[int]]
    """Lives each seat loses."""
    reasons: list[list[int]]
    """Why, as :class:`~thirtyone.policy.Reason` codes."""
    hands: list[list[tuple[int, ...]]]
    """The hands at the end."""
    how: list[int]
    """How it ended (:data:`KNOCK` ...)."""
    knocker: list[int]
    """The seat that knocked, -1 for none."""
    knock_value: list[float]
    """The knocker's hand value when they knocked in the play-out (NaN: nobody knocked in it)."""
    holder: list[int]
    """The seat that ended the round with 31 or Feuer, -1 for none."""


def _rows(x: Any) -> bool:
    """Whether ``x`` holds one entry per play-out (a sequence of sequences), not one for all."""
    return isinstance(x, Sequence) and not isinstance(x, str) and len(x) > 0 and isinstance(x[0], Sequence)


def _per_seat(x: Any, n: int) -> list[float]:
    return [float(x)] * n if not isinstance(x, Sequence) else [float(v) for v in x]


def deal_pure(rules: Rules, players: int, count: int, rng: random.Random, deck: Sequence[int]
              ) -> tuple[list[list[tuple[int, ...]]], list[list[int]], list[list[int]] | None, list[list[int]] | None]:
    """:func:`thirtyone.lockstep.deal_many` in plain Python: ``count`` shuffled deals, seat 0 dealing (one card at a
    time from the dealer's left): ``(hands, stocks top first, discard piles or None, centers or None)``."""
    order = [(k + 1) % players for k in range(players)]
    hands, stocks, piles, centers = [], [], [], []
    for _ in range(count):
        cards = list(deck)
        rng.shuffle(cards)
        h: list[tuple[int, ...]] = [()] * players
        for i, seat in enumerate(order):
            h[seat] = (cards[i], cards[i + players], cards[i + 2 * players])
        i = 3 * players
        hands.append(h)
        if rules.family == "commerce":
            centers.append(cards[i:i + 3])
            stocks.append(cards[i + 3:])
        else:
            piles.append(cards[i:i + 1])
            stocks.append(cards[i + 1:])
    if rules.family == "commerce":
        return hands, stocks, None, centers
    return hands, stocks, piles, None


def play_pure(rules: Rules, hands: Sequence[Sequence[Sequence[int]]], stock: Sequence[Sequence[int]],
              center: Sequence[Any] | None = None, out: Sequence[bool] | None = None, *, current: int,
              dealer: int, turns: int = 0, played: Sequence[bool] | None = None, passes: int = 0,
              thresholds: Any = 27.0, patience: int | Sequence[int] = 4, drop: Any = 0.0, floor: Any = 0.0,
              first_move: Any = None, discard: Sequence[Any] = (),
              knocker: int | None = None, knock_at: tuple[Any, Any] | None = None, random_seats: Any = (),
              rng: random.Random | None = None,
              reshuffle: Callable[[int, int, Any], Sequence[int]] | None = None,
              deal: bool = False, reasons: bool = True) -> PureOutcome:
    """:func:`thirtyone.lockstep.play_lockstep` in plain Python: the same arguments, as lists (``hands``: a list per
    play-out of each seat's three cards; ``stock``, ``center``: a list per play-out; ``discard``: one pile for all
    or one per play-out; ``thresholds``, ``drop``, ``floor``: one number, one per seat, or a list per play-out of
    one per seat; ``first_move``: one move or one per play-out; ``knock_at``: ``(seat, turn)``, each one number or
    one per play-out; ``random_seats``: seats, or a list per play-out of a flag per seat). ``rng``: the random
    moves and the rebuilt stocks (``reshuffle(row, count, cards)`` orders those instead). ``reasons`` is accepted
    for the lockstep's sake: the reasons are always worked out (the game's own judge)."""
    R = len(hands)
    n = len(hands[0]) if R else 0
    outs = tuple(out) if out is not None else (False,) * n
    active = [s for s in range(n) if not outs[s]]
    if current not in active:
        raise ValueError(f"current must be a seat still in, one of {active}, not {current!r}")
    nxt = {s: active[(active.index(s) + 1) % len(active)] for s in active}
    single = first_move is None or isinstance(first_move, str) or hasattr(first_move, "kind")  # an Action
    firsts = [first_move] * R if single else list(first_move)
    if len(firsts) != R:
        raise ValueError(f"first_move must be one move or one per play-out ({R}), not {len(firsts)}")
    for m in firsts:
        kind = getattr(m, "kind", m)
        if kind is not None and kind not in _FIRST_MOVES:
            raise ValueError(f"a play-out cannot be forced to start with {kind!r}: allowed are "
                             "knock, draw stock, draw discard, pass, swap all, a swap")
    per_row = any(_rows(x) for x in (thresholds, drop, floor))
    moving = any(v != 0 for row in (drop if _rows(drop) else [_per_seat(drop, n)]) for v in row)
    pats = [int(patience)] * n if isinstance(patience, int) else [int(x) for x in patience]
    if knock_at is not None:
        ks, kt = knock_at
        seats_k = list(ks) if isinstance(ks, Sequence) else [int(ks)] * R
        turns_k = list(kt) if isinstance(kt, Sequence) else [int(kt)] * R
        if any(s not in active for s in seats_k):
            raise ValueError(f"knock_at's seat must be a seat still in, one of {active} (0 deals)")
        pats = [10**9] * n
    mask = _rows(random_seats)
    randoms = [] if mask else [int(s) for s in random_seats]
    pile_rows = _rows(discard)
    game = _Game(rules, n, outs, active, nxt, rng if rng is not None else random.Random(0), reshuffle)
    res = PureOutcome([], [], [], [], [], [], [])
    for r in range(R):
        if per_row:
            sched = [(_per_seat(thresholds[r] if _rows(thresholds) else thresholds, n)),
                     (_per_seat(drop[r] if _rows(drop) else drop, n)),
                     (_per_seat(floor[r] if _rows(floor) else floor, n))]
        else:
            sched = [_per_seat(thresholds, n), _per_seat(drop, n), _per_seat(floor, n)]
        rnd = ({s for s in range(n) if random_seats[r][s]} if mask else set(randoms))
        game.play(r, hands[r], stock[r], list(discard[r] if pile_rows else discard),
                  None if center is None else center[r], knocker, passes, current, dealer, turns,
                  list(played) if played is not None else [False] * n, sched, moving, pats, firsts[r],
                  None if knock_at is None else (seats_k[r], turns_k[r]), rnd, deal, res)
    return res


class _Game:
    """One round at a time: :meth:`play` plays a play-out to its end and appends it to the outcome."""

    def __init__(self, rules: Rules, n: int, out: tuple[bool, ...], active: list[int], nxt: dict[int, int],
                 rng: random.Random, reshuffle: Callable[[int, int, Any], Sequence[int]] | None) -> None:
        tables = scoring_tables(rules)
        self.rules, self.n, self.out, self.nxt, self.rng, self.reshuffle = rules, n, out, nxt, rng, reshuffle
        self.values, self.keeps = tables.values, tables.keeps
        self.n_active = len(active)
        self.commerce = rules.family == "commerce"

    def play(self, row: int, hands: Sequence[Sequence[int]], stock: Sequence[int], pile: list[int],
             center: Sequence[int] | None, knocker: int | None, passes: int, p: int, dealer: int, t: int,
             seen: list[bool], sched: list[list[float]], moving: bool, patience: list[int], forced: Any,
             knock_at: tuple[int, int] | None, rnd: set[int], deal: bool, res: PureOutcome) -> None:
        rules, values, keeps, out, n_active, rng = self.rules, self.values, self.keeps, self.out, self.n_active, self.rng
        H = [tuple(h) if not out[s] else tuple(h) for s, h in enumerate(hands)]
        st = list(stock)
        ptr = 0
        C = list(center) if center is not None else None
        kn = -1 if knocker is None else knocker
        knock_value = math.nan
        how, holder = 0, -1
        dealt_31: list[int] = []
        rebuilds = 0
        start, drop, floor = sched
        if deal:
            on = [s for s in range(self.n) if not out[s]]
            if rules.fire:
                fire = [s for s in on if all(c >> 2 == 12 for c in H[s])]
                if fire:
                    how, holder = FIRE, fire[0]
            if not how:
                dealt_31 = [s for s in on if values[H[s]] == 31]
                if dealt_31:
                    how, holder = THIRTY_ONE, dealt_31[0]
        while not how:
            if not self.commerce and ptr >= len(st):  # decision 17: rebuild the stock, or the round ends
                if len(pile) <= 1:
                    how = EMPTY_STOCK
                    break
                cards = pile[:-1]
                if self.reshuffle is not None:
                    st = [int(c) for c in self.reshuffle(row, rebuilds, cards)]
                else:
                    st = cards[:]
                    rng.shuffle(st)
                ptr = 0
                pile = [pile[-1]]
                rebuilds += 1
            hand = H[p]
            random_seat = p in rnd
            knocks = False
            if kn < 0 and not random_seat:
                if knock_at is not None:
                    knocks = knock_at[0] == p and t >= knock_at[1]
                elif knock_allowed(rules.first_knock, t, seen[p], p == dealer, n_active):
                    if t >= patience[p] * n_active:
                        knocks = True
                    else:
                        now = (max(floor[p], start[p] - drop[p] * (t // n_active)) if moving else start[p])
                        knocks = values[hand] >= now
            kind = getattr(forced, "kind", forced)
            if kind is not None:
                knocks = kn < 0 and kind == "knock"
            if knocks:
                kn, knock_value, passes = p, values[hand], 0
            elif self.commerce:
                assert C is not None
                a, b, c = hand
                best_key, best, pick = -math.inf, -1.0, 0
                for gi, give in enumerate(hand):
                    cost = _COST[give]
                    for tj in range(3):
                        x = C[tj]
                        v = values[(x, b, c) if gi == 0 else (a, x, c) if gi == 1 else (a, b, x)]
                        if v - cost > best_key:
                            best_key, best, pick = v - cost, v, gi * 3 + tj
                swap_all = False
                if rules.allow_swap_all:
                    v_all = values[(C[0], C[1], C[2])]
                    if v_all > best:
                        swap_all, best = True, v_all
                passing = bool(rules.allow_pass) and best <= values[hand]
                if random_seat:
                    passing = swap_all = False
                    pick = rng.randrange(9)
                if kind is not None:
                    if kind == "swap":
                        pick = hand.index(forced.cards[0]) * 3 + C.index(forced.cards[1])
                    passing, swap_all = kind == "pass", kind == "swap all"
                if passing:
                    if kn < 0:
                        passes += 1
                        if passes >= n_active:
                            if rules.all_pass == "showdown":
                                how = ALL_PASS
                            elif ptr + 3 > len(st):  # no new center to lay (decision 5)
                                how = EMPTY_STOCK
                            else:
                                C = st[ptr:ptr + 3]
                                ptr += 3
                                passes = 0
                else:
                    if swap_all:
                        H[p], C = (C[0], C[1], C[2]), list(hand)
                    else:
                        gi, tj = divmod(pick, 3)
                        kept = list(hand)
                        kept[gi], C[tj] = C[tj], hand[gi]
                        H[p] = (kept[0], kept[1], kept[2])
                    passes = 0
                    h = H[p]
                    if rules.fire and h[0] >> 2 == 12 and h[1] >> 2 == 12 and h[2] >> 2 == 12:
                        how, holder = FIRE, p
                    elif values[h] == 31:
                        how, holder = THIRTY_ONE, p
            else:
                a, b, c = hand
                now_key = keeps[hand]
                top = pile[-1] if pile else None
                take = False
                if top is not None:
                    ka, kb, kc = keeps[(top, b, c)], keeps[(a, top, c)], keeps[(a, b, top)]
                    take = max(ka, kb, kc) > now_key + TAKE_MARGIN
                    if random_seat:
                        take = rng.random() < 0.5
                    if kind is not None:
                        take = kind == "draw discard"
                if take:
                    assert top is not None
                    d = pile.pop()
                else:
                    d = st[ptr]
                    ptr += 1
                    ka, kb, kc = keeps[(b, c, d)], keeps[(a, c, d)], keeps[(a, b, d)]
                keys = (ka, kb, kc, now_key)
                four = (a, b, c, d)
                if random_seat:
                    q = [rng.random() for _ in range(4)]
                else:
                    q = [keys[i] - _COST[four[i]] for i in range(4)]
                if take and not rules.discard_taken:
                    q[3] = -1e9  # the card just taken may not be thrown back
                throw = q.index(max(q))
                kept3 = ((b, c, d), (a, c, d), (a, b, d), (a, b, c))[throw]
                H[p] = kept3
                pile.append(four[throw])
                if rules.fire and kept3[0] >> 2 == 12 and kept3[1] >> 2 == 12 and kept3[2] >> 2 == 12:
                    how, holder = FIRE, p
                elif keys[throw] == _KEY_31:
                    how, holder = THIRTY_ONE, p
            forced, kind = None, None
            t += 1
            seen[p] = True
            p = self.nxt[p]
            if not how and kn == p:
                how = KNOCK
        scores = [None if out[s] else dealt_score(cast("tuple[Card, ...]", H[s]), rules) for s in range(self.n)]
        holders = tuple(sorted({holder, *dealt_31} - {-1}))
        _w, _l, losses, why = judge(rules, scores, None if kn < 0 else kn, _WORDS[how], holders)
        res.losses.append(losses)
        res.reasons.append([0 if x is None else int(x.reason) for x in why])
        res.hands.append(H)
        res.how.append(how)
        res.knocker.append(kn)
        res.knock_value.append(knock_value)
        res.holder.append(holder)


# -- the studies without NumPy: the same deals and decisions, from a ``random.Random`` ------------------------

def survival_pure(rules: Rules, players: int, seats: Sequence[int], turn: int, opponents: str, deals: int,
                  key: str) -> dict[int, dict[float, tuple[int, int]]]:
    """:func:`thirtyone.analysis.knock_survival`'s cells (``{seat: {value: (knocks, survived)}}``) in plain Python:
    every seat over the same ``deals`` deals, drawn from ``random.Random(key)``."""
    from .cards import deck

    rng = random.Random(key)
    hands, stocks, piles, centers = deal_pure(rules, players, deals, rng, deck(rules.deck))
    out: dict[int, dict[float, tuple[int, int]]] = {}
    for seat in seats:
        knocker = seat % players
        randoms = [s for s in range(players) if s != knocker] if opponents == "random" else []
        res = play_pure(rules, hands, stocks, centers, current=1 % players, dealer=0, thresholds=math.inf,
                        patience=10**6, discard=piles if piles is not None else (), knock_at=(knocker, turn),
                        random_seats=randoms, rng=rng, deal=True)
        cell: dict[float, list[int]] = {}
        for value, lost in zip(res.knock_value, res.losses):
            if not math.isnan(value):
                tally = cell.setdefault(float(value), [0, 0])
                tally[0] += 1
                tally[1] += lost[knocker] == 0
        out[seat] = {v: (k, s) for v, (k, s) in sorted(cell.items())}
    return out


def tournament_pure(rules: Rules, players: int, candidates: Sequence[Any], field: Any, rounds: int, key: str,
                    same_reshuffles: int | None = None) -> list[list[int]]:
    """The lives the candidate's seat lost in each round, per candidate (each a
    :class:`~thirtyone.policy.KnockSchedule`), against a field knocking by ``field`` (one too): the threshold and
    knock-rule tournaments of :mod:`thirtyone.analysis` and :mod:`thirtyone.knockrules` in plain Python. Every
    candidate plays the same deals, drawn from ``random.Random(key)``, its seat moving on round by round as
    theirs does; ``same_reshuffles`` (a seed): every candidate meets the same reshuffles of the same cards too."""
    from .cards import deck

    rng = random.Random(key)
    hands, stocks, piles, centers = deal_pure(rules, players, rounds, rng, deck(rules.deck))
    me = [(1 + r // players) % players for r in range(rounds)]
    reshuffle = None
    if same_reshuffles is not None:
        def reshuffle(row: int, count: int, cards: Sequence[int]) -> list[int]:
            order = sorted(int(c) for c in cards)
            random.Random(f"{same_reshuffles}:{row % rounds}:{count}").shuffle(order)
            return order
    out = []
    for cand in candidates:
        plan = []
        for attr in ("start", "drop", "floor"):
            base = [float(getattr(field, attr))] * players
            rows = []
            for r in range(rounds):
                row = base[:]
                row[me[r]] = float(getattr(cand, attr))
                rows.append(row)
            plan.append(rows)
        res = play_pure(rules, hands, stocks, centers, current=1 % players, dealer=0, thresholds=plan[0],
                        drop=plan[1], floor=plan[2], patience=4, discard=piles if piles is not None else (), rng=rng,
                        reshuffle=reshuffle, deal=True)
        out.append([res.losses[r][me[r]] for r in range(rounds)])
    return out
