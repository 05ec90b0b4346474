"""How long lesson 6's "Watch the coach play this round" takes: a finished round played again from its deal with the
coach in the learner's seat (:func:`thirtyone.replay.replay_round`, as :class:`thirtyone.widgets.roundreplay.RoundReplay`
plays it), until both rounds can be shown.

Games at lesson 6's table (its controller, seeded as the lesson seeds it; the learner plays as the intermediate bot),
the first rounds of each: every preset with 1, 3 and 7 bots of each level, the coach with as many play-outs as when
the learner asks it (:data:`thirtyone.coach.COACH_ROLLOUTS`); then, on the pure-Python path (the course in a browser),
Scat and Schwimmen with 3 bots and the coach's :data:`~thirtyone.widgets.roundreplay.PURE_ROLLOUTS`. Each figure is in
seconds and as a multiple of an empty 10-million-step loop timed in the same run. Target (issue 33): a replay answers
within a few seconds, taken as ≤ 3 s a round with NumPy (a server's kernel). On the pure-Python path the expert bots'
own play-outs dominate a long round (5 s at worst on 5 December 2026, 32 × the loop): the panel plays one move at a
time, says how far it is, and never holds up the next round. ``.venv/bin/python benchmarks/bench_replay.py``; the
last line is the figure.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from thirtyone.bots import make_bot  # noqa: E402
from thirtyone.coach import COACH_ROLLOUTS, CoachBot  # noqa: E402
from thirtyone.compute import pure_python  # noqa: E402
from thirtyone.game import new_game  # noqa: E402
from thirtyone.replay import replay_round, round_start  # noqa: E402
from thirtyone.rules import Rules  # noqa: E402
from thirtyone.widgets.roundreplay import PURE_ROLLOUTS  # noqa: E402
from thirtyone.widgets.tablecontrol import TableControl  # noqa: E402

TARGET = 3.0
ROUNDS = 3


def empty_loop() -> float:
    t = time.perf_counter()
    for _ in range(10_000_000):
        pass
    return time.perf_counter() - t


def replays(preset: str, bots: int, level: str, rollouts: int, seed: int = 1) -> list[float]:
    """Seconds to replay each of the first :data:`ROUNDS` rounds of a game with the coach in seat 0."""
    c = TableControl(new_game(preset, players=bots + 1, seed=seed), seat=0, bots=level, seed=seed)
    me = make_bot("intermediate", seed=11)
    took: list[float] = []
    while len(took) < ROUNDS:
        s = c.state
        if s.round_over:
            start = round_start([*c.history, s], s.round)
            assert start is not None
            t = time.perf_counter()
            replay_round(start, s, 0, CoachBot(rollouts=rollouts, knock_rollouts=rollouts),
                         lambda p: make_bot(level))
            took.append(time.perf_counter() - t)
            if s.game_over:
                break
            dealt = c.next_round()
            assert dealt is not None
            c.advance(dealt)
        elif c.my_turn:
            c.play(me.choose(s.view(0)))
        else:
            c.bot_move()
    return took


def show(name: str, xs: list[float], unit: float) -> None:
    print(f"{name:52s} n={len(xs):3d}  median {statistics.median(xs):6.2f} s ({statistics.median(xs) / unit:5.2f} ×)"
          f"  max {max(xs):6.2f} s ({max(xs) / unit:5.2f} ×)")


def main() -> None:
    unit = empty_loop()
    print(f"empty 10-million-step loop: {unit:.3f} s")
    worst = pure = 0.0
    for level in ("intermediate", "expert"):
        xs: list[float] = []
        for preset in Rules.PRESET_NAMES:
            for bots in (1, 3, 7):
                xs += replays(preset, bots, level, COACH_ROLLOUTS)
        show(f"NumPy, {level} bots, coach {COACH_ROLLOUTS} play-outs", xs, unit)
        worst = max(worst, max(xs))
    with pure_python():
        for level in ("intermediate", "expert"):
            xs = [x for preset in ("scat", "schwimmen") for x in replays(preset, 3, level, PURE_ROLLOUTS)]
            show(f"pure Python, {level} bots, coach {PURE_ROLLOUTS} play-outs", xs, unit)
            pure = max(pure, max(xs))
    print(f"pure Python: the slowest replay took {pure:.2f} s ({pure / unit:.1f} × the loop)")
    print(f"figure: the slowest replay with NumPy took {worst:.2f} s ({worst / unit:.1f} × the loop; "
          f"target ≤ {TARGET:.0f} s)")


if __name__ == "__main__":
    main()
