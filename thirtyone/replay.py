"""Your round, replayed: a finished round played again from its deal with another player in one seat.

Layer: game and bots (codes only, no words: :mod:`thirtyone.widgets.play` says a replay in the learner's language).

Lesson 6 offers, after each round, to play the same deal again with the coach in the learner's seat
(:class:`thirtyone.coach.CoachBot`) and to show both results and the first turn where the two rounds part. For
that a round has to be replayable, and it is:

* **The same cards.** A round's start state holds its deal (the game's seeded shuffle for that round:
  :class:`~thirtyone.game.State` shuffles from ``(game seed, shuffle number)``), and every shuffle within the round
  (a stock reshuffled from the discard pile, a dealer's exchange) follows from the same two numbers, so the
  same moves from the same start reshuffle the same cards.
* **The same bots' chances.** Before each decision the bot to move is seeded afresh from the game's seed, the
  round, its seat and the decision's place in the round (:func:`decision_seed`, :func:`seeded_choice`): a bot
  facing the same situation makes the same random choices, however often it was asked before (a table that
  lets a bot think ahead and then drops the move asks twice) and whoever sits in the other seats. Lesson 6's
  card table (:class:`thirtyone.widgets.tablecontrol.TableControl`) moves its bots so, and :func:`play_round`
  does the same; so does the player put in the learner's seat, so a replay is the same on every run.

:func:`round_moves` reads a finished round's moves back from its events (checked by playing them from the start:
they must give the very same end). :func:`replay_round` (or :class:`Replaying`, one move at a time, so a page
can play it between other clicks) plays the round again from its start with ``player`` in ``seat`` and fresh
bots elsewhere, and returns a :class:`Replay`: both move lists, both ends (their results) and the index of the
first move where the two differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .bots import Bot
from .game import Action, ActionKind, State

__all__ = ["Move", "Replay", "Replaying", "decision_seed", "seeded_choice", "round_moves", "round_start",
           "play_round", "replay_round"]

_MOVE_KINDS = frozenset(str(k) for k in ActionKind) - {"next round"}
"""The events that are moves (a ``draw stock`` event is also the move ``draw stock``)."""
_WITH_CARDS = {"discard": 1, "swap": 2}
"""The moves that name cards, and how many of the event's cards they take."""


class Move(NamedTuple):
    """One move of a round: who made it, what, and how many turns of the round were taken before it."""

    seat: int
    action: Action
    turns: int
    """Turns taken in the round before this move (its turn is the round's turn ``turns + 1``)."""
    phase: str
    """The phase it was made in (``"turn"``; ``"discard"``: the second half of a draw game's turn; ``"choice"``,
    ``"first"``)."""


def decision_seed(game_seed: int, round_: int, seat: int, turns: int, phase: str) -> int:
    """The seed of a bot's decision: from the game's seed, the round, the seat and the decision's place in the round
    (turns taken, phase), so the same decision is seeded the same whoever sits in the other seats."""
    return random.Random(f"bots:{game_seed}:{round_}:{seat}:{turns}:{phase}").getrandbits(64)


def seeded_choice(bot: Bot, state: State) -> Action:
    """The move ``bot`` makes for the player to act in ``state``, from their view, its generator seeded afresh
    for this decision (:func:`decision_seed`)."""
    p = state.current_player
    if p is None:
        raise ValueError("the round is over: nobody is to move")
    bot.rng.seed(decision_seed(state.seed, state.round, p, state.turns, str(state.phase)))
    return bot.choose(state.view(p))


def _action_of(kind: str, cards: Sequence[object]) -> Action:
    n = _WITH_CARDS.get(kind, 0)
    return Action(ActionKind(kind), tuple(cards[:n]))  # type: ignore[arg-type]


def round_moves(start: State, end: State) -> tuple[Move, ...]:
    """The moves of the round ``start`` deals, as ``end`` (a state of the same round, usually its showdown) logged
    them, in order. ``ValueError`` when ``end`` is not reached from ``start`` by them (another round, another game,
    or not the round's very start)."""
    if start.seed != end.seed or start.round != end.round or start.turns or start.phase not in ("turn", "choice",
                                                                                                  "first", "over"):
        raise ValueError("start must be the deal of the round end is in (the same game and round)")
    moves: list[Move] = []
    s = start
    for e in end.round_events():
        if e.kind not in _MOVE_KINDS or e.player is None:
            continue
        a = _action_of(e.kind, e.cards)
        if s.current_player != e.player or a not in s.legal_actions():
            raise ValueError(f"the round's move {a} by seat {e.player} cannot be made from start")
        moves.append(Move(e.player, a, s.turns, str(s.phase)))
        s = s.apply(a)
    if s.hands != end.hands or s.round_over != end.round_over or s.lives != end.lives:
        raise ValueError("the round's moves from start do not lead to end")
    return tuple(moves)


