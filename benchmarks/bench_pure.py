"""The simulations on the pure-Python path (no NumPy: the course in a browser, thirtyone/compute.py), natively.

* the expert bot's decisions (its default play-outs) and the coach's answers (``coach.COACH_ROLLOUTS`` play-outs a
  move) at the moments of real games (Scat and Schwimmen, 4 players: an expert and three intermediates): the
  median and the slowest;
* lesson 5's simulations: the advisor's answer (``advise``, 10,000 play-outs), a knock-survival
  curve computed live (3,000 deals), the threshold chart's "more rounds" (100 rounds a threshold), the knock-rule
  tournament of a rule set that is no preset (the intermediate bot's rule for it);

each in CPU seconds of this process and as a multiple of an empty 10-million-step Python loop timed in the same
run, with the time it would take in a browser (Pyodide, assumed ``--slower`` × CPython, 2.5 by default) against
the aims (the coach ≤ 3 s, a bot's turn ≤ 1 s).

    python benchmarks/bench_pure.py [--moments 12] [--slower 2.5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bench_engine import empty_loop

from thirtyone import new_game
from thirtyone import timing as tm
from thirtyone.bots import EXPERT_MAX_ROLLOUTS, EXPERT_ROLLOUTS, ExpertBot, ThresholdBot
from thirtyone.coach import COACH_ROLLOUTS, coach
from thirtyone.compute import PURE_KNOCK_RULE_ROUNDS, pure_python
from thirtyone.knockrules import knock_rule_tournament
from thirtyone.rules import Rules


def moments(preset: str, count: int, seed: int) -> list:
    """States where the expert (seat 1) is to move, from games of an expert against three intermediates."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = new_game(preset, 4, seed=rng.randrange(10**6))
        bots = [ThresholdBot(i) for i in range(4)]
        for _ in range(rng.randrange(0, 30)):
            if s.round_over:
                break
            p = s.current_player
            s = s.apply(bots[p].choose(s.view(p)))
        if not s.round_over and s.current_player == 1 and len(s.legal_actions()) > 1:
            out.append(s)
    return out


def timed(f: Callable[[], object]) -> float:
    t = time.process_time()
    f()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moments", type=int, default=12)
    ap.add_argument("--slower", type=float, default=2.5, help="how much slower the browser's Python is")
    args = ap.parse_args()
    loop = empty_loop()
    print(f"empty 10-million-step loop: {loop:.3f} s; a browser assumed {args.slower} x slower")

    def line(what: str, secs: list[float], aim: float | None = None) -> None:
        med, worst = statistics.median(secs), max(secs)
        browser = worst * args.slower
        mark = "" if aim is None else f" (aim ≤ {aim:g} s: {'ok' if browser <= aim else 'OVER'})"
        print(f"{what:58} median {med:7.3f} s ({med / loop:6.2f} × loop), slowest {worst:6.3f} s "
              f"({worst / loop:6.2f} × loop); browser ≈ {browser:5.2f} s{mark}")

    with pure_python():
        for preset in ("scat", "schwimmen"):
            spots = moments(preset, args.moments, 1)
            bot = ExpertBot(seed=1)
            line(f"{preset}: the expert ({EXPERT_ROLLOUTS} play-outs a move, up to {EXPERT_MAX_ROLLOUTS})",
                 [timed(lambda s=s, b=bot: b.choose(s.view(1))) for s in spots], 1.0)
            n = COACH_ROLLOUTS
            line(f"{preset}: the coach, {n} play-outs a move",
                 [timed(lambda s=s, n=n: coach(s, 1, rollouts=n, knock_rollouts=n)) for s in spots], 3.0)
        for n in (10_000,):
            secs = []
            for k, hand in enumerate(("K♥ Q♥ 8♣", "A♠ 10♠ 7♦", "9♦ 9♣ K♥")):
                tm._advise.cache_clear()
                secs.append(timed(lambda h=hand, k=k, n=n: tm.advise("scat", h, 4, 2, 5, rollouts=n, seed=k)))
            line(f"lesson 5: the advisor, {n} play-outs", secs, 3.0)
        line("lesson 5: a survival curve computed live, 3,000 deals",
             [timed(lambda t=t: tm.live_curve("scat", 4, 2, t, deals=3000)) for t in (1, 2)], 3.0)
        line("lesson 5: the threshold chart's more rounds, 100 a threshold",
             [timed(lambda s=s: tm.threshold_curve("scat", 4, rounds=100, seed=s)) for s in (1, 2)], 3.0)
        rules = Rules.preset("scat").replace(lives=5)
        for rounds in sorted({500, PURE_KNOCK_RULE_ROUNDS}, reverse=True):
            line(f"the knock-rule tournament of a rule set, {rounds} rounds",
                 [timed(lambda r=rounds: knock_rule_tournament(rules, 4, rounds=r))], 3.0)


if __name__ == "__main__":
    main()
