"""The strategy advice of the Scat rule page, measured: small, seeded simulations a lesson can run while it loads.

* :func:`suit_study` — "choose a suit early and throw the rest": a player drawing alone from the
  stock, keeping one suit (the bots' policy) or keeping the highest cards whatever their suit;
  the hand's value after each draw.
* :func:`discard_study` — "watch the discard pile": in rounds played by the bots with the real
  engine, how often a player takes the card thrown just before them, when it is of a suit they
  have already picked up from the pile this round, and when it is not.

Each returns plain counts that can be pooled with a later run (``previous=``), and 95% intervals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import precomputed
from .bots import ThresholdBot
from .cards import RANK_VALUES, Card, deck
from .game import new_game
from .i18n import N_
from .policy import best_discard, keep_table
from .rules import Rules
from .scoring import value_table
from .stats import Z95, wilson

__all__ = ["Mean", "SUIT_POLICIES", "SUIT_POLICY_NAMES", "suit_study", "TakeRate", "discard_study"]


@dataclass(frozen=True)
class Mean:
    """A running mean: count, sum and sum of squares, with a normal 95% interval."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> Mean:
        return Mean(self.n + 1, self.total + x, self.squares + x * x)

    def __add__(self, other: Mean) -> Mean:
        return Mean(self.n + other.n, self.total + other.total, self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else float("nan")

    @property
    def ci(self) -> tuple[float, float]:
        if self.n < 2:
            return (float("nan"), float("nan"))
        var = max(0.0, (self.squares - self.total ** 2 / self.n) / (self.n - 1))
        half = Z95 * math.sqrt(var / self.n)
        return (self.mean - half, self.mean + half)


SUIT_POLICIES = {
    "one suit": N_("one suit: keep the cards of one suit (the bots' choice: the most points, then fewer suits)"),
    "high cards": N_("high cards: keep the three highest cards, whatever their suit"),
}
"""The two ways of throwing compared by :func:`suit_study`, each its short name and what it does, one message (English,
marked for the catalog: a chart's legend says ``_(SUIT_POLICIES[p])``)."""

SUIT_POLICY_NAMES = {"one suit": N_("one suit"), "high cards": N_("high cards")}
"""Each policy's short name as a chart's legend and table show it (``_(SUIT_POLICY_NAMES[p])``); the keys are
the study's identifiers."""


def _throw_low(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (RANK_VALUES[c.rank], c))


def suit_study(rules: Rules | str = "scat", draws: int = 6, deals: int = 1000, seed: int = 0,
               previous: dict[str, list[Mean]] | None = None) -> dict[str, list[Mean]]:
    """The hand's value after 0..``draws`` draws from the stock, for each of :data:`SUIT_POLICIES`.

    Both policies play the same deals and the same draws. Returns ``{policy: [Mean after 0 draws, ...]}``,
    pooled with ``previous`` when given.
    """
    r = Rules.coerce(rules)
    shipped = precomputed.lookup("suit_study", rules=r, draws=draws, deals=deals, seed=seed)
    if shipped is not None:  # lesson 5's first chart: computed once (thirtyone/precomputed.py)
        out = {p: [Mean(**m) for m in shipped[p]] for p in SUIT_POLICIES}
        return {p: [a + b for a, b in zip(out[p], previous[p])] for p in out} if previous else out
    table = value_table(r)
    keep = keep_table(r)
    rng = random.Random(f"suit-study:{seed}")
    cards = list(deck(r.deck))
    sums = {p: [[0, 0.0, 0.0] for _ in range(draws + 1)] for p in SUIT_POLICIES}
    for _ in range(deals):
        rng.shuffle(cards)
        for policy, row in sums.items():
            hand = tuple(cards[:3])
            for t in range(draws + 1):
                if t:
                    four = (*hand, cards[2 + t])
                    thrown = best_discard(keep, four) if policy == "one suit" else _throw_low(four)
                    hand = tuple(c for c in four if c != thrown)
                v = table[hand]
                acc = row[t]
                acc[0] += 1
                acc[1] += v
                acc[2] += v * v
    out = {p: [Mean(int(n), total, sq) for n, total, sq in row] for p, row in sums.items()}
    if previous:
        out = {p: [a + b for a, b in zip(out[p], previous[p])] for p in out}
    return out


@dataclass(frozen=True)
class TakeRate:
    """How often a thrown card was taken by the next player."""

    offered: int = 0
    taken: int = 0

    def __add__(self, other: TakeRate) -> TakeRate:
        return TakeRate(self.offered + other.offered, self.taken + other.taken)

    @property
    def rate(self) -> float:
        return self.taken / self.offered if self.offered else float("nan")

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.taken, self.offered)


def discard_study(rules: Rules | str = "scat", players: int = 4, rounds: int = 60, seed: int = 0,
                  previous: dict[str, TakeRate] | None = None) -> dict[str, TakeRate]:
    """Rounds of draw and discard played by threshold bots with the real engine: each time a player
    may take the card thrown just before them, was it of a suit they had already picked up from the
    pile this round (``"their suit"``) or not (``"another suit"``), and did they take it?

    Everyone at the table can see this: the cards a player picks up from the pile are face up.
    """
    r = Rules.coerce(rules)
    if r.family != "draw":
        raise ValueError("the discard-pile study needs draw-and-discard rules (such as scat)")
    shipped = precomputed.lookup("discard_study", rules=r, players=players, rounds=rounds, seed=seed)
    if shipped is not None:  # lesson 5's first chart: computed once (thirtyone/precomputed.py)
        done = {k: TakeRate(**shipped[k]) for k in ("their suit", "another suit")}
        return {k: done[k] + previous[k] for k in done} if previous else done
    out = {"their suit": TakeRate(), "another suit": TakeRate()}
    one = {True: TakeRate(1, 1), False: TakeRate(1, 0)}
    for i in range(rounds):
        s = new_game(r, players=players, seed=seed * 100_003 + i)
        bots = [ThresholdBot(seed=seed * 100_003 + i * 16 + k) for k in range(players)]
        while s.phase != "over":
            p = s.current_player
            assert p is not None
            view = s.view(p)
            action = bots[p].choose(view)
            thrown_before = s.turns > 0 and s.knocker != (p - 1) % players  # a knocker throws nothing
            if s.phase == "turn" and thrown_before and action.kind in ("draw stock", "draw discard"):
                top = s.discard_pile[-1]
                watcher = s.view((p + 1) % players)  # what anyone else sees p collect
                suits = {c.suit for c in watcher.collected().get(p, ())}
                key = "their suit" if top.suit in suits else "another suit"
                out[key] = out[key] + one[action.kind == "draw discard"]
            s = s.apply(action)
    if previous:
        out = {k: out[k] + previous[k] for k in out}
    return out
