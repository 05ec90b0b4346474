"""The bots as a player at the table relies on them, whatever mistake might break them (not only the named ones).

Staged spots where the right move is not in doubt, for each level: the beginner's draw, throw, swap, pass and
keep; the intermediate's knock threshold for every preset and table size, read from the shipped tournament file
itself, at the threshold and just below it, as it falls round by round; the expert's throw and its swap to 31; the
patience every level keeps; no bot knocks when the rules forbid it, and none makes an illegal move in any phase,
with players out too; the same seed gives the same moves; and two games that differ only in cards the player
cannot see (replayed move for move from two decks) give every bot the same decision.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from functools import cache
from pathlib import Path

import pytest
from helpers.engine import stack
from helpers.sim import states_to_decide

import thirtyone
from thirtyone import PlayerView, Rules, State, deck, new_game, parse_cards
from thirtyone.bots import (
    PATIENCE,
    Bot,
    ExpertBot,
    GreedyBot,
    RandomBot,
    ThresholdBot,
    knock_rule,
    make_bot,
)
from thirtyone.cards import ALL_CARDS
from thirtyone.game import Action
from thirtyone.scoring import hand_value

LEVELS = ("random", "beginner", "intermediate", "expert")
SHIPPED = json.loads((Path(thirtyone.__file__).parent / "data" / "knock_rules.json").read_text(encoding="utf-8"))["best"]
"""The knock-rule tournament's winners as shipped: ``"preset|players" -> [start, drop, floor]``."""


def level_bot(level: str, seed: int) -> Bot:
    return make_bot(level, seed=seed, rollouts=8) if level == "expert" else make_bot(level, seed=seed)


def act(s: State, *moves: str) -> State:
    for m in moves:
        s = s.apply(m)
    return s


@cache
def hands_by_value(preset: str) -> dict[float, tuple[int, ...]]:
    """One hand (as ints) for every value a hand can have under ``preset``."""
    rules = Rules.preset(preset)
    out: dict[float, tuple[int, ...]] = {}
    for h in itertools.combinations(deck(rules.deck), 3):
        out.setdefault(hand_value(h, rules), tuple(int(c) for c in h))
    return out


def turn_view(preset: str, players: int, hand: tuple[int, ...], turns: int, out: int = 0) -> PlayerView:
    """A player's view on a turn of ``preset`` (knocking legal), holding ``hand``, ``turns`` turns into the round,
    with ``out`` players out of the game; the discard pile or the center holds none of the hand's cards."""
    s = new_game(preset, players, seed=7)
    while s.phase != "turn":
        s = s.apply("keep hand")
    p = s.current_player
    assert p is not None
    v = s.view(p)
    rules = s.rules
    others = [c for c in deck(rules.deck) if c not in hand]
    legal = tuple(v.legal_actions) + (() if Action("knock") in v.legal_actions else (Action("knock"),))
    outs = tuple(i != p and i < out + (i > p) for i in range(players))  # the first `out` seats but the player's
    assert sum(outs) == out
    return dataclasses.replace(v, hand=tuple(ALL_CARDS[c] for c in hand),
                               turns=turns, legal_actions=legal, out=outs,
                               discard_pile=tuple(others[:1]) if rules.family == "draw" else (),
                               center=tuple(others[1:4]) if rules.family == "commerce" else None)


# -- the beginner (greedy) ----------------------------------------------------------------------------
SCAT_2 = ["10♦ 9♦ 8♣", "K♥ 9♥ 4♣"]  # seat 1 (left of the dealer, first to play) holds K♥ 9♥ 4♣: 19


