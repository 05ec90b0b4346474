"""Study speed on one core.

* ``knock_advice`` with 10,000 roll-outs, target <= 0.5 s: the median of several runs (other seeds)
  for each of four turns: on the deal and after nine turns, in scat and in schwimmen, 4 players.
* The whole knock-on-the-deal study, ``deal_study(rules, range(2, 7), deals=10_000)``, target <= 20 s.

Times are CPU seconds of this process (time.process_time), so other load on the machine skews them
less; the value tables are built before timing. The last line printed is the figure: the slowest
knock-advice median and the deal-study time.

    python benchmarks/bench_analysis.py [--runs 5] [--rules scat] [--skip-study]
"""

from __future__ import annotations

import argparse
import statistics
import time

from thirtyone import State, new_game
from thirtyone.analysis import deal_study, knock_advice
from thirtyone.bots import ThresholdBot

ADVICE_TARGET = 0.5
STUDY_TARGET = 20.0


def turn(preset: str, turns: int, seed: int = 3) -> State:
    """A 4-player turn after ``turns`` turns of threshold bots that do not knock."""
    s = new_game(preset, 4, seed=seed)
    bots = [ThresholdBot(i, threshold=99, patience=99) for i in range(4)]
    while s.phase != "turn" or s.turns < turns:
        if s.round_over:
            return turn(preset, turns, seed + 1)
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    return s


def advice_seconds(state: State, runs: int) -> float:
    """Median CPU seconds of knock_advice with 10,000 roll-outs."""
    knock_advice(state, rollouts=200)  # warm up: tables
    times = []
    for seed in range(runs):
        t = time.process_time()
        knock_advice(state, rollouts=10_000, seed=seed)
        times.append(time.process_time() - t)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="knock_advice runs per situation (the median counts)")
    parser.add_argument("--rules", default="scat", help="rule set of the deal study")
    parser.add_argument("--skip-study", action="store_true", help="time knock_advice only")
    args = parser.parse_args()
    worst = 0.0
    for preset in ("scat", "schwimmen"):
        for turns in (0, 9):
            sec = advice_seconds(turn(preset, turns), args.runs)
            worst = max(worst, sec)
            print(f"knock_advice, {preset}, 4 players, after {turns} turns, 10,000 roll-outs: "
                  f"median {sec:.3f} s of {args.runs} (target {ADVICE_TARGET} s)")
    study = float("nan")
    if not args.skip_study:
        deal_study(args.rules, [2], deals=50)  # warm up
        t = time.process_time()
        deal_study(args.rules, range(2, 7), deals=10_000)
        study = time.process_time() - t
        print(f"deal_study({args.rules!r}, range(2, 7), deals=10_000): {study:.1f} s (target {STUDY_TARGET:.0f} s)")
    print(f"knock_advice 10,000 roll-outs: {worst:.3f} s (slowest median, target {ADVICE_TARGET} s); "
          f"deal study: {study:.1f} s (target {STUDY_TARGET:.0f} s)")


if __name__ == "__main__":
    main()
