"""When to knock, for lesson 5: survival curves from the knock-timing tables, a staged turn for the
"Should I knock?" advisor, and the "knock or play on?" drill.

* :func:`survival_curve` / :func:`table_curve` / :func:`live_curve` — the chance of surviving a knock
  at each hand value, with Wilson intervals: from the shipped tables, or, for any other preset, table size
  or turn, simulated now with the same deals and seed (a tenth of a second: every study runs on the
  lockstep engine), so every chart of lesson 5 has an answer for every rule set it offers.
* :func:`turn_choices` — the turns a seat really has (the advisor offers only these), each saying
  whether the rules allow a knock then.
* :func:`staged_turn` — a real game state where the learner holds a chosen hand at a chosen seat and
  turn, the other players having played their turns with greedy bots that never knock.
* :func:`advise` — :func:`~thirtyone.analysis.knock_advice` for such a staged turn.
* :func:`advice_words` — the advice as a head and a reason, without numbers (they are shown once, beside it).
* :func:`drill_spot` and :func:`mark` — a random situation for the drill, and an answer marked
  against the same estimate the advisor shows.

Every number comes from :mod:`thirtyone.analysis`; this module only sets up situations and reads results.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import precomputed, shipped
from .analysis import (
    Cell,
    Estimate,
    KnockAdvice,
    KnockTables,
    advice_text,
    knock_advice,
    knock_survival,
    threshold_tournament,
    wilson,
)
from .bots import GreedyBot
from .cards import Card, deck, parse_cards
from .game import Action, State, knock_allowed, new_game
from .i18n import N_, _, ngettext, percent
from .narration import no_knock_sentence
from .rules import Rules
from .scoring import hand_values

__all__ = ["CurvePoint", "survival_curve", "table_curve", "live_curve", "break_even", "ThresholdPoint",
           "threshold_curve", "build_threshold_tables", "threshold_table_bytes", "shipped_thresholds", "knock_turn",
           "TurnChoice", "turn_choices", "Spot", "staged_turn", "advise", "advice_words", "drill_spot", "spot_fields",
           "Verdict", "mark", "MAX_TURN", "decode_advice", "ordinal", "turn_label", "turn_sentence"]

MAX_TURN = 24
"""The latest turn the advisor stages (turns played by the table before the learner's)."""


def _rules(rules: Rules | str) -> Rules:
    return Rules.coerce(rules)


# --------------------------------------------------------------------------------------------
# Survival curves
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CurvePoint:
    """The chance of surviving a knock at one hand value."""

    value: float
    knocks: int
    survived: int
    p: float
    low: float
    """95% Wilson interval, low end."""
    high: float


def survival_curve(cell: Cell, min_knocks: int = 20) -> list[CurvePoint]:
    """A table cell (``{value: (knocks, survived)}``) as points, leaving out values with fewer than
    ``min_knocks`` knocks (their interval would say little)."""
    out = []
    for v, (k, s) in sorted(cell.items()):
        if k >= min_knocks:
            lo, hi = wilson(s, k)
            out.append(CurvePoint(float(v), k, s, s / k, lo, hi))
    return out


def table_curve(tables: KnockTables, rules: str, players: int, seat: int, turn: int = 0,
                opponents: str = "greedy", min_knocks: int = 20) -> list[CurvePoint]:
    """A curve of the knock-timing tables: read from the shipped tables when they hold the cell, else
    simulated now with the tables' own deals and seed (:func:`table_cell`), for any preset, table size and
    turn: the same numbers ``python -m thirtyone tables`` would ship for it."""
    return survival_curve(table_cell(tables, rules, players, seat, turn, opponents), min_knocks)


def table_cell(tables: KnockTables, rules: str, players: int, seat: int, turn: int = 0,
               opponents: str = "greedy") -> Cell:
    """One cell of the knock-timing tables, ``{value: (knocks, survived)}``: shipped, or computed now (about
    a tenth of a second) and kept for the kernel's next ask."""
    try:
        return tables.cell(rules, players, seat, turn, opponents)
    except KeyError:
        deals = tables.meta.get("deals", 3000)
        seed = tables.meta.get("seed", 0)
        return _live_cell(Rules.coerce(rules), players, seat, turn, opponents,
                          deals if isinstance(deals, int) else 3000, seed if isinstance(seed, int) else 0)


@lru_cache(maxsize=512)
def _live_cell(rules: Rules, players: int, seat: int, turn: int, opponents: str, deals: int, seed: int) -> Cell:
    return knock_survival(rules, players, seat, turn, opponents, deals, seed)


def live_curve(rules: Rules | str, players: int, seat: int, turn: int = 0, opponents: str = "greedy",
               deals: int = 1000, seed: int = 0, min_knocks: int = 10) -> list[CurvePoint]:
    """A curve simulated now with :func:`~thirtyone.analysis.knock_survival` (``deals`` deals)."""
    return survival_curve(knock_survival(_rules(rules), players, seat, turn, opponents, deals, seed), min_knocks)


def break_even(curve: Sequence[CurvePoint], target: float = 0.5) -> float | None:
    """The lowest value from which every point's chance of surviving is at least ``target``."""
    best = None
    for pt in reversed(curve):
        if pt.p < target:
            break
        best = pt.value
    return best


@dataclass(frozen=True)
class ThresholdPoint:
    """How a knock threshold did in the threshold tournament: mean lives lost per round."""

    threshold: float
    rounds: int
    mean: float
    low: float
    high: float


def threshold_curve(rules: Rules | str, players: int, rounds: int = 150, seed: int = 0,
                    thresholds: Iterable[float] = range(20, 32),
                    previous: Sequence[ThresholdPoint] = ()) -> list[ThresholdPoint]:
    """:func:`~thirtyone.analysis.threshold_tournament` with ``rounds`` rounds per threshold, pooled
    with ``previous`` points (run with other seeds) so that pressing "more rounds" narrows the intervals."""
    rows = threshold_tournament(_rules(rules), players, thresholds, rounds=rounds, seed=seed)
    before = {p.threshold: p for p in previous}
    out = []
    z = 1.959963984540054
    for row in rows:
        n, mean = row.rounds, row.lives_lost
        var = n * ((row.ci[1] - row.ci[0]) / 2 / z) ** 2 if n > 1 else 0.0
        old = before.get(row.threshold)
        if old is not None:  # pool two samples: means weighted by rounds, variances of the mean added
            var_old = old.rounds * ((old.high - old.low) / 2 / z) ** 2
            total = n + old.rounds
            pooled_mean = (mean * n + old.mean * old.rounds) / total
            var = ((n - 1) * var + (old.rounds - 1) * var_old + n * (mean - pooled_mean) ** 2
                   + old.rounds * (old.mean - pooled_mean) ** 2) / max(total - 1, 1)
            n, mean = total, pooled_mean
        half = z * math.sqrt(var / n) if n else 0.0
        out.append(ThresholdPoint(row.threshold, n, mean, max(0.0, mean - half), mean + half))
    return out


def build_threshold_tables(presets: Sequence[str] = ("scat", "schwimmen"), players: Iterable[int] = range(2, 7),
                           rounds: int = 3000, seed: int = 0) -> dict[str, list[list[float]]]:
    """The threshold tournament for each preset and number of players:
    ``{"scat|4": [[threshold, rounds, mean, low, high], ...]}``."""
    out = {}
    for name in presets:
        for n in players:
            pts = threshold_curve(name, n, rounds=rounds, seed=seed)
            out[f"{name}|{n}"] = [[p.threshold, p.rounds, p.mean, p.low, p.high] for p in pts]
    return out


def threshold_table_bytes() -> bytes:
    """The shipped ``threshold_tournament.json`` (so lesson 5 simulates nothing on load), computed now:
    :func:`build_threshold_tables` with 3,000 rounds a threshold, seed 0."""
    rounds = 3000
    meta = {"rounds": rounds, "seed": 0, "method": "threshold_tournament: one seat knocks at the threshold, the "
            "others at the default threshold; every threshold plays the same deals"}
    results = build_threshold_tables(rounds=rounds, seed=0)
    return (json.dumps({"meta": meta, "results": results}, indent=0, sort_keys=True) + "\n").encode("utf-8")


LIVE_ROUNDS = 1000
"""Rounds per threshold of a tournament computed now, for a rule set or table the shipped file does not hold."""


def shipped_thresholds(rules: str, players: int, path: Path | str | None = None,
                       live_rounds: int | None = LIVE_ROUNDS) -> list[ThresholdPoint] | None:
    """The shipped tournament for a preset and number of players; for one the file does not hold, the same
    tournament computed now with ``live_rounds`` rounds per threshold (about 0.15 s for 1,000), or ``None``
    when ``live_rounds`` is ``None``."""
    raw = shipped.load("threshold_tournament.json") if path is None else json.loads(
        Path(path).read_text(encoding="utf-8"))
    rows = raw["results"].get(f"{rules}|{players}")
    if rows is None:
        return None if live_rounds is None else list(_live_thresholds(Rules.coerce(rules), players, live_rounds))
    return [ThresholdPoint(float(t), int(n), m, lo, hi) for t, n, m, lo, hi in rows]


@lru_cache(maxsize=64)
def _live_thresholds(rules: Rules, players: int, rounds: int) -> tuple[ThresholdPoint, ...]:
    return tuple(threshold_curve(rules, players, rounds=rounds))


# --------------------------------------------------------------------------------------------
# A staged turn for the advisor and the drill
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A real game state at the learner's turn: their hand, seat and the turns played before."""

    state: State
    player: int
    """The learner's seat index (0 is the dealer)."""
    seat: int
    """The seat counted from the dealer's left: 1 plays first, ``players`` is the dealer."""
    turns: int
    """Turns the table has played before this one (0: the very first turn of the round)."""
    seed: int = 0
    """The seed the turn was staged with: ``advise(..., seed=spot.seed)`` gives this very situation."""
    asked: int | None = None
    """The turn asked for (:func:`staged_turn`'s ``turn``); ``None``: the one staged."""
    first_choice: tuple[int, ...] = ()
    """The turns the staging moved on to because a first turn allowed only keeping the hand or taking the
    center (one for each time it did)."""

    @property
    def note(self) -> str:
        """Why the turn differs from the one asked for, in the language in use ('' when it does not)."""
        notes = []
        players = self.state.players
        target = self.turns if self.asked is None else knock_turn(players, self.seat, self.asked)
        if self.asked is not None and target != self.asked:
            notes.append(ngettext(
                "From seat {seat} of {players} your turn comes after {n} turn of the table, not {turn}.",
                "From seat {seat} of {players} your turn comes after {n} turns of the table, not {turn}.",
                target).format(seat=self.seat, players=players, n=target, turn=self.asked))
        notes.extend(_("On your first turn these rules let you only keep your hand or take the center,"
                       " so this is your next turn, after {n} turns.").format(n=goal) for goal in self.first_choice)
        return " ".join(notes)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.hands[self.player]

    @property
    def may_knock(self) -> bool:
        return Action("knock") in self.state.legal_actions()


def knock_turn(players: int, seat: int, turn: int) -> int:
    """How many turns come before ``seat``'s first turn once ``turn`` turns have been played
    (seat 1 plays first, ``players`` is the dealer): the turn the tables and the advisor mean."""
    first = seat - 1
    return first if turn <= first else first + players * math.ceil((turn - first) / players)


@dataclass(frozen=True)
class TurnChoice:
    """One turn a seat really has, as the advisor offers it."""

    turns: int
    """Turns played this round before this one."""
    number: int
    """Which of the seat's turns it is: 1 for its first."""
    may_knock: bool
    """Whether the rules allow a knock on this turn."""
    label: str
    """The turn in words, for a menu."""


_ORDINALS = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}
_NTH = N_("{n}th")


