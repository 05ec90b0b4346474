"""The coach of lesson 6: the best move for the player to act, with its numbers, and a record of a whole game.

* :func:`coach` — for the player whose turn it is, from their view only (``state.view(player)``,
  never the hidden cards): every sensible move (the expert bot's candidates; every throw) is played
  on in the same ``rollouts`` sampled continuations (the unseen cards dealt consistently with the
  view, everyone then playing the fast threshold policy, as :class:`~thirtyone.bots.ExpertBot`
  does); the move with the fewest expected lives lost is the advice, with a 95% interval for each.
  When a knock is legal, lesson 5's :func:`~thirtyone.analysis.knock_advice` is asked as well.
* :class:`GameRecord` — fed every state of a game (:meth:`GameRecord.observe`): the lives of every
  seat after each round, the learner's knocks with the coach's verdict at that moment, and how often
  the learner asked the coach and followed it; :meth:`GameRecord.summary` says it in sentences.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .analysis import Estimate, KnockAdvice, knock_advice
from .bots import ExpertBot
from .game import Action, PlayerView, State

__all__ = ["MoveEstimate", "Advice", "coach", "describe_move", "KnockRecord", "GameRecord"]


@dataclass(frozen=True)
class MoveEstimate:
    """One candidate move and what it costs over the sampled continuations."""

    action: Action
    words: str
    """The move in plain words: ``"take the 9♥ from the discard pile"``."""
    estimate: Estimate
    """Expected lives lost (with a 95% interval) and the chance of losing a life."""


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one moment of a game."""

    player: int
    round: int
    turns: int
    """Turns taken in the round when the advice was given (with ``round`` and ``phase``: which moment it is for)."""
    phase: str
    best: Action
    moves: tuple[MoveEstimate, ...]
    """Every move compared, fewest expected lives lost first (the best is first)."""
    knock: KnockAdvice | None
    """Lesson 5's knock advice, when a knock is legal now."""
    explanation: str
    """One sentence: the best move and why."""
    seconds: float
    """How long the coach thought."""

    @property
    def best_move(self) -> MoveEstimate:
        return next(m for m in self.moves if m.action == self.best)

    def is_for(self, state: State) -> bool:
        """Whether this advice was given for the moment ``state`` shows."""
        return (state.current_player == self.player and state.round == self.round and state.turns == self.turns
                and state.phase == self.phase)


def describe_move(action: Action, view: PlayerView) -> str:
    """A move in plain words, for the learner whose view it is."""
    k = action.kind
    if k == "draw stock":
        return "draw from the stock"
    if k == "draw discard":
        return f"take the {view.discard_pile[-1]} from the discard pile" if view.discard_pile else "take the discard"
    if k == "discard":
        return f"throw the {action.cards[0]}"
    if k == "swap":
        return f"swap your {action.cards[0]} for the {action.cards[1]}"
    return {"knock": "knock", "swap all": "swap all three cards", "pass": "pass", "keep hand": "keep your hand",
            "take center": "take the center hand", "exchange hand": "exchange your hand"}.get(k, k)


def _candidates(bot: ExpertBot, view: PlayerView) -> list[Action]:
    """The moves to compare: every throw, every draw and knock, the commerce moves worth comparing."""
    legal = list(view.legal_actions)
    if view.phase in ("discard", "choice", "first") or view.rules.family == "draw":
        return legal
    return bot.candidates(view)


def coach(state: State, player: int | None = None, rollouts: int = 200, seed: int = 0,
          knock_rollouts: int = 500) -> Advice:
    """The best move for ``player`` (the player to act), from their view only, with its numbers.

    ``rollouts`` sampled continuations, the same for every move compared; ``knock_rollouts`` for
    lesson 5's knock advice when a knock is legal. Seeded: the same state and seed give the same advice.
    Raises ``ValueError`` when it is not ``player``'s turn (or the round is over).
    """
    t0 = time.perf_counter()
    p = state.current_player if player is None else player
    if p is None or p != state.current_player or state.phase == "over":
        raise ValueError("the coach advises the player whose turn it is"
                         f" (now: player {state.current_player}, phase {state.phase!r})")
    if rollouts < 2:
        raise ValueError(f"rollouts must be at least 2, not {rollouts}")
    view = state.view(p)
    bot = ExpertBot(seed=seed)
    cands = _candidates(bot, view)
    losses = bot.evaluate(view, cands, rollouts)
    order = sorted(range(len(cands)), key=lambda i: (sum(losses[cands[i]]), i))
    moves = tuple(MoveEstimate(cands[i], describe_move(cands[i], view), Estimate.from_losses(str(cands[i]),
                                                                                           losses[cands[i]]))
                  for i in order)
    knock = None
    if Action("knock") in view.legal_actions and state.phase == "turn":
        knock = knock_advice(state, p, rollouts=knock_rollouts, seed=seed)
    best = moves[0]
    return Advice(p, state.round, state.turns, state.phase, best.action, moves, knock, _explain(moves, knock),
                  time.perf_counter() - t0)


def _lives(x: float) -> str:
    return f"{x:.2f} {'life' if x == 1 else 'lives'}"


