"""Reading the table: what the others' moves this round say about their hidden hands, and what their knocks in
earlier rounds say about when they knock (issue 33). The expert bot and the coach play their moves on in worlds
read this way (:class:`TableRead`); the coach shows what it read (:class:`Read`, codes and numbers only).

* **The hand reading.** :func:`~thirtyone.worlds.sample_worlds` deals the unseen cards consistently with the view
  (every world keeps the viewer's hand, the pile, the center and the cards known to be in a hand). Each world is
  then weighted by how likely each other player's moves this round are, had they held that world's hand, under a
  small model of how a player plays (:func:`decisions`): greedy, with a softmax of sharpness :data:`BETA` over the
  hands each choice keeps (what they threw against what they kept; taking the pile's top card or passing it up;
  swapping or passing in the commerce family) and a knock when the hand reaches their threshold (a logistic of
  sharpness :data:`KNOCK_BETA`: not knocking says the hand was below it, knocking that it was not). A player's last
  turn is read exactly (the four cards they threw from are the hand now and the card thrown; the card drawn from
  the stock is one of them); their earlier turns of the draw family against the hand they hold now, each counting
  :data:`AGE_DECAY` less for every later draw from the stock (the hand has changed unseen since). In the commerce
  family every change of a hand is seen, so each move is read against the hand it was made from. The worlds kept
  are drawn from :data:`POOL` times as many by their weights (systematic resampling): a player who took the 9♠ from
  the pile and threw the K♥ is dealt spades; one who passed up a spade on the pile is dealt them seldom.
* **Knock tendency** (:func:`knock_tendencies`): each other player's knocks in the game so far (the showdown shows
  the hand they knocked with, and the hands of those who played on), read as a shift of the intermediate's knock
  schedule (:func:`thirtyone.knockrules.intermediate_schedule`) on a grid (:data:`SHIFTS`, and never knocking),
  from a prior centred on none. A player who never knocks gets a high threshold: in the play-outs they rarely knock.
* **A table that plays on** (:meth:`TableRead.never_priors`): within the round, each other player either knocks by
  their read threshold or never knocks by their hand, and the reading weighs both. A world's weight is the mixture
  of its likelihood either way; a player who passed up chance after chance while the worlds give them hands that
  should have knocked is read, more and more, as one who plays on. A table's players are alike (a class of
  beginners, a field of one public rule), so each player's chance of playing on before their own moves are read is
  taken from everyone else's moves (the share of such players at the table, on the grid :data:`TABLE_SHARES` with
  the prior :data:`TABLE_PRIOR`), or from their earlier rounds when those say more. Once a player's chance of
  playing on, over the worlds, is one half or more, they do not knock by their hand in the play-outs. Against a
  field of Algorithmic31BotV5 with six players (its danger check all but forbids a knock) the expert lost 0.716
  lives a round without this, 0.534 with it (500 deals); the intermediate 0.590, spoole 0.504.
* **The play-outs** (:meth:`TableRead.evaluate`): every other player plays the intermediate's knock schedule shifted
  by their tendency (or never knocks by their hand, as above); the viewer's own later turns play the intermediate's
  schedule at each turn (it may fall as the round goes on), not the threshold of the moment.

Both simulation paths read alike: on NumPy the weights are computed for every world at once; in plain Python
(:func:`thirtyone.compute.use_numpy`) one world at a time, from the same formulas. One generator is passed down.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card
from .compute import use_numpy
from .game import Action, PlayerView
from .knockrules import intermediate_schedule
from .policy import TAKE_MARGIN, knock_allowed, knock_threshold
from .scoring import FIRST, SECOND, scoring_tables
from .worlds import PureWorlds, Worlds, play_on_pure_worlds, play_on_worlds, sample_worlds, sample_worlds_pure

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BETA", "KNOCK_BETA", "AGE_DECAY", "POOL", "POOL_PURE", "ESS_SHARE", "effective_size", "tempered", "SHIFTS", "NEVER", "TABLE_SHARES", "TABLE_PRIOR", "Decision", "decisions", "KnockTendency",
           "knock_tendencies", "OpponentRead", "Read", "TableRead", "read_table"]

BETA = 2.0
"""How sharply a player's draws, throws and swaps follow the hands they keep: a hand one point better is e² times
as likely to be kept (a softmax over the hands each choice keeps)."""
SUIT_WEIGHT = 0.5
"""What each suit in a hand takes off its worth in the reading (the greedy play keeps fewer suits among equals)."""
KNOCK_BETA = 2.0
"""How sharply a knock follows the hand's value against the player's threshold (a logistic, per point)."""
DECLINE_BETA = 1.0
"""The same for a player seen playing on in an earlier round: the hand they showed is a little better than the
one they declined to knock with, so it counts less sharply."""
AGE_DECAY = 0.5
"""How much less an earlier turn of the draw family counts for each later draw from the stock of that player."""
POOL = 3
"""Worlds sampled for each world kept (the kept ones drawn by their weights)."""
ESS_SHARE = 0.2
"""The least effective sample size of the weighted pool, as a share of it: when the weights are more uneven than
that, they are tempered (raised to the largest power below 1 that keeps it, :func:`tempered`) before the worlds are
drawn. Each other player's moves multiply the weights, so without it a table of four keeps about a third of its
worlds distinct, one of six a sixth, and the read predicts the hidden cards worse than no read at all."""
POOL_PURE = 2
"""The same in plain Python, where sampling and weighing a world costs more (a bot's turn in a browser within 1 s)."""
SHIFTS: tuple[float, ...] = tuple(float(x) for x in range(-6, 7))
"""The knock tendencies a player may have: the intermediate's threshold shifted by this much (and never knocking)."""
NEVER = 32.0
"""The threshold of a player who never knocks (no hand is worth it: only patience makes them knock)."""
_PRIOR_NEVER = 0.05


TABLE_SHARES = (0.05, 0.5, 0.95)
"""The shares of a table's players who never knock by their hand, as the reading weighs them
(:meth:`TableRead.never_priors`)."""
TABLE_PRIOR = (0.7, 0.15, 0.15)
"""How likely each of :data:`TABLE_SHARES` is before anything is read. The more it expects a table that plays on,
the sooner the expert sees one, and the more often it misreads a table of intermediates as one. Against
Algorithmic31BotV5 with six players (500 deals) the expert lost 0.570 lives a round with (0.8, 0.1, 0.1), 0.534
with this and 0.432 with (0.5, 0.25, 0.25); against intermediates with six players (1,000 deals), 0.198, 0.199
and 0.205. With this prior, at a table of intermediates with 3 or 4 players, the expert reads a player as one who
plays on at few of its decisions (``tests/sim/test_reading.py``)."""


def _never(turns: int) -> float:
    return NEVER


def _log_mean_exp(xs: Sequence[float]) -> float:
    """``log(mean(exp(xs)))``."""
    top = max(xs)
    return top + math.log(sum(math.exp(x - top) for x in xs) / len(xs))


def _log_add_exp(a: float, b: float) -> float:
    """``log(exp(a) + exp(b))``."""
    return max(a, b) + math.log1p(math.exp(-abs(a - b)))


def _sigmoid_log(z: Any) -> Any:
    """``log(1 / (1 + exp(-z)))``, for a number or an array."""
    if isinstance(z, (int, float)):
        return -math.log1p(math.exp(-z)) if z > -30 else z
    import numpy as np

    return -np.logaddexp(0.0, -z)


def effective_size(log_weights: Sequence[float] | np.ndarray, power: float = 1.0) -> float:
    """The effective sample size ``(Σw)² / Σw²`` of the weights ``exp(power × log_weights)``."""
    if not isinstance(log_weights, (list, tuple)):
        import numpy as np

        lw = np.asarray(log_weights, dtype=float)
        w = np.exp(power * (lw - lw.max()))
        return float(w.sum() ** 2 / (w * w).sum())
    top = max(log_weights)
    ws = [math.exp(power * (x - top)) for x in log_weights]
    return sum(ws) ** 2 / sum(x * x for x in ws)


def tempered(log_weights: Sequence[float] | np.ndarray, share: float = ESS_SHARE) -> float:
    """The power the weights are raised to before the worlds are drawn: 1 when their effective sample size is at
    least ``share`` of their number, else the largest power (to 1/1024) that keeps it so."""
    target = share * len(log_weights)
    if effective_size(log_weights) >= target:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(10):
        mid = (low + high) / 2
        if effective_size(log_weights, mid) >= target:
            low = mid
        else:
            high = mid
    return low


@dataclass(frozen=True)
class Decision:
    """One move another player made this round, as the reading uses it."""

    seat: int
    kind: str
    """``"draw"`` (a turn of the draw family: a draw, then a throw), ``"knock"``, ``"pass"``, ``"swap"`` or
    ``"swap all"``."""
    turns: int
    """Turns played this round before it."""
    may_knock: bool
    """Whether the player could have knocked at that turn (the rules allowed a knock then and nobody had knocked)."""
    top: Card | None = None
    """A draw: the pile's top card before it (``None``: the pile was empty)."""
    took: bool = False
    """A draw: it took the pile's top card."""
    give: Card | None = None
    """A draw: the card thrown; a swap: the card given to the center."""
    take: Card | None = None
    """A swap: the card taken from the center."""
    center: tuple[Card, ...] | None = None
    """Commerce: the center before the move."""


def decisions(view: PlayerView, patience: int | None = None) -> dict[int, list[Decision]]:
    """The moves of each other player still in this round, oldest first, as the viewer saw them. In the commerce
    family only those since the player last took a whole hand (swap all, the center at the first choice).
    ``patience``: a knock counts as possible only until every player still in has had so many turns (``None``, the
    reading's way: however long the round has gone on, for a player who plays on past any bot's patience says so
    too)."""
    r = view.rules
    n = view.players
    active = len(view.active)
    out: dict[int, list[Decision]] = {s: [] for s in view.active if s != view.player}
    pile: list[Card] = []
    center: list[Card] | None = None
    played = [False] * n
    turns = 0
    knocked = False
    pending: dict[int, tuple[Card | None, bool, bool]] = {}

    def may(p: int) -> bool:
        return (not knocked and (patience is None or turns < patience * active)
                and knock_allowed(r.first_knock, turns, played[p], p == view.dealer, active))

    for e in view.round_events():
        k, p = e.kind, e.player
        if k == "first discard":
            pile = list(e.cards)
        elif k == "reshuffle":
            pile = pile[-1:]
        elif k in ("center", "new center"):
            center = list(e.cards)
        elif k in ("draw stock", "draw discard") and p is not None:
            top = pile[-1] if pile else None
            if k == "draw discard" and pile:
                pile.pop()
            pending[p] = (top, k == "draw discard", may(p))
        elif k == "discard" and p is not None:
            pile.append(e.cards[0])
            top, took, could = pending.pop(p, (None, False, False))
            if p in out:
                out[p].append(Decision(p, "draw", turns, could, top, took, e.cards[0]))
            turns, played[p] = turns + 1, True
        elif k == "knock" and p is not None:
            if p in out:
                out[p].append(Decision(p, "knock", turns, may(p), center=tuple(center) if center else None))
            turns, played[p], knocked = turns + 1, True, True
        elif k == "pass" and p is not None:
            if p in out and center is not None:
                out[p].append(Decision(p, "pass", turns, may(p), center=tuple(center)))
            turns, played[p] = turns + 1, True
        elif k == "swap" and p is not None:
            give, take = e.cards
            if p in out and center is not None:
                out[p].append(Decision(p, "swap", turns, may(p), give=give, take=take, center=tuple(center)))
            if center is not None and take in center:
                center[center.index(take)] = give
            turns, played[p] = turns + 1, True
        elif k == "swap all" and p is not None:
            if p in out:
                out[p] = []  # the hand before is all seen: nothing earlier tells of the cards held now
            center = list(e.cards[:3])
            turns, played[p] = turns + 1, True
        elif k == "take center" and p is not None:
            if p in out:
                out[p] = []
            center = list(e.cards)
        elif k == "exchange hand" and p is not None and p in out:
            out[p] = []
    return out


# -- knock tendency --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnockTendency:
    """When another player knocks, as read from the game so far (codes and numbers only)."""

    seat: int
    threshold: float
    """The hand value they are estimated to knock at on their next turn (:data:`NEVER`: no hand is enough)."""
    shift: float
    """The estimated shift of their threshold from the intermediate's (positive: they play on longer)."""
    knocks: int
    """Knocks seen (those patience forced not counted)."""
    declines: int
    """Rounds they were seen playing on though they could have knocked."""
    never: float
    """The estimated chance that no hand makes them knock."""


def _schedule(view_rules: Any, players: int) -> tuple[float, float, float]:
    k = intermediate_schedule(view_rules, max(2, players))
    return k.start, k.drop, k.floor


def knock_tendencies(view: PlayerView, patience: int = 4) -> dict[int, KnockTendency]:
    """Each other player's knock tendency (:class:`KnockTendency`) from the rounds of the game that are over: who
    knocked at which turn with which hand (the showdown shows it), and who could have knocked and played on (read at
    the hand they showed, a little less sharply: :data:`DECLINE_BETA`). Knocks that patience forced say nothing."""
    r = view.rules
    n = view.players
    logs = {s: [0.0] * (len(SHIFTS) + 1) for s in range(n) if s != view.player}
    counts = {s: [0, 0] for s in logs}
    out = [False] * n
    rounds: dict[int, list[Any]] = {}
    for e in view.events:
        rounds.setdefault(e.round, []).append(e)
    for number, events in sorted(rounds.items()):
        active = n - sum(out)
        values = next((e.values for e in events if e.values), None)
        dealer = next((e.player for e in events if e.kind == "deal"), None)
        if values is not None and (number != view.round or view.phase == "over"):
            _read_round(r, events, values, active, dealer, patience, logs, counts)
        for e in events:
            if e.kind == "out" and e.player is not None:
                out[e.player] = True
    start, drop, floor = _schedule(r, len(view.active))
    prior = [-abs(x) / 2 for x in SHIFTS]
    z = math.log(sum(math.exp(x) for x in prior))
    prior = [x - z + math.log(1 - _PRIOR_NEVER) for x in prior] + [math.log(_PRIOR_NEVER)]
    now = knock_threshold(start, drop, floor, view.turns, max(1, len(view.active)))
    result = {}
    for s, ll in logs.items():
        post = [a + b for a, b in zip(prior, ll)]
        m = max(post)
        w = [math.exp(x - m) for x in post]
        total = sum(w)
        w = [x / total for x in w]
        shift = sum(x * d for x, d in zip(w, SHIFTS)) / max(1e-12, 1 - w[-1])
        threshold = sum(x * min(NEVER, now + d) for x, d in zip(w, SHIFTS)) + w[-1] * NEVER
        result[s] = KnockTendency(s, threshold, shift, counts[s][0], counts[s][1], w[-1])
    return result


def _read_round(rules: Any, events: Sequence[Any], values: Sequence[float | None], active: int,
                dealer: int | None, patience: int, logs: dict[int, list[float]], counts: dict[int, list[int]]) -> None:
    """One round that is over, into each seat's log-likelihood of every shift (and never knocking)."""
    start, drop, floor = _schedule(rules, active)
    played: dict[int, bool] = {}
    turns = 0
    knocker = None
    could: dict[int, int] = {}  # seat -> the last turn it could have knocked and did not
    for e in events:
        k, p = e.kind, e.player
        if p is None or k not in ("draw stock", "draw discard", "knock", "pass", "swap", "swap all"):
            continue
        if knocker is None and turns < patience * active and knock_allowed(
                rules.first_knock, turns, played.get(p, False), p == dealer, active):
            if k == "knock":
                knocker = p
                if p in logs and values[p] is not None:
                    _add(logs[p], float(values[p]), start, drop, floor, turns, active, KNOCK_BETA, True)
                    counts[p][0] += 1
            else:
                could[p] = turns
        elif k == "knock":
            knocker = p
        if k != "draw stock" and k != "draw discard":
            turns += 1
            played[p] = True
    for p, t in could.items():
        if p != knocker and p in logs and values[p] is not None:
            _add(logs[p], float(values[p]), start, drop, floor, t, active, DECLINE_BETA, False)  # type: ignore[arg-type]
            counts[p][1] += 1


def _add(ll: list[float], value: float, start: float, drop: float, floor: float, turns: int, active: int,
         beta: float, knocked: bool) -> None:
    base = knock_threshold(start, drop, floor, turns, active)
    for i, d in enumerate((*SHIFTS, None)):
        th = NEVER if d is None else base + d
        z = beta * (value - th + 0.25)
        ll[i] += _sigmoid_log(z) if knocked else _sigmoid_log(-z)


# -- the reading of hands ------------------------------------------------------------------------------------


class _Look:
    """The look-ups of the reading: a hand's worth for the reading (value less :data:`SUIT_WEIGHT` a suit) and its
    value, for three cards each a card code or (NumPy) an array of them."""

    def __init__(self, rules: Any, arrays: bool) -> None:
        tables = scoring_tables(rules)
        self.arrays = arrays
        if arrays:
            import numpy as np

            self.np = np
            self.flat = tables.flat_values
        else:
            self.values = tables.values

    def value(self, a: Any, b: Any, c: Any) -> Any:
        if self.arrays:
            return self.flat[a * FIRST + b * SECOND + c]
        return self.values[(a, b, c)]

    def worth(self, a: Any, b: Any, c: Any) -> Any:
        sa, sb, sc = a & 3, b & 3, c & 3
        if self.arrays:
            suits = 1 + (sa != sb) + ((sc != sa) & (sc != sb))
        else:
            suits = 1 + (sa != sb) + (sc != sa and sc != sb)
        return self.value(a, b, c) - SUIT_WEIGHT * suits

    def choice(self, chosen: Any, options: Sequence[Any]) -> Any:
        """``log`` of the softmax chance of the option worth ``chosen`` among ``options`` (it among them)."""
        if self.arrays:
            np = self.np
            m = options[0]
            for o in options[1:]:
                m = np.maximum(m, o)
            total = sum(np.exp(BETA * (o - m)) for o in options)
            return BETA * (chosen - m) - np.log(total)
        m = max(options)
        return BETA * (chosen - m) - math.log(sum(math.exp(BETA * (o - m)) for o in options))

    def log(self, x: Any) -> Any:
        return self.np.log(x) if self.arrays else math.log(x)

    def exp(self, x: Any) -> Any:
        return self.np.exp(x) if self.arrays else math.exp(x)

    def maximum(self, a: Any, b: Any) -> Any:
        return self.np.maximum(a, b) if self.arrays else max(a, b)


def _replace(hand: Sequence[Any], i: int, card: Any) -> list[Any]:
    h = list(hand)
    h[i] = card
    return h


class _SeatReader:
    """The log-likelihood of one player's moves this round, given the hand they hold now in a world."""

    def __init__(self, view: PlayerView, seat: int, moves: Sequence[Decision], thresholds: Callable[[int], float]
                 ) -> None:
        self.view, self.seat, self.moves = view, seat, list(moves)
        self.known = tuple(view.known[seat])
        self.threshold = thresholds
        self.commerce = view.rules.family == "commerce"
        self.discard_taken = bool(view.rules.discard_taken)
        self.swap_all = bool(view.rules.allow_swap_all)
        self.allow_pass = bool(view.rules.allow_pass)

    def log_likelihood(self, look: _Look, hidden: Sequence[Any]) -> Any:
        """``hidden``: the cards held beside the known ones (numbers, or arrays over worlds)."""
        hand = [*self.known, *hidden]
        if len(hand) != 3 or not self.moves:
            return 0.0
        return self._commerce(look, hand) if self.commerce else self._draw(look, hand)

    @property
    def knock_evidence(self) -> bool:
        """Whether any move read was made where the player could have knocked (then the threshold matters)."""
        return any(d.may_knock for d in self.moves)

    def never_log_likelihood(self, look: _Look, hidden: Sequence[Any]) -> Any:
        """:meth:`log_likelihood` had the player never knocked by their hand (:data:`NEVER`)."""
        kept = self.threshold
        self.threshold = _never
        try:
            return self.log_likelihood(look, hidden)
        finally:
            self.threshold = kept

    def _no_knock(self, look: _Look, hand: Sequence[Any], d: Decision) -> Any:
        if not d.may_knock:
            return 0.0
        return _sigmoid_log(-KNOCK_BETA * (look.value(*hand) - self.threshold(d.turns) + 0.25))

    def _knock(self, look: _Look, hand: Sequence[Any], d: Decision) -> Any:
        if not d.may_knock:
            return 0.0
        return _sigmoid_log(KNOCK_BETA * (look.value(*hand) - self.threshold(d.turns) + 0.25))

    def _throw(self, look: _Look, hand: Sequence[Any], thrown: Card, forbidden: Card | None = None) -> Any:
        """Threw ``thrown`` from ``hand`` and it."""
        kept = look.worth(*hand)
        k = len(self.known)
        options = [kept] + [look.worth(*_replace(hand, i, thrown)) for i in range(3)
                            if i >= k or self.known[i] != forbidden]
        return look.choice(kept, options)

    def _take(self, look: _Look, before: Sequence[Any], top: Card, took: bool) -> Any:
        now = look.worth(*before)
        best = look.worth(*_replace(before, 0, top))
        for i in (1, 2):
            best = look.maximum(best, look.worth(*_replace(before, i, top)))
        z = BETA * (best - now - TAKE_MARGIN)
        return _sigmoid_log(z if took else -z)

    def _draw(self, look: _Look, hand: list[Any]) -> Any:
        ll: Any = 0.0
        moves = self.moves
        last = max((j for j, d in enumerate(moves) if d.kind == "draw"), default=-1)
        later_stock = 0
        for j in range(len(moves) - 1, -1, -1):
            d = moves[j]
            if d.kind == "knock":
                ll = ll + self._knock(look, hand, d)
                continue
            if d.kind != "draw" or d.give is None:
                continue
            x = d.give
            if j == last:
                ll = ll + self._last_draw(look, hand, d, x)
            else:
                ll = ll + (AGE_DECAY ** later_stock) * self._old_draw(look, hand, d, x)
            if not d.took:
                later_stock += 1
        return ll

    def _last_draw(self, look: _Look, hand: list[Any], d: Decision, x: Card) -> Any:
        forbidden = d.top if d.took and not self.discard_taken else None
        ll = self._throw(look, hand, x, forbidden)
        if d.took and d.top is not None:
            if d.top == x:
                before = hand
            elif d.top in self.known:
                before = _replace(hand, self.known.index(d.top), x)
            else:
                return ll
            return ll + self._take(look, before, d.top, True) + self._no_knock(look, before, d)
        # drawn from the stock: the card drawn is the one thrown or one of the hidden cards held now
        befores = [hand] + [_replace(hand, i, x) for i in range(len(self.known), 3)]
        chance: Any = 0.0
        for before in befores:
            part: Any = 0.0
            if d.top is not None:
                part = part + self._take(look, before, d.top, False)
            part = part + self._no_knock(look, before, d)
            chance = chance + look.exp(part)
        return ll + look.log(chance / len(befores))

    def _old_draw(self, look: _Look, hand: list[Any], d: Decision, x: Card) -> Any:
        ll: Any = 0.0
        if x not in self.known:
            ll = self._throw(look, hand, x)
        if d.took and d.top is not None:
            if d.top in self.known and d.top != x:
                ll = ll + self._take(look, _replace(hand, self.known.index(d.top), x), d.top, True)
        elif d.top is not None and d.top not in self.known:
            ll = ll + self._take(look, hand, d.top, False)
        return ll

    def _commerce(self, look: _Look, hand: list[Any]) -> Any:
        ll: Any = 0.0
        cards = list(hand)  # the hand after the move being read; known cards are numbers
        for d in reversed(self.moves):
            if d.kind == "knock":
                ll = ll + self._knock(look, cards, d)
                continue
            if d.center is None:
                continue
            if d.kind == "swap":
                at = next((i for i, c in enumerate(cards) if isinstance(c, int) and c == d.take), None)
                if at is None:
                    break  # the hand cannot be traced further back
                before = _replace(cards, at, d.give)
                ll = ll + self._commerce_move(look, before, d.center, ("swap", d.give, d.take)) + self._no_knock(
                    look, before, d)
                cards = before
            elif d.kind == "pass":
                ll = ll + self._commerce_move(look, cards, d.center, ("pass",)) + self._no_knock(look, cards, d)
        return ll

    def _commerce_move(self, look: _Look, hand: list[Any], center: tuple[Card, ...], move: tuple[Any, ...]) -> Any:
        now = look.value(*hand)
        options = [now + 0.01] if self.allow_pass else []
        chosen = options[0] if move[0] == "pass" and options else None
        for i in range(3):
            for c in center:
                v = look.value(*_replace(hand, i, c))
                options.append(v)
                if move[0] == "swap" and c == move[2] and isinstance(hand[i], int) and hand[i] == move[1]:
                    chosen = v
        if self.swap_all and len(center) == 3:
            options.append(look.value(*center) - 0.01)
        if chosen is None:
            return 0.0
        return look.choice(chosen, options)


# -- what the coach shows ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpponentRead:
    """What the reading says of one other player (codes and numbers: a text layer words it)."""

    seat: int
    suit: int | None
    """The suit they most likely collect (two cards or more of it), 0 clubs .. 3 diamonds; ``None``: they hold no
    hidden card."""
    chance: float
    """The chance they hold two cards or more of :attr:`suit` in the read worlds."""
    uniform: float
    """The same chance were their hidden cards dealt at random from the unseen cards."""
    knock_at: float
    """The hand value they are estimated to knock at on their next turn (:class:`KnockTendency`)."""
    knocks: int
    """Knocks of theirs seen in earlier rounds."""
    declines: int
    """Earlier rounds they played on though they could have knocked."""


@dataclass(frozen=True)
class Read:
    """What the table read says (:meth:`TableRead.summary`): one :class:`OpponentRead` per other player still in."""

    seats: tuple[OpponentRead, ...]
    worlds: int
    """Worlds the chances were read from."""

    def seat(self, seat: int) -> OpponentRead | None:
        return next((o for o in self.seats if o.seat == seat), None)


def _at_least_two(known: int, hidden: int, suit_cards: int, unseen: int) -> float:
    """The chance of two cards or more of a suit among ``known`` of it and ``hidden`` cards dealt at random from
    ``unseen`` cards, ``suit_cards`` of them of that suit."""
    need = 2 - known
    if need <= 0:
        return 1.0
    if hidden < need or unseen < hidden:
        return 0.0
    total = math.comb(unseen, hidden)
    miss = sum(math.comb(suit_cards, j) * math.comb(unseen - suit_cards, hidden - j) for j in range(need))
    return 1.0 - miss / total


# -- the table read --------------------------------------------------------------------------------------------


class TableRead:
    """Everything the reading needs of one view, worked out once: each other player's moves this round, their knock
    tendencies, the knock schedules of the play-outs. :meth:`sample` / :meth:`sample_pure` draw read worlds,
    :meth:`evaluate` plays moves on in them, :meth:`summary` says what was read. ``read_never=False``: every other
    player is read as knocking by their threshold, never as one who plays on (what that read is worth, measured)."""

    def __init__(self, view: PlayerView, patience: int = 4, ess_share: float = ESS_SHARE,
                 read_never: bool = True) -> None:
        self.view = view
        self.patience = patience
        self.ess_share = ess_share
        players = len(view.active)
        start, drop, floor = _schedule(view.rules, players)
        self.tendencies = knock_tendencies(view, patience)
        shifts = {s: t.shift if t.never < 0.5 else NEVER - start for s, t in self.tendencies.items()}
        self.thresholds = [start if s == view.player else min(NEVER, start + shifts.get(s, 0.0))
                           for s in range(view.players)]
        self.drops = [drop] * view.players
        self.floors = [floor if s == view.player else min(NEVER, floor + shifts.get(s, 0.0))
                       for s in range(view.players)]
        moves = decisions(view)

        def threshold_of(seat: int) -> Callable[[int], float]:
            th, fl = self.thresholds[seat], self.floors[seat]
            return lambda turns: float(knock_threshold(th, drop, fl, turns, max(1, players)))

        self.readers = [_SeatReader(view, s, m, threshold_of(s)) for s, m in sorted(moves.items()) if m]
        self.read_never = read_never
        self.never_prior = {s: min(0.5, max(_PRIOR_NEVER, t.never)) for s, t in self.tendencies.items()}
        self._base = (list(self.thresholds), list(self.floors))
        self._memo: dict[tuple[int, tuple[Card, ...]], tuple[float, float | None]] = {}
        self._look_pure: _Look | None = None
        self._priors: dict[int, float] | None = None
        """Each other player's chance of never knocking before this round's moves are read
        (:meth:`never_priors`, worked out from the first worlds weighed: every batch weighs alike)."""
        self.never_share: dict[int, float] | None = None
        """Each other player's chance of playing on whatever their hand, as this round's moves read in the worlds
        (worked out at the first sample; ``None`` before)."""

    # -- weights ------------------------------------------------------------------------------------------------

    def log_weights(self, hands: np.ndarray) -> np.ndarray:
        """The log-weight of each world of ``hands`` (``(R, players, 3)``, known cards first, as
        :func:`~thirtyone.worlds.sample_worlds` deals them)."""
        return self._log_weights(hands)[0]

    def _log_weights(self, hands: np.ndarray) -> tuple[np.ndarray, dict[int, np.ndarray]]:
        import numpy as np

        look = _Look(self.view.rules, True)
        total = np.zeros(len(hands))
        parts = []
        for reader in self.readers:
            k = len(reader.known)
            hidden = [hands[:, reader.seat, i] for i in range(k, 3)]
            lb = reader.log_likelihood(look, hidden) + np.zeros(len(hands))
            ln = (reader.never_log_likelihood(look, hidden) + np.zeros(len(hands))
                  if self.read_never and reader.knock_evidence else None)
            parts.append((reader.seat, lb, ln))
        if self._priors is None:
            self._priors = self.never_priors({seat: _log_mean_exp(ln.tolist()) - _log_mean_exp(lb.tolist())
                                              for seat, lb, ln in parts if ln is not None})
        priors = self._priors
        never: dict[int, np.ndarray] = {}
        for seat, lb, ln in parts:
            if ln is None:
                total = total + lb
                continue
            p = priors[seat]
            a, b = math.log(1 - p) + lb, math.log(p) + ln
            mix = np.logaddexp(a, b)
            never[seat] = np.exp(b - mix)
            total = total + mix
        return total, never

    def log_weight(self, hands: Sequence[Sequence[Card]]) -> float:
        """The log-weight of one world (every seat's hand, known cards first)."""
        return self._log_weight(hands)[0]

    def _log_weight(self, hands: Sequence[Sequence[Card]]) -> tuple[float, dict[int, float]]:
        parts = self._parts(hands)
        if self._priors is None:
            self._priors = self.never_priors({seat: ln - lb for seat, lb, ln in parts if ln is not None})
        return self._mix(parts, self._priors)

    @property
    def _look(self) -> _Look:
        if self._look_pure is None:
            self._look_pure = _Look(self.view.rules, False)
        return self._look_pure

    def _parts(self, hands: Sequence[Sequence[Card]]) -> list[tuple[int, float, float | None]]:
        """Each read player's log-likelihood of their moves in one world, had they knocked by their threshold and
        had they never knocked (``None``: no move of theirs could have been a knock). Worked out once for each
        hidden hand: the worlds of a pool deal the same hand to a player many times."""
        look = self._look
        parts = []
        memo = self._memo
        for reader in self.readers:
            hidden = tuple(hands[reader.seat][len(reader.known):])
            key = (reader.seat, hidden)
            got = memo.get(key)
            if got is None:
                lb = reader.log_likelihood(look, hidden)
                ln = reader.never_log_likelihood(look, hidden) if self.read_never and reader.knock_evidence else None
                got = memo[key] = (lb, ln)
            parts.append((reader.seat, *got))
        return parts

    @staticmethod
    def _mix(parts: Sequence[tuple[int, float, float | None]], priors: dict[int, float]
             ) -> tuple[float, dict[int, float]]:
        total = 0.0
        never: dict[int, float] = {}
        for seat, lb, ln in parts:
            if ln is None:
                total += lb
                continue
            p = priors[seat]
            a, b = math.log(1 - p) + lb, math.log(p) + ln
            mix = _log_add_exp(a, b)
            never[seat] = math.exp(b - mix)
            total += mix
        return total, never

    def never_priors(self, ratios: dict[int, float]) -> dict[int, float]:
        """Each other player's chance of never knocking before their moves this round are read: the larger of
        what their earlier rounds say (:class:`KnockTendency`) and what the others' moves this round say of the
        table (``ratios``: each player's log of how much likelier their moves are had they never knocked, over
        the unread worlds). A table's players are alike: the share of them who play on whatever their hand is
        read on a grid (:data:`TABLE_SHARES`), from everyone else's moves."""
        out = {}
        for seat in ratios:
            logs = []
            for share, prior in zip(TABLE_SHARES, TABLE_PRIOR):
                ll = math.log(prior)
                for other, r in ratios.items():
                    if other != seat:
                        ll += _log_add_exp(math.log(share) + r, math.log(1 - share))
                logs.append(ll)
            top = max(logs)
            w = [math.exp(x - top) for x in logs]
            table = sum(x * share for x, share in zip(w, TABLE_SHARES)) / sum(w)
            out[seat] = min(0.99, max(self.never_prior.get(seat, _PRIOR_NEVER), table))
        return out

    def _settle_never(self, weights: Sequence[float], never: dict[int, Sequence[float]]) -> None:
        """Each other player's chance of never knocking, over the pool's worlds by their (untempered) weights,
        and their knock thresholds in the play-outs from it (the first sample only: every batch plays alike)."""
        if self.never_share is not None:
            return
        total = sum(weights)
        self.never_share = {s: sum(w * q for w, q in zip(weights, qs)) / total for s, qs in never.items()}
        thresholds, floors = (list(x) for x in self._base)
        for s, q in self.never_share.items():
            if q >= 0.5:
                thresholds[s] = floors[s] = NEVER
        self.thresholds, self.floors = thresholds, floors

    # -- worlds -------------------------------------------------------------------------------------------------

    def sample(self, count: int, rng: np.random.Generator) -> Worlds:
        """``count`` read worlds (NumPy): :data:`POOL` × ``count`` worlds of
        :func:`~thirtyone.worlds.sample_worlds`, ``count`` of them drawn by their weights."""
        import numpy as np

        if not self.readers:
            return sample_worlds(self.view, count, rng)
        pool = sample_worlds(self.view, POOL * count, rng)
        lw, never = self._log_weights(pool.hands)
        if self.never_share is None:
            w0 = np.exp(lw - lw.max())
            self._settle_never(w0.tolist(), {s: q.tolist() for s, q in never.items()})
        lw = tempered(lw, self.ess_share) * (lw - lw.max())
        w = np.exp(lw)
        cum = np.cumsum(w)
        picks = np.searchsorted(cum, (rng.random() + np.arange(count)) * (cum[-1] / count), side="right")
        picks = np.minimum(picks, len(w) - 1)
        return Worlds(self.view, pool.hands[picks], pool.stock[picks],
                      None if pool.center is None else pool.center[picks], pool.seeds[picks])

    def sample_pure(self, count: int, rng: random.Random) -> PureWorlds:
        """``count`` read worlds in plain Python (the same steps as :meth:`sample`, one world at a time)."""
        if not self.readers:
            return sample_worlds_pure(self.view, count, rng)
        pool = sample_worlds_pure(self.view, POOL_PURE * count, rng)
        parts = [self._parts(h) for h in pool.hands]
        if self._priors is None:
            ratios = {}
            for i, (seat, _lb, ln) in enumerate(parts[0]):
                if ln is not None:
                    never = _log_mean_exp([p[i][2] for p in parts])  # type: ignore[misc]
                    ratios[seat] = never - _log_mean_exp([p[i][1] for p in parts])
            self._priors = self.never_priors(ratios)
        read = [self._mix(p, self._priors) for p in parts]
        lw = [x for x, _n in read]
        if self.never_share is None:
            top0 = max(lw)
            self._settle_never([math.exp(x - top0) for x in lw],
                               {s: [n[s] for _x, n in read] for s in read[0][1]} if read else {})
        power = tempered(lw, self.ess_share)
        lw = [power * x for x in lw]
        top = max(lw)
        cum: list[float] = []
        acc = 0.0
        for x in lw:
            acc += math.exp(x - top)
            cum.append(acc)
        u = rng.random()
        picks = []
        j = 0
        for i in range(count):
            target = (u + i) * acc / count
            while j < len(cum) - 1 and cum[j] <= target:
                j += 1
            picks.append(j)
        return PureWorlds(self.view, [pool.hands[i] for i in picks], [pool.stock[i] for i in picks],
                          [pool.center[i] for i in picks], [pool.seeds[i] for i in picks])

    def evaluate(self, actions: Sequence[Action], rollouts: int, rng: random.Random) -> dict[Action, list[int]]:
        """Lives the viewer loses in each of ``rollouts`` read worlds after each action, every action played on in
        the same worlds, each other player knocking by their read schedule and the viewer by the intermediate's
        schedule at each turn; on the path :func:`thirtyone.compute.use_numpy` chooses. One draw from ``rng``."""
        if use_numpy():
            import numpy as np

            gen = np.random.default_rng(rng.randrange(2**64))
            return play_on_worlds(self.sample(rollouts, gen), actions, self.thresholds, self.patience, gen,
                                  self.drops, self.floors)
        return play_on_pure_worlds(self.sample_pure(rollouts, random.Random(rng.randrange(2**64))), actions,
                                   self.thresholds, self.patience, self.drops, self.floors)

    # -- what was read ------------------------------------------------------------------------------------------

    def summary(self, seed: int = 0, count: int = 400) -> Read:
        """What the reading says of each other player still in (:class:`Read`), from ``count`` read worlds."""
        view = self.view
        rng = random.Random(seed)
        if use_numpy():
            import numpy as np

            hands = [[tuple(h) for h in w] for w in self.sample(count, np.random.default_rng(rng.randrange(2**64)))
                     .hands.tolist()]
        else:
            hands = [list(w) for w in self.sample_pure(count, rng).hands]
        unseen = view.unseen()
        seats = []
        for s in view.active:
            if s == view.player:
                continue
            known = tuple(view.known[s])
            hidden = view.hand_sizes[s] - len(known)
            tend = self.tendencies.get(s)
            best: tuple[float, float, int | None, float] = (-1.0, 0.0, None, 0.0)
            if hidden > 0:
                for suit in range(4):
                    got = sum(1 for w in hands if sum(1 for c in w[s] if c & 3 == suit) >= 2) / len(hands)
                    base = _at_least_two(sum(1 for c in known if c & 3 == suit), hidden,
                                         sum(1 for c in unseen if c & 3 == suit), len(unseen))
                    if (got, -base) > (best[0], -best[1]):
                        best = (got, base, suit, 0.0)
            seats.append(OpponentRead(s, best[2], max(0.0, best[0]), best[1],
                                      tend.threshold if tend else NEVER, tend.knocks if tend else 0,
                                      tend.declines if tend else 0))
        return Read(tuple(seats), len(hands))


def read_table(view: PlayerView, patience: int = 4) -> TableRead:
    """The table read of ``view`` (:class:`TableRead`)."""
    return TableRead(view, patience)
