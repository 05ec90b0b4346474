"""Does reading the table make the expert stronger (issue 33)? Duplicate play, and what a decision costs.

For each cell (rule set, players; a field of intermediates) the expert that reads the table (``make_bot("expert")``,
:mod:`thirtyone.reading`) and the expert as it was (``make_bot("expert-classic")``) play the same deals in the same
seat against the same field (:func:`thirtyone.strength.duplicate`, one round from each fresh deal). Printed per
cell: the strength table (each bot against the intermediate), the expert minus the classic expert deal by deal with
its paired 95% interval, and the median CPU time of a decision of each. Then the median time of the coach's answer
(:func:`thirtyone.coach.coach` at lesson 6's size, :data:`thirtyone.coach.COACH_ROLLOUTS` a move) at the moments of
a few seeded games. Each time is also a multiple of an empty 10-million-step Python loop timed in the same run.

Default cells: Scat with 2, 3 and 4 players and Schwimmen with 3, the cells issue 33 asks the reading to win.
``--field`` plays another field (a public rule's name, or ``beginner``: a field that never knocks), ``--bots`` other
bots (``expert-ess<share>``: the expert at another :data:`thirtyone.reading.ESS_SHARE`; 0, never tempered), ``--ess
DEALS`` prints how many distinct worlds the reading keeps and how well it predicts the hidden cards instead.

Measured on the first version (untempered weights; seed 0): the expert minus expert-classic -0.074 ± 0.018 in Scat
2 (3,000 deals), -0.029 ± 0.027 in Scat 3, +0.038 ± 0.022 in Scat 4 (measurably WORSE), -0.023 ± 0.016 in Schwimmen
3 (1,200 each). Why Scat 4 was worse (``--ess 100``): each other player's moves multiply a world's weight, so the
pool's effective sample size was 0.38 of it with one other player, 0.06 with three, 0.016 with five (medians), the
expert played out from 64 distinct worlds of 192 in Scat 4 and 31 in Scat 6, and the read put the others' hidden
cards worse than the unread worlds (mean log chance of a card truly held, read minus unread: -0.10 a card in Scat 4,
-0.67 in Scat 6; +0.21 in Scat 2). Tempered to an effective sample size of a fifth of the pool: +0.19, +0.13, +0.21.
The knock schedules play no part in these cells (every preset's intermediate schedule has drop 0, and one round from
a fresh deal has no earlier knocks to read). Scat 4, 3,000 deals, seed 1: untempered minus classic +0.021 ± 0.014;
tempered (ESS_SHARE 0.35) minus untempered -0.023 ± 0.012; tempered minus classic -0.002 ± 0.012 (0.35), -0.005 ±
0.012 (0.2, shipped).

Measured with the tempered read (ESS_SHARE 0.2; seed 0; the expert minus expert-classic, lives a round, paired 95%
interval; median decision of each, ms and × the empty loop, 0.12 s):

    against intermediates, 2,000 deals      expert − classic   expert ms (×loop)   classic ms (×loop)
    Scat 2                                  -0.086 ± 0.022      5.0 (0.041)         3.5 (0.029)
    Scat 3                                  -0.029 ± 0.020      6.6 (0.057)         4.6 (0.040)
    Scat 4                                  +0.006 ± 0.015      7.2 (0.060)         5.1 (0.043)
    Scat 6                                  -0.016 ± 0.011      9.5 (0.077)         5.5 (0.045)
    Schwimmen 2                             -0.052 ± 0.012      3.6 (0.030)         3.2 (0.026)
    Schwimmen 3                             -0.029 ± 0.011      4.4 (0.036)         3.9 (0.033)
    Schwimmen 4                             -0.019 ± 0.010      5.6 (0.047)         4.9 (0.042)
    Schwimmen 6                             +0.000 ± 0.005      6.5 (0.054)         5.8 (0.048)

Against a field of each public rule and of beginners (never knocking), Scat, 1,000 deals each, every bot of the
strength run and expert-classic played: no bot measurably better than the expert in any of the 15 cells; the
closest, expert-classic in Scat 4 against beginners or algorithmic31 (the expert minus it +0.022 ± 0.025), and the
expert minus expert-classic: Scat 2 -0.091 ± 0.033 (algorithmic31), -0.081 ± 0.031 (johnny), -0.031 ± 0.024
(spoole), -0.071 ± 0.030 (carbonell), -0.090 ± 0.033 (beginner); Scat 4 +0.022 ± 0.025, +0.008 ± 0.024, +0.000 ±
0.016, -0.014 ± 0.015, +0.022 ± 0.025; Scat 6 +0.000 ± 0.024, -0.020 ± 0.020, +0.000 ± 0.013, +0.002 ± 0.010,
+0.000 ± 0.024. Expert decisions there: median 5.0-11.8 ms (0.041-0.098 × the loop).

How much a read can win at most (``--bots expert,expert-oracle,expert-oracle-turn,expert-oracle-knocked,
expert-classic --no-coach``): the oracle is the expert playing on in worlds that deal every other player their true
hand (the stock still unknown); ``-turn`` knows them only at the start of a turn where it may knock (knock, or
which pile to draw from), ``-knocked`` only once someone has knocked. Against intermediates, seed 5, 1,500 deals (5 December), lives a
round, paired 95% intervals:

    cell        expert − classic    oracle − expert    oracle-turn − expert    oracle-knocked − expert
    Scat 3      -0.049 ± 0.024      -0.072 ± 0.027     —                       —
    Scat 4      -0.012 ± 0.019      -0.072 ± 0.023     -0.049 ± 0.022          -0.009 ± 0.007

So in Scat with 4 players the read wins about a seventh of what knowing the hands would (a third in Scat 3), and
two thirds of what there is to win is at the start of a turn: whether to knock, and from which pile to draw.

Scat with 4 players over many deals (``--cells scat:4 --bots expert,expert-classic --seeds 10,11,12,13,14 --rounds
5000``: 25,000 deals, fixed before they were played; 1,445 s on two processes, 5 December): the expert
minus expert-classic -0.002 ± 0.005 pooled (seeds: -0.003, +0.002, +0.001, -0.004, -0.005, each ± 0.010), the expert
minus the intermediate -0.057 ± 0.006. The strength run's seed 0 gave -0.002 ± 0.007 on 10,000 deals. Then a run of
60,000 fresh deals, fixed (seeds, size and rule) before it was played (``--seeds 30,...,41 --rounds 5000``; 2,716 s
on two processes, 6 December): the expert minus expert-classic -0.0058 ± 0.0029 pooled, measurably fewer (seeds from
+0.004 to -0.016, each ± 0.010); the expert minus the intermediate -0.054 ± 0.004.

    python benchmarks/bench_reading.py [--rounds 3000] [--cells scat:2,scat:3,scat:4,schwimmen:3] [--seed 0]
    python benchmarks/bench_reading.py --coach-only
    python benchmarks/bench_reading.py --ess 100 --cells scat:2,scat:4,scat:6
    python benchmarks/bench_reading.py --cells scat:4 --field beginner --bots expert,expert-classic,beginner --no-coach
    python benchmarks/bench_reading.py --cells scat:4 --bots expert,expert-classic --seeds 10,11 --rounds 5000 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

from bench_engine import empty_loop

from thirtyone import strength
from thirtyone.bots import ExpertBot, make_bot
from thirtyone.coach import COACH_ROLLOUTS, coach
from thirtyone.game import Action, PlayerView, State, new_game
from thirtyone.reading import ESS_SHARE, POOL, TableRead, effective_size, tempered
from thirtyone.stats import paired
from thirtyone.strength import duplicate, strength_table
from thirtyone.worlds import Worlds, sample_worlds

CELLS = "scat:2,scat:3,scat:4,schwimmen:3"
BOTS = ("expert", "expert-classic")


class ShareExpert(ExpertBot):
    """The expert reading the table with another least effective sample size (:data:`thirtyone.reading.ESS_SHARE`;
    0: the weights never tempered, the reading as it was first written)."""

    share = ESS_SHARE

    def table_read(self, view: PlayerView) -> TableRead:
        if self._table is None or self._table[0] is not view:
            self._table = (view, TableRead(view, self.patience, ess_share=self.share))
        return self._table[1]


def _register(name: str, cls: type[ExpertBot]) -> str:
    """Makes ``name`` an arena bot of :mod:`thirtyone.strength` (an instance of ``cls``); returns it."""
    made = strength.make_arena_bot

    def make(bot: str, seed: int | None = None, as_field: bool = False) -> object:
        if bot == name:
            b = cls(seed)
            b.name = name
            return b
        return made(bot, seed, as_field)

    strength.make_arena_bot = make  # type: ignore[assignment]
    strength.EXTRA_BOTS = (*strength.EXTRA_BOTS, name)
    return name


def share_bot(name: str) -> str:
    """Registers ``expert-ess<share>`` as an arena bot (an :class:`ShareExpert`); returns its name."""
    return _register(name, type("Expert", (ShareExpert,), {"share": float(name.removeprefix("expert-ess"))}))


_TRUE: dict[int, State] = {}
"""The state each view of this process was made from, by the view's ``id`` (only while an oracle plays)."""


