"""The numbers behind the strategy lessons: knock advice, knock-timing tables, a threshold tournament.

Everything here is simulation with the one fast engine, :mod:`thirtyone.lockstep` (many play-outs at once:
greedy play, knocking by threshold, judged as the game's own :func:`~thirtyone.policy.judge` judges), seeded,
with 95% confidence intervals: Wilson intervals for chances, normal intervals for means. NumPy is imported
only when something is simulated.

* :func:`knock_advice` — for the player to act: the chance of losing a life and the expected
  lives lost if they knock now, and if they play on with their best alternative.
* :func:`knock_survival` — one cell of the knock-timing tables: the chance of surviving a knock at
  each hand value, for a number of players, a seat after the dealer, a turn (0 = on the deal,
  before anyone has moved), a rule set and the opponents' strategy.
* :class:`KnockTables` — the shipped tables (``thirtyone/data/knock_tables.json``), loaded without
  simulating; ``python -m thirtyone build-data`` regenerates them (:func:`knock_table_bytes`).
* :func:`threshold_tournament` — which knock threshold loses fewest lives against a field of bots.
* The knock-rule tournament (which schedule, a threshold falling each time round the table or a fixed one,
  loses fewest lives against the same field; the intermediate bot's rule) lives in :mod:`thirtyone.knockrules`,
  below the bots that knock by it; its names are kept here too (:func:`knock_rule_tournament`, ...).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import shipped
from .bots import CHOICES_SEEN, GreedyBot, choices_seen, imagine_hand
from .cards import Card
from .compute import use_numpy
from .game import Action, Illegal, PlayerView, State
from .i18n import _, fixed, ngettext, number, percent
from .knockrules import (
    KNOCK_RULE_ROUNDS,
    LIVE_KNOCK_RULE_ROUNDS,
    KnockRuleRow,
    _check_players,
    _generator,
    _tile,
    _tiled_pile,
    best_knock_rule,
    intermediate_schedule,
    knock_rule_bytes,
    knock_rule_candidates,
    knock_rule_tournament,
    shipped_knock_rules,
)
from .narration import illegal_words, no_knock_sentence
from .policy import KnockSchedule, hand_keeps
from .rules import Rules
from .scoring import hand_values
from .stats import Estimate, paired, wilson

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Estimate", "KnockAdvice", "knock_advice", "knock_survival", "KnockTables", "load_knock_tables",
           "build_knock_tables", "knock_table_bytes", "deal_study", "threshold_tournament", "TournamentRow", "wilson", "advice_text",
           "KnockRuleRow", "knock_rule_tournament", "knock_rule_candidates", "best_knock_rule", "knock_rule_bytes",
           "shipped_knock_rules", "KNOCK_RULE_ROUNDS", "LIVE_KNOCK_RULE_ROUNDS", "paired"]

@dataclass(frozen=True)
class KnockAdvice:
    """Should the player to act knock? Both choices estimated, and the advice in a sentence."""

    player: int
    value: float
    knock: Estimate | None
    """``None`` when knocking is not allowed now."""
    play_on: Estimate
    advice: str
    """``"knock"`` or ``"play on"``: the choice with fewer lives lost on average."""
    explanation: str
    """The estimates and the advice in a sentence."""
    forbidden: str = ""
    """Why knocking is not allowed now, in words (``""`` when it is)."""
    forbidden_rule: str = ""
    """The rules' ``first_knock`` when that is why knocking is not allowed now (a code, no words; ``""``
    otherwise): :func:`thirtyone.narration.no_knock_sentence` says it with "play on" in one sentence."""

    @property
    def close(self) -> bool:
        """Too close to tell: the two choices' 95% intervals for lives lost overlap (never when knocking
        is not allowed)."""
        k, p = self.knock, self.play_on
        if k is None:
            return False
        return k.expected_ci[0] <= p.expected_ci[1] and p.expected_ci[0] <= k.expected_ci[1]


class _Sampler:
    """Deals the cards a player cannot see, consistently with their view, into fresh play-outs."""

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.pool = list(view.unseen())
        seen = choices_seen(view)  # others kept the best of what they saw (see bots.sample_state)
        self.keep = hand_keeps(view.rules)
        self.slots = [(seat, tuple(view.known[seat]), size - len(view.known[seat]),
                       min(seen[seat], CHOICES_SEEN) if size == 3 else 0)
                      for seat, size in enumerate(view.hand_sizes) if seat != view.player and not view.out[seat]]
        self.face_down = view.center is None and view.rules.family == "commerce"
        need = sum(k for _, _, k, _ in self.slots) + view.stock_count + (3 if self.face_down else 0)
        if need != len(self.pool):  # pragma: no cover - a view always accounts for every card
            raise AssertionError(f"view accounts for {need} hidden cards but {len(self.pool)} are unseen")

    def deal(self) -> tuple[list[Sequence[Card] | None], Sequence[Card], list[Card]]:
        """One sample of the hidden cards: every hand, the center, and the rest (the stock, unordered)."""
        v = self.view
        pool = list(self.pool)
        rnd = self.rng.random
        hands: list[Sequence[Card] | None] = [None] * len(v.hand_sizes)
        hands[v.player] = v.hand
        for seat, known, k, extra in self.slots:
            got: list[Card] = []
            m = k + min(extra, len(pool) - k) if k else 0
            for _i in range(m):  # deal at random from the unseen cards, one at a time
                j = int(rnd() * len(pool))
                pool[j], pool[-1] = pool[-1], pool[j]
                got.append(pool.pop())
            if m > k:  # the player saw more cards and kept the best
                got, passed = imagine_hand(self.keep, known, got)
                pool += passed
            hands[seat] = list(known) + got
        center: Sequence[Card] = v.center or ()
        if self.face_down:
            center = []
            for _ in range(3):
                j = int(rnd() * len(pool))
                pool[j], pool[-1] = pool[-1], pool[j]
                center.append(pool.pop())
        return hands, center, pool

    def lockstep(self, count: int, first_move: str | Action, knock: KnockSchedule, patience: int
                 ) -> np.ndarray | list[int]:
        """Lives the viewer loses in ``count`` sampled play-outs, played all at once (:mod:`thirtyone.lockstep`),
        everyone knocking by ``knock``. Without NumPy (:func:`thirtyone.compute.use_numpy`): :meth:`pure`."""
        if not use_numpy():
            return self.pure(count, first_move, knock, patience)
        import numpy as np

        from .lockstep import flat_keep, imagine_many, mix_in, run_lockstep, shuffle_rows

        v = self.view
        n = len(v.hand_sizes)
        gen = np.random.default_rng(self.rng.randrange(2**32))
        keep = flat_keep(v.rules)
        # the same sampling as deal(), for all play-outs at once: a random order of the unseen cards
        # per play-out; each other player is dealt the next cards and keeps the best of those it saw
        # (imagine_many); what it passed over goes back among the unseen cards
        pool = shuffle_rows(np.tile(np.array(self.pool, dtype=np.int64), (count, 1)), gen)
        hands = np.zeros((count, n, 3), dtype=np.int64)
        hands[:, v.player] = v.hand
        for seat, known, k, extra in self.slots:
            m = k + min(extra, pool.shape[1] - k) if k else 0
            got, pool = pool[:, :m], pool[:, m:]
            if m > k:
                held, passed = imagine_many(keep, known, got, k)
                pool = mix_in(pool, passed, gen)
            else:
                held = got
            hands[:, seat, :len(known)] = known
            hands[:, seat, len(known):] = held
        center = None
        if v.rules.family == "commerce":
            if self.face_down:
                center, pool = pool[:, :3], pool[:, 3:]
            else:
                center = np.tile(np.array(v.center, dtype=np.int64), (count, 1))
        stock = pool  # already in a random order per play-out: the lockstep draws it top first
        assert v.current_player is not None
        losses = run_lockstep(v.rules, hands, stock, v.discard_pile[-1] if v.discard_pile else None, center,
                              v.out, current=v.current_player, dealer=v.dealer, turns=v.turns, played=v.played,
                              passes=v.passes, threshold=knock.start, drop=knock.drop, floor=knock.floor,
                              patience=patience, first_move=first_move, discard=v.discard_pile, knocker=v.knocker,
                              rng=gen)
        return losses[:, v.player]

    def pure(self, count: int, first_move: str | Action, knock: KnockSchedule, patience: int) -> list[int]:
        """:meth:`lockstep` in plain Python: ``count`` worlds dealt by :meth:`deal` (the stock shuffled), played out
        one at a time (:func:`thirtyone.purestep.play_pure`)."""
        from .purestep import play_pure

        v = self.view
        rng = random.Random(self.rng.randrange(2**32))
        hands, stocks, centers = [], [], []
        for _i in range(count):
            dealt, center, pool = self.deal()
            rng.shuffle(pool)
            hands.append([(0, 1, 2) if h is None else tuple(h) for h in dealt])
            stocks.append(pool)
            centers.append(center)
        assert v.current_player is not None
        res = play_pure(v.rules, hands, stocks, centers if v.rules.family == "commerce" else None, v.out,
                        current=v.current_player, dealer=v.dealer, turns=v.turns, played=v.played, passes=v.passes,
                        thresholds=knock.start, drop=knock.drop, floor=knock.floor, patience=patience,
                        first_move=first_move, discard=v.discard_pile, knocker=v.knocker, rng=rng)
        return [lost[v.player] for lost in res.losses]


def best_alternative(view: PlayerView) -> Action:
    """The move a greedy player makes instead of knocking (:class:`~thirtyone.bots.GreedyBot`'s)."""
    return GreedyBot(patience=10**9).choose(view)  # a greedy player that never knocks


def knock_advice(state: State, player: int | None = None, rollouts: int = 10_000, seed: int = 0,
                 threshold: float | KnockSchedule | None = None, patience: int = 4) -> KnockAdvice:
    """Knock now, or play on? For the player to act, from their view only.

    ``rollouts`` sampled continuations in all, half for each choice: the unseen cards are dealt at
    random consistently with the player's view (others keep the best of the cards they saw), then
    everyone plays greedily and knocks at ``threshold`` (a number or a :class:`~thirtyone.policy.KnockSchedule`;
    default: the intermediate bot's, :func:`~thirtyone.knockrules.intermediate_schedule`) or after ``patience`` orbits. Playing on means the
    greedy move now (take the discard if it helps, else draw; the best swap, else pass). The
    continuations are played all at once by :func:`thirtyone.lockstep.run_lockstep`.
    """
    p = state.current_player if player is None else player
    if p is None or p != state.current_player or state.phase != "turn":
        raise ValueError("knock advice is for the player whose turn it is, at the start of their turn"
                         f" (now: player {state.current_player}, phase {state.phase!r})")
    if rollouts < 2:
        raise ValueError(f"rollouts must be at least 2, not {rollouts}")
    view = state.view(p)
    rules = view.rules
    n_active = len(view.active)
    t = (intermediate_schedule(rules, n_active) if threshold is None
         else threshold if isinstance(threshold, KnockSchedule) else KnockSchedule(threshold))
    rng = random.Random(seed)
    sampler = _Sampler(view, rng)
    may_knock = Action("knock") in view.legal_actions
    alternative = best_alternative(view)
    half = rollouts // 2 if may_knock else rollouts
    knock_losses = sampler.lockstep(half, "knock", t, patience) if may_knock else None
    play_losses = sampler.lockstep(rollouts - (half if may_knock else 0), alternative, t, patience)
    play_on = Estimate.from_losses(str(alternative), play_losses)
    knock = Estimate.from_losses("knock", knock_losses) if knock_losses is not None else None
    value = hand_values(rules)[view.hand]
    advice = "play on" if knock is None or knock.expected_lives > play_on.expected_lives else "knock"
    rule = "" if knock is not None else state.why_illegal(Action("knock")).rule
    return KnockAdvice(p, value, knock, play_on, advice, *advice_text(state, p, value, knock, play_on), rule)


def advice_text(state: State, player: int, value: float, knock: Estimate | None, play_on: Estimate
                ) -> tuple[str, str]:
    """:func:`knock_advice`'s sentence and why knocking is not allowed (``""`` when it is), in the language in
    use: for ``player`` in ``state`` with a hand worth ``value``, from the two estimates."""
    shown = number(value)
    if knock is None:
        illegal = state.why_illegal(Action("knock"))
        said = (no_knock_sentence(illegal.rule) if illegal.code == Illegal.KNOCK_NOT_YET else
                _("Player {seat} has already knocked, and only one player knocks in a round: play on.").format(
                    seat=illegal.seat) if illegal.code == Illegal.ALREADY_KNOCKED else
                _("You may not knock now."))
        text = said + " " + _("Playing on with {value} loses a life {chance} of the time.").format(
            value=shown, chance=_pct(play_on.p_lose))
        return text, illegal_words(illegal)
    others = len(state.view(player).active) - 1
    text = ngettext("With {value} against {n} other player, knocking now loses a life {chance} of the time "
                    "(about {lives} lives on average); playing on loses one {other_chance} of the time "
                    "({other_lives} lives).",
                    "With {value} against {n} other players, knocking now loses a life {chance} of the time "
                    "(about {lives} lives on average); playing on loses one {other_chance} of the time "
                    "({other_lives} lives).", others).format(
        value=shown, n=others, chance=_pct(knock.p_lose), lives=fixed(knock.expected_lives),
        other_chance=_pct(play_on.p_lose), other_lives=fixed(play_on.expected_lives))
    knocks = knock.expected_lives <= play_on.expected_lives
    return text + " " + (_("Knock.") if knocks else _("Play on.")), ""


def _pct(x: float) -> str:
    return percent(100 * x)



# --------------------------------------------------------------------------------------------
# Knock-timing tables
# --------------------------------------------------------------------------------------------

Cell = dict[float, tuple[int, int]]
"""Hand value -> (knocks, knocks survived)."""


def _tally(values: np.ndarray, survived: np.ndarray) -> Cell:
    """``{value: (knocks, survived)}`` from each knock's value (NaN: no knock) and whether it survived."""
    import numpy as np

    knocked = ~np.isnan(values)
    v, s = values[knocked], survived[knocked]
    keys, where, counts = np.unique(v, return_inverse=True, return_counts=True)
    alive = np.bincount(where, weights=s, minlength=len(keys))
    return {float(k): (int(c), int(a)) for k, c, a in zip(keys, counts, alive)}


def knock_survival(rules: Rules | str, players: int, seat: int, turn: int = 0, opponents: str = "greedy",
                   deals: int = 2000, seed: int = 0) -> Cell:
    """The chance of surviving a knock, by hand value: one cell of the knock-timing tables.

    ``seat``: 1 is left of the dealer (first to play) ... ``players`` is the dealer. The seat knocks at
    its first turn once ``turn`` turns have been played this round (0: on the deal, its very first turn,
    with the cards it was dealt: seat 1 before anyone has moved, seat 3 after seats 1 and 2 have each had
    a turn; see :func:`thirtyone.timing.knock_turn`). The opponents play ``opponents`` ("greedy": the best
    draw, throw or swap for their hand; "random": a random legal move) and never knock first; the knocker
    plays greedily until it knocks; after the knock everyone else has one more turn. Rounds that end
    before the knock (a 31 or Feuer, dealt or made) are left out. Returns ``{value: (knocks, survived)}``; survive = lose
    no life. All ``deals`` play-outs are played at once (:func:`thirtyone.lockstep.play_lockstep`).
    """
    r = Rules.coerce(rules)
    _check_players(r, players)
    if not 1 <= seat <= players:
        raise ValueError(_("seat must be 1 (left of the dealer) to {players} (the dealer), not {seat}").format(
            players=players, seat=seat))
    if opponents not in ("greedy", "random"):
        raise ValueError(f"opponents must be 'greedy' or 'random', not {opponents!r}")
    if turn < 0:
        raise ValueError(f"turn must be 0 (on the deal) or more, not {turn}")
    return _survival(r, players, [seat], turn, opponents, deals, f"knock:{seed}:{players}:{seat}:{turn}:{opponents}")[seat]


def _survival(rules: Rules, players: int, seats: Sequence[int], turn: int, opponents: str, deals: int,
              key: str) -> dict[int, Cell]:
    """Each seat's knock-survival cell, every seat over the same ``deals`` deals, all in one lockstep (without
    NumPy: :func:`thirtyone.purestep.survival_pure`, the same deals for every seat, other deals than NumPy's)."""
    if not use_numpy():
        from .purestep import survival_pure

        return survival_pure(rules, players, seats, turn, opponents, deals, key)
    import numpy as np

    from .lockstep import deal_many, play_lockstep

    gen = _generator(key)
    hands, stock, discard, center = deal_many(rules, players, deals, gen)
    k = len(seats)
    knockers = np.repeat(np.array([s % players for s in seats], dtype=np.int64), deals)

    def tile(x: Any) -> Any:
        return _tile(x, k)

    randoms: Any = ()
    if opponents == "random":
        randoms = np.arange(players)[None, :] != knockers[:, None]
    res = play_lockstep(rules, tile(hands), tile(stock), tile(center), current=1 % players, dealer=0,
                        thresholds=math.inf, patience=10**6, discard=_tiled_pile(tile, discard),
                        knock_at=(knockers, turn), random_seats=randoms, rng=gen, deal=True, reasons=False)
    survived = res.losses[np.arange(len(knockers)), knockers] == 0
    return {s: _tally(res.knock_value[i * deals:(i + 1) * deals], survived[i * deals:(i + 1) * deals])
            for i, s in enumerate(seats)}


def deal_study(rules: Rules | str, players: Iterable[int] = range(2, 7), deals: int = 10_000, seed: int = 0,
               progress: Callable[[int], None] | None = None) -> dict[int, dict[int, Cell]]:
    """For each number of players and every seat, the chance of surviving a knock on that seat's first turn.

    Seat k (1 is left of the dealer, the first to play; the dealer is last) knocks on its very first turn,
    after the k - 1 players before it have each played one turn, with whatever it holds then (the cards it
    was dealt, or better: it plays nothing before its knock). Every other player plays greedily (the best
    draw and throw, or swap, for its own hand) and never knocks; after the knock everyone else has one more
    turn. This is how chris-carbonell/thirty-one-simulations defines its positions, and
    :func:`knock_survival` with ``turn=0``. The same deals serve every seat. Returns
    ``{players: {seat: {value: (knocks, survived)}}}``.
    """
    r = Rules.coerce(rules)
    result: dict[int, dict[int, Cell]] = {}
    players = list(players)
    for n in players:
        _check_players(r, n)
    for n in players:
        cells = _survival(r, n, range(1, n + 1), 0, "greedy", deals, f"deal-study:{seed}:{n}")
        if progress is not None:
            progress(n)
        result[n] = cells
    return result


def _pool(cell: Cell, at_least: float) -> tuple[int, int]:
    k = s = 0
    for v, (kk, ss) in cell.items():
        if v >= at_least:
            k += kk
            s += ss
    return k, s


class KnockTables:
    """Shipped knock-timing tables: ``tables.chance(rules, players, seat, turn, value)``."""

    def __init__(self, data: dict[str, list[list[float]]], meta: dict[str, object] | None = None) -> None:
        self.data = data
        self.meta = meta or {}

    @staticmethod
    def key(rules: str, opponents: str, players: int, seat: int, turn: int) -> str:
        return f"{rules}|{opponents}|{players}|{seat}|{turn}"

    def cell(self, rules: str, players: int, seat: int, turn: int = 0, opponents: str = "greedy") -> Cell:
        """``{value: (knocks, survived)}`` for one situation; ``KeyError`` if it was not computed."""
        rows = self.data[self.key(rules, opponents, players, seat, turn)]
        return {float(v): (int(k), int(s)) for v, k, s in rows}

    def chance(self, rules: str, players: int, seat: int, turn: int, value: float,
               opponents: str = "greedy") -> tuple[float, float, float, int]:
        """The chance of surviving a knock at exactly ``value``: ``(p, low, high, knocks)``."""
        k, s = self.cell(rules, players, seat, turn, opponents).get(float(value), (0, 0))
        lo, hi = wilson(s, k)
        return (s / k if k else float("nan"), lo, hi, k)

    def situations(self) -> list[tuple[str, str, int, int, int]]:
        """Every ``(rules, opponents, players, seat, turn)`` in the tables."""
        out = []
        for key in self.data:
            r, o, n, s, t = key.split("|")
            out.append((r, o, int(n), int(s), int(t)))
        return out

    def to_json(self) -> str:
        return json.dumps({"meta": self.meta, "cells": self.data}, indent=0, sort_keys=True)


def _cell_rows(cell: Cell) -> list[list[float]]:
    return [[v, k, s] for v, (k, s) in sorted(cell.items())]


def build_knock_tables(presets: Sequence[str] = ("scat", "schwimmen"), players: Iterable[int] = range(2, 7),
                       turns: Sequence[int] = (0, 1, 2, 3), opponents: Sequence[str] = ("greedy", "random"),
                       deals: int = 4000, seed: int = 0,
                       progress: Callable[[str], None] | None = None) -> KnockTables:
    """Simulate the knock-timing tables (:func:`knock_table_bytes` for the shipped file)."""
    data: dict[str, list[list[float]]] = {}
    for name in presets:
        for n in players:
            for seat in range(1, n + 1):
                for t in turns:
                    for opp in opponents:
                        cell = knock_survival(name, n, seat, t, opp, deals, seed)
                        data[KnockTables.key(name, opp, n, seat, t)] = _cell_rows(cell)
                        if progress is not None:
                            progress(KnockTables.key(name, opp, n, seat, t))
    meta = {"deals": deals, "seed": seed, "presets": list(presets), "turns": list(turns),
            "opponents": list(opponents), "method": knock_survival.__doc__.split("\n")[0] if knock_survival.__doc__
            else ""}
    return KnockTables(data, meta)


def knock_table_bytes() -> bytes:
    """The shipped ``knock_tables.json``, simulated now: both presets, every cell 3,000 deals, seed 0."""
    return (build_knock_tables(deals=3000, seed=0).to_json() + "\n").encode("utf-8")


def load_knock_tables(path: Path | str | None = None) -> KnockTables:
    """Knock-timing tables read from JSON (no simulation): the shipped ones (read once per process), or the
    file at ``path``."""
    raw = shipped.load("knock_tables.json") if path is None else json.loads(Path(path).read_text(encoding="utf-8"))
    return KnockTables(raw["cells"], raw.get("meta"))


# --------------------------------------------------------------------------------------------
# Threshold tournament
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentRow:
    """How one knock threshold did against the field."""

    threshold: float
    rounds: int
    lives_lost: float
    """Mean lives the threshold player lost per round."""
    ci: tuple[float, float]


def threshold_tournament(rules: Rules | str, players: int, thresholds: Iterable[float] = range(20, 32),
                         rounds: int = 2000, field: float | KnockSchedule | None = None, seed: int = 0,
                         progress: Callable[[float], None] | None = None) -> list[TournamentRow]:
    """Which knock threshold loses fewest lives against a field of threshold bots?

    For each candidate threshold, one seat knocks at that threshold; the others knock by ``field``
    (a number or a :class:`~thirtyone.policy.KnockSchedule`; default: the intermediate bot's,
    :func:`~thirtyone.knockrules.intermediate_schedule`); everyone plays greedily and knocks after 4
    orbits at the latest. Round by round the candidate's seat moves on: it is the first to play in the
    first ``players`` rounds, the second in the next, and so on. Every candidate plays the same deals, all
    in one lockstep (:func:`thirtyone.lockstep.play_lockstep`). Rows come sorted by threshold; the best is
    ``min(rows, key=lambda r: r.lives_lost)``. Without NumPy: :func:`thirtyone.purestep.tournament_pure`.
    """
    r = Rules.coerce(rules)
    _check_players(r, players)
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    f = (intermediate_schedule(r, players) if field is None
         else field if isinstance(field, KnockSchedule) else KnockSchedule(float(field)))
    cands = [float(t) for t in sorted(thresholds)]
    if not use_numpy():
        from .purestep import tournament_pure

        return _tournament_rows(cands, rounds, tournament_pure(
            r, players, [KnockSchedule(t, 0.0, f.floor) for t in cands], f, rounds,
            f"tournament:{seed}:{players}"), progress)
    import numpy as np

    from .lockstep import deal_many, play_lockstep

    gen = _generator(f"tournament:{seed}:{players}")
    hands, stock, discard, center = deal_many(r, players, rounds, gen)
    me = (1 + np.arange(rounds) // players) % players  # the candidate's seat, seat 0 dealing every round
    k = len(cands)
    pick = (np.arange(k * rounds), np.tile(me, k))
    th, drop, floor = (np.full((k * rounds, players), x) for x in (f.start, f.drop, f.floor))
    th[pick], drop[pick] = np.repeat(cands, rounds), 0.0

    def tile(x: Any) -> Any:
        return _tile(x, k)

    res = play_lockstep(r, tile(hands), tile(stock), tile(center), current=1 % players, dealer=0,
                        thresholds=th, drop=drop, floor=floor, patience=4, discard=_tiled_pile(tile, discard), rng=gen,
                        deal=True, reasons=False)
    mine = res.losses[pick]
    return _tournament_rows(cands, rounds, [mine[i * rounds:(i + 1) * rounds] for i in range(k)], progress)


def _tournament_rows(cands: Sequence[float], rounds: int, losses: Sequence[Any],
                     progress: Callable[[float], None] | None) -> list[TournamentRow]:
    rows = []
    for t, lost in zip(cands, losses):
        est = Estimate.from_losses(str(t), lost)
        rows.append(TournamentRow(t, rounds, est.expected_lives, est.expected_ci))
        if progress is not None:
            progress(t)
    return rows
