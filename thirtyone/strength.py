"""How strong is each bot? Duplicate play against a field, paired deal by deal (issue 19).

For each deal ``d`` (seeded from one base seed), the bot under test sits in seat ``d mod players``
(seat 0 deals, so the seat rotates from the dealer's round the table) against ``players - 1`` bots
of one kind, the *field*. It plays ONE round from the fresh deal, every player with full lives, and we
record the lives the test seat lost in that round. Every bot under test plays the same deals in the
same seat against identically seeded field bots, so the results are paired: the difference to the
intermediate bot on the same deals has a much narrower interval than two separate means would.

* :func:`duplicate` — one cell (rule set, players, field): a :class:`StrengthRow` per bot under test.
* :func:`strength_table` — the rows as a plain-text table.
* :func:`make_arena_bot` — a bot by name: ``beginner``, ``intermediate``, ``expert`` (the tutorial's
  levels, :func:`thirtyone.bots.make_bot`) and each public knock rule of :data:`PUBLIC_RULES`.

The public rules are bots that draw, throw and swap exactly as the project's greedy bot does
(:class:`~thirtyone.bots.GreedyBot`) and differ only in when they knock, each as its source states it;
like every bot here they also knock once each player still in has had ``patience`` turns, so that
rounds always end. All randomness comes from one generator per deal, seeded from the base seed and
the deal number: the same call gives the same numbers (but the seconds).

    python -m thirtyone strength                       # the default cells
    python -m thirtyone strength --preset schwimmen -p 3 --rounds 2000
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as data_field
from typing import Any

from . import shipped
from .bots import PATIENCE, Bot, GreedyBot, make_bot
from .cards import deck
from .game import PlayerView, State, new_game
from .rules import Rules
from .scoring import hand_values
from .stats import paired

__all__ = ["PUBLIC_RULES", "ARENA_BOTS", "EXTRA_BOTS", "FIELDS", "DEFAULT_CELLS", "StrengthRow", "make_arena_bot", "duplicate",
           "strength_table", "select_cells", "FULL_ROUNDS", "CHECK_DEALS", "full_rounds",
           "cell_bots", "cell_record", "coach_record", "COACH_ROUNDS", "COACH_CELL_ROUNDS", "coach_rounds", "shipped_coach", "strength_record", "strength_bytes", "shipped_strength", "PublicRuleBot", "Algorithmic31Bot", "JohnnyBot", "SpooleBot",
           "CarbonellBot", "CARBONELL_TABLE", "own_turn"]


def own_turn(view: PlayerView) -> int:
    """Which of its own turns this round the player to act is taking: 1 for its first.

    ``view.turns`` counts the turns of the whole table this round (the first choice and the dealer's
    exchange are not turns); play goes round the players still in, from the dealer's left, so before a
    player's ``j``-th own turn ``(j - 1) * players + (its place after the dealer)`` turns were taken.
    """
    return view.turns // max(1, len(view.active)) + 1


def _place_after_dealer(view: PlayerView) -> int:
    """0 for the player left of the dealer (the first to play), ..., players - 1 for the dealer."""
    n = view.players
    order = [s for s in ((view.dealer + k) % n for k in range(1, n + 1)) if not view.out[s]]
    return order.index(view.player)


class PublicRuleBot(GreedyBot):
    """A greedy bot (the project's draws, throws and swaps) that knocks by a published rule.

    Subclasses state the rule in :meth:`rule_knocks`; :meth:`wants_knock` (asked only when a knock is
    legal) also knocks once every player still in has had ``patience`` turns, as every bot does, unless
    ``patience`` is ``None``: the rule as its source reads, with no knock forced (how a field of it plays,
    :func:`make_arena_bot` with ``as_field``; issue 33).
    """

    def __init__(self, seed: int | None = None, patience: int | None = PATIENCE) -> None:
        super().__init__(seed, PATIENCE if patience is None else patience)
        self.as_source = patience is None
        """No patience rule: the bot knocks only when its source's rule says so."""

    name = "public"
    source = ""
    """Where the rule comes from."""

    def value(self, view: PlayerView) -> float:
        """The hand's value under the rules in play."""
        return hand_values(view.rules)[view.hand]

    def rule_knocks(self, view: PlayerView) -> bool:
        """Whether the published rule says knock now (a knock is legal)."""
        raise NotImplementedError

    def wants_knock(self, view: PlayerView) -> bool:
        if not self.as_source and self.knock_rule(view).patience_over(view.turns):
            return True
        return self.rule_knocks(view)


class Algorithmic31Bot(PublicRuleBot):
    """``Algorithmic31BotV5``: a knock threshold that moves with the stock, the seat and the turn, and a
    danger check.

    Source: class ``Algorithmic31BotV5`` in ``ThirtyOne/ThirtyOneYOURNAMEPlayer.py``, a player written for
    the course repository vracton/dr-dong-teaches-me-to-play-games (``decide_knock_threshold``,
    ``should_knock``, ``calculate_opponent_winning_probability``). The snapshot of vracton's repository
    held only the empty template under that name; the V5 file was read from the stored copy of the
    file in the public code index (a copy of the same course template).

    The threshold is 27, 2 less with 10 or fewer cards in the stock, else 1 less with 20 or fewer,
    1 less in the last seat, 1 more in the bot's first 3 turns. At the threshold or more it knocks only
    if the chance that an opponent draws a card worth 10 or more, ``1 - (1 - d/u) ** (players - 1)``
    (``d`` the unseen cards worth 10 or more, ``u`` all unseen cards), is below 0.4 with 29 or more,
    0.3 with 27 or 28, 0.2 below that.

    Read for this engine: "seen" is the bot's own hand and the discard pile, as in the source (in
    commerce also the face-up center and the cards set aside, which lie open as the discard pile
    does); the deck is the rules' deck; the last seat is the one that plays last in an orbit, the
    dealer (play starts left of the dealer); the source's turn counter counts its own turns (it is
    never reset between rounds there; here it is this round's, :func:`own_turn`, this turn included);
    the stock size is ``view.stock_count``; players are those still in. The source's "go for 31
    instead" check is called with an empty hand, so it never stops a knock, and is left out; so is its
    draw from the discard pile to make 31 (the draws here are the greedy bot's).
    """

    name = "algorithmic31"
    source = "Algorithmic31BotV5, ThirtyOne/ThirtyOneYOURNAMEPlayer.py (vracton/dr-dong-teaches-me-to-play-games)"

    def threshold(self, view: PlayerView) -> int:
        """The hand worth needed to consider a knock now."""
        t = 27
        if view.stock_count <= 10:
            t -= 2
        elif view.stock_count <= 20:
            t -= 1
        if view.player == view.dealer:  # the last to play in an orbit
            t -= 1
        if own_turn(view) <= 3:
            t += 1
        return t

    def danger(self, view: PlayerView) -> float:
        """The chance that some opponent draws a card worth 10 or more: ``1 - (1 - d/u) ** (players - 1)``."""
        seen = set(view.hand) | set(view.discard_pile) | set(view.out_of_play) | set(view.center or ())
        unseen = [c for c in deck(view.rules.deck) if c not in seen]
        if not unseen:
            return 0.0
        high = sum(1 for c in unseen if c.value >= 10)
        return 1 - (1 - high / len(unseen)) ** (len(view.active) - 1)

    def rule_knocks(self, view: PlayerView) -> bool:
        v = self.value(view)
        if v < self.threshold(view):
            return False
        limit = 0.4 if v >= 29 else 0.3 if v >= 27 else 0.2
        return self.danger(view) < limit


class JohnnyBot(PublicRuleBot):
    """The bots of heresssjohnny-svg/thirty-one-game: a knock by chance once everyone has played.

    Source: ``executeBotTurn`` in ``server/game/bot.js`` (commit 1d0ccda, read from the stored copy in the
    public code index; the repository itself could not be fetched). A knock may come only once the
    table has taken as many turns this round as there are players still in (``turnsTakenThisRound >=
    active.length``: every player has had a turn) and with a hand worth 21 or more, 25 or more with
    two players left; then the bot knocks with probability 0.95 at 28 or more, 0.80 at 26 or more,
    else 0.35. The chance is drawn from the bot's own seeded generator (the source: ``Math.random``).
    """

    name = "johnny"
    source = "executeBotTurn, server/game/bot.js (heresssjohnny-svg/thirty-one-game)"

    def rule_knocks(self, view: PlayerView) -> bool:
        active = len(view.active)
        v = self.value(view)
        if view.turns < active or v < (21 if active > 2 else 25):
            return False
        chance = 0.95 if v >= 28 else 0.80 if v >= 26 else 0.35
        return self.rng.random() < chance


class SpooleBot(PublicRuleBot):
    """spoole50/31's computer player: knocks at 18 or more.

    Source: ``ai_should_knock`` in ``backend/ai/engine.py`` (and ``simple_ai_turn`` in the first
    commit's ``backend/main.py``: "Consider knocking if score is good (18+ points)"), read from the
    repository. Its default (medium) level knocks at 18 or more; the source also rolls a chance
    before it knocks (0.3 at first, 0.4 now for the medium level), and at the head of the repository
    its knock is guarded by a hand-size check that a hand of four never passes. This bot takes the
    threshold, the rule as issue 19 states it: it knocks whenever its hand is worth 18 or more.
    """

    name = "spoole"
    source = "ai_should_knock, backend/ai/engine.py (spoole50/31)"
    KNOCK_AT = 18

    def rule_knocks(self, view: PlayerView) -> bool:
        return self.value(view) >= self.KNOCK_AT


CARBONELL_TABLE: dict[int, tuple[int, ...]] = {
    2: (18, 20),
    3: (14, 15, 17),
    4: (13, 13, 14, 15),
    5: (11, 12, 13, 13, 15),
    6: (11, 11, 12, 12, 13, 13),
}
"""chris-carbonell/thirty-one-simulations' table (README, "TL;DR"): by players, the lowest hand to knock
on the deal for each position after the dealer (0 = the first to play), to survive the knock at least
60% of the time."""


class CarbonellBot(PublicRuleBot):
    """chris-carbonell/thirty-one-simulations: knock on the deal by a table of players and seat.

    Source: the README's table (``CARBONELL_TABLE``), read from the repository: the lowest hand worth
    knocking with on the initial hand, by the number of players and the position after the dealer,
    from its simulation of a knock on the knocker's first turn (``simulations.py``, ``game.py``). The
    source states no rule for later turns: this bot knocks on its own first turn when its hand is worth
    the table's value or more (where the rules allow a knock then), and otherwise plays on until its
    patience runs out. More than 6 players use the 6-player row, positions past its end its last entry.
    """

    name = "carbonell"
    source = "README table, chris-carbonell/thirty-one-simulations"

    def threshold(self, view: PlayerView) -> int:
        """The table's lowest hand to knock with on the deal, for this table and seat."""
        row = CARBONELL_TABLE[min(max(len(view.active), 2), 6)]
        return row[min(_place_after_dealer(view), len(row) - 1)]

    def rule_knocks(self, view: PlayerView) -> bool:
        return own_turn(view) == 1 and self.value(view) >= self.threshold(view)


PUBLIC_RULES: dict[str, type[PublicRuleBot]] = {
    "algorithmic31": Algorithmic31Bot, "johnny": JohnnyBot, "spoole": SpooleBot, "carbonell": CarbonellBot}
"""The public knock rules, by name: each a greedy bot that knocks as its source says."""

LEVEL_BOTS = ("beginner", "intermediate", "expert")
ARENA_BOTS: tuple[str, ...] = LEVEL_BOTS + tuple(PUBLIC_RULES)
"""The bots of the strength run (:func:`strength_record`), in the order the tables show them."""
EXTRA_BOTS: tuple[str, ...] = ("coach", "expert-classic")
"""Bots :func:`make_arena_bot` also makes, played only when named: the coach of lesson 6 as a player (each turn
the move it advises, :class:`thirtyone.coach.CoachBot`), which costs about as much as the expert; and the expert
that does not read the table (``make_bot("expert-classic")``), to measure the reading against."""
FIELDS: tuple[str, ...] = ("intermediate",) + tuple(PUBLIC_RULES) + ("beginner",)
"""The fields a bot can be tested against: intermediates, each public knock rule, and beginners, a field that never
knocks (only the patience rule that every bot keeps ends its rounds; issue 33)."""
DEFAULT_CELLS: tuple[tuple[str, int, str], ...] = (
    ("scat", 3, "intermediate"), ("scat", 4, "intermediate"),
    ("schwimmen", 3, "intermediate"), ("schwimmen", 4, "intermediate"),
) + tuple(("scat", 4, name) for name in PUBLIC_RULES)
"""The cells issue 19 names, as ``(preset, players, field)``: a field of intermediates in Scat and
Schwimmen with 3 and 4 players, and a field of each public rule in Scat with 4 players."""


def select_cells(preset: str | None = None, players: int | None = None, field: str | None = None
                 ) -> list[tuple[str, int, str]]:
    """The cells to play as ``(preset, players, field)``: the :data:`DEFAULT_CELLS` that match the options
    given (all of them when none is), or else the one cell the options name, with scat, 4 players and a
    field of intermediates for any not given."""
    key = Rules.preset(preset).name if preset is not None else None
    cells = [c for c in DEFAULT_CELLS if key in (None, c[0]) and players in (None, c[1]) and field in (None, c[2])]
    return cells or [(key or "scat", 4 if players is None else players, field or "intermediate")]


def make_arena_bot(name: str, seed: int | None = None, as_field: bool = False) -> Bot:
    """A bot by name (:data:`ARENA_BOTS`, :data:`EXTRA_BOTS`): a tutorial level, a public knock rule or the
    coach, seeded. ``as_field``: a bot of the field :func:`duplicate` plays against, where a public rule plays as
    its source reads (no patience rule: it knocks only when its rule says so; issue 33). A public rule under test
    keeps the patience every bot under test has, so that every round ends."""
    if name in LEVEL_BOTS or name == "expert-classic":
        return make_bot(name, seed)
    if name == "coach":
        from .coach import CoachBot

        return CoachBot(seed)
    cls = PUBLIC_RULES.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(ARENA_BOTS + EXTRA_BOTS)}")
    return cls(seed, None if as_field else PATIENCE)


