"""Bots: strategies that decide from a player's view only (``state.view(player)``), never from hidden cards.

* :class:`RandomBot` — any legal move.
* :class:`GreedyBot` — keeps the best hand value now: takes the discard when it helps, else draws;
  throws to keep value and the best chances; swaps for the best center card; knocks only when the
  round has gone on for ``patience`` orbits (so that games end).
* :class:`ThresholdBot` — greedy, and knocks once its hand reaches a threshold that may depend on
  the players, the seat and the turn; by default the intermediate's rule, the winner of the knock-rule
  tournament of its rule set (:func:`thirtyone.knockrules.intermediate_schedule`).
* :class:`ExpertBot` — for each sensible legal move, estimates the expected lives it loses by
  sampling the unseen cards consistently with what it has seen (the discard pile, cards others took
  from the pile or the center, the center; others hold the best of the cards they chose from) and
  playing on with the fast threshold policy; it reads which suits others collect and does not throw
  them those. It reads the table (:mod:`thirtyone.reading`): the worlds are weighted by how likely each
  other player's moves this round are, and each plays out knocking as their earlier knocks suggest.
  ``make_bot("expert-classic")`` is the expert as it was before (uniform worlds, everyone knocking at the
  intermediate's threshold of the moment), kept to measure against.

``make_bot("beginner" | "intermediate" | "expert" | "random" | "greedy" | "threshold", seed=1)``
gives the tutorial's named levels (and ``"expert-classic"``). Every bot takes a seed; the same seed gives the same decisions.

When each level knocks is stated in ONE place, :func:`knock_rule` (a :class:`KnockRule`, with the
sentence the lessons show): the bots decide their knocks with the same rule object, and
``tests/course/test_course_claims.py`` checks every knock of many bot games against it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .game import Action, PlayerView, State, parse_action
from .i18n import N_, _, ngettext, number
from .knockrules import intermediate_schedule
from .policy import (
    best_commerce_move,
    best_discard,
    hand_keeps,
    knock_threshold,
    take_discard,
)
from .reading import TableRead
from .rules import Rules
from .scoring import hand_values, value_table
from .worlds import (
    CHOICES_SEEN,
    choices_seen,
    imagine_hand,
    play_on,
    sample_state,
    world_sampler,
)
from .worlds import evaluate as evaluate_worlds

__all__ = ["Bot", "RandomBot", "GreedyBot", "ThresholdBot", "ExpertBot", "make_bot", "LEVELS",
           "sample_state", "world_sampler", "choices_seen", "imagine_hand", "play_on", "CHOICES_SEEN", "play_game", "KnockRule", "knock_rule",
           "KNOCK_RULES", "PATIENCE", "EXPERT_ROLLOUTS", "EXPERT_CAP", "EXPERT_MAX_ROLLOUTS", "NEAR_TIE",
           "KNOCK_TIE"]

Threshold = float | Callable[[PlayerView], float]

PATIENCE = 4
"""Every bot knocks once each player still in has had this many turns in the round (the expert: twice as
many), so that rounds among bots always end."""

LEVEL_OF = {"greedy": "beginner", "threshold": "intermediate", "expert": "expert"}
"""The tutorial's level name of each strategy."""


