"""Does reading the table make the expert stronger (issue 33)? Duplicate play, and what a decision costs.

For each cell (rule set, players; a field of intermediates) the expert that reads the table (``make_bot("expert")``,
:mod:`thirtyone.reading`) and the expert as it was (``make_bot("expert-classic")``) play the same deals in the same
seat against the same field (:func:`thirtyone.strength.duplicate`, one round from each fresh deal). Printed per
cell: the strength table (each bot against the intermediate), the expert minus the classic expert deal by deal with
its paired 95% interval, and the median CPU time of a decision of each. Then the median time of the coach's answer
(:func:`thirtyone.coach.coach` at lesson 6's size, :data:`thirtyone.coach.COACH_ROLLOUTS` a move) at the moments of
a few seeded games. Each time is also a multiple of an empty 10-million-step Python loop timed in the same run.

Default cells: Scat with 2, 3 and 4 players and Schwimmen with 3, the cells issue 33 asks the reading to win.

Measured (seed 0, this branch; the expert minus expert-classic, lives a round, paired 95% interval): Scat 2 players
-0.074 ± 0.018 (3,000 deals), Scat 3 -0.029 ± 0.027 (1,200), Scat 4 +0.038 ± 0.022 (1,200: measurably WORSE),
Schwimmen 3 -0.023 ± 0.016 (1,200). Expert decision median 4.3-6.0 ms (0.036-0.049 x the empty loop), classic
3.7-4.9 ms; the coach's answer median 20 ms (0.17 x), slowest 134 ms.

    python benchmarks/bench_reading.py [--rounds 3000] [--cells scat:2,scat:3,scat:4,schwimmen:3] [--seed 0]
    python benchmarks/bench_reading.py --coach-only
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bench_engine import empty_loop

from thirtyone.bots import make_bot
from thirtyone.coach import COACH_ROLLOUTS, coach
from thirtyone.game import new_game
from thirtyone.stats import paired
from thirtyone.strength import duplicate, strength_table

CELLS = "scat:2,scat:3,scat:4,schwimmen:3"
BOTS = ("expert", "expert-classic")


def coach_times(presets: tuple[str, ...] = ("scat", "schwimmen"), players: int = 4, moments: int = 20) -> list[float]:
    """CPU seconds of the coach's answers at the learner's turns of seeded games against intermediates."""
    times: list[float] = []
    for preset in presets:
        s = new_game(preset, players, seed=7)
        bots = [make_bot("intermediate", seed=i) for i in range(players)]
        asked = 0
        while not s.game_over and asked < moments:
            if s.round_over:
                s = s.apply("next round")
                continue
            p = s.current_player
            assert p is not None
            if p == 0 and len(s.legal_actions()) > 1:
                t = time.process_time()
                coach(s, rollouts=COACH_ROLLOUTS, knock_rollouts=COACH_ROLLOUTS, seed=asked)
                times.append(time.process_time() - t)
                asked += 1
            s = s.apply(bots[p].choose(s.view(p)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3000, help="deals per cell")
    parser.add_argument("--cells", default=CELLS, help="preset:players, a comma list")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coach-only", action="store_true", help="time the coach only")
    args = parser.parse_args()
    loops = [empty_loop()]
    if not args.coach_only:
        for cell in args.cells.split(","):
            preset, players = cell.split(":")
            n = int(players)
            thinking: dict[str, list[float]] = {b: [] for b in BOTS}
            start = time.process_time()
            step = max(1, args.rounds // 10)

            def tick(done: int, label: str = cell, began: float = start, step: int = step) -> None:
                if done % step == 0:
                    print(f"  {label}: {done}/{args.rounds}, {time.process_time() - began:.0f} s CPU",
                          file=sys.stderr, flush=True)

            rows = duplicate(preset, n, "intermediate", list(BOTS), args.rounds, args.seed, progress=tick,
                             on_decision=lambda bot, sec, into=thinking: into.setdefault(bot, []).append(sec))
            loops.append(empty_loop())
            loop = statistics.median(loops)
            print(f"\n== {preset}, {n} players, a field of intermediates: {args.rounds} deals, "
                  f"{time.process_time() - start:.0f} s CPU")
            print(strength_table(rows))
            mine = {r.bot: r for r in rows}
            diff, half = paired(mine["expert"].lost, mine["expert-classic"].lost)
            verdict = ("fewer, measurably" if diff + half < 0 else "more, measurably" if diff - half > 0
                       else "not measurably different")
            print(f"expert minus expert-classic: {diff:+.4f} ± {half:.4f} lives a round ({verdict})")
            for bot in BOTS:
                med = statistics.median(thinking[bot])
                print(f"{bot} decision: median {med * 1000:.2f} ms = {med / loop:.4f}x the loop "
                      f"({len(thinking[bot])} decisions)")
            sys.stdout.flush()
    times = coach_times()
    loops.append(empty_loop())
    loop = statistics.median(loops)
    med = statistics.median(times)
    print(f"\ncoach answer ({COACH_ROLLOUTS} play-outs a move, Scat and Schwimmen, 4 players): median "
          f"{med * 1000:.0f} ms = {med / loop:.3f}x the loop, slowest {max(times) * 1000:.0f} ms ({len(times)} answers)")
    print(f"empty 10-million-step loop: {loop:.3f} s CPU (median of {len(loops)})")


if __name__ == "__main__":
    main()
