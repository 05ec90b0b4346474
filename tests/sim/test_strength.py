"""The strength arena (``thirtyone.strength``): its bots play only legal moves, each public knock rule knocks
exactly when its source says, duplicate play is seeded and paired, the command line prints the table, and
bad input says what is allowed."""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers.engine import play_checked

from thirtyone import PlayerView, Rules, new_game, parse_cards, shipped
from thirtyone.analysis import paired
from thirtyone.bots import PATIENCE
from thirtyone.cli import main
from thirtyone.strength import (
    ARENA_BOTS,
    CHECK_DEALS,
    COACH_CELL_ROUNDS,
    COACH_ROUNDS,
    DEFAULT_CELLS,
    FIELDS,
    PUBLIC_RULES,
    Algorithmic31Bot,
    CarbonellBot,
    JohnnyBot,
    SpooleBot,
    StrengthRow,
    _deal,
    cell_bots,
    cell_record,
    coach_record,
    coach_rounds,
    duplicate,
    full_rounds,
    make_arena_bot,
    own_turn,
    select_cells,
    shipped_coach,
    shipped_strength,
    strength_record,
    strength_table,
)


def staged(hand: str, players: int = 2, player: int = 1, own: int = 4, discard: str = "", stock: int = 30,
           preset: str = "scat") -> PlayerView:
    """The view of ``player`` (seat 0 deals) on its ``own``-th turn of the round, holding ``hand``, with
    ``discard`` as the discard pile and ``stock`` cards in the stock."""
    place = (player - 1) % players  # 0: left of the dealer, players - 1: the dealer
    view = new_game(preset, players, seed=1).view(1 % players)
    v = dataclasses.replace(view, player=player, hand=parse_cards(hand), discard_pile=parse_cards(discard),
                            stock_count=stock, turns=(own - 1) * players + place)
    assert own_turn(v) == own
    return v