def _remember_states() -> None:
    """Wraps :meth:`State.view` in this process so that an oracle can look up the state behind a view (a
    benchmark's hook: the package never lets a bot see more than its view)."""
    if getattr(State.view, "remembers", False):
        return
    view_of = State.view

    def view(self: State, player: int) -> PlayerView:
        v = view_of(self, player)
        if len(_TRUE) > 4096:
            _TRUE.clear()
        _TRUE[id(v)] = self
        return v

    view.remembers = True  # type: ignore[attr-defined]
    State.view = view  # type: ignore[method-assign]


class OracleRead(TableRead):
    """The read of a player who sees every other hand (not the stock): every world deals them their true hands, the
    stock is the rest of the unseen cards shuffled. NumPy only."""

    def sample(self, count: int, rng: Any) -> Worlds:
        import numpy as np

        view = self.view
        truth = _TRUE[id(view)]
        hands = sample_worlds(view, count, rng).hands.copy()
        held: list[int] = []
        for seat in range(view.players):
            if seat == view.player or view.out[seat]:
                continue
            known = [int(c) for c in view.known[seat]]
            hidden = [int(c) for c in truth.hands[seat] if int(c) not in known]
            hands[:, seat, :] = known + hidden
            held += hidden
        unseen = np.array([int(c) for c in view.unseen() if int(c) not in held], dtype=np.int64)
        rest = rng.permuted(np.broadcast_to(unseen, (count, len(unseen))), axis=1)
        center = None
        if view.center is None and view.rules.family == "commerce":
            center, rest = rest[:, :3], rest[:, 3:]
        return Worlds(view, hands, np.ascontiguousarray(rest[:, :view.stock_count]), center,
                      rng.integers(0, 2**32, size=count))

    def sample_pure(self, count: int, rng: Any) -> Any:
        raise RuntimeError("the oracle plays on NumPy only")


