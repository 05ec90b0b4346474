"""The knock-rule tournament, and the intermediate bot's knock rule it chooses for every rule set.

* :func:`knock_rule_tournament` — which knock schedule (a threshold falling each time round the table, or a
  fixed one) loses fewest lives against a field of fixed-threshold bots, every schedule on the same deals;
  :func:`best_knock_rule` picks the winner.
* The tournament of every preset, 2-6 players, is shipped as ``knock_rules.json`` (:func:`knock_rule_bytes`;
  :func:`shipped_knock_rules`); its winners are :data:`thirtyone.policy.DEFAULT_THRESHOLDS`.
* :func:`intermediate_schedule` — THE intermediate bot's knock schedule for a rule set: a preset's shipped
  winner; for a rule set that is no preset, the same tournament played on the spot
  (:data:`LIVE_KNOCK_RULE_ROUNDS` rounds a candidate, under a second), once per process.

Simulation with :mod:`thirtyone.lockstep` (greedy play, knocking by schedule), seeded. Below the bots, which
knock by it, and the studies (:mod:`thirtyone.analysis`), which chart it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import shipped
from .compute import live_knock_rule_rounds, use_numpy
from .i18n import _
from .policy import KnockSchedule, default_schedule, field_threshold, schedule_preset, tournament_table
from .rules import Rules
from .stats import Estimate

if TYPE_CHECKING:
    import numpy as np

__all__ = ["KnockRuleRow", "knock_rule_candidates", "knock_rule_tournament", "best_knock_rule", "KNOCK_RULE_ROUNDS",
           "LIVE_KNOCK_RULE_ROUNDS", "knock_rule_bytes", "shipped_knock_rules", "intermediate_schedule"]


def _generator(key: str) -> np.random.Generator:
    """A NumPy generator seeded from a study's key (its name and arguments), so each study is reproducible."""
    import numpy as np

    return np.random.default_rng(random.Random(key).getrandbits(64))


def _check_players(rules: Rules, players: int) -> None:
    if not 2 <= players <= rules.max_players:
        raise ValueError(_("players must be 2 to {most} with the {deck}-card deck, not {players}").format(
            most=rules.max_players, deck=rules.deck, players=players))


def _tile(x: np.ndarray | None, k: int) -> Any:
    """``k`` copies of the deals, one after the other (``None`` stays ``None``)."""
    import numpy as np

    return None if x is None else np.tile(x, (k,) + (1,) * (x.ndim - 1))


def _tiled_pile(tile: Callable[[Any], Any], discard: np.ndarray | None) -> Any:
    """The deals' discard piles, tiled as the rest of the deal is (commerce: none)."""
    return tile(discard) if discard is not None else ()


@dataclass(frozen=True)
class KnockRuleRow:
    """How one knock schedule did against the field."""

    rule: KnockSchedule
    rounds: int
    lives_lost: float
    """Mean lives the schedule's player lost per round."""
    ci: tuple[float, float]


def knock_rule_candidates(starts: Iterable[float] = range(20, 32), drops: Iterable[float] = (1, 2, 3),
                          steps: Iterable[int] = (1, 2, 3)) -> list[KnockSchedule]:
    """The knock schedules a tournament tries: each start as a fixed threshold, and falling by each drop for
    each number of steps (the floor is ``start - steps * drop``; with the bots' patience of 4 a schedule
    falls at most 3 times, so every candidate knocks differently)."""
    out = []
    for start in sorted(float(x) for x in starts):
        out.append(KnockSchedule(start, 0.0, start))
        out.extend(KnockSchedule(start, float(d), start - k * float(d)) for d in sorted(drops) for k in sorted(steps))
    return out