def ordinal(k: int) -> str:
    """``k`` as an ordinal in the language in use: ``"2nd"``, ``"11th"`` (Spanish ``"2.º"``)."""
    return _(_NTH if 10 <= k % 100 <= 20 else _ORDINALS.get(k % 10, _NTH)).format(n=k)


def turn_label(number: int, turns: int, may_knock: bool = True) -> str:
    """One of a seat's turns in words, for a menu: its ``number`` (1 for its first) and the turns played before
    it, and, when ``may_knock`` is false, that nobody may knock yet (one whole message a case)."""
    nth = ordinal(number)
    if turns == 0:
        if may_knock:
            return (_("your {nth} turn, on the deal: nobody has moved yet") if number == 1 else
                    _("your {nth} turn: nobody has moved yet")).format(nth=nth)
        return (_("your {nth} turn, on the deal: nobody has moved yet (no knocking yet)") if number == 1 else
                _("your {nth} turn: nobody has moved yet (no knocking yet)")).format(nth=nth)
    if number == 1:
        said = (ngettext("your {nth} turn, on the deal: {n} turn played before it",
                         "your {nth} turn, on the deal: {n} turns played before it", turns) if may_knock else
                ngettext("your {nth} turn, on the deal: {n} turn played before it (no knocking yet)",
                         "your {nth} turn, on the deal: {n} turns played before it (no knocking yet)", turns))
    else:
        said = (ngettext("your {nth} turn: {n} turn played before it", "your {nth} turn: {n} turns played before it",
                         turns) if may_knock else
                ngettext("your {nth} turn: {n} turn played before it (no knocking yet)",
                         "your {nth} turn: {n} turns played before it (no knocking yet)", turns))
    return said.format(nth=nth, n=turns)


