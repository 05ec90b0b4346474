"""Fast play-outs of one round, for bots that look ahead and for the knock studies.

A :class:`Playout` holds a round as plain lists (no immutable states, no event log) and plays
it to its end with the shared :mod:`thirtyone.policy` decisions: every player draws or swaps
greedily and knocks once their hand reaches their threshold (or the round has gone on for
``patience`` orbits). The end of the round is judged by :func:`thirtyone.game.judge`, the same
function the game uses, so a play-out loses lives exactly as the game would. A test checks
that a play-out and the full engine, given the same cards and decisions, end alike.

The play-out follows docs/rules.md: one knock per round, the knock restrictions, one more turn for
everyone else, 31 and Fire at once (decision 14), everyone passing (decision 16) and the empty
stock (decisions 5 and 17).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import RANK_VALUES as _VALUES
from .cards import Card
from .game import Action, State, judge, knock_allowed
from .policy import best_commerce_move, best_discard, keep_table
from .rules import Rules
from .scoring import rank_table, value_table

__all__ = ["Playout", "fast_shuffle"]


def fast_shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle in place (Fisher-Yates on ``rng.random()``): three times quicker than
    ``random.shuffle``, which the simulations call once per play-out."""
    rnd = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class Playout:
    """One round in plain lists; :meth:`run` plays it out and returns the lives each seat loses."""

    __slots__ = ("rules", "table", "keep", "scores", "hands", "stock", "discard", "center", "knocker", "current", "turns",
                 "played", "passes", "dealer", "rng", "thresholds", "patience", "phase", "taken", "out",
                 "knock_at", "knock_value", "random_seats", "lazy", "next_seat", "n_active")

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card] | None], stock: Sequence[Card],
                 discard: Sequence[Card] = (), center: Sequence[Card] = (), *, current: int, dealer: int,
                 knocker: int | None = None, turns: int = 0, played: Sequence[bool] | None = None,
                 passes: int = 0, thresholds: Sequence[float] | float = 27.0, patience: int = 4,
                 rng: random.Random | None = None, phase: str = "turn", taken: Card | None = None,
                 lazy: bool = False) -> None:
        self.rules = rules
        self.table = value_table(rules)
        self.keep = keep_table(rules)
        self.scores = rank_table(rules)
        self.hands = [None if h is None else list(h) for h in hands]
        self.out = [h is None for h in hands]
        self.stock = list(reversed(stock))  # top card last, so drawing is pop()
        self.discard = list(discard)
        self.center = list(center)
        self.current = current
        self.dealer = dealer
        self.knocker = knocker
        self.turns = turns
        self.played = list(played) if played is not None else [False] * len(hands)
        self.passes = passes
        n = len(hands)
        self.thresholds = [float(thresholds)] * n if isinstance(thresholds, (int, float)) else list(thresholds)
        self.patience = patience
        self.rng = rng or random.Random(0)
        self.lazy = lazy
        """Draw each stock card at random from the cards left (a Fisher-Yates shuffle done one draw at
        a time): for a stock whose order is unknown, as cheap as the cards actually drawn."""
        self.n_active = self.out.count(False)
        self.next_seat = [self._find_next(s) for s in range(n)]
        self.phase = phase
        self.taken = taken
        self.knock_at: tuple[int, int] | None = None
        """``(seat, turns)``: that seat knocks at its first turn once ``turns`` turns have been taken."""
        self.knock_value: float | None = None
        """The knocker's hand value when they knocked."""
        self.random_seats: frozenset[int] = frozenset()
        """Seats that play random moves (never knocking), for studies against random opponents."""

    @classmethod
    def from_state(cls, state: State, **kw: object) -> Playout:
        """A play-out of a state's round from where it stands (phase ``turn`` or ``discard``)."""
        if state.phase not in ("turn", "discard"):
            raise ValueError(f"a play-out starts at a turn, not in phase {state.phase!r}")
        hands = [None if state.out[i] else h for i, h in enumerate(state.hands)]
        assert state.current_player is not None
        return cls(state.rules, hands, state.stock, state.discard_pile, state.center,
                   current=state.current_player, dealer=state.dealer, knocker=state.knocker, turns=state.turns,
                   played=state.played, passes=state.passes, phase=state.phase, taken=state.taken,
                   **kw)  # type: ignore[arg-type]

    # -- helpers --------------------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return self.next_seat[seat]

    def _find_next(self, seat: int) -> int:
        n = len(self.hands)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not self.out[s]:
                return s
        return seat

    def _may_knock(self, p: int) -> bool:
        return self.knocker is None and knock_allowed(
            self.rules.first_knock, self.turns, self.played[p], p == self.dealer, self.n_active)

    def _wants_knock(self, p: int) -> bool:
        if self.knocker is not None:
            return False
        if self.knock_at is not None:
            return p == self.knock_at[0] and self.turns >= self.knock_at[1]
        hand = self.hands[p]
        assert hand is not None
        return (self.table[tuple(hand)] >= self.thresholds[p] or self.turns >= self.patience * self.n_active) and (
            self.rules.first_knock == "anytime" or self._may_knock(p))

    def judge(self, how: str = "knock", holders: Sequence[int] = ()) -> list[int]:
        """Lives each seat loses if the round ended now."""
        table = self.scores
        scores = [None if h is None else table[tuple(h)] for h in self.hands]
        return judge(self.rules, scores, self.knocker, how, holders)[2]

    def _instant(self, p: int) -> list[int] | None:
        hand = self.hands[p]
        assert hand is not None
        r = self.rules
        if r.fire and all(c >> 2 == 12 for c in hand):
            return self.judge("fire", [p])
        if self.table[tuple(hand)] == 31:
            return self.judge("31", [p])
        return None

    # -- play -----------------------------------------------------------------------------------
    def knock(self) -> None:
        """The player to act knocks (their whole turn)."""
        p = self.current
        self.knocker = p
        self.passes = 0
        hand = self.hands[p]
        assert hand is not None
        self.knock_value = self.table[tuple(hand)]

    def run(self, first_move: str | Action | None = None) -> list[int]:
        """Play the round to its end; returns the lives each seat loses.

        ``first_move`` forces the current player's first decision: ``"knock"``, ``"draw stock"``,
        ``"draw discard"``, ``"pass"``, ``"swap all"``, a swap :class:`~thirtyone.game.Action`, or
        ``None`` (the policy decides). A forced move is not checked against the knock restrictions:
        studies use it to ask "what if this player knocked now?".
        """
        forced: str | Action | None = first_move
        if isinstance(first_move, Action) and first_move.kind != "swap":
            forced = first_move.kind
        end = self.step(forced)
        if end is None and self.rules.family == "draw" and not self.random_seats and self.phase == "turn":
            return self._run_draw()
        for _ in range(10_000):
            if end is not None:
                return end
            end = self.step()
        raise RuntimeError("play-out did not end")  # pragma: no cover

    def _run_draw(self) -> list[int]:
        """:meth:`step` after :meth:`step`, for draw-and-discard turns (the loop every simulation spends its time in)."""
        next_seat = self.next_seat
        played = self.played
        turn = self._draw_turn
        for _ in range(10_000):
            p = self.current
            end = turn(p, None)
            if end is not None:
                return end
            self.turns += 1
            played[p] = True
            nxt = next_seat[p]
            if nxt == self.knocker:
                return self.judge("knock")
            self.current = nxt
        raise RuntimeError("play-out did not end")  # pragma: no cover

    def step(self, forced: str | Action | None = None) -> list[int] | None:
        """Play one turn (or the rest of one); the lives lost if the round ended, else ``None``."""
        p = self.current
        if self.phase == "discard":
            end = self._discard(p)
        elif p in self.random_seats:
            end = self._random_turn(p)
        elif self.rules.family == "commerce":
            end = self._commerce_turn(p, forced)
        else:
            end = self._draw_turn(p, forced)
        if end is not None:
            return end
        self.turns += 1
        self.played[p] = True
        nxt = self.next_seat[p]
        if self.knocker is not None and nxt == self.knocker:
            return self.judge("knock")
        self.current = nxt
        return None

    def _draw(self) -> Card:
        stock = self.stock
        if self.lazy:
            j = int(self.rng.random() * len(stock))
            stock[j], stock[-1] = stock[-1], stock[j]
        return stock.pop()

    def _refill(self) -> bool:
        """An empty stock takes the discard pile but its top card, shuffled (decision 17).
        False when that leaves no stock: the round goes to the showdown."""
        if len(self.discard) <= 1:
            return False
        pile = self.discard[:-1]
        if not self.lazy:
            fast_shuffle(pile, self.rng)
        self.stock = pile
        self.discard = self.discard[-1:]
        return True

    def _random_turn(self, p: int) -> list[int] | None:
        hand = self.hands[p]
        assert hand is not None
        rng = self.rng
        if self.rules.family == "commerce":
            i, j = rng.randrange(3), rng.randrange(3)
            hand[i], self.center[j] = self.center[j], hand[i]
            self.passes = 0
            return self._instant(p)
        if not self.stock and not self._refill():
            return self.judge("empty_stock")
        if self.discard and rng.random() < 0.5:
            hand.append(self.discard.pop())
        else:
            hand.append(self._draw())
        self.discard.append(hand.pop(rng.randrange(4)))
        return self._instant(p)

    def _draw_turn(self, p: int, forced: str | Action | None) -> list[int] | None:
        # the hot path of every simulation: the policy of thirtyone.policy, inlined
        hand = self.hands[p]
        assert hand is not None
        if not self.stock and not self._refill():
            return self.judge("empty_stock")
        if forced == "knock" or (forced is None and self._wants_knock(p)):
            self.knock()
            return None
        discard = self.discard
        keep = self.keep  # value - suits/16: one look-up answers "better?" and "best to keep?"
        a, b, c = hand
        top = discard[-1] if discard else None
        take = False
        if top is not None and forced in (None, "draw discard"):
            now = keep[(a, b, c)]
            ka, kb, kc = keep[(top, b, c)], keep[(a, top, c)], keep[(b, a, top)]
            # a greater value shows as a key more than 0.25 higher (see policy.keep_table)
            take = forced == "draw discard" or ka > now + 0.25 or kb > now + 0.25 or kc > now + 0.25
        if take:
            d = discard.pop()
            options = ((a, ka, (b, c, d)), (b, kb, (a, c, d)), (c, kc, (a, b, d)), (d, now, (a, b, c)))
            forbidden = d if not self.rules.discard_taken else None
        else:
            stock = self.stock
            if self.lazy:
                j = int(self.rng.random() * len(stock))
                stock[j], stock[-1] = stock[-1], stock[j]
            d = stock.pop()
            options = ((a, keep[(b, c, d)], (b, c, d)), (b, keep[(a, c, d)], (a, c, d)),
                       (c, keep[(a, b, d)], (a, b, d)), (d, keep[(a, b, c)], (a, b, c)))
            forbidden = None
        best_key = -1e9
        kept = (a, b, c)
        thrown = d
        for t, k, hand3 in options:
            if t == forbidden:
                continue
            key = k - _VALUES[t >> 2] * 0.001
            if key > best_key:
                best_key, thrown, kept = key, t, hand3
        hand[:] = kept
        discard.append(thrown)
        self.taken = None
        if self.table[kept] >= 31 or (self.rules.fire and kept[0] >> 2 == kept[1] >> 2 == kept[2] >> 2 == 12):
            return self._instant(p)
        return None

    def _discard(self, p: int) -> list[int] | None:
        hand = self.hands[p]
        assert hand is not None
        forbidden = self.taken if not self.rules.discard_taken else None
        c = best_discard(self.keep, hand, forbidden)
        hand.remove(c)
        self.discard.append(c)
        self.taken = None
        self.phase = "turn"
        return self._instant(p)

    def _commerce_turn(self, p: int, forced: str | Action | None) -> list[int] | None:
        hand = self.hands[p]
        assert hand is not None
        r = self.rules
        if forced == "knock" or (forced is None and self._wants_knock(p)):
            self.knock()
            return None
        now = self.table[tuple(hand)]
        if isinstance(forced, Action) and forced.kind == "swap":
            value, move = -1.0, forced.cards
        else:
            value, move = best_commerce_move(self.table, hand, self.center, bool(r.allow_swap_all))
        if forced == "pass" or (forced is None and value <= now and r.allow_pass):
            if self.knocker is None:
                self.passes += 1
                if self.passes >= self.out.count(False):
                    if r.all_pass == "showdown":
                        return self.judge("all_pass")
                    if len(self.stock) < 3:
                        return self.judge("empty_stock")
                    self.center = [self._draw() for _ in range(3)]
                    self.passes = 0
            return None
        if forced == "swap all" or not move:
            self.hands[p], self.center = list(self.center), hand
        else:
            give, take = move
            hand[hand.index(give)] = take
            self.center[self.center.index(take)] = give
        self.passes = 0
        return self._instant(p)
