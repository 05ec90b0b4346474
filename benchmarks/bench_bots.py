"""Bot speed on one core: whole bot-against-bot games per second.

* 4 players, four intermediate (threshold) bots, every preset, played to the winner;
* the expert (its default play-outs: ``bots.EXPERT_ROLLOUTS`` a move, more while the best moves are close, up to
  ``bots.EXPERT_MAX_ROLLOUTS``) at a table with three intermediate bots, in scat and schwimmen, with the mean
  and the median CPU time of its decisions (issue 19: the median ≤ 50 ms), also as a multiple of an empty
  10-million-step Python loop timed in the same run.

Times are CPU seconds of this process (time.process_time), so other load on the machine skews them
less; the value tables are built before timing. The last line printed is the figure: intermediate
games per second in the slowest preset, and expert games per second in the slower family.

    python benchmarks/bench_bots.py [--seconds 2] [--expert-games 2]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_engine import empty_loop

from thirtyone import PRESETS, new_game
from thirtyone.bots import EXPERT_MAX_ROLLOUTS, EXPERT_ROLLOUTS, ExpertBot, ThresholdBot, play_game
from thirtyone.policy import keep_table
from thirtyone.scoring import value_table


def warm(name: str) -> None:
    """Build the one-off tables of a rule set before timing."""
    rules = PRESETS[name]
    value_table(rules)
    keep_table(rules)
    play_game(new_game(rules, 2, seed=0), [ThresholdBot(0), ThresholdBot(1)])


def intermediate_games_per_second(name: str, seconds: float) -> tuple[float, float]:
    """(games/s, actions/s) for 4 intermediate bots."""
    warm(name)
    games = actions = 0
    spent = 0.0
    while spent < seconds:
        t = time.process_time()
        end = play_game(new_game(name, 4, seed=games), [ThresholdBot(games * 4 + i) for i in range(4)])
        spent += time.process_time() - t
        games += 1
        actions += sum(1 for e in end.events if e.player is not None and e.kind not in (
            "deal", "31", "fire", "lose", "swimming", "out", "winner", "showdown"))
    return games / spent, actions / spent


class CountingExpert(ExpertBot):
    """An expert that counts and times its decisions."""

    times: list[float] = []

    def choose(self, view):  # type: ignore[no-untyped-def]
        t = time.process_time()
        a = super().choose(view)
        CountingExpert.times.append(time.process_time() - t)
        return a


def expert_games_per_second(name: str, games: int) -> tuple[float, float, float]:
    """(games/s, mean and median s per expert decision) for one expert against three intermediate bots, every
    seat in turn."""
    warm(name)
    CountingExpert.times = []
    spent = 0.0
    for g in range(games):
        bots = [ThresholdBot(g * 4 + i) for i in range(4)]
        bots[g % 4] = CountingExpert(g)
        t = time.process_time()
        play_game(new_game(name, 4, seed=1000 + g), bots)
        spent += time.process_time() - t
    times = CountingExpert.times or [0.0]
    return games / spent, statistics.mean(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per preset for intermediate bots")
    parser.add_argument("--expert-games", type=int, default=2, help="games per family with an expert")
    args = parser.parse_args()
    slowest = ("", float("inf"))
    for name in PRESETS:
        gps, aps = intermediate_games_per_second(name, args.seconds)
        print(f"4 intermediate bots, {name}: {gps:,.1f} games/s ({aps:,.0f} moves/s)")
        if gps < slowest[1]:
            slowest = (name, gps)
    expert = ("", float("inf"))
    loops = [empty_loop()]
    for name in ("scat", "schwimmen"):
        gps, mean, median = expert_games_per_second(name, args.expert_games)
        loops.append(empty_loop())
        loop = statistics.median(loops)
        print(f"1 expert ({EXPERT_ROLLOUTS} to {EXPERT_MAX_ROLLOUTS} play-outs a move) + 3 intermediate, {name}: "
              f"{gps:.2f} games/s; expert decision: mean {mean * 1000:.1f} ms, median {median * 1000:.1f} ms "
              f"= {median / loop:.3f}x an empty 10-million-step loop ({loop:.3f} s)")
        if gps < expert[1]:
            expert = (name, gps)
    print(f"games/s: intermediate {slowest[1]:,.1f} (slowest preset, {slowest[0]}); "
          f"with an expert {expert[1]:.2f} ({expert[0]})")


if __name__ == "__main__":
    main()
