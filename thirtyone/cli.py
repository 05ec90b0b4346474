"""Command line: run the studies and print their tables.

    python -m thirtyone odds scat               # exact distribution of hand values
    python -m thirtyone deal-study scat          # a knock on each seat's first turn, 2-6 players
    python -m thirtyone survival scat -p 4 -s 2 -t 3
    python -m thirtyone tournament schwimmen -p 4
    python -m thirtyone strength                 # duplicate play: each bot against a field, paired by deal
    python -m thirtyone build-data               # write every file shipped in thirtyone/data/ afresh (make data),
                                                 # but the measured strength.json (hours of play): name it to compute it
    python -m thirtyone build-data knock_tables.json # or only those named

Long runs show a progress bar on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import shipped
from .analysis import deal_study, knock_survival, threshold_tournament, wilson
from .rules import Rules
from .strength import ARENA_BOTS, EXTRA_BOTS, FIELDS, duplicate, select_cells, strength_table

T = TypeVar("T")


def _bar(total: int, desc: str):  # type: ignore[no-untyped-def]
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is pinned, but the engine does not need it
        return None
    return tqdm(total=total, desc=desc, file=sys.stderr, leave=False, disable=not sys.stderr.isatty())


def _survival_table(cell: dict[float, tuple[int, int]], min_knocks: int = 30) -> list[str]:
    lines = [f"{'value':>6} {'knocks':>7} {'survive':>8} {'95% CI':>15}"]
    for v, (k, s) in cell.items():
        if k < min_knocks:
            continue
        lo, hi = wilson(s, k)
        lines.append(f"{v:>6g} {k:>7} {s / k:>8.1%} {lo:>7.1%}-{hi:<7.1%}")
    return lines


def safe_value(cell: dict[float, tuple[int, int]], min_knocks: int = 30, target: float = 0.5) -> float | None:
    """The lowest hand value from which every value (with ``min_knocks`` knocks or more) survives a knock at
    least ``target`` of the time; ``None`` if even the best value does not."""
    best = None
    for v in sorted(cell, reverse=True):
        k, s = cell[v]
        if k < min_knocks:
            continue
        if s / k < target:
            break
        best = v
    return best


def _safe_table(result: dict[int, dict[int, dict[float, tuple[int, int]]]]) -> list[str]:
    width = max(len(seats) for seats in result.values())
    lines = ["The lowest hand that survives a knock on the seat's first turn at least half the time",
             "(seat 1 plays first, the dealer last; the other players play greedily and never knock):",
             f"{'players':>7} " + " ".join(f"{'seat ' + str(k):>7}" for k in range(1, width + 1))]
    for n, seats in result.items():
        cells = [safe_value(cell) for cell in seats.values()]
        lines.append(f"{n:>7} " + " ".join(f"{'-' if v is None else f'{v:g}':>7}" for v in cells))
    return lines


def build_precomputed() -> dict[str, dict[str, Any]]:
    """Every result of :data:`thirtyone.precomputed.RECIPES`, computed now: ``{kind: {key: plain data}}``."""
    from . import precomputed
    from .cards import parse_cards
    from .strategy import discard_study, suit_study
    from .timing import advise

    before = precomputed.enabled(False)
    try:
        out: dict[str, dict[str, Any]] = {}
        for kind, recipe in precomputed.RECIPES:
            args = dict(recipe)
            args["rules"] = rules = Rules.preset(args["rules"])
            if "hand" in args:
                args["hand"] = parse_cards(args["hand"], rules.deck)
            if kind == "advise":
                result: Any = advise(**args)[1]
            elif kind == "suit_study":
                result = suit_study(**args)
            elif kind == "discard_study":
                result = discard_study(**args)
            else:  # pragma: no cover - RECIPES names only these
                raise ValueError(f"no recipe for {kind!r}")
            out.setdefault(kind, {})[precomputed.key(**args)] = precomputed.encode(result)
        return out
    finally:
        precomputed.enabled(before)


def precomputed_bytes() -> bytes:
    """The shipped ``precomputed.json``, computed now: :func:`build_precomputed` (not sorted: the results keep
    the order of the recipes)."""
    return (json.dumps({"results": build_precomputed()}, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _parser() -> argparse.ArgumentParser:
    """The command line's sub-commands and their options."""
    parser = argparse.ArgumentParser(prog="thirtyone", description="Studies of the card game 31.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("odds", help="exact distribution of three-card hand values")
    p.add_argument("rules", nargs="?", default="scat", help=f"preset: {', '.join(Rules.PRESET_NAMES)}")
    p = sub.add_parser("deal-study", help="the chance of surviving a knock on a seat's first turn, by players and seat")
    p.add_argument("rules", nargs="?", default="scat")
    p.add_argument("--deals", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    p = sub.add_parser("survival", help="one cell of the knock-timing tables")
    p.add_argument("rules", nargs="?", default="scat")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("-s", "--seat", type=int, default=1, help="1 = left of the dealer ... players = the dealer")
    p.add_argument("-t", "--turn", type=int, default=0, help="turns played before the knock (0: on the deal)")
    p.add_argument("--opponents", choices=["greedy", "random"], default="greedy")
    p.add_argument("--deals", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("tournament", help="which knock threshold loses fewest lives")
    p.add_argument("rules", nargs="?", default="scat")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=4000)
    p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("strength", help="duplicate play: lives each bot loses per round against a field",
                       description="Each bot plays the same deals, one round each, in the same seat against the "
                       "same field; the difference to the intermediate is paired deal by deal. Without --preset, "
                       "-p and --field: the default cells; with them, the default cells they match, or else the "
                       "one cell they name (scat, 4 players, a field of intermediates for any not given).")
    p.add_argument("--preset", default=None, help=f"preset: {', '.join(Rules.PRESET_NAMES)}")
    p.add_argument("-p", "--players", type=int, default=None)
    p.add_argument("--field", default=None, help=f"the other players' bot: {', '.join(FIELDS)}")
    p.add_argument("--bots", default=",".join(ARENA_BOTS),
                   help=f"bots to test, a comma list (default: {', '.join(ARENA_BOTS)}; also: {', '.join(EXTRA_BOTS)})")
    p.add_argument("--rounds", type=int, default=200, help="deals per cell (the issue's sizes: 10000, 4000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--pure", action="store_true",
                   help="play every simulation on the pure-Python path, as the course in a browser does (no NumPy)")
    p = sub.add_parser("build-data", help="compute the files shipped in thirtyone/data/ and write them",
                       description="Each file is computed by its builder (thirtyone/shipped.py lists them) "
                       "and written in thirtyone/data/, in the order of that list. A measured file (the bots' "
                       "strength, hours of play) is computed only when named.")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help=f"the files to write (default: all): {', '.join(shipped.FILES)}")
    return parser


def _with_bar(total: int, desc: str, study: Callable[[Callable[[Any], None] | None], T]) -> T:
    """``study(progress)`` with a progress bar of ``total`` steps on stderr (no bar: ``progress=None``)."""
    bar = _bar(total, desc)
    try:
        return study((lambda _step: bar.update(1)) if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()


def _odds(args: argparse.Namespace) -> None:
    """``odds``: the exact distribution of hand values, as fractions."""
    from .odds import value_distribution
    rules = Rules.preset(args.rules)
    dist = value_distribution(rules)
    print(f"Hand values, {rules.name} ({rules.deck} cards):")
    for v, f in sorted(dist.items()):
        print(f"{v:>6g} {float(f):>8.3%}  {f}")


def _deal_study(args: argparse.Namespace) -> None:
    """``deal-study``: a survival table per player count and seat, then the safe values of them all."""
    start = time.perf_counter()
    result = _with_bar(len(args.players), "players",
                       lambda progress: deal_study(args.rules, args.players, args.deals, args.seed, progress=progress))
    for n, seats in result.items():
        for seat, cell in seats.items():
            print(f"\n{n} players, seat {seat} after the dealer, knocking on the deal:")
            print("\n".join(_survival_table(cell)))
    print("\n" + "\n".join(_safe_table(result)))
    print(f"\n{args.deals} deals per player count, {time.perf_counter() - start:.1f} s")


def _survival(args: argparse.Namespace) -> None:
    """``survival``: one cell of the knock-timing tables."""
    cell = knock_survival(args.rules, args.players, args.seat, args.turn, args.opponents, args.deals, args.seed)
    print(f"{args.rules}, {args.players} players, seat {args.seat}, turn {args.turn}, {args.opponents} opponents:")
    print("\n".join(_survival_table(cell)))


def _tournament(args: argparse.Namespace) -> None:
    """``tournament``: lives lost per round at each knock threshold, the best marked."""
    rows = _with_bar(12, "thresholds", lambda progress: threshold_tournament(
        args.rules, args.players, rounds=args.rounds, seed=args.seed, progress=progress))
    best = min(rows, key=lambda r: r.lives_lost)
    print(f"{'threshold':>9} {'lives lost/round':>17} {'95% CI':>13}")
    for r in rows:
        mark = "  <- best" if r is best else ""
        print(f"{r.threshold:>9g} {r.lives_lost:>17.3f} {r.ci[0]:>6.3f}-{r.ci[1]:<6.3f}{mark}")


def _strength(args: argparse.Namespace) -> None:
    """``strength``: duplicate play of each bot against a field, one table for the cells asked."""
    from .compute import pure_python

    cells = select_cells(args.preset, args.players, args.field)
    start = time.perf_counter()
    with pure_python(args.pure):
        rows = _with_bar(len(cells) * max(args.rounds, 0), "rounds", lambda progress: [
            row for preset, players, field in cells
            for row in duplicate(preset, players, field, args.bots, args.rounds, args.seed, progress=progress)])
    print(strength_table(rows))
    print(f"\n{args.rounds} rounds per cell, seed {args.seed}, {time.perf_counter() - start:.1f} s")


def _build_data(args: argparse.Namespace) -> None:
    """``build-data``: the shipped files named (all by default), each computed and written, in the order of
    :data:`thirtyone.shipped.FILES` (a file another's builder reads comes first)."""
    asked = {shipped.entry(name).name for name in args.names}  # an unknown name: a usage error naming the files
    start = time.perf_counter()
    for name in [n for n in shipped.FILES if n in asked or not (asked or shipped.FILES[n].measured)]:
        began = time.perf_counter()
        path = shipped.entry(name).path
        before = path.read_bytes() if path.exists() else None
        shipped.write(name)
        after = path.read_bytes()
        status = "unchanged" if after == before else "new" if before is None else "changed"
        print(f"wrote {path}: {len(after):,} bytes, {status}, {time.perf_counter() - began:.1f} s", flush=True)
    print(f"{time.perf_counter() - start:.1f} s in all")


COMMANDS: dict[str, Callable[[argparse.Namespace], None]] = {
    "odds": _odds, "deal-study": _deal_study, "survival": _survival, "tournament": _tournament,
    "strength": _strength, "build-data": _build_data}
"""Each sub-command's function, by its name on the command line."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m thirtyone`` and the ``thirtyone`` script."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        COMMANDS[args.command](args)
    except ValueError as exc:
        parser.error(str(exc))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