def turn_sentence(number: int, turns: int) -> str:
    """One of a seat's turns as a sentence (a situation says it): ``"Your 2nd turn: 5 turns played before it."``"""
    nth = ordinal(number)
    if turns == 0:
        return (_("Your {nth} turn, on the deal: nobody has moved yet.") if number == 1 else
                _("Your {nth} turn: nobody has moved yet.")).format(nth=nth)
    if number == 1:
        return ngettext("Your {nth} turn, on the deal: {n} turn played before it.",
                        "Your {nth} turn, on the deal: {n} turns played before it.", turns).format(nth=nth, n=turns)
    return ngettext("Your {nth} turn: {n} turn played before it.", "Your {nth} turn: {n} turns played before it.",
                    turns).format(nth=nth, n=turns)


def turn_choices(rules: Rules | str, players: int, seat: int, max_turn: int = MAX_TURN) -> list[TurnChoice]:
    """The turns ``seat`` (1 = left of the dealer ... ``players`` = the dealer) has in a round, up to
    ``max_turn`` turns played before it: seat ``s`` plays after ``s - 1``, ``s - 1 + players``, ... turns.

    Left out: a first turn that is only the choice of the face-down center (Scat with a widow), and,
    when the rules forbid passing, every turn after the first one you play (your hand must change).
    Each choice says whether the rules allow a knock then (``may_knock``)."""
    r = _rules(rules)
    if not 1 <= seat <= players:
        raise ValueError(_("seat must be 1 (left of the dealer) to {players} (the dealer), not {seat}").format(
            players=players, seat=repr(seat)))
    out: list[TurnChoice] = []
    first_is_choice = r.family == "commerce" and r.first_choice == "left_of_dealer" and seat == 1
    number = 0
    for turns in range(seat - 1, max_turn + 1, players):
        number += 1
        if number == 1 and first_is_choice:
            continue
        if out and r.family == "commerce" and not r.allow_pass:
            break
        may = knock_allowed(r.first_knock, turns, number > 1, seat == players, players)
        out.append(TurnChoice(turns, number, may, turn_label(number, turns, may)))
    return out


