"""The worlds a bot imagines: full states consistent with what one player has seen, and play-outs from them.

A bot sees only ``state.view(player)``. To weigh its moves the expert (and the coach) *determinizes*: it deals
the cards it cannot see at random to the places it cannot see, imagining that every other player kept the best
of what they saw (:func:`imagine_hand`), and plays each move on from many such worlds with the fast threshold
policy (:mod:`thirtyone.lockstep`).

* :func:`sample_state` / :func:`world_sampler` — one world at a time, as a :class:`~thirtyone.game.State`, from a
  ``random.Random``;
* :func:`sample_worlds` — many worlds of one view at once, as arrays (:class:`Worlds`), from a NumPy generator:
  the same algorithm, card for card, given the same shuffles (``tests/sim/test_worlds.py``), about ten times
  quicker; the expert's play-outs start from these;
* :func:`play_on` — lives lost after each move in each of a list of states; :func:`play_on_worlds` the same from
  :class:`Worlds`, without making a state per world (a throw is applied to one world by the game's own
  :meth:`~thirtyone.game.State.apply` and, when what follows cannot depend on the hidden cards, to the arrays of
  all the others at once; otherwise each world is made a state);
* without NumPy (:func:`thirtyone.compute.use_numpy`): :func:`sample_worlds_pure` draws :func:`world_sampler`'s
  worlds as lists (:class:`PureWorlds`), :func:`play_on_pure_worlds` and :func:`play_on` play them on with
  :func:`thirtyone.purestep.play_pure`, a rebuilt stock shuffled as each world's own game would shuffle it, so
  every play-out ends as the game played move by move ends it; :func:`evaluate` takes the path
  :mod:`thirtyone.compute` chooses (the expert's and the coach's play-outs).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import ALL_CARDS, Card
from .compute import use_numpy
from .game import Action, PlayerView, State, fast_shuffle, from_view
from .policy import hand_keeps
from .scoring import FIRST, SECOND, scoring_tables

__all__ = ["CHOICES_SEEN", "choices_seen", "imagine_hand", "sample_state", "world_sampler", "world_parts", "play_on",
           "Worlds", "sample_worlds", "play_on_worlds", "PureWorlds", "sample_worlds_pure", "play_on_pure_worlds",
           "evaluate", "game_reshuffle"]


CHOICES_SEEN = 10
"""At most this many cards more than they hold count as seen by another player when their hand is imagined."""


def choices_seen(view: PlayerView) -> tuple[int, ...]:
    """For each seat, how many times this round it chose which cards to keep (a draw, a swap, a pass,
    keeping its dealt hand), since it last took a whole hand it had not chosen (swap all, the center hand,
    the dealer's exchange). The viewer's own seat counts 0."""
    seen = [0] * view.players
    for e in view.round_events():
        if e.player is None or e.player == view.player:
            continue
        if e.kind in ("draw stock", "draw discard", "swap", "pass", "keep hand"):
            seen[e.player] += 1
        elif e.kind in ("swap all", "take center", "exchange hand"):
            seen[e.player] = 0
    return tuple(seen)


def imagine_hand(keep: dict[tuple[int, ...], float], known: tuple[Card, ...], cards: Sequence[Card]
                 ) -> tuple[list[Card], list[Card]]:
    """The three-card hand of a player who holds ``known`` and was dealt the first of ``cards``, then
    saw the others one at a time and kept the best three each time (as a greedy player does), the
    ``known`` cards staying. Returns ``(hidden cards held, cards passed over)``."""
    k = 3 - len(known)
    passed: list[Card] = []
    if k == 3:  # the usual case, unrolled: play-outs imagine hands thousands of times
        a, b, c = cards[0], cards[1], cards[2]
        for x in cards[3:]:
            v, ya, yb = keep[(a, b, c)], keep[(x, b, c)], keep[(a, x, c)]
            yc = keep[(a, b, x)]
            if ya > v and ya >= yb and ya >= yc:
                passed.append(a)
                a = x
            elif yb > v and yb >= yc:
                passed.append(b)
                b = x
            elif yc > v:
                passed.append(c)
                c = x
            else:
                passed.append(x)
        return [a, b, c], passed
    held = list(cards[:k])
    for x in cards[k:]:
        best, at = keep[known + tuple(held)], -1
        for i in range(k):
            v = keep[known + tuple(held[:i]) + (x,) + tuple(held[i + 1:])]
            if v > best:
                best, at = v, i
        if at < 0:
            passed.append(x)
        else:
            passed.append(held[at])
            held[at] = x
    return held, passed


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state consistent with ``view``: the unseen cards dealt at random to the places the
    viewer cannot see (other hands, beside the cards known to be there; the face-down center; the stock).

    Other players keep the best of what they saw: a player who chose ``m`` times this round
    (:func:`choices_seen`) is imagined seeing ``m`` more unseen cards than it holds (at most
    :data:`CHOICES_SEEN`) and keeping the best (:func:`imagine_hand`); the cards it passed over go
    back to the stock. Plain random cards would make their hands as weak late in a round as on the
    deal (13 on average in scat, against 20 or more at the table by the third orbit), and a bot would
    knock far too early. Many samples of one view: :func:`world_sampler` (the same states, faster).
    """
    return world_sampler(view)(rng)


def world_sampler(view: PlayerView) -> Callable[[random.Random], State]:
    """:func:`sample_state` for one ``view``, many times: what every sample shares (the unseen cards, how
    often each player chose, the places to fill) is worked out once; each call draws the same state
    ``sample_state(view, rng)`` would from the same generator."""
    parts = world_parts(view)

    def sample(rng: random.Random) -> State:
        hands, stock, center, seed = parts(rng)
        return from_view(view, hands, stock, center, seed=seed)

    return sample


def world_parts(view: PlayerView) -> Callable[[random.Random], tuple[list[tuple[Card, ...]], list[Card],
                                                                    list[Card] | None, int]]:
    """:func:`world_sampler`'s worlds as their parts, ``(hands, stock, face-down center or None, seed)``, before
    they are made a state (the pure-Python play-outs start from these): the same draws from the same generator."""
    base = list(view.unseen())
    keep = hand_keeps(view.rules)
    seen = choices_seen(view)
    me = view.player
    # per seat: None for the viewer's own hand or a player out, else (known cards, hidden cards, choices seen)
    seats = [None if seat == me or view.out[seat] else (tuple(view.known[seat]), size - len(view.known[seat]),
                                                        min(seen[seat], CHOICES_SEEN) if size == 3 else 0)
             for seat, size in enumerate(view.hand_sizes)]
    face_down = view.center is None and view.rules.family == "commerce"
    stock_count = view.stock_count

    def sample(rng: random.Random) -> tuple[list[tuple[Card, ...]], list[Card], list[Card] | None, int]:
        unseen = base[:]
        fast_shuffle(rng, unseen)
        hands: list[tuple[Card, ...]] = []
        passed_over = False
        for seat, slot in enumerate(seats):
            if slot is None:
                hands.append(view.hand if seat == me else ())
                continue
            known, k, most = slot
            extra = min(most, len(unseen) - k) if k else 0
            pool = unseen[:k + extra]
            del unseen[:k + extra]
            if extra > 0:
                pool, passed = imagine_hand(keep, known, pool)
                unseen += passed
                passed_over = True
            hands.append(known + tuple(pool))
        if passed_over:
            fast_shuffle(rng, unseen)
        center = None
        if face_down:
            center, unseen = unseen[:3], unseen[3:]
        return hands, unseen[:stock_count], center, rng.randrange(2**32)

    return sample


Knock = float | Sequence[float]
"""A knock threshold (or its ``drop``, ``floor``) for every seat, or one per seat."""

_FIRST_MOVES = ("knock", "draw stock", "draw discard", "pass", "swap all", "swap")


def play_on(worlds: Sequence[State], actions: Sequence[Action], me: int, threshold: Knock, patience: int,
            seed: int, drop: Knock = 0.0, floor: Knock = 0.0) -> dict[Action, list[int]]:
    """Lives ``me`` loses in each world after each action, everyone then playing the threshold policy
    (``threshold``, ``drop``, ``floor``: one number, or one per seat, as :func:`~thirtyone.lockstep.play_lockstep`
    takes them: a knock schedule per seat).

    Every (world, action) pair is one play-out of one lockstep (:func:`thirtyone.lockstep.play_lockstep`): a
    move at the start of a turn is forced as the play-out's first move; any other (a throw, a first choice)
    is applied with the game's own :meth:`~thirtyone.game.State.apply` and the play-out starts after it.
    Without NumPy (:func:`thirtyone.compute.use_numpy`) the play-outs are :func:`thirtyone.purestep.play_pure`'s,
    an empty stock rebuilt as the world's own game rebuilds it (``seed`` is then not needed).
    """
    out: dict[Action, list[int]] = {a: [0] * len(worlds) for a in actions}
    starts: list[tuple[State, Action | None, Action, int]] = []
    for w, world in enumerate(worlds):
        for a in actions:
            if a.kind in _FIRST_MOVES and world.phase == "turn":
                starts.append((world, a, a, w))
                continue
            s = world.apply(a)
            if s.phase == "over":
                out[a][w] = s.result.losses[me] if s.result is not None else 0
            elif s.phase == "turn":
                starts.append((s, None, a, w))
            # a move that leads to another first choice is scored 0, as before (choices lead to turns)
    groups: dict[tuple[object, ...], list[tuple[State, Action | None, Action, int]]] = {}
    for start in starts:  # play-outs in lockstep share the turn order: group them by where they start
        s = start[0]
        groups.setdefault((s.current_player, s.turns, s.played, s.passes, s.knocker, s.out, len(s.stock),
                           len(s.discard_pile)), []).append(start)
    if not use_numpy():  # a rebuilt stock is shuffled as each world's own game would shuffle it
        _play_groups_pure(groups, out, me, threshold, patience, drop, floor)
        return out
    import numpy as np  # only the simulations need NumPy (a page imports this module on load)

    from .lockstep import play_lockstep

    gen = np.random.default_rng(seed)
    for group in groups.values():
        s0 = group[0][0]
        n = len(s0.hands)
        hands = np.array([[h if len(h) == 3 else (0, 1, 2) for h in s.hands] for s, *_ in group], dtype=np.int64)
        stock = np.array([s.stock for s, *_ in group], dtype=np.int64).reshape(len(group), len(s0.stock))
        pile = np.array([s.discard_pile for s, *_ in group], dtype=np.int64).reshape(len(group), -1)
        center = (np.array([s.center for s, *_ in group], dtype=np.int64)
                  if s0.rules.family == "commerce" else None)
        assert s0.current_player is not None and hands.shape[1] == n
        res = play_lockstep(s0.rules, hands, stock, center, s0.out, current=s0.current_player, dealer=s0.dealer,
                            turns=s0.turns, played=s0.played, passes=s0.passes, thresholds=threshold,
                            patience=patience, drop=drop, floor=floor,
                            first_move=[f for _s, f, _a, _w in group], discard=pile,
                            knocker=s0.knocker, rng=gen, reasons=False)
        for (_s, _f, a, w), lost in zip(group, res.losses[:, me].tolist()):
            out[a][w] = lost
    return out




if TYPE_CHECKING:
    import numpy as np

Shuffle = Callable[["np.ndarray"], "np.ndarray"]
"""Shuffles each row of a 2-D array (a new array): by default ``generator.permuted(rows, axis=1)``."""


@dataclass(frozen=True, eq=False)
class Worlds:
    """``len(worlds)`` sampled worlds of one ``view`` (:func:`sample_worlds`), as arrays of card codes."""

    view: PlayerView
    hands: np.ndarray
    """``(R, players, 3)``: every seat's hand; the viewer's own as the view shows it (zeros while it holds four
    cards: see ``view.hand``), ``0, 1, 2`` for a seat that is out."""
    stock: np.ndarray
    """``(R, stock_count)``, top card first."""
    center: np.ndarray | None
    """``(R, 3)``: a face-down center (the first choice of a commerce round), else ``None``."""
    seeds: np.ndarray
    """``(R,)``: each world's seed, for its own reshuffles when it is made a :class:`State`."""

    def __len__(self) -> int:
        return len(self.stock)

    def state(self, i: int) -> State:
        """World ``i`` as a full :class:`State` (:func:`~thirtyone.game.from_view`)."""
        view = self.view
        cards = ALL_CARDS.__getitem__
        hands = [view.hand if seat == view.player else (() if view.out[seat] else tuple(map(cards, h.tolist())))
                 for seat, h in enumerate(self.hands[i])]
        center = None if self.center is None else list(map(cards, self.center[i].tolist()))
        return from_view(view, hands, list(map(cards, self.stock[i].tolist())), center, seed=int(self.seeds[i]))


def _imagine_many(keeps: np.ndarray, known: tuple[Card, ...], pool: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`imagine_hand` in every row of ``pool`` at once (``keeps``: the flat keep table): the hidden
    cards held ``(R, 3 - len(known))`` and the cards passed over ``(R, columns - hidden)``, as it returns them."""
    import numpy as np

    k = 3 - len(known)
    rows, extra = len(pool), pool.shape[1] - k
    held = pool[:, :k].copy()
    passed = np.empty((rows, extra), dtype=pool.dtype)
    hand = np.empty((rows, 3), dtype=pool.dtype)
    hand[:, :3 - k] = known
    weights = np.array([FIRST, SECOND, 1])
    index = np.arange(rows)
    for j in range(extra):
        x = pool[:, k + j]
        hand[:, 3 - k:] = held
        keys = hand @ weights
        best = keeps[keys]
        at = np.full(rows, -1)
        for i in range(k):  # the first strictly better place wins, as in imagine_hand
            w = weights[3 - k + i]
            v = keeps[keys + (x - hand[:, 3 - k + i]) * w]
            better = v > best
            best = np.where(better, v, best)
            at = np.where(better, i, at)
        took = at >= 0
        out = x.copy()
        out[took] = held[index[took], at[took]]
        held[index[took], at[took]] = x[took]
        passed[:, j] = out
    return held, passed


def sample_worlds(view: PlayerView, count: int, rng: np.random.Generator, shuffle: Shuffle | None = None) -> Worlds:
    """``count`` worlds of ``view`` at once: what :func:`world_sampler` draws one at a time, by the same steps
    on arrays. The unseen cards are shuffled; each other player takes its hidden cards from the front, and one
    who chose ``m`` times this round sees ``m`` more (at most :data:`CHOICES_SEEN`) and keeps the best
    (:func:`imagine_hand`), the cards it passed over going to the back; if any were passed over the rest is
    shuffled again; then a face-down center, then the stock. ``shuffle``: shuffles each row of an array (default
    ``rng.permuted``), so a test can give the shuffles :func:`world_sampler` makes."""
    import numpy as np

    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number, 1 or more, not {count!r}")
    if shuffle is None:
        def shuffle(rows: np.ndarray) -> np.ndarray:
            return rng.permuted(rows, axis=1)
    base = np.array(view.unseen(), dtype=np.int64)
    keeps = scoring_tables(view.rules).flat_keeps
    seen = choices_seen(view)
    me, n = view.player, view.players
    left = len(base)
    plan: list[tuple[int, tuple[Card, ...], int, int]] = []  # (seat, known, hidden, extra) in seat order
    for seat, size in enumerate(view.hand_sizes):
        if seat == me or view.out[seat]:
            continue
        known = tuple(view.known[seat])
        k = size - len(known)
        most = min(seen[seat], CHOICES_SEEN) if size == 3 else 0
        extra = min(most, left - k) if k else 0
        plan.append((seat, known, k, extra))
        left -= k
    width = len(base) + sum(extra for *_x, extra in plan)
    cards = np.empty((count, width), dtype=np.int64)
    cards[:, :len(base)] = shuffle(np.broadcast_to(base, (count, len(base))))
    head, tail = 0, len(base)
    hands = np.zeros((count, n, 3), dtype=np.int64)
    hands[:, :, 1], hands[:, :, 2] = 1, 2
    if len(view.hand) == 3:
        hands[:, me] = view.hand
    for seat, known, k, extra in plan:
        pool = cards[:, head:head + k + extra]
        head += k + extra
        if extra:
            held, passed = _imagine_many(keeps, known, pool)
            cards[:, tail:tail + extra] = passed
            tail += extra
        else:
            held = pool
        hands[:, seat, :len(known)] = known
        hands[:, seat, len(known):len(known) + held.shape[1]] = held
    rest = cards[:, head:tail]
    if tail > len(base):
        rest = shuffle(rest)
    center = None
    if view.center is None and view.rules.family == "commerce":
        center, rest = rest[:, :3], rest[:, 3:]
    seeds = rng.integers(0, 2**32, size=count)
    return Worlds(view, hands, np.ascontiguousarray(rest[:, :view.stock_count]), center, seeds)


def play_on_worlds(worlds: Worlds, actions: Sequence[Action], threshold: Knock, patience: int,
                   rng: np.random.Generator, drop: Knock = 0.0, floor: Knock = 0.0) -> dict[Action, list[int]]:
    """Lives the viewer loses in each world after each action, everyone then playing the threshold policy:
    :func:`play_on` of the worlds as states (the same numbers from a generator in the same place,
    ``tests/sim/test_worlds.py``), with no state made when none is needed.

    At the start of a turn every action is the first move of a play-out. A throw is applied to the first
    world by :meth:`~thirtyone.game.State.apply`; when that leaves the next player to start a turn with the
    stock untouched, nothing that follows depends on the hidden cards, and every world starts there (the hand
    less the card, the card on the pile). Any other move (a first choice; a throw that ends the round or
    rebuilds the stock) goes through :func:`play_on` with every world made a state.
    """
    view = worlds.view
    me = view.player
    count = len(worlds)
    direct, start, rest = _direct_moves(worlds, actions)
    out: dict[Action, list[int]] = {}
    if direct:
        assert start is not None
        out.update(_lockstep(worlds, start, direct, threshold, patience, rng, drop, floor))
    if rest:
        out.update(play_on([worlds.state(i) for i in range(count)], rest, me, threshold, patience,
                           int(rng.integers(0, 2**32)), drop, floor))
    return {a: out[a] for a in actions}


def _direct_moves(worlds: Worlds | PureWorlds, actions: Sequence[Action]
                  ) -> tuple[list[tuple[Action, Action | None]], State | PlayerView | None, list[Action]]:
    """Which ``actions`` start a play-out in every world at once, the start they share, and the rest.

    At the start of a turn every first move is direct, from the view itself (each paired with itself as the
    play-out's first move). After the draw a throw is direct when, applied to the first world, it leaves the next
    player to start a turn with the stock untouched (each paired with no first move: the play-out starts at the next
    turn). Every other action (one that ends the round or rebuilds the stock) is in the rest."""
    view = worlds.view
    direct: list[tuple[Action, Action | None]]
    start: State | PlayerView | None
    if view.phase == "turn":
        direct = [(a, a) for a in actions if a.kind in _FIRST_MOVES]
        start = view
    else:
        direct, start = [], None
        probe = worlds.state(0)
        for a in actions:
            if a.kind != "discard":
                continue
            s = probe.apply(a)
            if s.phase == "turn" and len(s.stock) == view.stock_count and (start is None or _same_start(s, start)):
                direct.append((a, None))
                start = s
    chosen = {a for a, _f in direct}
    return direct, start, [a for a in actions if a not in chosen]


def _same_start(s: State, t: State | PlayerView) -> bool:
    return (s.current_player, s.turns, s.played, s.passes, s.knocker) == (
        t.current_player, t.turns, t.played, t.passes, t.knocker)


def _lockstep(worlds: Worlds, start: State | PlayerView, direct: Sequence[tuple[Action, Action | None]],
              threshold: Knock, patience: int, rng: np.random.Generator, drop: Knock = 0.0, floor: Knock = 0.0
              ) -> dict[Action, list[int]]:
    """The direct play-outs of :func:`play_on_worlds`: one lockstep, a row per (world, action), world-major as
    :func:`play_on` orders them."""
    import numpy as np

    from .lockstep import play_lockstep

    view = worlds.view
    me, count, moves = view.player, len(worlds), len(direct)
    hands = np.repeat(worlds.hands, moves, axis=0)
    pile: Any
    if view.phase == "turn":
        pile = np.broadcast_to(np.array(view.discard_pile, dtype=np.int64), (count * moves, len(view.discard_pile)))
    else:  # each throw: the hand less that card, the card on the pile
        assert isinstance(start, State)
        mine = np.array([[c for c in view.hand if c != a.cards[0]] for a, _f in direct], dtype=np.int64)
        hands[:, me] = np.tile(mine, (count, 1))
        tops = np.array([[*view.discard_pile, a.cards[0]] for a, _f in direct], dtype=np.int64)
        pile = np.tile(tops, (count, 1))
    stock = np.repeat(worlds.stock, moves, axis=0)
    center: Any = None
    if view.rules.family == "commerce":
        center = np.broadcast_to(np.array(view.center or (), dtype=np.int64), (count * moves, 3))
    assert start.current_player is not None
    res = play_lockstep(view.rules, hands, stock, center, view.out, current=start.current_player, dealer=view.dealer,
                        turns=start.turns, played=start.played, passes=start.passes, thresholds=threshold,
                        patience=patience, drop=drop, floor=floor, first_move=[f for _a, f in direct] * count,
                        discard=pile,
                        knocker=start.knocker, rng=rng, reasons=False)
    lost = res.losses[:, me].reshape(count, moves)
    return {a: lost[:, j].tolist() for j, (a, _f) in enumerate(direct)}


# -- without NumPy: the same worlds as lists, played on one at a time --------------------------------------

_RNG = random.Random()


def game_reshuffle(seeds: Sequence[int], shuffles: Sequence[int]) -> Callable[[int, int, Sequence[Card]], list[Card]]:
    """A rebuilt stock of play-out ``row`` ordered as the game of seed ``seeds[row]`` that has shuffled
    ``shuffles[row]`` times orders it (:meth:`thirtyone.game.State._shuffled`), for :func:`~thirtyone.purestep.play_pure`."""

    def order(row: int, count: int, cards: Sequence[Card]) -> list[Card]:
        _RNG.seed(f"{seeds[row]}:{shuffles[row] + count}")
        out = list(cards)
        fast_shuffle(_RNG, out)
        return out

    return order


def _play_groups_pure(groups: dict[tuple[object, ...], list[tuple[State, Action | None, Action, int]]],
                      out: dict[Action, list[int]], me: int, threshold: Knock, patience: int, drop: Knock = 0.0,
                      floor: Knock = 0.0) -> None:
    """:func:`play_on`'s play-outs, a group of one turn order at a time, by :func:`thirtyone.purestep.play_pure`."""
    from .purestep import play_pure

    for group in groups.values():
        s0 = group[0][0]
        assert s0.current_player is not None
        res = play_pure(s0.rules, [[h if len(h) == 3 else (0, 1, 2) for h in s.hands] for s, *_ in group],
                        [s.stock for s, *_ in group],
                        [s.center for s, *_ in group] if s0.rules.family == "commerce" else None, s0.out,
                        current=s0.current_player, dealer=s0.dealer, turns=s0.turns, played=s0.played,
                        passes=s0.passes, thresholds=threshold, patience=patience, drop=drop, floor=floor,
                        first_move=[f for _s, f, _a, _w in group], discard=[s.discard_pile for s, *_ in group],
                        knocker=s0.knocker,
                        reshuffle=game_reshuffle([s.seed for s, *_ in group], [s.shuffles for s, *_ in group]))
        for (_s, _f, a, w), lost in zip(group, res.losses):
            out[a][w] = lost[me]


@dataclass(frozen=True, eq=False)
class PureWorlds:
    """``len(worlds)`` sampled worlds of one ``view`` as lists (:func:`sample_worlds_pure`): what :class:`Worlds`
    holds as arrays, for where NumPy is not there."""

    view: PlayerView
    hands: list[list[tuple[Card, ...]]]
    """Per world, every seat's hand: the viewer's own as the view shows it, ``()`` for a seat that is out."""
    stock: list[list[Card]]
    """Per world, the stock, top card first."""
    center: list[list[Card] | None]
    """Per world, a face-down center (the first choice of a commerce round), else ``None``."""
    seeds: list[int]
    """Per world, its seed, for its own reshuffles."""

    def __len__(self) -> int:
        return len(self.stock)

    def state(self, i: int) -> State:
        """World ``i`` as a full :class:`State` (:func:`~thirtyone.game.from_view`)."""
        return from_view(self.view, self.hands[i], self.stock[i], self.center[i], seed=self.seeds[i])


def sample_worlds_pure(view: PlayerView, count: int, rng: random.Random) -> PureWorlds:
    """``count`` worlds of ``view``: :func:`world_sampler`'s, drawn one after the other from ``rng``, as lists."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number, 1 or more, not {count!r}")
    parts = world_parts(view)
    drawn = [parts(rng) for _ in range(count)]
    return PureWorlds(view, [d[0] for d in drawn], [d[1] for d in drawn], [d[2] for d in drawn],
                      [d[3] for d in drawn])


def play_on_pure_worlds(worlds: PureWorlds, actions: Sequence[Action], threshold: Knock, patience: int,
                        drop: Knock = 0.0, floor: Knock = 0.0) -> dict[Action, list[int]]:
    """:func:`play_on_worlds` without NumPy: lives the viewer loses in each world after each action, everyone then
    playing the threshold policy, each play-out ending as the world's own game played move by move would end it.
    At the start of a turn every action is a play-out's first move; a throw that leaves the next player to start a
    turn with the stock untouched starts there in every world (the hand less the card, the card on the pile); any
    other move goes through :func:`play_on` with every world made a state."""
    from .purestep import play_pure

    view = worlds.view
    me, count = view.player, len(worlds)
    direct, start, rest = _direct_moves(worlds, actions)
    out: dict[Action, list[int]] = {}
    if direct:
        assert start is not None and start.current_player is not None
        hands, piles, firsts = [], [], []
        for i in range(count):
            for a, f in direct:
                h = list(worlds.hands[i])
                if view.phase == "turn":
                    piles.append(view.discard_pile)
                else:
                    h[me] = tuple(c for c in view.hand if c != a.cards[0])
                    piles.append((*view.discard_pile, a.cards[0]))
                hands.append([x if len(x) == 3 else (0, 1, 2) for x in h])
                firsts.append(f)
        moves = len(direct)
        center = [view.center] * (count * moves) if view.rules.family == "commerce" else None
        res = play_pure(view.rules, hands, [worlds.stock[i] for i in range(count) for _ in direct], center, view.out,
                        current=start.current_player, dealer=view.dealer, turns=start.turns, played=start.played,
                        passes=start.passes, thresholds=threshold, patience=patience, drop=drop, floor=floor,
                        first_move=firsts,
                        discard=piles, knocker=start.knocker,
                        reshuffle=game_reshuffle([worlds.seeds[i] for i in range(count) for _ in direct],
                                                 [0] * (count * moves)))
        for j, (a, _f) in enumerate(direct):
            out[a] = [res.losses[i * moves + j][me] for i in range(count)]
    if rest:
        out.update(play_on([worlds.state(i) for i in range(count)], rest, me, threshold, patience, 0, drop, floor))
    return {a: out[a] for a in actions}


def evaluate(view: PlayerView, actions: Sequence[Action], rollouts: int, threshold: float, patience: int,
             rng: random.Random) -> dict[Action, list[int]]:
    """Lives the viewer loses in each of ``rollouts`` sampled worlds after each action, every action played on in
    the same worlds (the expert's and the coach's play-outs), on the path :func:`thirtyone.compute.use_numpy`
    chooses: :func:`sample_worlds` and :func:`play_on_worlds` on NumPy, else :func:`sample_worlds_pure` and
    :func:`play_on_pure_worlds`. One draw from ``rng`` seeds either."""
    if use_numpy():
        import numpy as np

        gen = np.random.default_rng(rng.randrange(2**64))
        return play_on_worlds(sample_worlds(view, rollouts, gen), actions, threshold, patience, gen)
    return play_on_pure_worlds(sample_worlds_pure(view, rollouts, random.Random(rng.randrange(2**64))), actions,
                               threshold, patience)