class OracleExpert(ExpertBot):
    """The expert playing on in worlds that deal every other player their true hand (``when``: ``"always"``; only
    at the start of a turn where it may knock (or draw): ``"turn"``; only once someone has knocked:
    ``"knocked"``), every other decision as the expert. What knowing the others' hands would be worth: how much a
    read of the table can win at most."""

    when = "always"

    def table_read(self, view: PlayerView) -> TableRead:
        sees = (self.when == "always" or (self.when == "turn" and Action("knock") in view.legal_actions)
                or (self.when == "knocked" and view.knocker is not None))
        if not sees:
            return super().table_read(view)
        if self._table is None or self._table[0] is not view:
            self._table = (view, OracleRead(view, self.patience, read_never=False))
        return self._table[1]


def oracle_bot(name: str) -> str:
    """Registers ``expert-oracle``, ``expert-oracle-turn`` or ``expert-oracle-knocked`` as an arena bot (an
    :class:`OracleExpert`); returns its name."""
    when = {"expert-oracle": "always", "expert-oracle-turn": "turn", "expert-oracle-knocked": "knocked"}[name]
    _remember_states()
    return _register(name, type("Oracle", (OracleExpert,), {"when": when}))


def ess_study(preset: str, players: int, deals: int, rollouts: int = 192) -> str:
    """How many distinct worlds the reading keeps, and how well it predicts the hidden cards, at the expert's
    decisions in rounds of intermediates (the decisions of a seat rotating as in duplicate play): the pool's
    effective sample size untempered and tempered, the distinct worlds among ``rollouts`` drawn, and the mean log
    chance given to each card another player truly holds, minus the same from the unread worlds (positive: the read
    predicts better)."""
    import numpy as np

    raw: list[float] = []
    kept: list[float] = []
    distinct: dict[str, list[int]] = {"untempered": [], "tempered": []}
    score: dict[str, list[float]] = {"untempered": [], "tempered": []}
    for d in range(deals):
        s = new_game(preset, players, seed=1000 + d)
        bots = [make_bot("intermediate", seed=10 * d + i) for i in range(players)]
        me = d % players
        while not s.round_over:
            p = s.current_player
            assert p is not None
            view = s.view(p)
            if p == me and len(view.legal_actions) > 1:
                read = TableRead(view)
                if read.readers:
                    gen = np.random.default_rng(1000 * d + s.turns)
                    pool = sample_worlds(view, POOL * rollouts, gen)
                    lw = read.log_weights(pool.hands)
                    raw.append(effective_size(lw) / len(lw))
                    power = tempered(lw)
                    kept.append(effective_size(lw, power) / len(lw))
                    u = gen.random()
                    for label, k in (("untempered", 1.0), ("tempered", power)):
                        w = np.exp(k * (lw - lw.max()))
                        w /= w.sum()
                        cum = np.cumsum(w)
                        picks = np.searchsorted(cum, (u + np.arange(rollouts)) / rollouts, side="right")
                        distinct[label].append(len(set(np.minimum(picks, len(w) - 1).tolist())))
                        for r in read.readers:
                            held = pool.hands[:, r.seat, len(r.known):]
                            for c in s.hands[r.seat]:
                                if c not in r.known:
                                    has = (held == int(c)).any(axis=1)
                                    score[label].append(math.log(float((w * has).sum()) + 1e-3)
                                                        - math.log(float(has.mean()) + 1e-3))
            s = s.apply(bots[p].choose(view))
    lines = [f"{preset}, {players} players: {len(raw)} decisions read; effective sample size / pool median "
             f"{statistics.median(raw):.3f} untempered, {statistics.median(kept):.3f} tempered (ESS_SHARE {ESS_SHARE})"]
    for label in ("untempered", "tempered"):
        g = score[label]
        half = 1.96 * statistics.stdev(g) / math.sqrt(len(g))
        lines.append(f"  {label:>10}: distinct worlds of {rollouts} median {statistics.median(distinct[label]):.0f}, "
                     f"tenth percentile {sorted(distinct[label])[len(distinct[label]) // 10]}; log chance of each "
                     f"hidden card held, read minus unread {statistics.mean(g):+.3f} ± {half:.3f} ({len(g)} cards)")
    return "\n".join(lines)


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