def round_start(states: Sequence[State], round_: int) -> State | None:
    """The deal of round ``round_``: the first state of it among ``states`` (a game's states in order, as a card
    table's history keeps them), or ``None``."""
    return next((s for s in states if s.round == round_), None)


def play_round(start: State, players: Sequence[Bot | None], limit: int = 10_000) -> tuple[tuple[Move, ...], State]:
    """The round ``start`` deals played to its end, each seat by its bot (:func:`seeded_choice`): its moves and
    its last state."""
    run = Replaying(start, players, limit=limit)
    while run.step():
        pass
    return run.moves, run.state


@dataclass(frozen=True)
class Replay:
    """A round and the same deal played again with another player in :attr:`seat`."""

    start: State
    """The round's deal."""
    seat: int
    """The seat played by someone else in the replay."""
    original: tuple[Move, ...]
    """The round's moves as they were made."""
    replayed: tuple[Move, ...]
    """The moves of the replay."""
    original_end: State
    """How the round ended (its showdown: ``original_end.result``)."""
    replayed_end: State
    """How the replay ended."""

    @property
    def first_difference(self) -> int | None:
        """The index of the first move where the two rounds differ (in both move lists: the moves before it are the
        same, so it is the same seat's move from the same state), ``None`` when they are the same throughout."""
        for i, (a, b) in enumerate(zip(self.original, self.replayed)):
            if a != b:
                return i
        return None if len(self.original) == len(self.replayed) else min(len(self.original), len(self.replayed))

    @property
    def original_losses(self) -> tuple[int, ...]:
        """Lives each seat lost in the round (0 for a seat out)."""
        assert self.original_end.result is not None
        return self.original_end.result.losses

    @property
    def replayed_losses(self) -> tuple[int, ...]:
        """Lives each seat lost in the replay."""
        assert self.replayed_end.result is not None
        return self.replayed_end.result.losses

    def before_difference(self) -> State | None:
        """The state in which the two rounds part (both moves at :attr:`first_difference` are made from it), or
        ``None`` when they never do."""
        i = self.first_difference
        if i is None:
            return None
        s = self.start
        for m in self.original[:i]:
            s = s.apply(m.action)
        return s


class Replaying:
    """A round played from ``start`` one move at a time (:meth:`step`), each seat by its bot in ``players``
    (:func:`seeded_choice`); with ``original`` (a finished state of that round) :meth:`replay` compares it."""

    def __init__(self, start: State, players: Sequence[Bot | None], limit: int = 10_000) -> None:
        if start.round_over and start.result is None:  # pragma: no cover - a state never is
            raise ValueError("start must be a round's deal")
        if len(players) != start.players:
            raise ValueError(f"give one bot (or None) per seat: {start.players}, not {len(players)}")
        self.start = start
        self.players = tuple(players)
        self.state = start
        """The state reached so far."""
        self.limit = limit
        self._moves: list[Move] = []

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made so far."""
        return tuple(self._moves)

    @property
    def done(self) -> bool:
        """The round is over."""
        return self.state.round_over

    def step(self) -> bool:
        """Make the next move; False once the round is over (no move made)."""
        s = self.state
        if s.round_over:
            return False
        if len(self._moves) >= self.limit:
            raise RuntimeError(f"the round did not end in {self.limit} moves")
        p = s.current_player
        assert p is not None
        bot = self.players[p]
        if bot is None:
            raise ValueError(f"no bot plays seat {p}")
        a = seeded_choice(bot, s)
        self._moves.append(Move(p, a, s.turns, str(s.phase)))
        self.state = s.apply(a)
        return True

    def replay(self, seat: int, original: State) -> Replay:
        """The finished replay beside the round that ended in ``original`` (``seat``: the seat played anew)."""
        if not self.done:
            raise ValueError("the replay is not over yet")
        return Replay(self.start, seat, round_moves(self.start, original), self.moves, original, self.state)


def replay_round(start: State, end: State, seat: int, player: Bot, bots: Sequence[Bot | None] | Callable[[int], Bot],
                 ) -> Replay:
    """The round ``start`` deals (and ``end`` finished) played again with ``player`` in ``seat`` and ``bots`` in the
    other seats (one per seat, or a function of the seat that makes one; they are seeded per decision, so fresh
    bots of the round's levels make the round's bots' random choices again)."""
    if not end.round_over or end.round != start.round:
        raise ValueError("end must be the finished round that start deals")
    players = [player if p == seat else bots(p) if callable(bots) else bots[p] for p in range(start.players)]
    run = Replaying(start, players)
    while run.step():
        pass
    return run.replay(seat, end)
