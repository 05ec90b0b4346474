"""Engine speed on one core: hand_value look-ups per second, and applied actions per second in random
4-player games of every preset (the one-off value table is built before timing).

Targets (issue 11): hand_value >= 1,500,000 look-ups/s; random play >= 50,000 applied actions/s in every preset.
Times are CPU seconds of this process (time.process_time), so other load on the machine skews them less; each
figure is the median of several runs, and is printed also as a multiple of an empty 10-million-step Python loop
(``for _ in range(10_000_000): pass``) timed in the same run: the time the target's amount of work takes
(1.5 M look-ups, 50,000 actions) over the loop's time, beside the target's own multiple (1 s over the loop's).
For scale, a naive arithmetic scorer (the best suit's sum, worked out per call) is timed on the same hands.
The last line printed is the figure: the slowest rate as a share of its target.
``python benchmarks/bench_engine.py [runs]`` (default 5 runs).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from yardstick import empty_loop

from thirtyone import PRESETS, Card, deck, hand_value, new_game
from thirtyone.rules import Rules
from thirtyone.scoring import dealt_score, value_table

LOOKUP_TARGET = 1_500_000
ACTION_TARGET = 50_000
RUNS = 5



def _hands(n: int = 10_000) -> list[tuple[Card, ...]]:
    rng = random.Random(1)
    cards = deck(52)
    return [tuple(rng.sample(cards, 3)) for _ in range(n)]


def _rate(scorer: Callable[[tuple[Card, ...], Rules], float], hands: Sequence[tuple[Card, ...]], rules: Rules,
          passes: int = 20) -> float:
    """Calls per CPU second of ``scorer`` over ``passes`` passes of ``hands``."""
    t = time.process_time()
    for _ in range(passes):
        for h in hands:
            scorer(h, rules)
    return passes * len(hands) / (time.process_time() - t)


def naive_value(cards: tuple[Card, ...], rules: Rules) -> float:
    """The best suit's sum, worked out per call (no three-of-a-kind rules): the yardstick of issue 11."""
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c.suit] += c.value
    return float(max(totals))


def lookups_per_second(runs: int = RUNS) -> tuple[float, float]:
    """Median hand_value look-ups per second, and the naive scorer's, over ``runs`` runs each."""
    rules = PRESETS["scat"]
    value_table(rules)  # build the table before timing
    hands = _hands()
    look = statistics.median(_rate(hand_value, hands, rules) for _ in range(runs))
    naive = statistics.median(_rate(naive_value, hands, rules, passes=5) for _ in range(runs))
    return look, naive


def actions_per_second(name: str, seconds: float = 0.5, players: int = 4, seed: int = 0) -> float:
    """Applied actions per CPU second of random play (whole games, from their deal) for ``seconds``."""
    rules = PRESETS[name]
    value_table(rules)  # warm up: the tables (values, and the reasons showdowns explain) are built once
    dealt_score(deck(rules.deck)[:3], rules)
    rng = random.Random(2)
    choice = rng.choice
    actions = 0
    spent = 0.0
    while spent < seconds:
        seed += 1
        t = time.process_time()
        s = new_game(rules, players=players, seed=seed)
        n = 0
        while not s.game_over:
            s = s.apply(choice(s.legal_actions()))
            n += 1
        spent += time.process_time() - t
        actions += n
    return actions / spent


def _line(what: str, rate: float, target: int, unit: str, loop: float) -> str:
    work = target / rate  # seconds the target's amount of work takes
    return (f"{what}: {rate:,.0f} {unit}/s (target {target:,}/s): {target:,} take {work:.2f} s = "
            f"{work / loop:.2f}x the loop (target <= {1 / loop:.2f}x)")


def main(runs: int = RUNS) -> None:
    loops = [empty_loop()]
    look, naive = lookups_per_second(runs)
    loops.append(empty_loop())
    aps = {name: statistics.median(actions_per_second(name, seed=1000 * k) for k in range(runs)) for name in PRESETS}
    loops.append(empty_loop())
    loop = statistics.median(loops)
    print(f"empty 10-million-step loop: {loop:.3f} s CPU (median of {len(loops)}); figures: medians of {runs} runs")
    print(_line("hand_value look-ups", look, LOOKUP_TARGET, "look-ups", loop))
    print(f"  a naive arithmetic scorer on the same hands: {naive:,.0f}/s; hand_value is {look / naive:.2f}x that")
    for name, rate in aps.items():
        print(_line(f"random play, 4 players, {name}", rate, ACTION_TARGET, "actions", loop))
    shares = [look / LOOKUP_TARGET] + [rate / ACTION_TARGET for rate in aps.values()]
    print(f"slowest figure vs its target: {min(shares):.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