@dataclass(frozen=True)
class KnockRule:
    """When a bot knocks, as the lessons say it: the rule the bots themselves decide by.

    A bot knocks only when the rules of the game allow a knock now. Then it knocks if its hand is
    worth ``threshold`` or more (the intermediate bot), or once every player still in has had
    ``patience`` turns this round (every bot), or, for the expert (``simulates``), when its
    simulation rates the knock as its best move.
    """

    level: str
    """``"beginner"``, ``"intermediate"`` or ``"expert"``."""
    players: int
    """Players still in the game (the rule depends on them)."""
    threshold: float | None
    """Knock at this hand value or more; ``None``: the hand's value alone never decides."""
    patience: int
    """Knock at the first turn after every player still in has had this many turns."""
    simulates: bool = False
    """Before its patience runs out, the bot knocks when its simulation rates the knock best."""
    drop: float = 0.0
    """The threshold falls by this much each time round the table (0: a fixed threshold)..."""
    floor: float = 0.0
    """...but never below this (:func:`thirtyone.policy.knock_threshold`)."""

    def patience_over(self, turns: int) -> bool:
        """Whether every player still in has had ``patience`` turns, ``turns`` turns into the round."""
        return turns >= self.patience * self.players

    def says_knock(self, value: float, turns: int) -> bool | None:
        """Whether the rule says knock with a hand worth ``value`` after ``turns`` turns (when a knock
        is allowed); ``None`` when the expert's simulation decides."""
        if self.patience_over(turns):
            return True
        now = self.threshold_at(turns)
        if now is not None and value >= now:
            return True
        return None if self.simulates else False

    def threshold_at(self, turns: int) -> float | None:
        """The hand value the rule knocks at ``turns`` turns into the round (``None``: none)."""
        if self.threshold is None or not self.drop:
            return self.threshold
        return knock_threshold(self.threshold, self.drop, self.floor, turns, self.players)

    @property
    def text(self) -> str:
        """The rule in a sentence, with this table's numbers."""
        if self.level == "intermediate" and self.threshold is not None and self.drop:
            return ngettext(
                "With {players} players still in, an intermediate bot knocks as soon as its hand is worth {worth} or "
                "more on its first turn, {drop} point less each time round the table but never below {floor}; or once "
                "every player still in has had {patience} turns this round ({total} turns with {players} players).",
                "With {players} players still in, an intermediate bot knocks as soon as its hand is worth {worth} or "
                "more on its first turn, {drop} points less each time round the table but never below {floor}; or "
                "once every player still in has had {patience} turns this round ({total} turns with {players} "
                "players).", int(self.drop)).format(
                    players=self.players, worth=number(self.threshold), drop=number(self.drop),
                    floor=number(self.floor), patience=self.patience, total=self.patience * self.players)
        return _rule_text(self.level, self.patience, self.threshold, self.players)


def _rule_text(level: str, patience: int, threshold: float | None, players: int | None) -> str:
    """A level's knock rule in a sentence: for ``players`` players still in (with the turns that makes), or in
    general (``None``), in the language in use (built when asked, never cached: the words follow
    :func:`thirtyone.i18n.use`). One whole message a case: when patience runs out is never a phrase put in."""
    if threshold is None and level == "intermediate":
        players = None  # no number to say: the rule in general
    if level == "expert":
        said = (_("An expert bot knocks when its simulation says a knock now loses fewer lives on average than its "
                  "best other move, or at most a hundredth of a life more, whatever its hand; and it always knocks once every player still in has had "
                  "{patience} turns this round.") if players is None else
                _("An expert bot knocks when its simulation says a knock now loses fewer lives on average than its "
                  "best other move, or at most a hundredth of a life more, whatever its hand; and it always knocks once every player still in has had "
                  "{patience} turns this round ({total} turns with {players} players)."))
    elif level == "intermediate" and threshold is None:
        said = _("An intermediate bot knocks as soon as its hand is worth its threshold or more, or once every player "
                 "still in has had {patience} turns this round.")
    elif level == "intermediate":
        said = (_("An intermediate bot knocks as soon as its hand is worth {worth} or more, or once every player "
                  "still in has had {patience} turns this round.") if players is None else
                _("With {players} players still in, an intermediate bot knocks as soon as its hand is worth {worth} "
                  "or more, or once every player still in has had {patience} turns this round ({total} turns with "
                  "{players} players)."))
    else:
        said = (_("A beginner bot never knocks until every player still in has had {patience} turns this round; "
                  "then it knocks, whatever its hand.") if players is None else
                _("A beginner bot never knocks until every player still in has had {patience} turns this round "
                  "({total} turns with {players} players); then it knocks, whatever its hand."))
    return said.format(patience=patience, players=players, total=patience * (players or 0),
                       worth="" if threshold is None else number(threshold))


class _KnockRules(Mapping[str, str]):
    """When each level knocks, in the language in use: each sentence is built when it is read."""

    _ALL = N_("No bot knocks when the rules forbid a knock (on the first turn, say): it waits for a turn when "
              "they allow one.")

    def __getitem__(self, key: str) -> str:
        if key == "all":
            return _(self._ALL)
        if key not in ("beginner", "intermediate", "expert"):
            raise KeyError(key)
        return _rule_text(key, 2 * PATIENCE if key == "expert" else PATIENCE, None, None)

    def __iter__(self) -> Iterator[str]:
        return iter(("beginner", "intermediate", "expert", "all"))

    def __len__(self) -> int:
        return 4

    def __repr__(self) -> str:
        return repr(dict(self))