@dataclass(frozen=True)
class StrengthRow:
    """How one bot did in one cell: ``rounds`` deals against ``players - 1`` bots of the ``field``."""

    bot: str
    field: str
    preset: str
    """The rule set's preset name (``"custom"`` for another rule set)."""
    players: int
    rounds: int
    mean: float
    """Lives the bot lost per round."""
    diff: float
    """Mean, over the same deals, of its lives lost minus the intermediate's (0 for the intermediate)."""
    half_width: float
    """Half the paired 95% interval of ``diff``: 1.96 × sd / sqrt(rounds) of the per-deal differences."""
    seconds: float
    """CPU seconds its rounds took (every seat's moves and the engine's)."""
    lost: tuple[int, ...] = data_field(default=(), repr=False, compare=False)
    """Lives the bot lost in each deal, in deal order (to pair any two bots of a cell: :func:`paired`)."""



def _bot_names(bots: Sequence[str] | str) -> list[str]:
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    if not names:
        raise ValueError(f"bots must name at least one bot: choose from {', '.join(ARENA_BOTS + EXTRA_BOTS)}")
    for name in names:
        if name not in ARENA_BOTS + EXTRA_BOTS:
            raise ValueError(f"unknown bot {name!r}: choose from {', '.join(ARENA_BOTS + EXTRA_BOTS)}")
    if len(set(names)) != len(names):
        raise ValueError(f"bots names a bot twice: {', '.join(names)}")
    if "intermediate" not in names:  # the differences are to the intermediate on the same deals
        names.insert(0, "intermediate")
    return names


