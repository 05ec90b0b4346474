"""Duplicate-play strength of the bots (issue 19), and what it costs on one core.

The cells issue 19 names (``thirtyone.strength.DEFAULT_CELLS``): against a field of intermediates in Scat
and Schwimmen with 3 and 4 players, and against a field of each public knock rule in Scat with 4 players.
Every bot under test (the three levels and the four public rules, and against intermediates the expert that does
not read the table, ``expert-classic``: ``thirtyone.strength.cell_bots``) plays the same deals of a cell, one
round each, in the same seat against the same field (``thirtyone.strength.duplicate``).

Printed per cell: the strength table (lives lost per round, the paired difference to the intermediate
with its 95% interval, rounds, CPU seconds); the time per round of each bot (its CPU seconds over its
rounds: every seat's moves and the engine's); and the median CPU time of one expert decision. Each time is
also a multiple of an empty 10-million-step Python loop (``for _ in range(10_000_000): pass``) timed in
the same run (the median of its runs before, between and after the cells). Times are CPU seconds of this
process (time.process_time), so other load on the machine skews them less; the value tables are built
before timing. The last lines are the whole table and the figures over all cells.

Rounds: ``--rounds N`` per cell (default 200, a few minutes in all); ``--full`` for the issue's sizes,
10,000 rounds per cell against intermediates and 4,000 against each public rule, but 16,000 against spoole50's,
where every bot loses about as much (``strength.FULL_ROUNDS``; about 85 minutes of one core, mostly the two
experts'). ``--fields`` and ``--presets`` play only the cells of some fields or presets (comma lists), to
split a long run over processes; ``--json PATH`` also writes the rows (``python -m thirtyone build-data
strength.json`` computes the shipped table, the same numbers without times, in one process).

    python benchmarks/bench_strength.py [--rounds 200 | --full] [--fields intermediate] [--presets scat] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable

from bench_engine import empty_loop

from thirtyone.strength import (
    ARENA_BOTS,
    DEFAULT_CELLS,
    FIELDS,
    StrengthRow,
    cell_bots,
    cell_record,
    duplicate,
    full_rounds,
    strength_table,
)

DEFAULT_ROUNDS = 200


def warm(cells: list[tuple[str, int, str]]) -> None:
    """Build the one-off tables of each rule set and table size before timing (one deal each)."""
    for preset, players, field in cells:
        duplicate(preset, players, field, ARENA_BOTS, 1, seed=-1)


def per_round(row: StrengthRow, loop: float) -> str:
    sec = row.seconds / row.rounds
    return f"{row.bot} {sec * 1000:.2f} ms = {sec / loop:.4f}x"


def against_expert(cell: list[StrengthRow]) -> dict[str, list[float]]:
    """For each other bot of a cell: the expert minus it, deal by deal, with half the paired 95% interval, as the
    shipped table keeps it (:func:`thirtyone.strength.cell_record`)."""
    minus: dict[str, list[float]] = cell_record(cell)["expert_minus"]  # type: ignore[assignment]
    return minus


def tick(rounds: int, began: float, label: str) -> Callable[[int], None]:
    """A progress line on stderr every tenth of the cell's rounds (long runs: ``--full``)."""
    step = max(1, rounds // 10)

    def report(done: int) -> None:
        if done % step == 0 or done == rounds:
            print(f"  {label}: {done}/{rounds} rounds, {time.process_time() - began:.0f} s CPU",
                  file=sys.stderr, flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="rounds per cell")
    parser.add_argument("--full", action="store_true", help="the run's sizes: 10,000 / 4,000 (spoole: 16,000) rounds per cell")
    parser.add_argument("--fields", default=",".join(FIELDS), help="play only the cells of these fields")
    parser.add_argument("--presets", default="", help="play only the cells of these presets (a comma list)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="PATH", help="also write every row (and the expert's pairings) here")
    parser.add_argument("--bots", default="",
                        help="the bots to play, a comma list (default: the strength run's, with expert-classic, the "
                             "expert that does not read the table, against intermediates; issue 33)")
    args = parser.parse_args()
    fields = [f.strip() for f in args.fields.split(",")]
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    bad = [f for f in fields if f not in FIELDS]
    if bad:
        parser.error(f"unknown field {bad[0]!r}: choose from {', '.join(FIELDS)}")
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    cells = [c for c in DEFAULT_CELLS if c[2] in fields and (not presets or c[0] in presets)]
    if not cells:
        parser.error("no cell of the benchmark has these fields and presets")
    warm(cells)
    loops = [empty_loop()]
    rows: list[StrengthRow] = []
    record: list[dict[str, object]] = []
    thinking: list[float] = []
    for preset, players, field in cells:
        rounds = full_rounds(field) if args.full else args.rounds
        mine: list[float] = []
        start = time.process_time()
        cell = duplicate(preset, players, field, bots or cell_bots(field), rounds, args.seed,
                         progress=tick(rounds, start, f"{preset} {players} {field}"),
                         on_decision=lambda bot, sec, into=mine: into.append(sec) if bot == "expert" else None)
        spent = time.process_time() - start
        loops.append(empty_loop())
        loop = statistics.median(loops)
        print(f"\n== {preset}, {players} players, a field of {field}: {rounds} rounds, {spent:.1f} s CPU")
        print(strength_table(cell))
        for bot, (diff, half) in against_expert(cell).items():
            verdict = "fewer, measurably" if diff + half < 0 else "more, measurably" if diff - half > 0 else "not measurably"
            print(f"expert minus {bot}: {diff:+.4f} ± {half:.4f} lives a round ({verdict})")
        print("time per round: " + "; ".join(per_round(r, loop) for r in cell))
        if mine:
            med = statistics.median(mine)
            print(f"expert decision: median {med * 1000:.2f} ms = {med / loop:.4f}x the loop "
                  f"({len(mine)} decisions, {len(mine) / rounds:.1f} a round)")
        rows += cell
        thinking += mine
        if args.json:
            record.append({"preset": preset, "players": players, "field": field, "rounds": rounds, "seed": args.seed,
                           "rows": [{"bot": r.bot, "lost": round(r.mean, 5), "diff": round(r.diff, 5),
                                     "half": round(r.half_width, 5), "seconds": round(r.seconds, 2)} for r in cell],
                           "expert_minus": against_expert(cell),
                           "expert_decision_ms": round(statistics.median(mine) * 1000, 3) if mine else None,
                           "loop_seconds": round(loop, 4)})
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(record, f, indent=1)
    loop = statistics.median(loops)
    print(f"\nempty 10-million-step loop: {loop:.3f} s CPU (median of {len(loops)}); the unit of the 'x' figures")
    print(strength_table(rows))
    for bot in dict.fromkeys(r.bot for r in rows):
        mine_rows = [r for r in rows if r.bot == bot]
        sec = sum(r.seconds for r in mine_rows) / max(1, sum(r.rounds for r in mine_rows))
        print(f"{bot:<13} time per round over all cells: {sec * 1000:8.2f} ms = {sec / loop:.4f}x the loop")
    if thinking:
        med = statistics.median(thinking)
        print(f"expert decision over all cells: median {med * 1000:.2f} ms = {med / loop:.4f}x the loop "
              f"({len(thinking)} decisions)")


if __name__ == "__main__":
    main()