@pytest.mark.parametrize(("top", "takes"), [
    ("Q♥", True),   # K♥ Q♥ 9♥: 29
    ("4♥", True),   # K♥ 9♥ 4♥: 23
    ("A♣", False),  # A♣ 4♣ 15: no better than 19
    ("9♠", False),  # still 19: a card worth no more is not taken
    ("3♦", False),
    ("5♣", False),
    ("A♥", True),   # A♥ K♥ 9♥: 30
])
@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_greedy_bot_takes_the_discard_exactly_when_it_makes_a_better_hand(top: str, takes: bool, level: str) -> None:
    s = new_game("scat", 2, seed=1, deck=stack(SCAT_2, f"{top} 2♠ 3♠ 5♠ 6♠ 7♠"))
    assert s.current_player == 1 and format(s.discard_pile[-1]) == top
    assert level_bot(level, 0).choose(s.view(1)) == Action("draw discard" if takes else "draw stock")


@pytest.mark.parametrize(("drawn", "thrown"), [
    ("Q♥", "4♣"),  # keeps K♥ Q♥ 9♥
    ("2♦", "2♦"),  # 19 either way: the cheaper card goes
    ("10♣", "4♣"),  # K♥ 9♥ and a club: 19 either way, the 4♣ is the cheaper
    ("A♥", "4♣"),
    ("5♥", "4♣"),  # K♥ 9♥ 5♥: 24
    ("J♠", "4♣"),  # 19 either way: the jack is the dearer, it stays
])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_every_level_throws_the_card_that_keeps_the_best_hand(drawn: str, thrown: str, level: str) -> None:
    s = new_game("scat", 2, seed=1, deck=stack(SCAT_2, f"3♦ {drawn} 2♠ 3♠ 5♠ 6♠ 7♠"))
    s = s.apply("draw stock")
    assert s.phase == "discard" and s.current_player == 1
    if level == "expert" and drawn not in ("Q♥", "A♥"):
        return  # the expert simulates close throws (of equal value, or 24 against 19): either may be its choice
    for seed in range(2):
        bot = ExpertBot(seed, rollouts=48) if level == "expert" else level_bot(level, seed)
        assert bot.choose(s.view(1)) == Action("discard", parse_cards(thrown)), seed