def _explain(moves: Sequence[MoveEstimate], knock: KnockAdvice | None) -> str:
    best = moves[0]
    e = best.estimate
    head = best.words[0].upper() + best.words[1:]
    if len(moves) == 1:
        return f"{head}: it is your only sensible move (it loses {_lives(e.expected_lives)} on average)."
    nxt = moves[1]
    lo, hi = e.expected_ci
    text = (f"{head}: over {e.rollouts} deals of the cards you cannot see, it loses {_lives(e.expected_lives)} "
            f"on average (95% interval {lo:.2f} to {hi:.2f}), against {nxt.estimate.expected_lives:.2f} "
            f"to {nxt.words}.")
    if nxt.estimate.expected_ci[0] <= hi and lo <= nxt.estimate.expected_ci[1]:
        text = text[:-1] + ": a close call, the intervals overlap."
    if knock is not None and (knock.advice == "knock") != (best.action.kind == "knock"):
        text += f" Lesson 5's knock advisor says {knock.advice}: the two simulations differ, so it is close."
    return text


# --------------------------------------------------------------------------------------------
# A whole game, recorded
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnockRecord:
    """One knock of the learner, and what the coach said at that moment."""

    round: int
    turns: int
    """Turns taken in the round before the knock."""
    value: float
    """The learner's hand value when knocking."""
    advised: bool
    """The coach's best move at that moment was to knock."""
    knock_lives: float
    """Expected lives lost by knocking, as the coach estimated."""
    best_words: str
    """The coach's best move in words."""


@dataclass
class GameRecord:
    """A whole game as the learner at ``seat`` played it: feed it every state with :meth:`observe`."""

    seat: int
    names: tuple[str, ...] = ()
    start: tuple[int, ...] = ()
    """Everyone's lives at the start of the game."""
    rounds: list[tuple[int, tuple[int, ...], tuple[bool, ...]]] = field(default_factory=list)
    """After each round: its number, everyone's lives and who is out."""
    knocks: list[KnockRecord] = field(default_factory=list)
    asked: int = 0
    """Moves for which the learner asked the coach."""
    followed: int = 0
    """Moves where the learner then played the coach's best move."""
    lost: dict[int, int] = field(default_factory=dict)
    """Lives the learner lost in each finished round, by round number."""
    winner: int | None = None

    def observe(self, state: State) -> None:
        """Note a state shown in the game (any order of calls is fine; each round is noted once)."""
        if not self.start:
            self.start = state.lives
        if state.round_over and state.round not in self.lost:
            self.rounds.append((state.round, state.lives, state.out))
            self.lost[state.round] = state.result.losses[self.seat] if state.result is not None else 0
        if state.game_over:
            self.winner = state.winner

    def note_move(self, state: State, action: Action, advice: Advice | None) -> None:
        """Note the learner's move ``action`` in ``state``; ``advice``: the coach's, if asked for this moment
        (a knock without it is judged by asking the coach now)."""
        if advice is not None and advice.is_for(state):
            self.asked += 1
            self.followed += action == advice.best
        if action.kind == "knock":
            if advice is None or not advice.is_for(state):
                advice = coach(state, self.seat)
            knock = next((m for m in advice.moves if m.action.kind == "knock"), None)
            value = state.values()[self.seat] or 0.0
            self.knocks.append(KnockRecord(state.round, state.turns, value, advice.best.kind == "knock",
                                           knock.estimate.expected_lives if knock is not None else float("nan"),
                                           advice.best_move.words))

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat}"

    def lives_table(self) -> tuple[list[str], list[list[str]]]:
        """Header and rows: one row per seat, its lives at the start and after each round ("out" once out)."""
        header = ["Player", "Start"] + [f"Round {r}" for r, _, _ in self.rounds]
        rows = []
        for s in range(len(self.start)):
            cells = [self.name(s), str(self.start[s])]
            for _, lives, out in self.rounds:
                cells.append("out" if out[s] else str(lives[s]))
            rows.append(cells)
        return header, rows

    def knock_lines(self) -> list[str]:
        """One sentence per knock of the learner: when, on what, what the coach said, what came of it."""
        lines = []
        for k in self.knocks:
            said = "the coach agreed" if k.advised else f"the coach would rather {k.best_words}"
            lost = self.lost.get(k.round)
            came = "" if lost is None else (" You kept every life." if lost == 0 else
                                             f" You lost {lost} {'life' if lost == 1 else 'lives'}.")
            lines.append(f"Round {k.round}, after {k.turns} turn{'s' * (k.turns != 1)}: you knocked on "
                         f"{_value(k.value)}; {said} (a knock cost {k.knock_lives:.2f} lives on average).{came}")
        return lines

    def summary(self) -> str:
        """The game in a few sentences: who won, the learner's rounds, knocks and the coach."""
        parts = []
        if self.winner is not None:
            parts.append("You win the game!" if self.winner == self.seat else f"{self.name(self.winner)} wins the game.")
        played = len(self.rounds)
        lost = sum(1 for n in self.lost.values() if n)
        parts.append(f"{played} round{'s' * (played != 1)} played; you lost a life in {lost} of them.")
        n = len(self.knocks)
        agreed = sum(k.advised for k in self.knocks)
        if n:
            parts.append(f"You knocked {n} time{'s' * (n != 1)}; the coach agreed {agreed} time{'s' * (agreed != 1)}.")
        else:
            parts.append("You never knocked.")
        if self.asked:
            parts.append(f"You asked the coach {self.asked} time{'s' * (self.asked != 1)} and followed it "
                         f"{self.followed} time{'s' * (self.followed != 1)}.")
        return " ".join(parts)


def _value(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)