def _staged_deal(rules: Rules, players: int, me: int, hand: Sequence[Card], seed: int) -> State:
    """A deal where seat ``me`` gets ``hand``; every other card in an order given by ``seed``."""
    rest = [c for c in deck(rules.deck) if c not in hand]
    random.Random(f"staged:{seed}").shuffle(rest)
    j = (me - 1) % players  # dealing starts left of the dealer (seat 1); the dealer, seat 0, is last
    top: list[Card] = []
    it = iter(rest)
    for i in range(3 * players):
        top.append(hand[i // players] if i % players == j else next(it))
    return new_game(rules, players=players, seed=seed, deck=top)


def _keep_hand_move(s: State, hand: Sequence[Card]) -> Action | str:
    """A move of the learner's earlier turns that leaves their hand as it is."""
    if s.phase in ("choice", "first"):
        return "keep hand"
    p = s.current_player
    assert p is not None
    if s.phase == "discard":
        return f"discard {next(c for c in s.hands[p] if c not in hand)}"
    if s.rules.family == "draw":
        return "draw stock"
    if Action("pass") in s.legal_actions():
        return "pass"
    raise ValueError(_("these rules do not allow passing, so your hand cannot stay the same over several turns:"
                       " choose an earlier turn"))


def _staged_move(s: State, move: Action) -> State:
    """Another player's move before the learner's turn: the greedy ``move``, unless it ends the round
    (a 31, Feuer, everyone passing into a showdown) and another move does not. A round that reached
    the learner's turn is one nobody ended before it, so the history staged is one that could lead there."""
    after = s.apply(move)
    if after.phase != "over":
        return after
    for other in s.legal_actions():
        if other != move and other.kind != "knock":
            alt = s.apply(other)
            if alt.phase != "over":
                return alt
    return after


def staged_turn(rules: Rules | str, hand: str | Sequence[Card], players: int, seat: int, turn: int = 0,
                seed: int = 0) -> Spot:
    """The learner holds ``hand`` at ``seat`` (1 = left of the dealer ... ``players`` = the dealer) and it is
    their turn once ``turn`` turns have been played (0: on the deal).

    The others are dealt at random (by ``seed``) and play greedily without knocking or ending the round
    (:func:`_staged_move`); the learner's own earlier turns leave the hand as it is (a card drawn and thrown back, or a pass). The turn is the
    learner's first one with at least ``turn`` turns before it: with seat 3, turn 0 becomes turn 2.
    A bad argument raises ``ValueError`` with a message for the learner.
    """
    r = _rules(rules)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= r.max_players:
        raise ValueError(_("players must be 2 to {most} with the {deck}-card deck, not {players}").format(
            most=r.max_players, deck=r.deck, players=repr(players)))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= players:
        raise ValueError(_("seat must be 1 (left of the dealer) to {players} (the dealer), not {seat}").format(
            players=players, seat=repr(seat)))
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= MAX_TURN:
        raise ValueError(_("turn must be 0 (on the deal) to {most}, not {turn}").format(most=MAX_TURN, turn=repr(turn)))
    cards = parse_cards(hand, r.deck) if isinstance(hand, str) else tuple(hand)
    if len(cards) != 3:
        raise ValueError(_("pick three cards for your hand, not {n}").format(n=len(cards)))
    if len(set(cards)) != 3:
        raise ValueError(_("your hand holds the same card twice"))
    if any(c not in deck(r.deck) for c in cards):
        raise ValueError(_("these rules play with {deck} cards (7 to ace): your hand holds a card below 7").format(
            deck=r.deck))
    if hand_values(r)[cards] == 31 or (r.fire and all(c.rank == 12 for c in cards)):
        raise ValueError(_("this hand ends the round on the deal (31 or Fire): there is nothing to decide"))
    me = seat % players
    target = knock_turn(players, seat, turn)
    moved: list[int] = []
    bot = GreedyBot(seed, patience=10**6)
    for attempt in range(30):
        s = _staged_deal(r, players, me, cards, seed * 1000 + attempt)
        goal = target
        for _move in range(40 * players + 200):
            if s.phase == "over":
                break  # someone else reached 31 or Fire before your turn: deal the others again
            p = s.current_player
            assert p is not None
            if p != me:
                s = _staged_move(s, bot.choose(s.view(p)))
                continue
            if s.phase == "first" and s.turns >= goal:
                goal = s.turns + players
                moved.append(goal)
            if s.phase == "turn" and s.turns >= goal:
                return Spot(s, me, seat, s.turns, seed, turn, tuple(moved))
            s = s.apply(_keep_hand_move(s, cards))
    raise ValueError(_("could not stage this turn: the others kept ending the round first; try another seed"))


def advise(rules: Rules | str, hand: str | Sequence[Card], players: int, seat: int, turn: int = 0,
           rollouts: int = 10_000, seed: int = 0) -> tuple[Spot, KnockAdvice]:
    """Stage the turn (:func:`staged_turn`) and ask :func:`~thirtyone.analysis.knock_advice` about it.

    Both are deterministic, so the last few hundred answers are kept: going back to a hand is instant. What is
    kept holds no words (the staging note is made when read; the advice's sentences are made here, now), so
    a page that changes language says the same advice in the new one.
    """
    r = _rules(rules)
    cards = parse_cards(hand, r.deck) if isinstance(hand, str) else tuple(hand)
    spot, advice = _advise(r, cards, players, seat, turn, rollouts, seed)
    text, why = advice_text(spot.state, spot.player, advice.value, advice.knock, advice.play_on)
    rule = "" if advice.knock is not None else spot.state.why_illegal(Action("knock")).rule
    return spot, dataclasses.replace(advice, explanation=text, forbidden=why, forbidden_rule=rule)


@lru_cache(maxsize=256)
def _advise(rules: Rules, hand: tuple[Card, ...], players: int, seat: int, turn: int, rollouts: int,
            seed: int) -> tuple[Spot, KnockAdvice]:
    """:func:`advise`'s spot and advice, the advice's sentences left out (``advise`` says them)."""
    spot = staged_turn(rules, hand, players, seat, turn, seed)
    shipped = precomputed.lookup("advise", rules=rules, hand=hand, players=players, seat=seat, turn=turn,
                                 rollouts=rollouts, seed=seed)
    # the advisor's first advice in lesson 5 was computed once (thirtyone/precomputed.py)
    advice = (decode_advice(shipped) if shipped is not None
              else knock_advice(spot.state, spot.player, rollouts=rollouts, seed=seed))
    return spot, dataclasses.replace(advice, explanation="", forbidden="")


def _estimate(data: dict[str, Any] | None) -> Estimate | None:
    if data is None:
        return None
    return Estimate(data["action"], data["rollouts"], data["p_lose"], tuple(data["p_lose_ci"]),
                    data["expected_lives"], tuple(data["expected_ci"]))


def decode_advice(data: dict[str, Any]) -> KnockAdvice:
    """A :class:`~thirtyone.analysis.KnockAdvice` from its plain data (:func:`thirtyone.precomputed.encode`)."""
    play_on = _estimate(data["play_on"])
    assert play_on is not None
    return KnockAdvice(data["player"], data["value"], _estimate(data["knock"]), play_on, data["advice"],
                       data["explanation"], data["forbidden"])


def advice_words(advice: KnockAdvice) -> tuple[str, str]:
    """The advice as a short head ("Knock.", "Play on.", "Too close to tell.", "You may not knock now.")
    and the reason in a sentence, without numbers: the estimates are shown once, beside it."""
    if advice.knock is None:
        return _("You may not knock now."), no_knock_sentence(advice.forbidden_rule)
    if advice.close:
        reason = (_("The {percent} intervals for lives lost overlap, so the simulation cannot tell the two choices "
                    "apart: either is about as good (knocking is a little ahead in this run).")
                  if advice.advice == "knock" else
                  _("The {percent} intervals for lives lost overlap, so the simulation cannot tell the two choices "
                    "apart: either is about as good (playing on is a little ahead in this run)."))
        return _("Too close to tell."), reason.format(percent=percent(95, compound=True))
    if advice.advice == "knock":
        return _("Knock."), _("Knocking now loses fewer lives on average than playing on, and the two {percent} "
                              "intervals for lives lost do not overlap.").format(percent=percent(95, compound=True))
    return _("Play on."), _("Playing on loses fewer lives on average than knocking now, and the two {percent} "
                            "intervals for lives lost do not overlap.").format(percent=percent(95, compound=True))


# --------------------------------------------------------------------------------------------
# The drill: knock or play on?
# --------------------------------------------------------------------------------------------


def spot_fields(spot: Spot) -> dict[str, Any]:
    """A drill spot as a Review item's ``cards`` (JSON-able): ``{"hand": ["A♦", "3♠", "K♥"], "players": 2, "seat":
    2, "turns": 1, "seed": 945215}``; :func:`staged_turn` with these stages the very same situation again
    (:func:`thirtyone.widgets.review.spot_from`)."""
    return {"hand": [str(c) for c in spot.hand], "players": spot.state.players, "seat": spot.seat,
            "turns": spot.turns, "seed": spot.seed}


def drill_spot(rules: Rules | str, rng: random.Random, max_players: int = 5) -> Spot:
    """A random situation worth thinking about: 2 to ``max_players`` players, any seat, one of the
    seat's real turns (:func:`turn_choices`) with at most 8 turns played before it, a hand worth 17 to
    29 most of the time, and knocking allowed. ``spot.seed`` stages it again with :func:`advise`."""
    r = _rules(rules)
    table = hand_values(r)
    cards = deck(r.deck)
    for _try in range(200):
        players = rng.randint(2, min(max_players, r.max_players))
        seat = rng.randint(1, players)
        turns = [c.turns for c in turn_choices(r, players, seat, max_turn=8) if c.may_knock]
        if not turns:
            continue
        turn = turns[0] if rng.random() < 0.4 else rng.choice(turns)
        hand = tuple(rng.sample(cards, 3))
        v = table[hand]
        if not 17 <= v <= 29 and rng.random() < 0.9:
            continue
        try:
            spot = staged_turn(r, hand, players, seat, turn, rng.randrange(10**6))
        except ValueError:
            continue
        if spot.may_knock:
            return spot
    raise RuntimeError("no situation found")  # pragma: no cover - happens with no sane rule set


@dataclass(frozen=True)
class Verdict:
    """The learner's answer marked against the simulation."""

    answer: str
    """``"knock"`` or ``"play on"``."""
    best: str
    """What the simulation advises."""
    close: bool
    """The two choices' intervals overlap: either answer is fine."""
    right: bool
    text: str


def mark(advice: KnockAdvice, answer: str) -> Verdict:
    """Mark ``answer`` (``"knock"`` or ``"play on"``) against ``advice``: right if it is the choice with
    fewer lives lost on average, or either answer when the two are too close to tell apart (their 95%
    intervals for lives lost overlap: :attr:`~thirtyone.analysis.KnockAdvice.close`). The text says why,
    without numbers (:func:`advice_words`)."""
    a = answer.strip().lower()
    if a in ("draw", "play", "swap", "pass"):
        a = "play on"
    if a not in ("knock", "play on"):
        raise ValueError(f"answer 'knock' or 'play on', not {answer!r}")
    close = advice.close
    right = a == advice.advice or close
    if close:
        head = _("Too close to tell: either answer counts.")
    elif right:
        head = _("Right!")
    else:
        head = _("Not this time: knock here.") if advice.advice == "knock" else _("Not this time: play on here.")
    return Verdict(a, advice.advice, close, right, f"{head} {advice_words(advice)[1]}")