def test_a_greedy_bot_swaps_for_the_best_center_card_and_gives_the_cheapest_of_equals() -> None:
    # seat 1 holds A♥ K♥ 7♣ (21); the center 7♥ 8♠ 9♣ (face up once the dealer keeps its hand)
    s = act(new_game("schwimmen", 2, seed=1, deck=stack(["10♦ 9♦ 8♦", "A♥ K♥ 7♣"], "7♥ 8♠ 9♣ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    assert GreedyBot(0).choose(s.view(1)) == Action("swap", parse_cards("7♣ 7♥"))  # 28
    # Q♥ makes 31
    s = act(new_game("schwimmen", 2, seed=1, deck=stack(["10♦ 9♦ 8♦", "A♥ K♥ 7♣"], "8♠ Q♥ 9♣ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    for bot in (GreedyBot(0), ThresholdBot(0), ExpertBot(0, rollouts=8)):
        assert bot.choose(s.view(1)) == Action("swap", parse_cards("7♣ Q♥")), bot


def test_a_greedy_bot_takes_the_whole_center_when_it_is_worth_more_than_any_swap() -> None:
    # seat 1 holds 7♣ 8♦ 9♠ (9); the center Q♥ K♥ A♥ is 31, a swap makes at most 21
    s = act(new_game("schwimmen", 2, seed=1, deck=stack(["10♦ J♦ Q♦", "7♣ 8♦ 9♠"], "Q♥ K♥ A♥ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    assert Action("swap all") in s.legal_actions()
    assert GreedyBot(0).choose(s.view(1)) == Action("swap all")
    no_swap_all = Rules.preset("schwimmen").replace(allow_swap_all=False)
    s = act(new_game(no_swap_all, 2, seed=1, deck=stack(["10♦ J♦ Q♦", "7♣ 8♦ 9♠"], "Q♥ K♥ A♥ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    choice = GreedyBot(0).choose(s.view(1))
    assert choice in s.legal_actions() and choice.kind == "swap" and choice.cards[1] in parse_cards("Q♥ K♥ A♥")


def _mean_by_hand(preset: str) -> float:
    rules = Rules.preset(preset)
    values = [hand_value(h, rules) for h in itertools.combinations(deck(rules.deck), 3)]
    return sum(values) / len(values)


@pytest.mark.parametrize("preset", ["schwimmen", "feuer", "bga-commerce", "bga-draw", "widow"])
def test_a_greedy_bot_keeps_a_dealt_hand_worth_the_average_hand_or_more(preset: str) -> None:
    """The first choice (the dealer's, or seat 1's under the widow rule): keep a hand worth at least an average
    three-card hand of the deck, else take the other hand."""
    mean = _mean_by_hand(preset)
    values = hands_by_value(preset)
    above = min(v for v in values if v >= mean)
    below = max(v for v in values if v < mean)
    for value, keep in ((above, True), (below, False), (max(v for v in values if v < 31), True), (min(values), False)):
        hand = values[value]
        s = new_game(preset, 3, seed=5)
        p = s.current_player
        assert p is not None and "keep hand" in [str(a) for a in s.legal_actions()]
        view = dataclasses.replace(s.view(p), hand=tuple(ALL_CARDS[c] for c in hand))
        for bot in (GreedyBot(0), ThresholdBot(0)):
            got = bot.choose(view)
            assert got in view.legal_actions and (got == Action("keep hand")) == keep, (preset, value, mean, got)


def test_a_greedy_bot_passes_rather_than_swap_for_no_gain_and_swaps_for_half_a_point() -> None:
    # seat 1 holds 9♣ 9♠ 8♦ (9): the 9♦ makes three nines, 30.5 in Schwimmen
    s = act(new_game("schwimmen", 2, seed=1, deck=stack(["10♦ J♦ Q♦", "9♣ 9♠ 8♦"], "9♦ 7♠ 7♥ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    assert GreedyBot(0).choose(s.view(1)) == Action("swap", parse_cards("8♦ 9♦"))
    # A♥ K♥ Q♣ (21): A♣ Q♣ or K♣ Q♣ make at most 21 with a heart given up, so it passes
    s = act(new_game("schwimmen", 2, seed=1, deck=stack(["10♦ J♦ Q♦", "A♥ K♥ Q♣"], "7♣ 8♠ 7♦ J♠ Q♠ K♠ A♠ 10♠")),
            "keep hand")
    assert GreedyBot(0).choose(s.view(1)) == Action("pass")


# -- when each level knocks ---------------------------------------------------------------------------
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_the_intermediate_knocks_at_its_shipped_threshold_and_not_half_a_point_below(preset: str, players: int) -> None:
    """The threshold is the shipped tournament's winner for this preset and table (7 and 8 players: the 6's),
    read at the turn: ``start`` on the first time round, ``drop`` less each time round, never below ``floor``."""
    start, drop, floor = SHIPPED[f"{preset}|{min(players, 6)}"]
    rule = knock_rule("intermediate", preset, players)
    assert (rule.threshold, rule.drop, rule.floor) == (start, drop, floor)
    values = hands_by_value(preset)
    for lap in range(PATIENCE):
        for turns in {lap * players, lap * players + players - 1}:
            now = max(floor, start - drop * lap)
            assert rule.threshold_at(turns) == now
            at = min(v for v in values if v >= now)
            below = max(v for v in values if v < now)
            for value, knocks in ((at, True), (below, False)):
                view = turn_view(preset, players, values[value], turns)
                assert ThresholdBot(0).choose(view) == Action("knock") if knocks else \
                    ThresholdBot(0).choose(view) != Action("knock"), (preset, players, turns, value, now)
                assert ThresholdBot(0).wants_knock(view) is knocks


@pytest.mark.parametrize(("preset", "players", "expected"), [
    ("scat", 3, 27.0), ("scat", 4, 24.0), ("schwimmen", 3, 30.0), ("schwimmen", 4, 31.0),
])
def test_the_thresholds_the_lessons_name(preset: str, players: int, expected: float) -> None:
    """README and lesson 5: in Scat they knock at 27 or more with 3 players and 24 with 4, in Schwimmen at 30 and 31."""
    assert knock_rule("intermediate", preset, players).threshold == expected
    assert ThresholdBot(0).threshold_for(turn_view(preset, players, hands_by_value(preset)[20.0], 0)) == expected


def test_players_out_of_the_game_change_the_threshold_to_that_of_the_smaller_table() -> None:
    """Scat, 4 seats with one out: the table is 3 players, whose threshold is 27 (not 4's 24)."""
    values = hands_by_value("scat")
    assert not ThresholdBot(0).wants_knock(turn_view("scat", 4, values[26.0], 0, out=1))
    assert ThresholdBot(0).wants_knock(turn_view("scat", 4, values[26.0], 0))
    assert ThresholdBot(0).wants_knock(turn_view("scat", 4, values[27.0], 0, out=1))
    # the threshold the expert's play-outs assume for everyone follows the players still in as well
    assert ThresholdBot(0).threshold_for(turn_view("scat", 4, values[20.0], 0, out=1)) == 27.0
    assert ThresholdBot(0).threshold_for(turn_view("scat", 4, values[20.0], 0)) == 24.0
    assert ExpertBot(0).threshold_for(turn_view("scat", 5, values[20.0], 0, out=2)) == 27.0


@pytest.mark.parametrize("threshold", [25, 25.0, lambda view: 25.0])
def test_an_intermediate_given_its_threshold_knocks_at_it_and_not_below(threshold: object) -> None:
    values = hands_by_value("scat")
    bot = ThresholdBot(0, threshold=threshold)  # type: ignore[arg-type]
    assert bot.choose(turn_view("scat", 3, values[25.0], 0)) == Action("knock")
    assert bot.choose(turn_view("scat", 3, values[24.0], 0)) != Action("knock")
    assert bot.knock_rule(turn_view("scat", 3, values[24.0], 0)).threshold == 25.0


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_level_knocks_whatever_its_hand_once_its_patience_runs_out_and_not_a_turn_before(
        level: str, players: int) -> None:
    """Every player still in has had 4 turns (the expert: 8): then every bot knocks, even with a worthless hand."""
    patience = (2 if level == "expert" else 1) * PATIENCE * players
    values = hands_by_value("scat")
    weak = values[min(values)]
    assert knock_rule(level, "scat", players).patience * players == patience
    for seed in range(3):
        bot = level_bot(level, seed)
        assert bot.choose(turn_view("scat", players, weak, patience)) == Action("knock")
        assert bot.choose(turn_view("scat", players, weak, patience + 5)) == Action("knock")
        if level != "expert":  # before its patience runs out the expert's simulation decides
            assert bot.choose(turn_view("scat", players, weak, patience - 1)) != Action("knock")
    # one player out: the patience counts the players still in
    if players > 2:
        bot = level_bot(level, 0)
        assert bot.choose(turn_view("scat", players, weak, patience - PATIENCE * (2 if level == "expert" else 1),
                                    out=1)) == Action("knock")


@pytest.mark.parametrize("players", [2, 3])
def test_the_expert_does_not_knock_a_worthless_hand_when_only_the_other_levels_patience_is_over(players: int) -> None:
    """Scat: a knocker with the lowest hand loses two lives. Between 4 and 8 turns each, the expert's simulation
    decides, and it never knocks 2♣ 3♠ 4♥ (4)."""
    weak = tuple(int(c) for c in parse_cards("2♣ 3♠ 4♥"))
    for turns in (PATIENCE * players, 2 * PATIENCE * players - 1):
        for seed in range(2):
            assert ExpertBot(seed, rollouts=16).choose(turn_view("scat", players, weak, turns)) != Action("knock")


def test_a_beginner_never_knocks_before_its_patience_runs_out_however_good_its_hand() -> None:
    values = hands_by_value("scat")
    for players in (2, 4):
        for turns in range(PATIENCE * players):
            assert GreedyBot(0).choose(turn_view("scat", players, values[30.0], turns)) != Action("knock")


def test_a_custom_patience_is_kept_by_the_level() -> None:
    values = hands_by_value("scat")
    weak = values[min(values)]
    assert GreedyBot(0, patience=2).choose(turn_view("scat", 3, weak, 6)) == Action("knock")
    assert GreedyBot(0, patience=2).choose(turn_view("scat", 3, weak, 5)) != Action("knock")
    assert ThresholdBot(0, patience=2).choose(turn_view("scat", 3, weak, 6)) == Action("knock")
    assert ThresholdBot(0, patience=2).choose(turn_view("scat", 3, weak, 5)) != Action("knock")
    assert ThresholdBot(0, threshold=40, patience=2).choose(turn_view("scat", 3, weak, 6)) == Action("knock")
    assert ExpertBot(0, rollouts=4, patience=1).choose(turn_view("scat", 3, weak, 6)) == Action("knock")


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_knocks_when_the_rules_forbid_it_even_with_its_best_hand_or_its_patience_gone(level: str) -> None:
    """BGA's draw game: nobody knocks on their own first turn. Seat 1 holds A♥ K♥ 9♥ (30)."""
    s = new_game("bga-draw", 3, seed=1, deck=stack(["2♣ 3♣ 4♣", "A♥ K♥ 9♥", "5♦ 6♦ 7♠"], "8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦"))
    s = s.apply("keep hand")  # the dealer keeps its hand
    assert s.current_player == 1 and Action("knock") not in s.legal_actions()
    for seed in range(3):
        view = s.view(1)
        assert level_bot(level, seed).choose(view) != Action("knock")
        late = dataclasses.replace(view, turns=100)  # patience long gone, yet the knock is not legal
        got = level_bot(level, seed).choose(late)
        assert got != Action("knock") and got in view.legal_actions


# -- the expert ------------------------------------------------------------------------------------
def test_the_expert_takes_the_card_that_makes_31_and_throws_the_one_it_does_not_need() -> None:
    # seat 1 holds A♥ K♥ 4♣; the Q♥ on the pile makes A♥ K♥ Q♥, 31
    s = new_game("scat", 2, seed=1, deck=stack(["10♦ 9♦ 8♣", "A♥ K♥ 4♣"], "Q♥ 2♠ 3♠ 5♠ 6♠ 7♠"))
    for seed in range(3):
        assert ExpertBot(seed, rollouts=8).choose(s.view(1)) == Action("draw discard")
    s = s.apply("draw discard")
    for seed in range(3):
        assert ExpertBot(seed, rollouts=8).choose(s.view(1)) == Action("discard", parse_cards("4♣"))


def test_the_expert_only_compares_the_two_best_throws() -> None:
    s = act(new_game("scat", 2, seed=1, deck=stack(SCAT_2, "3♦ Q♥ 2♠ 3♠ 5♠ 6♠ 7♠")), "draw stock")
    assert ExpertBot(0).candidates(s.view(1)) == [Action("discard", parse_cards("4♣")),
                                                  Action("discard", parse_cards("9♥"))]


# -- never an illegal move, in any phase, with players out ------------------------------------------
def states_with_players_out(preset: str, count: int, seed: int) -> list[State]:
    """Decision points of games of intermediates that went on past the first player's last life."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        n = rng.randrange(3, 6)
        s = new_game(preset, n, seed=rng.randrange(10**6))
        bots = [ThresholdBot(i) for i in range(n)]
        for _ in range(3000):
            if s.game_over:
                break
            if s.round_over:
                s = s.apply("next round")
                continue
            if any(s.out) and rng.random() < 0.05:
                out.append(s)
            p = s.current_player
            assert p is not None
            s = s.apply(bots[p].choose(s.view(p)))
    return out[:count]


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_every_level_makes_a_legal_move_in_every_phase_and_with_players_out(preset: str) -> None:
    states = states_to_decide(preset, 25, random.Random(preset), random_share=0.3)
    states += states_with_players_out(preset, 6, len(preset))
    phases = set()
    for k, s in enumerate(states):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        phases.add(view.phase)
        for level in LEVELS:
            got = level_bot(level, k).choose(view)
            assert got in view.legal_actions, (level, preset, view.phase, got, view.legal_actions)
    assert "discard" in phases or Rules.preset(preset).family == "commerce"
    assert "turn" in phases


# -- the same seed, the same moves -----------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_moves_a_new_bot_or_a_game_later(level: str) -> None:
    def game(seed: int) -> list[str]:
        s = new_game("schwimmen" if level == "expert" else "scat", 3, seed=11)
        bots = [level_bot(level, seed + i) for i in range(3)]
        moves: list[str] = []
        while not s.round_over and len(moves) < 60:
            p = s.current_player
            assert p is not None
            a = bots[p].choose(s.view(p))
            moves.append(str(a))
            s = s.apply(a)
        return moves

    assert game(3) == game(3)
    if level in ("random",):
        assert game(3) != game(4)


def test_decisions_do_not_depend_on_the_global_random_state() -> None:
    s = states_to_decide("scat", 1, random.Random(2))[0]
    p = s.current_player
    assert p is not None
    got = []
    for k in range(2):
        random.seed(k)
        got.append([level_bot(level, 5).choose(s.view(p)) for level in LEVELS])
    assert got[0] == got[1]


# -- hidden cards: two games that differ only in what the player cannot see --------------------------
def seen_by(s: State, p: int) -> set[int]:
    """Every card player ``p`` has seen this game: its hands, the piles, the face-up center, the cards others
    took openly, and every card its events name."""
    view = s.view(p)
    seen = {int(c) for c in view.hand} | {int(c) for c in view.discard_pile} | {int(c) for c in view.out_of_play}
    seen |= {int(c) for c in view.center or ()} | {int(c) for k in view.known for c in k}
    for e in view.events:
        seen |= {int(c) for c in e.cards}
    return seen


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_a_game_replayed_from_a_deck_whose_hidden_cards_moved_gives_every_bot_the_same_decision(preset: str) -> None:
    """Play some moves from one deck; then deal a deck in which every card the player to act never saw sits
    somewhere else, and replay the same moves: the player's view is the same, others' hands, the stock and the
    whole event log (what others drew from the stock) are not, and every bot decides the same."""
    rules = Rules.preset(preset)
    rng = random.Random(f"hidden:{preset}")
    compared = 0
    for game in range(100):
        if compared == 15:
            break
        n = rng.randrange(2, 5)
        order = list(deck(rules.deck))
        rng.shuffle(order)
        s = new_game(rules, n, seed=game, deck=order)
        bots = [ThresholdBot(i) for i in range(n)]
        moves = []
        for _ in range(rng.randrange(1, 30)):
            if s.round_over:
                break
            p = s.current_player
            assert p is not None
            a = bots[p].choose(s.view(p)) if rng.random() < 0.7 else rng.choice(s.legal_actions())
            moves.append(a)
            s = s.apply(a)
        if s.round_over:
            continue
        p = s.current_player
        assert p is not None
        seen = seen_by(s, p)
        hidden = [i for i, c in enumerate(order) if int(c) not in seen]
        moved = [order[i] for i in hidden]
        rng.shuffle(moved)
        other_order = list(order)
        for i, c in zip(hidden, moved):
            other_order[i] = c
        t = new_game(rules, n, seed=game, deck=other_order)
        for a in moves:
            if t.round_over:  # a 31 or three aces among the moved cards ended that round earlier
                break
            t = t.apply(a)
        if t.round_over or (t.hands == s.hands and t.stock == s.stock):
            continue
        assert t.view(p) == s.view(p)
        compared += 1
        for level in LEVELS:
            assert level_bot(level, game).choose(s.view(p)) == level_bot(level, game).choose(t.view(p)), (level, game)
        assert ExpertBot(0).avoid_suits(s.view(p)) == ExpertBot(0).avoid_suits(t.view(p))
        if s.phase == "discard":
            assert ExpertBot(0).candidates(s.view(p)) == ExpertBot(0).candidates(t.view(p))
    assert compared == 15


def test_what_the_next_player_drew_from_the_stock_is_no_suit_the_expert_avoids() -> None:
    """Scat, 2 players: seat 1 draws from the stock (a heart in one deck, a diamond in the other) and throws a
    spade; seat 0 sees only the spade. Its suits to avoid, its candidates and its throw are the same."""
    views = []
    for drawn in ("5♥", "5♦"):
        other = "5♦" if drawn == "5♥" else "5♥"
        s = new_game("scat", 2, seed=1, deck=stack(["K♣ Q♣ 2♥", "9♠ 8♠ 3♣"], f"7♠ {drawn} 2♦ {other} 6♠ 4♠"))
        s = act(s, "draw stock", "discard 3♣", "draw stock")
        assert s.current_player == 0 and s.phase == "discard"
        views.append(s.view(0))
    assert views[0] == views[1] and views[0].hand == parse_cards("K♣ Q♣ 2♥ 2♦")
    for view in views:
        assert ExpertBot(0).avoid_suits(view) == ()
    assert ExpertBot(0).candidates(views[0]) == ExpertBot(0).candidates(views[1])
    assert ExpertBot(3, rollouts=8).choose(views[0]) == ExpertBot(3, rollouts=8).choose(views[1])


@pytest.mark.parametrize(("call", "says"), [
    (lambda: knock_rule("grandmaster", "scat", 3), "no knock rule for 'grandmaster'"),
    (lambda: knock_rule("intermediate", "scat", 1), "players must be a whole number, 2 or more, not 1"),
    (lambda: knock_rule("intermediate", "scat", True), "not True"),
    (lambda: knock_rule("intermediate", "scat", 3.0), "not 3.0"),  # type: ignore[arg-type]
    (lambda: make_bot("grandmaster"), "unknown bot 'grandmaster': choose one of beginner, intermediate, expert"),
    (lambda: ExpertBot(0, rollouts=0), "rollouts must be a whole number, 1 or more, not 0"),
    (lambda: ExpertBot(0, rollouts=True), "not True"),
    (lambda: ExpertBot(0, rollouts=8, max_rollouts=4), "max_rollouts must be a whole number, at least rollouts"),
])
def test_bad_arguments_are_refused_saying_what_is_allowed(call: object, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        call()  # type: ignore[operator]


def test_every_name_makes_its_bot_and_each_level_states_its_rule() -> None:
    assert [type(make_bot(name)) for name in ("beginner", "intermediate", "expert", "random", "greedy", "threshold")] \
        == [GreedyBot, ThresholdBot, ExpertBot, RandomBot, GreedyBot, ThresholdBot]
    for level, patience, threshold in (("beginner", PATIENCE, None), ("expert", 2 * PATIENCE, None)):
        rule = knock_rule(level, "scat", 3)
        assert (rule.level, rule.players, rule.patience, rule.threshold) == (level, 3, patience, threshold)
    assert knock_rule("greedy", "scat", 3) == knock_rule("beginner", "scat", 3)
    assert knock_rule("threshold", "schwimmen", 4) == knock_rule("intermediate", "schwimmen", 4)


def test_when_its_simulation_rates_two_moves_alike_the_expert_plays_the_greedy_move() -> None:
    """Equal means (a few play-outs that all end alike): the expert throws what the greedy bot throws, not the
    other card it compared."""
    s = act(new_game("scat", 2, seed=1, deck=stack(SCAT_2, "3♦ Q♥ 2♠ 3♠ 5♠ 6♠ 7♠")), "draw stock")
    bot = ExpertBot(0, rollouts=4)
    bot.compare = lambda view, actions: {a: 0.25 for a in actions}  # type: ignore[method-assign]
    assert bot.choose(s.view(1)) == GreedyBot(0).choose(s.view(1)) == Action("discard", parse_cards("4♣"))
    assert bot.last_losses == {Action("discard", parse_cards("4♣")): 0.25, Action("discard", parse_cards("9♥")): 0.25}