def knock_rule_tournament(rules: Rules | str, players: int, candidates: Sequence[KnockSchedule] | None = None,
                          rounds: int = 2000, field: float | None = None, seed: int = 0,
                          batch: int = 12) -> list[KnockRuleRow]:
    """Which knock schedule loses fewest lives against a field of fixed-threshold bots?

    As :func:`threshold_tournament`, with schedules (:func:`knock_rule_candidates` by default) for candidates:
    one seat knocks by the candidate, the others at ``field`` (default:
    :func:`~thirtyone.policy.field_threshold`), everyone greedy and knocking after 4 orbits at the latest; the
    candidate's seat moves on round by round. Every candidate plays the same deals and the same reshuffles
    (common random numbers: a difference between two candidates is theirs, not the cards'), ``batch``
    candidates to a lockstep. Rows come in the candidates' order; :func:`best_knock_rule` picks the winner.
    Without NumPy (:func:`thirtyone.compute.use_numpy`): :func:`thirtyone.purestep.tournament_pure`.
    """
    r = Rules.coerce(rules)
    _check_players(r, players)
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    if batch < 1:
        raise ValueError(f"batch must be at least 1, not {batch}")
    cands = knock_rule_candidates() if candidates is None else list(candidates)
    f = field_threshold(r.family, players) if field is None else field
    if not use_numpy():
        from .purestep import tournament_pure

        lost = tournament_pure(r, players, cands, KnockSchedule(float(f), 0.0, float(f)), rounds,
                               f"knock rules:{seed}:{players}", same_reshuffles=seed)
        return [KnockRuleRow(c, rounds, est.expected_lives, est.expected_ci)
                for c, est in ((c, Estimate.from_losses(str(c), x)) for c, x in zip(cands, lost))]
    import numpy as np

    from .lockstep import deal_many, play_lockstep

    hands, stock, discard, center = deal_many(r, players, rounds, _generator(f"knock rules:{seed}:{players}"))
    me = (1 + np.arange(rounds) // players) % players  # the candidate's seat, seat 0 dealing every round
    rows = []
    for first in range(0, len(cands), batch):
        part = cands[first:first + batch]
        k = len(part)
        pick = (np.arange(k * rounds), np.tile(me, k))
        plan = []
        for field_value, attr in ((float(f), "start"), (0.0, "drop"), (float(f), "floor")):
            a = np.full((k * rounds, players), field_value)
            a[pick] = np.repeat([getattr(c, attr) for c in part], rounds)
            plan.append(a)

        def tile(x: Any, k: int = k) -> Any:
            return _tile(x, k)

        res = play_lockstep(r, tile(hands), tile(stock), tile(center), current=1 % players, dealer=0,
                            thresholds=plan[0], drop=plan[1], floor=plan[2], patience=4,
                            discard=_tiled_pile(tile, discard), deal=True, reasons=False,
                            reshuffle=_same_reshuffle(seed, rounds))
        mine = res.losses[pick]
        for i, c in enumerate(part):
            est = Estimate.from_losses(str(c), mine[i * rounds:(i + 1) * rounds])
            rows.append(KnockRuleRow(c, rounds, est.expected_lives, est.expected_ci))
    return rows


def _same_reshuffle(seed: int, rounds: int) -> Callable[[int, int, np.ndarray], list[int]]:
    """A rebuilt stock's order that depends only on the deal (its row modulo ``rounds``), the rebuild's count
    and the cards: every candidate of a tournament meets the same reshuffles of the same cards."""
    import numpy as np

    def order(row: int, count: int, cards: np.ndarray) -> list[int]:
        gen = np.random.default_rng([seed, row % rounds, count])
        return [int(c) for c in gen.permutation(np.sort(cards))]

    return order


def best_knock_rule(rows: Sequence[KnockRuleRow]) -> KnockSchedule:
    """The schedule with the fewest lives lost; of equal ones the simplest: the smallest drop (a fixed
    threshold first), then the fewest steps down (start less floor), then the lowest start, as the threshold
    tournament's flat stretches are read. A schedule that falls is kept only for what it gains."""
    best = min(rows, key=lambda row: (row.lives_lost, row.rule.drop, row.rule.start - row.rule.floor,
                                      row.rule.start))
    return best.rule


KNOCK_RULE_ROUNDS = 10_000
"""Rounds per candidate of the shipped knock-rule tournament."""

LIVE_KNOCK_RULE_ROUNDS = 500
"""Rounds per candidate of a knock-rule tournament computed now, for a rule set the shipped file does not hold."""

_SHIPPED_PRESETS = {name: Rules.preset(name).family for name in Rules.PRESET_NAMES}
"""The presets the shipped knock-rule tournament covers (every one), each with its kind of game."""


def knock_rule_entry(name: str, players: int) -> tuple[list[float], list[list[float]]]:
    """One table of the shipped ``knock_rules.json``, computed now (each is played on its own deals): its winner
    ``[start, drop, floor]`` and its rows ``[start, drop, floor, rounds, lives lost, low, high]``."""
    rows = knock_rule_tournament(name, players, rounds=KNOCK_RULE_ROUNDS, seed=0)
    k = best_knock_rule(rows)
    return [k.start, k.drop, k.floor], [[row.rule.start, row.rule.drop, row.rule.floor, row.rounds,
                                         round(row.lives_lost, 6), round(row.ci[0], 6), round(row.ci[1], 6)]
                                        for row in rows]


def knock_rule_bytes() -> bytes:
    """The shipped ``knock_rules.json``, computed now: :func:`knock_rule_tournament` for every preset with
    2-6 players, :data:`KNOCK_RULE_ROUNDS` rounds a candidate, seed 0; ``best``: each table's winner
    (:func:`best_knock_rule`), the intermediate bot's rule (:data:`thirtyone.policy.DEFAULT_THRESHOLDS`)."""
    results, best = {}, {}
    for name in _SHIPPED_PRESETS:
        for n in range(2, 7):
            best[f"{name}|{n}"], results[f"{name}|{n}"] = knock_rule_entry(name, n)
    meta = {"rounds": KNOCK_RULE_ROUNDS, "seed": 0, "method": "knock_rule_tournament: one seat knocks by the "
            "schedule [start, drop, floor], the others at the field's fixed threshold; every schedule plays the "
            "same deals"}
    doc = {"meta": meta, "families": _SHIPPED_PRESETS, "best": best, "results": results}
    return (json.dumps(doc, indent=0, sort_keys=True) + "\n").encode("utf-8")


def shipped_knock_rules(rules: Rules | str, players: int, live_rounds: int = LIVE_KNOCK_RULE_ROUNDS
                        ) -> list[KnockRuleRow]:
    """The knock-rule tournament of a rule set and number of players: the shipped one for Scat or Schwimmen with
    2-6 players; for any other, the same tournament computed now with ``live_rounds`` rounds a candidate."""
    r = Rules.coerce(rules)
    name = next((p for p in _SHIPPED_PRESETS if Rules.preset(p) == r), None)
    rows = shipped.load("knock_rules.json")["results"].get(f"{name}|{players}") if name is not None else None
    if rows is None:
        return knock_rule_tournament(r, players, rounds=live_rounds)
    return [KnockRuleRow(KnockSchedule(s, d, f), int(n), m, (lo, hi)) for s, d, f, n, m, lo, hi in rows]


@lru_cache(maxsize=64)
def _played_now(rules: Rules, players: int) -> KnockSchedule:
    # without NumPy (a browser) fewer rounds: thirtyone.compute.PURE_KNOCK_RULE_ROUNDS
    return best_knock_rule(knock_rule_tournament(rules, players, rounds=live_knock_rule_rounds(LIVE_KNOCK_RULE_ROUNDS)))


def intermediate_schedule(rules: Rules | str, players: int) -> KnockSchedule:
    """The intermediate bot's knock schedule under ``rules`` with ``players`` players still in (beyond 2-6: the
    nearest table): a preset's shipped tournament winner; another rule set's, its own tournament played now
    (:data:`LIVE_KNOCK_RULE_ROUNDS` rounds a candidate, seed 0; once per process)."""
    r = Rules.coerce(rules)
    n = tournament_table(players)
    if schedule_preset(r) is not None:
        return default_schedule(r, n)
    return _played_now(r, min(n, r.max_players))