PART = 2_500
"""Deals a process plays at a time in ``--seeds`` runs (each part is :func:`duplicate` from its first deal on)."""


def _part(job: tuple[str, int, str, tuple[str, ...], int, int, int]) -> tuple[int, int, dict[str, tuple[int, ...]]]:
    preset, n, field, bots, seed, first, rounds = job
    rows = duplicate(preset, n, field, list(bots), rounds, seed, first=first)
    return seed, first, {r.bot: r.lost for r in rows}


def pooled(preset: str, n: int, field: str, bots: list[str], rounds: int, seeds: list[int], jobs: int) -> None:
    """``rounds`` deals on each seed, played in parts on ``jobs`` processes; each seed's expert minus every other bot,
    and all seeds pooled deal by deal (no deal twice: each seed deals its own)."""
    parts = [(preset, n, field, tuple(bots), seed, first, min(PART, rounds - first))
             for seed in seeds for first in range(0, rounds, PART)]
    start = time.time()
    with multiprocessing.Pool(jobs) as pool:
        done = sorted(pool.imap_unordered(_part, parts))
    lost: dict[int, dict[str, list[int]]] = {}
    for seed, _first, part in done:
        for bot, deals in part.items():
            lost.setdefault(seed, {}).setdefault(bot, []).extend(deals)
    print(f"\n== {preset}, {n} players, a field of {field}: {rounds} deals on each of seeds "
          f"{', '.join(map(str, seeds))}, {time.time() - start:.0f} s on {jobs} processes")
    others = [b for b in lost[seeds[0]] if b != "expert"]
    for other in others:
        for seed in seeds:
            diff, half = paired(lost[seed]["expert"], lost[seed][other])
            print(f"seed {seed}: expert minus {other}: {diff:+.4f} ± {half:.4f}")
        diff, half = paired([x for s in seeds for x in lost[s]["expert"]], [x for s in seeds for x in lost[s][other]])
        verdict = ("fewer, measurably" if diff + half < 0 else "more, measurably" if diff - half > 0
                   else "not measurably different")
        print(f"pooled, {rounds * len(seeds)} deals: expert minus {other}: {diff:+.4f} ± {half:.4f} lives a round "
              f"({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3000, help="deals per cell")
    parser.add_argument("--cells", default=CELLS, help="preset:players, a comma list")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--field", default="intermediate", help="the field: intermediate or a public rule's name")
    parser.add_argument("--bots", default=",".join(BOTS),
                        help="bots to play, a comma list; expert-ess<share> is the expert at another ESS_SHARE; "
                        "expert-oracle, expert-oracle-turn, expert-oracle-knocked see the others' hands")
    parser.add_argument("--coach-only", action="store_true", help="time the coach only")
    parser.add_argument("--no-coach", action="store_true", help="do not time the coach")
    parser.add_argument("--seeds", default="", help="a comma list: play --rounds deals on each seed, in parts on --jobs "
                        "processes, and pool the seeds (the expert minus each other bot)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for --seeds")
    parser.add_argument("--ess", type=int, default=0, metavar="DEALS",
                        help="print the reading's effective sample sizes and predictions over so many deals instead")
    args = parser.parse_args()
    if args.ess:
        for cell in args.cells.split(","):
            preset, players = cell.split(":")
            print(ess_study(preset, int(players), args.ess), flush=True)
        return
    bots = [share_bot(b) if b.startswith("expert-ess") else oracle_bot(b) if b.startswith("expert-oracle") else b
            for b in args.bots.split(",")]
    if args.seeds:
        for cell in args.cells.split(","):
            preset, players = cell.split(":")
            pooled(preset, int(players), args.field, bots, args.rounds, [int(x) for x in args.seeds.split(",")],
                   args.jobs)
        return
    loops = [empty_loop()]
    if not args.coach_only:
        for cell in args.cells.split(","):
            preset, players = cell.split(":")
            n = int(players)
            thinking: dict[str, list[float]] = {b: [] for b in bots}
            start = time.process_time()
            step = max(1, args.rounds // 10)

            def tick(done: int, label: str = cell, began: float = start, step: int = step) -> None:
                if done % step == 0:
                    print(f"  {label}: {done}/{args.rounds}, {time.process_time() - began:.0f} s CPU",
                          file=sys.stderr, flush=True)

            rows = duplicate(preset, n, args.field, bots, args.rounds, args.seed, progress=tick,
                             on_decision=lambda bot, sec, into=thinking: into.setdefault(bot, []).append(sec))
            loops.append(empty_loop())
            loop = statistics.median(loops)
            print(f"\n== {preset}, {n} players, a field of {args.field}: {args.rounds} deals, seed {args.seed}, "
                  f"{time.process_time() - start:.0f} s CPU")
            print(strength_table(rows))
            mine = {r.bot: r for r in rows}
            for other in [r.bot for r in rows if r.bot != "expert"]:
                if "expert" not in mine:
                    break
                diff, half = paired(mine["expert"].lost, mine[other].lost)
                verdict = ("fewer, measurably" if diff + half < 0 else "more, measurably" if diff - half > 0
                           else "not measurably different")
                print(f"expert minus {other}: {diff:+.4f} ± {half:.4f} lives a round ({verdict})")
            for bot in bots:
                if bot not in thinking or not thinking[bot]:
                    continue
                med = statistics.median(thinking[bot])
                print(f"{bot} decision: median {med * 1000:.2f} ms = {med / loop:.4f}x the loop "
                      f"({len(thinking[bot])} decisions)")
            sys.stdout.flush()
    if args.no_coach:
        print(f"empty 10-million-step loop: {statistics.median(loops):.3f} s CPU (median of {len(loops)})")
        return
    times = coach_times()
    loops.append(empty_loop())
    loop = statistics.median(loops)
    med = statistics.median(times)
    print(f"\ncoach answer ({COACH_ROLLOUTS} play-outs a move, Scat and Schwimmen, 4 players): median "
          f"{med * 1000:.0f} ms = {med / loop:.3f}x the loop, slowest {max(times) * 1000:.0f} ms ({len(times)} answers)")
    print(f"empty 10-million-step loop: {loop:.3f} s CPU (median of {len(loops)})")


if __name__ == "__main__":
    main()
