"""How fast every control of lesson 5 (and lesson 4's) answers, in the kernel: from the change of a
control (as the front end sends it) until the widget has redrawn. Medians of several runs.

Targets (issue 6): every control in lesson 5 ≤ 1 s; the advisor at 10,000 rollouts ≤ 0.5 s.
The browser adds one round trip (about 0.1 s, see bench_app.py) to these figures.
Run: ``.venv/bin/python benchmarks/bench_lessons.py [runs]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from thirtyone import timing
from thirtyone.analysis import knock_advice
from thirtyone.timing import staged_turn
from thirtyone.widgets import (
    DiscardStudyView,
    KnockAdvisor,
    KnockDrill,
    PresetTable,
    RuleReplay,
    SuitStudyChart,
    SurvivalChart,
    ThresholdChart,
)

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
rows: list[tuple[str, float, float]] = []


def bench(name: str, action: Callable[[int], object], target: float = 1.0, runs: int = RUNS) -> None:
    """Time ``action(i)`` for i in 0..runs-1 (after one warm-up call) and keep the median in seconds."""
    action(runs)
    times = []
    for i in range(runs):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    med = statistics.median(times)
    rows.append((name, med, target))
    print(f"{name:58} {med * 1000:8.0f} ms   (target ≤ {target * 1000:.0f} ms){'' if med <= target else '  SLOW'}")


def main() -> None:
    print(f"medians of {RUNS} runs\n")
    # -- the advisor's simulation alone
    spot = staged_turn("scat", "K♥ Q♥ 7♣", 4, 2, 3)
    bench("knock_advice, 10,000 rollouts (scat, 4 players)",
          lambda i: knock_advice(spot.state, spot.player, rollouts=10_000, seed=i), 0.5)
    com = staged_turn("schwimmen", "K♥ Q♥ 7♣", 4, 2, 3)
    bench("knock_advice, 10,000 rollouts (schwimmen, 4 players)",
          lambda i: knock_advice(com.state, com.player, rollouts=10_000, seed=i), 0.5)

    # -- lesson 5, control by control
    chart = SurvivalChart(compare="players")
    bench("SurvivalChart: knocker seat", lambda i: setattr(chart.seat_menu, "value", i % 2))
    bench("SurvivalChart: turn", lambda i: setattr(chart.turn_menu, "value", i % 4))
    bench("SurvivalChart: rules", lambda i: setattr(chart.rules_menu, "value", ("scat", "schwimmen")[i % 2]))
    bench("SurvivalChart: opponents", lambda i: setattr(chart.opponents_menu, "value", ("greedy", "random")[i % 2]))
    seats = SurvivalChart(compare="seat", turn=0)
    bench("SurvivalChart (seats): players", lambda i: setattr(seats.players_menu, "value", 3 + i % 4))
    bench("SurvivalChart: compute this cell live", lambda i: chart.live_button.click())
    thr = ThresholdChart()
    bench("ThresholdChart: players (shipped results)", lambda i: setattr(thr.players_menu, "value", 2 + i % 5))
    bench("ThresholdChart: play 100 more rounds per threshold", lambda i: thr.run_button.click())
    advisor = KnockAdvisor()
    hands = ("A♠ K♠ 9♠", "K♥ Q♥ 7♣", "10♦ 9♦ 8♣", "A♣ Q♣ 7♥")

    def cold(change: Callable[[int], object]) -> Callable[[int], object]:
        """The advisor keeps recent answers; time each change as if it were new."""
        def run(i: int) -> object:
            timing._advise.cache_clear()
            return change(i)
        return run

    bench("KnockAdvisor: pick a card (10,000 rollouts)", cold(lambda i: advisor.picker.pick(hands[i % 4])), 0.5)
    bench("KnockAdvisor: players", cold(lambda i: setattr(advisor.players_menu, "value", 3 + i % 4)), 0.5)
    bench("KnockAdvisor: seat", cold(lambda i: setattr(advisor.seat_menu, "value", 1 + i % 3)), 0.5)
    turns = [v for _label, v in advisor.turn_menu.options]
    bench("KnockAdvisor: turn", cold(lambda i: setattr(advisor.turn_menu, "value", turns[i % len(turns)])), 0.5)
    bench("KnockAdvisor: rules", cold(lambda i: setattr(advisor.rules_menu, "value", ("scat", "bga-draw")[i % 2])), 0.5)
    bench("KnockAdvisor: deal the others again", lambda i: advisor.again_button.click(), 0.5)
    bench("KnockAdvisor: back to an earlier choice (kept)", lambda i: setattr(advisor.seat_menu, "value", 1 + i % 2),
          0.5)
    drill = KnockDrill(seed=1)

    def answer(i: int) -> None:
        drill.next_situation()
        drill.answer(("knock", "play on")[i % 2])

    bench("KnockDrill: next situation", lambda i: drill.next_button.click())
    bench("KnockDrill: next situation + answer", answer)
    suits = SuitStudyChart()
    bench("SuitStudyChart: deal 600 more", lambda i: suits.more_button.click())
    discards = DiscardStudyView()
    bench("DiscardStudyView: play 120 more rounds", lambda i: discards.more_button.click())

    # -- lesson 4
    table = PresetTable()
    bench("PresetTable: tick a rule set", lambda i: setattr(table.boxes["feuer"], "value", bool(i % 2)))
    replay = RuleReplay()
    keys = ("instant-31", "ties", "knocker-lowest", "feuer", "under-21", "lives")
    bench("RuleReplay: choose a situation", lambda i: setattr(replay.menu, "value", keys[i % 6]))

    # -- page load: building every widget of lesson 5
    def build(_i: int) -> None:
        SurvivalChart(compare="players")
        SurvivalChart(compare="seat", turn=0)
        ThresholdChart()
        KnockAdvisor()
        KnockDrill()
        SuitStudyChart()
        DiscardStudyView()
        SurvivalChart(compare="turn", players=4, seat=2)

    bench("lesson 5: every widget built (page load, kernel side)", build, 5.0, runs=max(1, RUNS // 2))
    slow = [r for r in rows if r[1] > r[2]]
    print(f"\n{len(rows) - len(slow)} of {len(rows)} within target" + (
        "; slow: " + ", ".join(r[0] for r in slow) if slow else ""))


if __name__ == "__main__":
    main()