def _deal(seed: int, d: int, players: int) -> tuple[int, list[int], int]:
    """Deal ``d``'s seeds, from its one generator: the game's, the field bots' (by seat), the tested bot's."""
    rng = random.Random(f"thirtyone.strength:{seed}:{d}")
    game = rng.randrange(2**32)
    field = [rng.randrange(2**32) for _ in range(players)]
    return game, field, rng.randrange(2**32)


def _play_round(start: State, table: Sequence[Bot], seat: int,
                on_decision: Callable[[float], None] | None) -> int:
    """Play the round from ``start`` to its end; the lives ``seat`` lost in it."""
    s = start
    for _move in range(100_000):
        if s.round_over:
            assert s.result is not None
            return s.result.losses[seat]
        p = s.current_player
        assert p is not None
        if p == seat and on_decision is not None:
            t = time.process_time()
            action = table[p].choose(s.view(p))
            on_decision(time.process_time() - t)
        else:
            action = table[p].choose(s.view(p))
        s = s.apply(action)
    raise RuntimeError("the round did not end")


def duplicate(rules: Rules | str, players: int, field: str, bots: Sequence[str] | str, rounds: int,
              seed: int = 0, progress: Callable[[int], None] | None = None,
              on_decision: Callable[[str, float], None] | None = None, first: int = 0) -> list[StrengthRow]:
    """Duplicate play: each bot of ``bots`` (names, or one comma list) plays the same ``rounds`` deals,
    one round each from the fresh deal, in seat ``d mod players`` of deal ``d``, against ``players - 1``
    bots of ``field`` seeded the same for every bot under test. ``first``: the number of the first deal
    (deals ``first`` to ``first + rounds - 1``, each the same whichever call plays it: a long cell can be
    played in parts, and the parts' losses joined in deal order are the whole cell's).

    Returns a :class:`StrengthRow` per bot, in the order given; the intermediate is always played (the
    differences are to it) and comes first when not named. ``progress(done)``: called after each deal
    with the number of deals done. ``on_decision(bot, seconds)``: called with the CPU seconds of each
    decision of a bot under test (for benchmarks). Raises ``ValueError`` for an unknown bot or field,
    players out of range or fewer than 1 round, saying what is allowed.
    """
    r = Rules.coerce(rules)
    names = _bot_names(bots)
    if field not in FIELDS:
        raise ValueError(f"unknown field {field!r}: choose one of {', '.join(FIELDS)}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= r.max_players:
        raise ValueError(f"players must be a whole number from 2 to {r.max_players} with the {r.deck}-card "
                         f"deck, not {players!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number, 1 or more, not {rounds!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first must be the number of a deal, a whole number from 0, not {first!r}")
    lost: dict[str, list[int]] = {name: [] for name in names}
    seconds = dict.fromkeys(names, 0.0)
    for d in range(first, first + rounds):
        game_seed, field_seeds, bot_seed = _deal(seed, d, players)
        seat = d % players
        start = new_game(r, players, seed=game_seed)
        for name in names:
            hook = None if on_decision is None else (lambda sec, _name=name: on_decision(_name, sec))
            t = time.process_time()
            table = [make_arena_bot(field, s, as_field=True) for s in field_seeds]
            table[seat] = make_arena_bot(name, bot_seed)
            lost[name].append(_play_round(start, table, seat, hook))
            seconds[name] += time.process_time() - t
        if progress is not None:
            progress(d + 1 - first)
    base = lost["intermediate"]
    rows = []
    for name in names:
        mine = lost[name]
        diff, half = paired(mine, base)
        rows.append(StrengthRow(name, field, r.name, players, rounds, sum(mine) / rounds, diff, half,
                                seconds[name], tuple(mine)))
    return rows


def strength_table(rows: Iterable[StrengthRow]) -> str:
    """The rows as a plain-text table, a blank line between cells; ``diff``: lives lost per round more
    than the intermediate's on the same deals (negative: fewer), with its paired 95% interval."""
    lines = [f"{'preset':<12} {'players':>7} {'field':<13} {'bot':<14} {'rounds':>6} {'lost/round':>10} "
             f"{'vs intermediate':>16} {'95% interval':>17} {'seconds':>8}"]
    cell: tuple[str, int, str] | None = None
    for r in rows:
        if cell is not None and (r.preset, r.players, r.field) != cell:
            lines.append("")
        cell = (r.preset, r.players, r.field)
        lo, hi = r.diff - r.half_width, r.diff + r.half_width
        lines.append(f"{r.preset:<12} {r.players:>7} {r.field:<13} {r.bot:<14} {r.rounds:>6} {r.mean:>10.3f} "
                     f"{r.diff:>+16.3f} {lo:>+8.3f} {hi:>+8.3f} {r.seconds:>8.2f}")
    return "\n".join(lines)


FULL_ROUNDS: dict[str, int] = {"intermediate": 10_000, "spoole": 16_000}
"""The strength run's rounds per cell by field (:func:`full_rounds`): issue 19's 10,000 against intermediates
and 4,000 against any other field but spoole50's, 16,000. Its knock at 18 ends most rounds within a turn or
two, so every bot loses about as much there: the expert lost 0.015 lives a round fewer than the intermediate
on 16,000 deals (± 0.006), and 4,000 deals give an interval of about ± 0.011, too wide to tell."""
CHECK_DEALS = 20
"""The shipped table keeps the lives each bot lost over a cell's first deals, so that a test can play them
again and see the table is what the bots play now."""


def full_rounds(field: str) -> int:
    """The strength run's rounds for a cell against ``field`` (:data:`FULL_ROUNDS`)."""
    return FULL_ROUNDS.get(field, 4_000)


def cell_bots(field: str) -> tuple[str, ...]:
    """The bots the strength run plays in a cell against ``field``: every bot of :data:`ARENA_BOTS` and, against
    intermediates, the expert that does not read the table (``expert-classic``), the expert of before issue 33
    kept to measure the reading against."""
    return ARENA_BOTS + ("expert-classic",) if field == "intermediate" else ARENA_BOTS


def cell_record(rows: Sequence[StrengthRow]) -> dict[str, object]:
    """One cell's rows as the shipped table keeps them: lives lost per round, the difference to the
    intermediate and the expert minus every other bot (each with half its paired 95% interval), rounded to
    5 decimals, and each bot's lives lost over the first :data:`CHECK_DEALS` deals. No times: the file is
    the same whenever it is computed."""
    first = rows[0]
    expert = next((r for r in rows if r.bot == "expert"), None)
    minus = {} if expert is None else {r.bot: [round(x, 5) for x in paired(expert.lost, r.lost)]
                                       for r in rows if r.bot != "expert"}
    return {"preset": first.preset, "players": first.players, "field": first.field, "rounds": first.rounds,
            "rows": [{"bot": r.bot, "lost": round(r.mean, 5), "diff": round(r.diff, 5), "half": round(r.half_width, 5)}
                     for r in rows],
            "expert_minus": minus, "first": {r.bot: sum(r.lost[:CHECK_DEALS]) for r in rows}}


COACH_ROUNDS = 4_000
"""Deals the coach plays in each cell against intermediates: the first of the cell's deals (it costs twice what
the expert does, so the strength run leaves it out; ``strength.json`` keeps it beside the cells), but in the cells
of :data:`COACH_CELL_ROUNDS`."""
COACH_CELL_ROUNDS: dict[tuple[str, int], int] = {("scat", 4): FULL_ROUNDS["intermediate"],
                                                  ("schwimmen", 4): FULL_ROUNDS["intermediate"]}
"""The coach's deals with 4 players, as ``(preset, players)``: all of the cell's. In Scat with 4 players the coach
loses about 0.009 lives a round fewer than ``expert-classic`` (13,500 deals on six seeds, issue 33), too little
to tell on 4,000 deals; Schwimmen plays as many, so that lesson 5's table says one number of deals for the coach's
row with four players."""


def coach_rounds(preset: str, players: int) -> int:
    """Deals the coach plays in the strength run with ``players`` in ``preset`` (:data:`COACH_ROUNDS`,
    :data:`COACH_CELL_ROUNDS`)."""
    return COACH_CELL_ROUNDS.get((preset, players), COACH_ROUNDS)


def coach_record(rows: Sequence[StrengthRow], seed: int = 0, rounds: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 coach: StrengthRow | None = None) -> dict[str, object]:
    """The coach as a player (:class:`thirtyone.coach.CoachBot`) on the first ``rounds`` deals of the cell whose
    rows are given (played with ``seed``; by default :func:`coach_rounds`): its lives lost per round and, paired on
    those deals, the coach minus each level's bot and minus ``expert-classic`` (the same deals and seats, so their
    rows' first losses; ``expert-classic`` is played too when the rows lack it), each with half its paired 95%
    interval, rounded to 5 decimals; and its lives lost over the first :data:`CHECK_DEALS` deals. ``coach``: the
    coach's row on those deals when it was played already (the strength run plays long cells in parts)."""
    first = rows[0]
    n = min(coach_rounds(first.preset, first.players) if rounds is None else rounds, first.rounds)
    classic = next((r for r in rows if r.bot == "expert-classic"), None)
    wanted = ([] if coach is not None else ["coach"]) + ([] if classic is not None else ["expert-classic"])
    played = {r.bot: r for r in duplicate(first.preset, first.players, first.field, wanted, n, seed,
                                          progress=progress)} if wanted else {}
    coach = coach if coach is not None else played["coach"]
    if coach.rounds != n or (coach.preset, coach.players, coach.field) != (first.preset, first.players, first.field):
        raise ValueError(f"the coach's row must be of the same cell and {n} deals, not {coach.rounds}")
    classic = classic if classic is not None else played["expert-classic"]
    minus = {r.bot: [round(x, 5) for x in paired(coach.lost, r.lost[:n])] for r in rows if r.bot in LEVEL_BOTS}
    minus["expert-classic"] = [round(x, 5) for x in paired(coach.lost, classic.lost[:n])]
    return {"preset": first.preset, "players": first.players, "field": first.field, "rounds": n,
            "lost": round(coach.mean, 5), "minus": minus, "first": sum(coach.lost[:CHECK_DEALS])}


def strength_record(cells: Sequence[tuple[str, int, str]] = DEFAULT_CELLS, seed: int = 0,
                    rounds: Callable[[str], int] = full_rounds,
                    progress: Callable[[int], None] | None = None) -> dict[str, object]:
    """Every bot of :func:`cell_bots` in each cell, ``rounds(field)`` deals (:data:`FULL_ROUNDS`: within 90 minutes
    of one core, nearly all the two experts'), and the coach on the first :func:`coach_rounds` deals of each cell
    against intermediates (:func:`coach_record`), as the shipped ``strength.json`` keeps them."""
    played = [duplicate(preset, players, field, cell_bots(field), rounds(field), seed, progress=progress)
              for preset, players, field in cells]
    return {"seed": seed, "check_deals": CHECK_DEALS, "cells": [cell_record(rows) for rows in played],
            "coach": [coach_record(rows, seed, progress=progress) for rows in played
                      if rows[0].field == "intermediate"]}


def strength_bytes() -> bytes:
    """The shipped ``strength.json``, computed now (:func:`strength_record`; over two hours of one core with
    the coach)."""
    return (json.dumps(strength_record(), indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def shipped_coach(preset: str, players: int) -> dict[str, Any] | None:
    """The shipped coach's record (:func:`coach_record`) for a preset and table size against intermediates;
    ``None`` when it was not measured (or the file is missing)."""
    record = shipped.load("strength.json")
    if not record:
        return None
    key = Rules.preset(preset).name
    return next((c for c in record.get("coach", ()) if (c["preset"], c["players"]) == (key, players)), None)


def shipped_strength(preset: str, players: int, field: str = "intermediate") -> dict[str, Any] | None:
    """The shipped cell (:func:`cell_record`) for a preset, table size and field; ``None`` when it was not
    measured (or the file is missing)."""
    record = shipped.load("strength.json")
    if not record:
        return None
    key = Rules.preset(preset).name
    return next((c for c in record["cells"] if (c["preset"], c["players"], c["field"]) == (key, players, field)),
                None)