KNOCK_RULES: Mapping[str, str] = _KnockRules()
"""When each level knocks, in the words lesson 5 prints (and ``tests/course/test_course_claims.py`` checks):
``"beginner"``, ``"intermediate"``, ``"expert"`` and ``"all"``, each read in the language in use."""


@cache
def mean_hand_value(rules: Rules) -> float:
    """The average value of a random three-card hand under a rule set."""
    table = value_table(rules)
    low = 0 if rules.deck == 52 else 20
    values = [v for k, v in table.items() if min(k) >= low and k[0] < k[1] < k[2]]
    return sum(values) / len(values)


class Bot:
    """A strategy: ``bot.choose(view)`` returns one of ``view.legal_actions``."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """The move to make; ``view`` must be the view of the player to act."""
        raise NotImplementedError

    @staticmethod
    def only_move(view: PlayerView) -> Action | None:
        """The move when there is no choice (``None`` when there is one); ``ValueError`` when ``view``'s player has
        no move (it is not their turn)."""
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        return legal[0] if len(legal) == 1 else None

    def __call__(self, view: PlayerView) -> Action:
        return self.choose(view)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal_actions)


class GreedyBot(Bot):
    """Keeps the best hand value now; knocks only after ``patience`` orbits of the table."""

    name = "greedy"

    def __init__(self, seed: int | None = None, patience: int = PATIENCE) -> None:
        super().__init__(seed)
        self.patience = patience

    def knock_rule(self, view: PlayerView) -> KnockRule:
        """When this bot knocks, for the table ``view`` shows (see :func:`knock_rule`)."""
        return KnockRule("beginner", len(view.active), None, self.patience)

    def wants_knock(self, view: PlayerView) -> bool:
        """Whether to knock now (the knock is legal when this is asked)."""
        return bool(self.knock_rule(view).says_knock(hand_values(view.rules)[view.hand], view.turns))

    def avoid_suits(self, view: PlayerView) -> tuple[int, ...]:
        """Suits not to throw when another throw is as good (the expert reads the discard pile)."""
        return ()

    def choose(self, view: PlayerView) -> Action:
        only = self.only_move(view)
        if only is not None:
            return only
        legal = view.legal_actions
        rules = view.rules
        table = hand_values(rules)
        hand = view.hand
        kinds = {a.kind for a in legal}
        knock = Action("knock")
        if "keep hand" in kinds:  # first choice or dealer exchange: keep a better-than-average hand
            keep = table[hand] >= mean_hand_value(rules)
            return next(a for a in legal if (a.kind == "keep hand") == keep)
        if "discard" in kinds:
            forbidden = None if rules.discard_taken else view.taken
            c = best_discard(hand_keeps(rules), hand, forbidden, self.avoid_suits(view))
            return Action("discard", (c,))
        if knock in legal and self.wants_knock(view):
            return knock
        if rules.family == "draw":
            top = view.discard_pile[-1] if view.discard_pile else None
            if top is not None and Action("draw discard") in legal and take_discard(hand_keeps(rules), hand, top):
                return Action("draw discard")
            return Action("draw stock") if Action("draw stock") in legal else legal[0]
        center = view.center or ()
        now = table[hand]
        value, move = best_commerce_move(table, hand, center, bool(rules.allow_swap_all))
        if value <= now and Action("pass") in legal:
            return Action("pass")
        return Action("swap all") if not move else Action("swap", move)


class ThresholdBot(GreedyBot):
    """Greedy, and knocks once its hand is worth ``threshold`` or more.

    ``threshold``: a number, or a function of the view (players, seat, turn...) returning one;
    by default the intermediate's knock schedule for the rule set and players
    (:func:`thirtyone.knockrules.intermediate_schedule`): a threshold that may fall each time round the table.
    """

    name = "threshold"

    def __init__(self, seed: int | None = None, threshold: Threshold | None = None,
                 patience: int = PATIENCE) -> None:
        super().__init__(seed, patience)
        self.threshold = threshold

    def threshold_for(self, view: PlayerView) -> float:
        """The knock threshold in this situation: ``threshold``, or by default the intermediate's knock schedule
        read at this turn (:func:`thirtyone.knockrules.intermediate_schedule`)."""
        t = self.threshold
        if t is None:
            n = len(view.active)
            return intermediate_schedule(view.rules, n).at(view.turns, n)
        return t(view) if callable(t) else float(t)

    def knock_rule(self, view: PlayerView) -> KnockRule:
        if self.threshold is None:
            return knock_rule("intermediate", view.rules, len(view.active), self.patience)
        return KnockRule("intermediate", len(view.active), self.threshold_for(view), self.patience)


EXPERT_ROLLOUTS = 192
"""Play-outs the expert plays first for each move it compares (the first batch; it plays more while the best
moves are close, see :data:`EXPERT_MAX_ROLLOUTS`). In duplicate play against three intermediates (``python -m
thirtyone strength``, 2,000 deals of Scat with 4 players) a fixed 192 lost 0.052 lives a round fewer than the
intermediate, a fixed 48 only 0.031 fewer; on 2,000 other deals 192 lost 0.032 ± 0.021 lives a round fewer
than 48 (paired 95% interval)."""

EXPERT_CAP = 4
"""How many times its first batch the expert plays at most for a move (see :data:`EXPERT_MAX_ROLLOUTS`)."""

EXPERT_MAX_ROLLOUTS = EXPERT_CAP * EXPERT_ROLLOUTS
"""At most this many play-outs a move (by default :data:`EXPERT_CAP` × the first batch): when after a batch the
best move's paired 95% interval against a rival still holds 0 and reaches past :data:`NEAR_TIE`, the expert plays
as many play-outs again, only for the moves still in contention, until this cap. Losses are rare on a strong hand,
so 192 play-outs see only a handful: with A♥ K♥ 9♥ on the first turn of Scat with 4 players the knock loses 0.012
lives and drawing from the pile 0.025 (20,000 play-outs); a fixed 192 sometimes drew, the adaptive expert knocks
(``tests/sim/test_expert_spots.py``). In duplicate play (``python -m thirtyone strength``, 2,000 deals of Scat
with 4 players, seed 0, against three intermediates as shipped) the expert lost 0.061 ± 0.021 lives a round fewer
than the intermediate, and, paired on the same deals against the cap it had before (8 ×), as many (−0.001 ±
0.012) for 65 % of its CPU; a cap of 2 × lost 0.008 ± 0.014 more and a fixed 192 0.024 ± 0.016 more (measurably
worse). Near-equal moves never get their interval within NEAR_TIE, so they play to the cap: the cap, not the
first batch, sets the expert's cost (starting at 48 or 96 saved 7 % of the CPU and no strength)."""

