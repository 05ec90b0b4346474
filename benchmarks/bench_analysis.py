"""Study speed on one core, each figure against its target as a multiple of an empty 10-million-step loop.

Issue 11's figures, every study on the lockstep engine (medians of ``--runs`` runs, CPU seconds of this
process, so other load on the machine skews them less; tables are built before timing):

* the empty loop ``for _ in range(10_000_000): pass``, timed in the same run (the unit);
* ``knock_advice`` with 10,000 roll-outs, target <= 0.25x the loop, for four turns: on the deal and after
  nine turns, in scat and in schwimmen, 4 players;
* the whole deal study, ``deal_study(rules, range(2, 7), deals=10_000)``, target <= 5x;
* a live survival chart: ``live_curve`` for each line of lesson 5's "how safe is a knock?" chart (2 to 6
  players), 2,000 deals a line, in a rule set the tables do not hold (Feuer), target <= 0.75x; and one line;
* the threshold chart's "play 100 more rounds per threshold" (``threshold_curve``, 12 thresholds), target
  <= 0.75x, like any live chart;
* the coach's advice as lesson 6 asks it (``coach.COACH_ROLLOUTS`` roll-outs a move; issue 19: at most 0.5 s),
  and an expert bot's decision (no target: shown so a change that slows them shows).

    python benchmarks/bench_analysis.py [--runs 5] [--rules scat] [--skip-study]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from yardstick import empty_loop

from thirtyone import State, new_game
from thirtyone.analysis import deal_study, knock_advice
from thirtyone.bots import EXPERT_ROLLOUTS, ExpertBot, ThresholdBot
from thirtyone.coach import COACH_ROLLOUTS, coach
from thirtyone.timing import live_curve, threshold_curve

TARGETS = {"advice": 0.25, "study": 5.0, "chart": 0.75, "more": 0.75}
"""Each figure's target, as a multiple of the empty loop."""


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


def median_cpu(action: Callable[[int], object], runs: int) -> float:
    """Median CPU seconds of ``action(i)`` over ``runs`` runs, after one warm-up call."""
    action(runs)
    times = []
    for i in range(runs):
        t = time.process_time()
        action(i)
        times.append(time.process_time() - t)
    return statistics.median(times)



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median counts)")
    parser.add_argument("--rules", default="scat", help="rule set of the deal study")
    parser.add_argument("--skip-study", action="store_true", help="leave out the deal study (the longest figure)")
    args = parser.parse_args()
    loop = statistics.median(empty_loop() for _ in range(args.runs))
    print(f"empty 10M-step loop: median {loop:.3f} s of {args.runs} (the unit below)")
    rows: list[tuple[str, float, float | None]] = []

    def show(name: str, sec: float, target: float | None) -> None:
        rows.append((name, sec, target))
        aim = f"target <= {target:g}x" if target is not None else "no target"
        mark = "" if target is None or sec <= target * loop else "  SLOW"
        print(f"{name:64} {sec * 1000:8.1f} ms = {sec / loop:6.3f}x loop ({aim}){mark}")

    for preset in ("scat", "schwimmen"):
        for turns in (0, 9):
            s = turn(preset, turns)
            show(f"knock_advice, {preset}, 4 players, after {turns} turns, 10,000 roll-outs",
                 median_cpu(lambda i, s=s: knock_advice(s, rollouts=10_000, seed=i), args.runs), TARGETS["advice"])
    if not args.skip_study:
        show(f"deal_study({args.rules!r}, range(2, 7), deals=10_000)",
             median_cpu(lambda i: deal_study(args.rules, range(2, 7), deals=10_000, seed=i), max(1, args.runs // 2)),
             TARGETS["study"])
    for opp in ("greedy", "random"):
        show(f"live survival chart, feuer, 5 lines (2-6 players) x 2,000 deals, {opp}",
             median_cpu(lambda i, o=opp: [live_curve("feuer", n, 1, 1, o, deals=2000, seed=i) for n in range(2, 7)],
                        args.runs), TARGETS["chart"])
    show("live survival curve, bga-draw, 6 players, dealer's seat, 2,000 deals",
         median_cpu(lambda i: live_curve("bga-draw", 6, 6, 3, deals=2000, seed=i), args.runs), TARGETS["chart"])
    show("threshold chart: 100 more rounds per threshold (scat, 4 players)",
         median_cpu(lambda i: threshold_curve("scat", 4, rounds=100, seed=i), args.runs), TARGETS["more"])
    advised = turn("scat", 5)
    show(f"coach, scat, 4 players, {COACH_ROLLOUTS:,} roll-outs a move (lesson 6's button; issue 19: <= 0.5 s)",
         median_cpu(lambda i: coach(advised, rollouts=COACH_ROLLOUTS, knock_rollouts=COACH_ROLLOUTS, seed=i),
                    args.runs), None)
    view = advised.view(advised.current_player)  # type: ignore[arg-type]
    show(f"expert bot, one decision ({EXPERT_ROLLOUTS} roll-outs)",
         median_cpu(lambda i: ExpertBot(seed=i).choose(view), args.runs), None)
    targeted = [(name, sec, target) for name, sec, target in rows if target is not None]
    slow = [name for name, sec, target in targeted if sec > target * loop]
    print(f"{len(targeted) - len(slow)} of {len(targeted)} figures within target"
          + ("; slow: " + ", ".join(slow) if slow else ""))


if __name__ == "__main__":
    main()