# -- every arena bot plays legal moves ------------------------------------------------------------------
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_every_arena_bot_plays_only_legal_moves(preset: str) -> None:
    for players in (2, 3, 4):
        names = list(ARENA_BOTS)
        for r in range(-(-len(names) // players)):  # every bot sits at some table of this size
            seats = [names[(r * players + i) % len(names)] for i in range(players)]
            bots = [make_arena_bot(name, 100 * r + i) for i, name in enumerate(seats)]
            play_checked(new_game(preset, players, seed=1000 * players + r), bots, one_round=True, limit=500)


def test_make_arena_bot_makes_every_bot_and_the_public_rules_are_greedy_bots() -> None:
    from thirtyone.bots import ExpertBot, GreedyBot, ThresholdBot

    assert ARENA_BOTS == ("beginner", "intermediate", "expert", "algorithmic31", "johnny", "spoole", "carbonell")
    assert FIELDS == ("intermediate", "algorithmic31", "johnny", "spoole", "carbonell", "beginner")  # beginner: never knocks
    assert type(make_arena_bot("beginner", 1)) is GreedyBot
    assert type(make_arena_bot("intermediate", 1)) is ThresholdBot
    assert type(make_arena_bot("expert", 1)) is ExpertBot
    for name, cls in PUBLIC_RULES.items():
        bot = make_arena_bot(name, 3)
        assert type(bot) is cls and isinstance(bot, GreedyBot) and bot.patience == PATIENCE
        assert cls.__doc__ and cls.source, f"{name} must cite its source"
        assert not any(k in cls.__dict__ for k in ("choose", "avoid_suits")), "only the knock may differ"


# -- each public rule knocks as its source says ----------------------------------------------------------
def test_spoole_knocks_at_18_not_17() -> None:
    bot = SpooleBot(0)
    for own in (1, 2, 3):
        assert bot.wants_knock(staged("10♥ 8♥ 2♣", own=own))
        assert not bot.wants_knock(staged("10♥ 7♥ 2♣", own=own))


ALL_HIGH = "10♣ J♣ Q♣ K♣ A♣ 10♠ J♠ Q♠ K♠ A♠ 10♦ J♦ Q♦ K♦ A♦ 10♥ J♥ Q♥"
"""Every card worth 10 or more but A♥ K♥: with A♥ K♥ in hand and these thrown, no danger is left."""


@pytest.mark.parametrize(("stock", "player", "own", "threshold"), [
    (21, 1, 4, 27),  # 27 by default
    (20, 1, 4, 26),  # 1 less with 20 or fewer cards in the stock
    (11, 1, 4, 26),
    (10, 1, 4, 25),  # 2 less with 10 or fewer
    (30, 0, 4, 26),  # 1 less in the last seat: the dealer, who plays last in an orbit
    (10, 0, 4, 24),
    (30, 1, 3, 28),  # 1 more in its first 3 turns
    (30, 0, 1, 27),
])
def test_algorithmic31_knocks_from_its_threshold(stock: int, player: int, own: int, threshold: int) -> None:
    bot = Algorithmic31Bot(0)
    for value in range(23, 30):  # A♥ K♥ and a heart: 21 + its points
        view = staged(f"A♥ K♥ {value - 21}♥", player=player, own=own, discard=ALL_HIGH, stock=stock)
        assert bot.danger(view) == 0.0
        assert bot.threshold(view) == threshold
        assert bot.wants_knock(view) == (value >= threshold), f"{value} with threshold {threshold}"


def test_algorithmic31_knocks_only_when_the_danger_is_low_enough() -> None:
    bot = Algorithmic31Bot(0)
    # 4 of the 18 other cards worth 10+ thrown: 14 of the 45 unseen cards are dangerous
    four = "10♣ J♣ Q♣ K♣"
    v29 = staged("A♥ K♥ 8♥", discard=four)
    assert bot.danger(v29) == pytest.approx(14 / 45)  # 0.311, one opponent
    assert bot.wants_knock(v29)  # 29+: below 0.4
    assert not bot.wants_knock(staged("A♥ K♥ 7♥", discard=four))  # 27-28: not below 0.3
    # 8 thrown: 10 of 41, 0.244
    eight = four + " 10♠ J♠ Q♠ K♠"
    assert bot.danger(staged("A♥ K♥ 6♥", discard=eight)) == pytest.approx(10 / 41)
    assert bot.wants_knock(staged("A♥ K♥ 6♥", discard=eight))  # 27: below 0.3
    assert not bot.wants_knock(staged("A♥ K♥ 5♥", discard=eight, stock=20))  # 26 (threshold 26): not below 0.2
    assert bot.wants_knock(staged("A♥ K♥ 5♥", discard=ALL_HIGH, stock=20))  # the same hand, no danger
    # three opponents: 1 - (1 - 14/45) ** 3 = 0.673, too dangerous even at 29
    v4 = staged("A♥ K♥ 8♥", players=4, discard=four)
    assert bot.danger(v4) == pytest.approx(1 - (31 / 45) ** 3)
    assert not bot.wants_knock(v4)


def test_johnny_knocks_by_chance_only_once_everyone_had_a_turn() -> None:
    # 3 players: not before 3 turns, whatever the hand; then from 21 (not 20), by the source's chances
    for seed in range(20):
        assert not JohnnyBot(seed).wants_knock(dataclasses.replace(staged("A♥ K♥ 9♥", players=3), turns=2))
        assert not JohnnyBot(seed).wants_knock(staged("K♥ Q♥ 2♣", players=3, own=2))
    for hand, chance in (("A♥ K♥ 2♣", 0.35), ("A♥ K♥ 5♥", 0.80), ("A♥ K♥ 7♥", 0.95)):
        view = staged(hand, players=3, own=2)
        assert view.turns == 3
        for seed in range(5):
            bot, ref = JohnnyBot(seed), random.Random(seed)  # the bot's own seeded generator
            assert [bot.wants_knock(view) for _ in range(40)] == [ref.random() < chance for _ in range(40)]
    # two players left: from 25, not 24
    assert not any(JohnnyBot(seed).wants_knock(staged("A♥ K♥ 3♥", own=2)) for seed in range(20))
    got = [JohnnyBot(seed).wants_knock(staged("A♥ K♥ 4♥", own=2)) for seed in range(20)]
    assert got == [random.Random(seed).random() < 0.35 for seed in range(20)] and any(got) and not all(got)


@pytest.mark.parametrize(("players", "table"), [(2, (18, 20)), (3, (14, 15, 17)), (4, (13, 13, 14, 15))])
def test_carbonell_knocks_on_its_first_turn_from_its_table(players: int, table: tuple[int, ...]) -> None:
    bot = CarbonellBot(0)
    for place, lowest in enumerate(table):  # place 0: left of the dealer (seat 1); the last place: the dealer
        player = (place + 1) % players
        at, below = f"K♥ {lowest - 10}♥ 2♣", f"K♥ {lowest - 11}♥ 3♣"
        assert bot.wants_knock(staged(at, players=players, player=player, own=1))
        assert not bot.wants_knock(staged(below, players=players, player=player, own=1))
        assert not bot.wants_knock(staged("A♥ K♥ 9♥", players=players, player=player, own=2))  # on the deal only


def test_every_public_rule_knocks_once_its_patience_runs_out() -> None:
    for name in PUBLIC_RULES:
        view = staged("2♣ 5♥ 9♦", own=PATIENCE + 1)
        assert view.turns >= PATIENCE * 2
        assert make_arena_bot(name, 0).wants_knock(view), name


def test_a_field_of_a_public_rule_plays_it_as_its_source_reads_with_no_patience_rule() -> None:
    view = staged("2♣ 5♥ 9♦", own=3 * PATIENCE)  # a 9 long after every patience has run out
    for name in PUBLIC_RULES:
        field_bot = make_arena_bot(name, 0, as_field=True)
        assert not field_bot.wants_knock(view), f"a field of {name} knocks only when its rule says so"
        assert make_arena_bot(name, 0).wants_knock(view), f"{name} under test keeps its patience"
    for d in range(6):  # the field never knocks by patience, in duplicate play as well
        game, field_seeds, _bot = _deal(3, d, 4)
        bots = [make_arena_bot("carbonell", s, as_field=True) for s in field_seeds]
        bots[d % 4] = make_arena_bot("beginner", 1)
        s = new_game("scat", 4, seed=game)
        while not s.round_over:
            p = s.current_player
            action = bots[p].choose(s.view(p))
            if action.kind == "knock" and p != d % 4:
                assert own_turn(s.view(p)) == 1, "a carbonell field knocks only on its own first turn"
            s = s.apply(action)


# -- duplicate play --------------------------------------------------------------------------------------
def numbers(rows: list[StrengthRow]) -> list[StrengthRow]:
    return [dataclasses.replace(r, seconds=0.0) for r in rows]


def test_duplicate_is_seeded_and_paired() -> None:
    rows = duplicate("schwimmen", 3, "intermediate", ARENA_BOTS, 12, seed=5)
    assert numbers(rows) == numbers(duplicate("schwimmen", 3, "intermediate", ARENA_BOTS, 12, seed=5))
    assert [r.bot for r in rows] == list(ARENA_BOTS)
    assert all((r.field, r.preset, r.players, r.rounds) == ("intermediate", "schwimmen", 3, 12) for r in rows)
    base = next(r for r in rows if r.bot == "intermediate")
    assert base.diff == 0 and base.half_width == 0
    for r in rows:
        assert r.diff == pytest.approx(r.mean - base.mean)  # paired: the same deals
        assert r.half_width >= 0 and r.seconds >= 0
    # the deals do not depend on which bots are tested; the intermediate is always played, first if not named
    alone = duplicate("schwimmen", 3, "intermediate", ["intermediate"], 12, seed=5)
    assert numbers(alone) == [dataclasses.replace(base, seconds=0.0)]
    pair = duplicate("schwimmen", 3, "intermediate", "spoole", 12, seed=5)
    assert [r.bot for r in pair] == ["intermediate", "spoole"]
    assert numbers(pair) == [numbers(rows)[ARENA_BOTS.index(name)] for name in ("intermediate", "spoole")]
    assert numbers(duplicate("schwimmen", 3, "intermediate", ["spoole"], 12, seed=6)) != numbers(pair)


def test_a_cell_played_in_parts_is_the_whole_cell() -> None:
    """Deals 0-6 and 7-11, played by separate calls, are deals 0-11 of one call: each deal's seeds and seat
    depend only on its number (the strength run plays its long cells in parts, on two cores)."""
    bots = ["expert-classic", "johnny"]
    whole = duplicate("scat", 3, "intermediate", bots, 12, seed=5)
    head = duplicate("scat", 3, "intermediate", bots, 7, seed=5)
    tail = duplicate("scat", 3, "intermediate", bots, 5, seed=5, first=7)
    for w, h, t in zip(whole, head, tail, strict=True):
        assert (w.bot, w.lost) == (h.bot, h.lost + t.lost) and t.rounds == 5
    assert tail[0].lost != whole[0].lost[:5]  # not the first five deals again
    done: list[int] = []
    duplicate("scat", 3, "intermediate", ["beginner"], 3, seed=5, progress=done.append, first=40)
    assert done == [1, 2, 3]  # progress counts the deals of this call


def test_duplicate_reports_progress_and_plays_against_each_field() -> None:
    done: list[int] = []
    rows = duplicate("scat", 4, "carbonell", ["spoole", "johnny"], 8, seed=2, progress=done.append)
    assert done == list(range(1, 9))
    assert [r.bot for r in rows] == ["intermediate", "spoole", "johnny"]
    assert all(r.field == "carbonell" for r in rows)
    decisions: list[tuple[str, float]] = []
    duplicate("scat", 2, "johnny", ["beginner"], 3, on_decision=lambda bot, sec: decisions.append((bot, sec)))
    assert {bot for bot, _ in decisions} == {"beginner", "intermediate"} and all(s >= 0 for _, s in decisions)


def test_the_bot_under_test_sits_in_every_seat_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    import thirtyone.strength as strength

    seats: list[tuple[str, int]] = []
    real = strength._play_round

    def watch(start, table, seat, on_decision):  # type: ignore[no-untyped-def]
        seats.append((type(table[seat]).__name__, seat))
        return real(start, table, seat, on_decision)

    monkeypatch.setattr(strength, "_play_round", watch)
    duplicate("scat", 3, "johnny", ["spoole"], 6, seed=1)
    assert [s for _bot, s in seats] == [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]  # each deal: the intermediate, then spoole
    assert [b for b, _s in seats][:2] == ["ThresholdBot", "SpooleBot"]


def test_the_table_shows_every_row() -> None:
    rows = [StrengthRow("intermediate", "intermediate", "scat", 4, 10, 0.5, 0.0, 0.0, 1.0),
            StrengthRow("expert", "intermediate", "scat", 4, 10, 0.25, -0.25, 0.125, 9.5),
            StrengthRow("spoole", "johnny", "scat", 4, 10, 0.75, 0.5, 0.25, 0.5)]
    lines = strength_table(rows).splitlines()
    assert lines[0].split()[:5] == ["preset", "players", "field", "bot", "rounds"]
    assert lines[2].split() == ["scat", "4", "intermediate", "expert", "10", "0.250", "-0.250", "-0.375", "-0.125",
                                "9.50"]
    assert lines[3] == "" and lines[4].split()[2:4] == ["johnny", "spoole"]  # a blank line between cells


def test_the_default_cells_and_the_cells_options_select() -> None:
    assert select_cells() == list(DEFAULT_CELLS) and len(DEFAULT_CELLS) == 8
    assert select_cells("schwimmen") == [("schwimmen", 3, "intermediate"), ("schwimmen", 4, "intermediate")]
    assert select_cells(field="spoole") == [("scat", 4, "spoole")]
    assert select_cells("feuer", 3) == [("feuer", 3, "intermediate")]  # no default cell: the one named


def test_the_command_line_prints_the_table_with_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", "--preset", "schwimmen", "-p", "3", "--rounds", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    shown = {line.split()[3]: line.split() for line in out.splitlines()[1:] if line.startswith("schwimmen")}
    assert list(shown) == list(ARENA_BOTS)
    for r in duplicate("schwimmen", 3, "intermediate", ARENA_BOTS, 20, seed=3):
        assert shown[r.bot][4:7] == [str(r.rounds), f"{r.mean:.3f}", f"{r.diff:+.3f}"]
    assert "20 rounds per cell, seed 3" in out


# -- the shipped table (lesson 5's, the README's) -------------------------------------------------------------
def test_a_cell_record_keeps_the_rows_the_pairings_and_the_first_deals() -> None:
    rows = duplicate("schwimmen", 3, "spoole", ["expert", "beginner"], CHECK_DEALS + 5, seed=2)
    record = cell_record(rows)
    assert (record["preset"], record["players"], record["field"], record["rounds"]) == ("schwimmen", 3, "spoole", 25)
    assert [r["bot"] for r in record["rows"]] == ["intermediate", "expert", "beginner"]
    for shown, row in zip(record["rows"], rows):
        assert (shown["lost"], shown["diff"], shown["half"]) == (round(row.mean, 5), round(row.diff, 5),
                                                                  round(row.half_width, 5))
    expert = rows[1]
    assert record["expert_minus"] == {r.bot: [round(x, 5) for x in paired(expert.lost, r.lost)]
                                      for r in rows if r.bot != "expert"}
    assert record["first"] == {r.bot: sum(r.lost[:CHECK_DEALS]) for r in rows}
    whole = strength_record([("schwimmen", 3, "spoole")], seed=2, rounds=lambda _field: CHECK_DEALS + 5)
    assert whole == {"seed": 2, "check_deals": CHECK_DEALS,
                     "cells": [cell_record(duplicate("schwimmen", 3, "spoole", ARENA_BOTS, CHECK_DEALS + 5, 2))],
                     "coach": []}  # the coach plays only against intermediates


def test_the_coachs_record_pairs_it_with_each_level_on_the_cells_first_deals() -> None:
    rows = duplicate("schwimmen", 3, "intermediate", ["expert", "beginner", "johnny"], CHECK_DEALS + 4, seed=2)
    record = coach_record(rows, seed=2, rounds=CHECK_DEALS + 2)
    coach = next(r for r in duplicate("schwimmen", 3, "intermediate", ["coach"], CHECK_DEALS + 2, seed=2)
                 if r.bot == "coach")
    assert (record["preset"], record["players"], record["field"], record["rounds"]) == (
        "schwimmen", 3, "intermediate", CHECK_DEALS + 2)
    assert record["lost"] == round(coach.mean, 5) and record["first"] == sum(coach.lost[:CHECK_DEALS])
    classic = next(r for r in duplicate("schwimmen", 3, "intermediate", ["expert-classic"], CHECK_DEALS + 2, seed=2)
                   if r.bot == "expert-classic")
    assert record["minus"] == {**{r.bot: [round(x, 5) for x in paired(coach.lost, r.lost[:CHECK_DEALS + 2])]
                                  for r in rows if r.bot in ("intermediate", "expert", "beginner")},
                               "expert-classic": [round(x, 5) for x in paired(coach.lost, classic.lost)]}
    # the strength run's cells hold expert-classic and it plays the coach in parts: the same record
    with_classic = duplicate("schwimmen", 3, "intermediate", ["expert", "beginner", "expert-classic"],
                             CHECK_DEALS + 4, seed=2)
    assert coach_record(with_classic, seed=2, rounds=CHECK_DEALS + 2, coach=coach) == record
    with pytest.raises(ValueError, match=r"the coach's row must be of the same cell and 21 deals, not 22"):
        coach_record(with_classic, seed=2, rounds=CHECK_DEALS + 1, coach=coach)


def test_the_strength_run_plays_the_classic_expert_against_intermediates_and_the_coach_on_all_deals_with_4() -> None:
    assert cell_bots("intermediate") == ARENA_BOTS + ("expert-classic",)
    assert all(cell_bots(field) == ARENA_BOTS for field in FIELDS if field != "intermediate")
    assert full_rounds("intermediate") == 10_000 and full_rounds("spoole") == 16_000 and full_rounds("johnny") == 4_000
    assert coach_rounds("scat", 3) == coach_rounds("schwimmen", 3) == COACH_ROUNDS == 4_000
    assert coach_rounds("scat", 4) == coach_rounds("schwimmen", 4) == full_rounds("intermediate")
    assert {(p, n, "intermediate") for p, n in COACH_CELL_ROUNDS} <= set(DEFAULT_CELLS)


def test_the_shipped_table_has_issue_19s_cells_at_their_sizes_and_adds_up() -> None:
    record = shipped.load("strength.json")
    assert record is not None, "thirtyone/data/strength.json is missing: python -m thirtyone build-data strength.json"
    assert (record["seed"], record["check_deals"]) == (0, CHECK_DEALS)
    assert [(c["preset"], c["players"], c["field"]) for c in record["cells"]] == list(DEFAULT_CELLS)
    for cell in record["cells"]:
        assert cell["rounds"] == full_rounds(cell["field"])
        rows = {r["bot"]: r for r in cell["rows"]}
        assert list(rows) == list(cell_bots(cell["field"])) and rows["intermediate"]["diff"] == 0
        for bot, (minus, half) in cell["expert_minus"].items():  # the expert minus a bot: their diffs apart
            assert minus == pytest.approx(rows["expert"]["diff"] - rows[bot]["diff"], abs=2e-5) and half > 0
        assert shipped_strength(cell["preset"], cell["players"], cell["field"]) is cell
    assert shipped_strength("feuer", 4) is None
    against = [(p, n) for p, n, field in DEFAULT_CELLS if field == "intermediate"]
    assert [(c["preset"], c["players"]) for c in record["coach"]] == against
    for coach in record["coach"]:
        assert (coach["field"], coach["rounds"]) == ("intermediate", coach_rounds(coach["preset"], coach["players"]))
        assert list(coach["minus"]) == ["beginner", "intermediate", "expert", "expert-classic"]
        assert all(half > 0 for _minus, half in coach["minus"].values())
        assert shipped_coach(coach["preset"], coach["players"]) is coach
    assert shipped_coach("feuer", 4) is None


@pytest.mark.parametrize("cell", DEFAULT_CELLS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_the_shipped_table_is_what_the_bots_play_now(cell: tuple[str, int, str]) -> None:
    """Each bot's lives over a cell's first deals, played again: the table is not stale (the expert's: below)."""
    shown = shipped_strength(*cell)
    assert shown is not None
    cheap = [b for b in ARENA_BOTS if b != "expert"]
    now = {r.bot: sum(r.lost) for r in duplicate(*cell, cheap, CHECK_DEALS, seed=0)}
    assert now == {b: shown["first"][b] for b in cheap}, "stale: python -m thirtyone build-data strength.json"


@pytest.mark.slow
@pytest.mark.parametrize("cell", DEFAULT_CELLS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_the_shipped_expert_is_the_expert_that_plays_now(cell: tuple[str, int, str]) -> None:
    shown = shipped_strength(*cell)
    assert shown is not None
    experts = [b for b in cell_bots(cell[2]) if b.startswith("expert")]  # and expert-classic against intermediates
    now = {r.bot: sum(r.lost) for r in duplicate(*cell, experts, CHECK_DEALS, seed=0) if r.bot in experts}
    assert now == {b: shown["first"][b] for b in experts}, "stale: python -m thirtyone build-data strength.json"


@pytest.mark.slow
@pytest.mark.parametrize("cell", [c for c in DEFAULT_CELLS if c[2] == "intermediate"], ids=lambda c: f"{c[0]}-{c[1]}")
def test_the_shipped_coach_is_the_coach_that_plays_now(cell: tuple[str, int, str]) -> None:
    shown = shipped_coach(cell[0], cell[1])
    assert shown is not None
    now = duplicate(*cell, ["coach"], CHECK_DEALS, seed=0)
    assert sum(now[-1].lost) == shown["first"], "stale: python -m thirtyone build-data strength.json"


# -- bad input --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": ["expert", "nobody"]}, r"unknown bot 'nobody': choose from beginner, intermediate, expert, algorithmic31"),
    ({"bots": []}, r"at least one bot"),
    ({"field": "expert"}, r"unknown field 'expert': choose one of intermediate, algorithmic31, johnny, spoole"),
    ({"players": 1}, r"players must be a whole number from 2 to 9 .* not 1"),
    ({"players": 10}, r"players must be a whole number from 2 to 9 .* not 10"),
    ({"rounds": 0}, r"rounds must be a whole number, 1 or more, not 0"),
    ({"first": -1}, r"first must be the number of a deal, a whole number from 0, not -1"),
    ({"first": 1.5}, r"first must be the number of a deal, a whole number from 0, not 1.5"),
    ({"rules": "nonsense"}, r"unknown preset 'nonsense': choose one of scat"),
])
def test_bad_input_says_what_is_wrong_and_what_is_allowed(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"rules": "scat", "players": 3, "field": "intermediate", "bots": ["spoole"], "rounds": 2}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        duplicate(**args)
    with pytest.raises(ValueError, match=r"unknown bot 'master': choose one of beginner, .*carbonell"):
        make_arena_bot("master", 1)


def test_the_command_line_turns_bad_input_into_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["strength", "--preset", "scat", "-p", "3", "--bots", "expert,nobody", "--rounds", "2"])
    assert exc.value.code == 2 and "unknown bot 'nobody'" in capsys.readouterr().err