NEAR_TIE = 0.01
"""Lives: two moves whose paired 95% interval of the difference lies within this of 0 count as equally good;
the expert then stops sampling and takes the lower mean."""

KNOCK_TIE = NEAR_TIE
"""Lives: the expert knocks when the knock loses at most this much more than its best move. Its play-outs have it
knock at the intermediate's threshold on its later turns, but at each later turn it decides again, and a knock
put off on every near-tie is a knock that never comes: at a table that never knocks (Algorithmic31BotV5's rule
with six players) its hands grow until one is 31. Scat with 6 players against that table, 500 deals: 0.042 ± 0.021
lives a round fewer than without; against intermediates in Scat with 4 players, 1,200 deals, the same
(+0.000 ± 0.002). ``expert-classic`` decides as before (the lower mean)."""

_Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

class ExpertBot(ThresholdBot):
    """Chooses the move with the fewest expected lives lost, by sampling and playing on.

    For each sensible move (every draw or knock; the two best throws; the best swap, swap all,
    pass and knock) it plays ``rollouts`` sampled continuations with the threshold policy for
    everyone, the same samples for every move. While the best move's paired 95% interval against a
    rival holds 0 and is wider than :data:`NEAR_TIE`, it plays as many continuations again for the
    moves still in contention (a move clearly worse than the best drops out), up to ``max_rollouts``
    a move (default :data:`EXPERT_CAP` × ``rollouts``); then it picks the lowest mean loss. It knocks once the round has
    gone on for twice ``patience`` orbits (other bots: ``patience``), so rounds among experts always end.
    ``last_losses``: the mean lives lost of each move it compared at its last decision (empty when it
    did not simulate; a move that dropped out is rated by its paired difference to the move chosen),
    so a knock can be checked against its rule.

    ``reads`` (the default): the play-outs start from worlds read from the others' moves
    (:class:`thirtyone.reading.TableRead`: weighted by how likely each other player's moves this round are,
    each of them knocking as their earlier knocks suggest, or not by their hand at all once the table reads as
    one that plays on, the bot's own later turns at the intermediate's schedule of each turn), and it knocks
    when the knock is within :data:`KNOCK_TIE` of its best move; ``reads=False`` is ``"expert-classic"``:
    uniform worlds, everyone knocking at ``threshold`` (by default the intermediate's threshold of the moment),
    the lower mean taken.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, rollouts: int = EXPERT_ROLLOUTS, threshold: Threshold | None = None,
                 patience: int = PATIENCE, max_rollouts: int | None = None, reads: bool = True) -> None:
        super().__init__(seed, threshold, patience)
        self.reads = bool(reads) and threshold is None
        if not self.reads:
            self.name = "expert-classic" if threshold is None else "expert"
        self._table: tuple[PlayerView, TableRead] | None = None
        if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"rollouts must be a whole number, 1 or more, not {rollouts!r}")
        cap = EXPERT_CAP * rollouts if max_rollouts is None else max_rollouts
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < rollouts:
            raise ValueError(f"max_rollouts must be a whole number, at least rollouts ({rollouts}), not {cap!r}")
        self.rollouts = rollouts
        self.max_rollouts = cap
        self.last_losses: dict[Action, float] = {}

    def knock_rule(self, view: PlayerView) -> KnockRule:
        return KnockRule("expert", len(view.active), None, 2 * self.patience, simulates=True)

    def avoid_suits(self, view: PlayerView) -> tuple[int, ...]:
        """Suits the next player has been collecting from the discard pile or the center (the Scat rule page's advice)."""
        if not view.active:
            return ()
        n = view.players
        nxt = next((s for s in ((view.player + k) % n for k in range(1, n)) if not view.out[s]), None)
        picked = view.collected().get(nxt, ()) if nxt is not None else ()
        return tuple({c.suit for c in picked})

    def candidates(self, view: PlayerView) -> list[Action]:
        """The moves worth comparing (at most five)."""
        legal = list(view.legal_actions)
        rules = view.rules
        table = hand_values(rules)
        if any(a.kind == "discard" for a in legal):
            if len(legal) <= 2:
                return legal
            forbidden = None if rules.discard_taken else view.taken
            keep = hand_keeps(rules)
            first = best_discard(keep, view.hand, forbidden, self.avoid_suits(view))
            rest = tuple(c for c in view.hand if c != first)
            second = best_discard(keep, rest + (first,), first if forbidden is None else forbidden)
            if second == first:  # the taken card may not be thrown and only it was left
                return [Action("discard", (first,))]
            return [Action("discard", (first,)), Action("discard", (second,))]
        if rules.family == "commerce" and view.phase == "turn":
            value, move = best_commerce_move(table, view.hand, view.center or (), bool(rules.allow_swap_all))
            picks = [Action("swap", move)] if move else []
            picks += [a for a in legal if a.kind in ("swap all", "pass", "knock")]
            return picks or legal[:1]
        return legal

    def evaluate(self, view: PlayerView, actions: Sequence[Action], rollouts: int
                 ) -> dict[Action, list[int]]:
        """Lives lost by the viewer in each of ``rollouts`` sampled play-outs, per action: every action
        played on in the same sampled worlds, all at once (:func:`~thirtyone.worlds.evaluate`: on NumPy
        :func:`~thirtyone.worlds.sample_worlds` and :func:`~thirtyone.worlds.play_on_worlds`, else in plain Python)."""
        if self.reads:
            return self.table_read(view).evaluate(actions, rollouts, self.rng)
        return evaluate_worlds(view, actions, rollouts, self.threshold_for(view), self.patience, self.rng)

    def table_read(self, view: PlayerView) -> TableRead:
        """The table read of ``view`` (:class:`~thirtyone.reading.TableRead`), worked out once for a decision."""
        if self._table is None or self._table[0] is not view:
            self._table = (view, TableRead(view, self.patience))
        return self._table[1]

    def compare(self, view: PlayerView, actions: Sequence[Action]) -> dict[Action, float]:
        """The mean lives lost after each of ``actions``, sampled adaptively: batches of play-outs in the
        same worlds for every move still in contention, until the best is told apart from each rival (or
        they are as good as tied, within :data:`NEAR_TIE`) or ``max_rollouts`` play-outs were played."""
        losses: dict[Action, list[int]] = {a: [] for a in actions}
        live = list(actions)
        batch = self.rollouts
        while True:
            for a, lost in self.evaluate(view, live, batch).items():
                losses[a] += lost
            played = len(losses[live[0]])
            best = min(live, key=lambda a: (sum(losses[a]), live.index(a)))
            rivals = {a: _paired(losses[a], losses[best]) for a in live if a != best}
            close = {a: (m, h) for a, (m, h) in rivals.items() if m - h <= 0}  # the clearly worse drop out
            live = [a for a in live if a == best or a in close]
            if played >= self.max_rollouts or all(m + h <= NEAR_TIE for m, h in close.values()):
                break
            batch = min(played, self.max_rollouts - played)
        ref = losses[best]
        mean = sum(ref) / len(ref)
        return {a: mean + _paired(losses[a], ref[:len(losses[a])])[0] for a in actions}

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        self.last_losses = {}
        if len(legal) == 1:
            return legal[0]
        knock = Action("knock")
        if knock in legal and self.knock_rule(view).patience_over(view.turns):
            return knock  # the round has gone on for twice `patience` orbits: end it
        cands = self.candidates(view)
        if len(cands) == 1:
            return cands[0]
        self.last_losses = self.compare(view, cands)
        best = min(cands, key=lambda a: (self.last_losses[a], cands.index(a)))
        if (self.reads and knock in self.last_losses and best != knock
                and self.last_losses[knock] <= self.last_losses[best] + KNOCK_TIE):
            return knock  # as good as the best: knock now rather than put it off
        return best


def _paired(mine: Sequence[int], other: Sequence[int]) -> tuple[float, float]:
    """The mean of ``mine[i] - other[i]`` over the worlds both played, and half its 95% interval, the
    variance counting one more world that differs by a life (so that a handful of worlds in which the
    two never differ is not taken for certainty)."""
    n = len(mine)
    diffs = [a - b for a, b in zip(mine, other)]
    mean = sum(diffs) / n
    var = (sum((d - mean) ** 2 for d in diffs) + 1) / max(1, n - 1)
    return mean, _Z95 * math.sqrt(var / n)


LEVELS = {"beginner": "greedy", "intermediate": "threshold", "expert": "expert"}
"""The tutorial's named levels and the strategy behind each."""


def knock_rule(level: str, rules: Rules | str, players: int, patience: int = PATIENCE) -> KnockRule:
    """When a bot of ``level`` (``make_bot(level)``, default options) knocks under ``rules`` with
    ``players`` players still in (``patience``: the bot's, the expert's doubled): THE statement of the bots'
    knocks that the lessons print."""
    kind = LEVELS.get(level, level)
    if kind not in LEVEL_OF:
        raise ValueError(f"no knock rule for {level!r}: choose one of {', '.join(LEVELS)}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"players must be a whole number, 2 or more, not {players!r}")
    r = Rules.coerce(rules)
    if kind == "greedy":
        return KnockRule("beginner", players, None, patience)
    if kind == "threshold":
        k = intermediate_schedule(r, players)
        return KnockRule("intermediate", players, k.start, patience, drop=k.drop, floor=k.floor)
    return KnockRule("expert", players, None, 2 * patience, simulates=True)


def make_bot(level: str = "intermediate", seed: int | None = None, **options: object) -> Bot:
    """A bot by level (``beginner``, ``intermediate``, ``expert``; ``expert-classic``, the expert that does not read
    the table) or strategy name."""
    if level == "expert-classic":
        return ExpertBot(seed, reads=False, **options)  # type: ignore[arg-type]
    kind = LEVELS.get(level, level)
    classes: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "threshold": ThresholdBot,
                                      "expert": ExpertBot}
    if kind not in classes:
        raise ValueError(f"unknown bot {level!r}: choose one of "
                         f"{', '.join(list(LEVELS) + ['expert-classic'] + list(classes))}")
    return classes[kind](seed, **options)


def play_game(state: State, bots: Sequence[Bot], max_actions: int = 200_000) -> State:
    """Play a game to its end, each seat moved by its bot from its own view."""
    s = state
    for _step in range(max_actions):
        if s.game_over:
            return s
        if s.round_over:
            s = s.apply("next round")
            continue
        p = s.current_player
        assert p is not None
        s = s.apply(parse_action(bots[p].choose(s.view(p))))
    raise RuntimeError("the game did not end")
