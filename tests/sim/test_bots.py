"""Bots: they play only legal moves, decide from what their player may see, and the levels are ordered.

The strength checks play first rounds head to head at two seats, every deal twice with the seats
swapped (paired), and count the lives each strategy loses. The stated margin: the mean paired
difference must exceed two standard errors (z > 2). When written, with fixed seeds, expert (16
rollouts) against greedy saved 0.90 ± 0.21 lives per deal in scat (80 deals, z = 4.3) and
0.37 ± 0.08 in schwimmen (200 deals, z = 4.5); greedy against random, z = 13 and 21 (60 deals).
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from helpers.engine import play_checked, stack
from helpers.sim import assert_world_keeps_the_view
from helpers.sim import states_to_decide as shared_states

from thirtyone import PlayerView, Rules, State, deck, new_game, parse_cards
from thirtyone.bots import (
    LEVELS,
    Bot,
    ExpertBot,
    GreedyBot,
    RandomBot,
    ThresholdBot,
    choices_seen,
    make_bot,
    play_game,
    sample_state,
    world_sampler,
)
from thirtyone.game import Action, from_view
from thirtyone.scoring import value_table

FAST = ("random", "greedy", "threshold")


def bot(kind: str, seed: int, rollouts: int = 8) -> Bot:
    return make_bot(kind, seed=seed, rollouts=rollouts) if kind == "expert" else make_bot(kind, seed=seed)


# -- legal moves -------------------------------------------------------------------------------------
@pytest.mark.slow  # 2-6 s a preset
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_fast_bots_play_only_legal_moves_for_a_thousand_games(preset: str) -> None:
    """1000 whole games in each preset, 2 or 3 players (every tenth game 4 to 6), the seats random,
    greedy and threshold bots in turn."""
    rng = random.Random(preset)
    kinds_seen = set()
    for game in range(1000):
        n = rng.randrange(2, 4) if game % 10 else rng.randrange(4, 7)
        kinds = [FAST[(game + i) % 3] for i in range(n)]
        kinds_seen.update(kinds)
        end, moves = play_checked(new_game(preset, n, seed=game), [bot(k, game * 10 + i) for i, k in enumerate(kinds)])
        assert end.winner is not None and moves > 0
    assert kinds_seen == set(FAST)


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_expert_plays_only_legal_moves(preset: str) -> None:
    for game in range(3):
        kinds = ["expert", "threshold", "random"][: 2 + game % 2]
        end, _ = play_checked(new_game(preset, len(kinds), seed=game),
                              [bot(k, game, rollouts=6) for k in kinds])
        assert end.winner is not None


def test_play_game_ends_every_game_with_one_winner() -> None:
    s = play_game(new_game("scat", 4, seed=5), [make_bot("intermediate", seed=i) for i in range(4)])
    assert s.game_over and s.winner is not None and s.active == (s.winner,)


def test_levels_and_names() -> None:
    assert type(make_bot("beginner")) is GreedyBot
    assert type(make_bot("intermediate")) is ThresholdBot
    assert type(make_bot("expert")) is ExpertBot
    assert type(make_bot("random")) is RandomBot
    assert set(LEVELS) == {"beginner", "intermediate", "expert"}
    with pytest.raises(ValueError, match="unknown bot 'grandmaster'"):
        make_bot("grandmaster")


def test_a_bot_asked_out_of_turn_says_so() -> None:
    s = new_game("scat", 3, seed=2)
    other = next(p for p in range(3) if p != s.current_player)
    with pytest.raises(ValueError, match="not their turn"):
        GreedyBot().choose(s.view(other))


def test_same_seed_same_decisions() -> None:
    def moves(seed: int) -> list[str]:
        s = new_game("schwimmen", 3, seed=4)
        bots = [RandomBot(seed), ExpertBot(seed, rollouts=6), ThresholdBot(seed)]
        s = play_game(s, bots)
        return [str(e) for e in s.events]
    assert moves(1) == moves(1)
    assert moves(1) != moves(2)


# -- decisions from the view only -----------------------------------------------------------------------
def states_to_decide(preset: str, count: int, seed: int, players: tuple[int, int] = (2, 5), moves: int = 40
                     ) -> list[State]:
    """States in the middle of rounds of threshold-bot games: every phase, with a history."""
    return shared_states(preset, count, random.Random(seed), players, moves)


def hidden_permuted(s: State, rng: random.Random) -> State:
    """``s`` with the cards its player to act cannot see shuffled among their places: other hands
    (bar the cards everyone saw go there), the stock, a face-down center."""
    p = s.current_player
    assert p is not None
    view = s.view(p)
    slots = []  # (seat or "stock"/"center", index)
    for seat, hand in enumerate(s.hands):
        if seat != p:
            slots += [(seat, i) for i, c in enumerate(hand) if c not in view.known[seat]]
    slots += [("stock", i) for i in range(len(s.stock))]
    if not s.center_face_up:
        slots += [("center", i) for i in range(len(s.center))]
    places = {"stock": list(s.stock), "center": list(s.center)} | {seat: list(h) for seat, h in enumerate(s.hands)}
    cards = [places[w][i] for w, i in slots]
    assert sorted(cards) == sorted(view.unseen())
    rng.shuffle(cards)
    for (w, i), c in zip(slots, cards):
        places[w][i] = c
    hands = [tuple(places[seat]) for seat in range(s.players)]
    return from_view(view, hands, places["stock"], places["center"], seed=s.seed)


def seen_log(view: PlayerView) -> object:
    """The view's event log as its player sees it (what others drew from the stock left out)."""
    log = None
    for e in view.events:
        log = (log, e)
    return log


@pytest.mark.parametrize("preset", ["scat", "bga-draw", "schwimmen", "widow"])
def test_decisions_do_not_change_when_hidden_cards_are_shuffled(preset: str) -> None:
    """Mid-round: every bot, same seed, chooses alike from the real view and from the view of a state
    whose hidden cards were shuffled (its history: only what the player saw)."""
    rng = random.Random(preset)
    changed = 0
    for k, s in enumerate(states_to_decide(preset, 40, seed=len(preset))):
        p = s.current_player
        assert p is not None
        real = s.view(p)
        other_state = hidden_permuted(s, rng)
        changed += other_state.hands != s.hands or other_state.stock != s.stock
        other = dataclasses.replace(other_state.view(p), _log=seen_log(real))
        assert other == real  # nothing the player sees has changed
        for kind in ("random", "greedy", "threshold", "expert"):
            assert bot(kind, k).choose(real) == bot(kind, k).choose(other), (kind, s)
    assert changed >= 35


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "widow", "bga-draw"])
def test_first_decisions_do_not_change_with_a_restacked_deck(preset: str) -> None:
    """On the deal: the same seed with the hidden part of the deck reordered (other hands, the
    face-down center, the stock) gives every bot the same first decision."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for seed in range(25):
        n = rng.randrange(2, 6)
        order = list(deck(rules.deck))
        rng.shuffle(order)
        a = new_game(rules, n, seed=seed, deck=order)
        p = a.current_player
        if p is None:  # 31 on the deal
            continue
        seen = set(a.view(p).hand) | set(a.discard_pile) | (set(a.center) if a.center_face_up else set())
        hidden = [i for i, c in enumerate(order) if c not in seen]
        moved = [order[i] for i in hidden]
        rng.shuffle(moved)
        restacked = list(order)
        for i, c in zip(hidden, moved):
            restacked[i] = c
        b = new_game(rules, n, seed=seed, deck=restacked)
        assert b.hands != a.hands or b.stock != a.stock
        assert b.view(p) == a.view(p)
        for kind in ("random", "greedy", "threshold", "expert"):
            assert bot(kind, seed).choose(a.view(p)) == bot(kind, seed).choose(b.view(p)), (kind, preset, seed)


def test_sampled_worlds_agree_with_the_view() -> None:
    """What the expert imagines keeps everything its player saw: own hand, known cards, piles, sizes;
    also at full tables late in a round, when few unseen cards are left to imagine from."""
    rng = random.Random(0)
    states = states_to_decide("schwimmen", 15, seed=3) + states_to_decide("scat", 15, seed=4)
    states += states_to_decide("schwimmen", 15, seed=5, players=(7, 8), moves=60)
    states += states_to_decide("widow", 15, seed=6, players=(8, 9), moves=60)
    for s in states:
        p = s.current_player
        assert p is not None
        view = s.view(p)
        assert_world_keeps_the_view(sample_state(view, rng), p, s)


def test_one_views_sampler_draws_what_sample_state_draws() -> None:
    """Many worlds of one view (the expert's play-outs) are the worlds ``sample_state`` draws one by one."""
    for s in states_to_decide("scat", 6, seed=8) + states_to_decide("bga-commerce", 6, seed=9):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        sample = world_sampler(view)
        mine, theirs = random.Random(p), random.Random(p)
        for _ in range(5):
            a, b = sample(mine), sample_state(view, theirs)
            assert (a.hands, a.stock, a.center, a.seed) == (b.hands, b.stock, b.center, b.seed)


def test_other_players_are_imagined_with_the_hands_they_would_have_built() -> None:
    """Late in a round the others have kept the best of many cards: sampled hands are worth about
    what the real ones are (within 2 points on average), not what a fresh deal is worth."""
    rng = random.Random(1)
    real, imagined, fresh = [], [], []
    rules = Rules.preset("scat")
    table = value_table(rules)
    for seed in range(150):
        s = new_game(rules, 3, seed=seed)
        bots = [GreedyBot(i) for i in range(3)]
        for _ in range(24):  # four orbits of draws and discards
            if s.round_over:
                break
            p = s.current_player
            assert p is not None
            s = s.apply(bots[p].choose(s.view(p)))
        if s.round_over or s.phase != "turn":
            continue
        p = s.current_player
        assert p is not None
        view = s.view(p)
        assert all(n >= 3 for seat, n in enumerate(choices_seen(view)) if seat != p)
        world = sample_state(view, rng)
        for seat in range(3):
            if seat != p:
                real.append(table[s.hands[seat]])
                imagined.append(table[world.hands[seat]])
                fresh.append(table[tuple(rng.sample(view.unseen(), 3))])
    mean = sum(real) / len(real)
    assert len(real) > 100
    assert abs(sum(imagined) / len(imagined) - mean) < 2.0
    assert sum(fresh) / len(fresh) < mean - 4.0


def test_the_expert_knows_which_suit_the_next_player_collects() -> None:
    # seat 1 is dealt 2♣ 3♦ 4♣ and plays first; the first discard is the 9♥
    s = new_game("scat", 2, seed=1, deck="2♣ 9♠ 3♦ K♠ 4♣ Q♠ 9♥ 5♦ 6♦ 7♦ 8♦")
    assert ExpertBot(0).avoid_suits(s.view(0)) == ()
    s = s.apply("draw discard").apply("discard 2♣")  # seat 1 takes the 9♥
    assert s.current_player == 0
    assert ExpertBot(0).avoid_suits(s.view(0)) == (2,)  # hearts


def test_at_three_players_the_expert_reads_the_next_player_not_the_previous_one() -> None:
    # seat 1 (next after seat 0) takes the 9♥; seat 2 (the one before seat 0) takes the 10♠ seat 1 threw
    s = new_game("scat", 3, seed=1, deck=stack(["2♣ 3♣ 4♣", "5♦ 6♦ 10♠", "7♠ 8♠ 9♣"], "9♥ J♦ Q♦ K♦ A♦ 2♦ 3♦"))
    s = s.apply("draw discard").apply("discard 10♠").apply("draw discard").apply("discard 9♣")
    assert s.current_player == 0 and s.view(0).collected() == {1: parse_cards("9♥"), 2: parse_cards("10♠")}
    assert ExpertBot(0).avoid_suits(s.view(0)) == (2,)  # the next player's hearts, not the spades of seat 2


# -- strength -----------------------------------------------------------------------------------------
def first_round_losses(preset: str, seed: int, kinds: tuple[str, str], rollouts: int) -> tuple[int, ...]:
    s = new_game(preset, 2, seed=seed)
    bots = [bot(k, seed * 7 + i, rollouts) for i, k in enumerate(kinds)]
    while not s.round_over:
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    assert s.result is not None
    return s.result.losses


def paired_difference(preset: str, stronger: str, weaker: str, deals: int, rollouts: int = 16) -> tuple[float, float]:
    """Mean and standard error, over deals, of the lives the weaker strategy loses minus those the
    stronger loses, the deal played twice with the seats swapped."""
    diffs = []
    for seed in range(deals):
        a = first_round_losses(preset, seed, (stronger, weaker), rollouts)
        b = first_round_losses(preset, seed, (weaker, stronger), rollouts)
        diffs.append((a[1] + b[0]) - (a[0] + b[1]))
    mean = sum(diffs) / deals
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (deals - 1))
    return mean, sd / math.sqrt(deals)


@pytest.mark.slow  # about 3 s each
@pytest.mark.parametrize(("preset", "stronger", "weaker", "deals"), [
    ("scat", "greedy", "random", 60),
    ("schwimmen", "greedy", "random", 60),
    ("scat", "expert", "greedy", 80),
    ("schwimmen", "expert", "greedy", 200),
])
def test_stronger_level_loses_fewer_lives(preset: str, stronger: str, weaker: str, deals: int) -> None:
    mean, se = paired_difference(preset, stronger, weaker, deals)
    assert mean > 2 * se, f"{stronger} saves {mean:.3f} ± {se:.3f} lives per deal against {weaker} in {preset}"


def test_expert_bots_knock_once_their_patience_runs_out() -> None:
    """Experts in Schwimmen may keep swapping (each swap resets the passes), so they knock once the
    round has gone on for twice ``patience`` orbits: with patience 1 and 4 players, the first
    choice, 8 turns, a knock and 3 last turns end the round within 13 moves."""
    from thirtyone import new_game
    from thirtyone.bots import ExpertBot

    for seed in range(3):
        s = new_game("schwimmen", players=4, seed=seed)
        bots = [ExpertBot(seed=i, rollouts=8, patience=1) for i in range(4)]
        moves = 0
        while not s.round_over:
            p = s.current_player
            s = s.apply(bots[p].choose(s.view(p)))
            moves += 1
            assert moves <= 13, f"seed {seed}: the round went on past the experts' patience"


def test_bots_value_three_aces_by_the_rules_they_play() -> None:
    """Two rule sets that differ only in the value of three aces: a bot rates the aces by its own rules."""
    from thirtyone.policy import hand_keeps

    with_aces = Rules.preset("bga-draw")  # three aces 32
    without = with_aces.replace(three_aces=None)  # three aces 30.5, as any three of a kind
    aces = tuple(int(c) for c in parse_cards("A♣ A♠ A♥"))
    first, second = hand_keeps(with_aces)[aces], hand_keeps(without)[aces]
    assert 31.5 < first < 32 and 30 < second < 30.5  # 32 and 30.5, less a sixteenth per suit
    assert hand_keeps(with_aces)[aces] == first


def test_a_greedy_bot_passes_when_no_swap_makes_its_hand_better() -> None:
    # seat 1 holds A♥ K♥ 7♣ (21): the 9♣ for the 7♣ still makes 21, no better, so it passes
    s = new_game("schwimmen", 2, seed=1, deck=stack(["10♦ 9♦ 8♦", "A♥ K♥ 7♣"], "7♦ 8♠ 9♣ J♠ Q♠ K♠ A♠ 10♠"))
    s = s.apply("keep hand")
    assert s.current_player == 1 and s.phase == "turn" and Action("pass") in s.legal_actions()
    assert GreedyBot(0).choose(s.view(1)) == Action("pass")
    # with the 7♥ in the center it swaps it for the 7♣ (28)
    s = new_game("schwimmen", 2, seed=1, deck=stack(["10♦ 9♦ 8♦", "A♥ K♥ 7♣"], "7♥ 8♠ 9♣ J♠ Q♠ K♠ A♠ 10♠"))
    assert GreedyBot(0).choose(s.apply("keep hand").view(1)) == Action("swap", parse_cards("7♣ 7♥"))


@pytest.mark.parametrize("preset", ["scat", "schwimmen"])
def test_tables_larger_than_the_tournaments_knock_as_six_players_do(preset: str) -> None:
    """The thresholds were played out for 2 to 6 players; 7 and 8 (a lesson's table lists them) use the 6's."""
    from thirtyone.bots import knock_rule

    six = knock_rule("intermediate", preset, 6).threshold
    assert six is not None and six != 27.0  # not the fallback of an unknown family
    assert [knock_rule("intermediate", preset, n).threshold for n in (7, 8)] == [six, six]


def test_the_policy_constants_part_what_they_should() -> None:
    """A card's cost never outweighs a keep key's least step, a suit to avoid never outweighs a card's cost,
    and the take margin lies between what hands of equal value and hands worth half a point more differ by."""
    from thirtyone.policy import AVOID_COST, TAKE_MARGIN, THROW_COST
    from thirtyone.scoring import SUIT_SHARE

    assert 11 * THROW_COST < SUIT_SHARE and AVOID_COST < THROW_COST
    assert 2 * SUIT_SHARE < TAKE_MARGIN < 0.5 - 2 * SUIT_SHARE


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer"])
def test_take_discard_takes_exactly_when_a_hand_worth_more_is_kept(preset: str) -> None:
    """take_discard compares keep keys with a margin: that is "some hand kept with the top card is worth more"."""
    from thirtyone.policy import hand_keeps, take_discard
    from thirtyone.scoring import hand_values

    rules = Rules.preset(preset)
    keeps, values = hand_keeps(rules), hand_values(rules)
    rng = random.Random(3)
    cards = list(deck(rules.deck))
    taken = 0
    for _ in range(3000):
        a, b, c, top = rng.sample(cards, 4)
        hand = (a, b, c)
        better = any(values[tuple(x for x in hand if x != out) + (top,)] > values[hand] for out in hand)
        assert take_discard(keeps, hand, top) == better
        taken += better
    assert 0 < taken < 3000


def test_a_hand_reaches_its_knock_key_exactly_when_it_reaches_the_threshold() -> None:
    """knock_key turns a threshold into a keep key: the simulations' one look-up serves the move and the knock."""
    import numpy as np

    from thirtyone.policy import knock_key
    from thirtyone.scoring import keep_key

    thresholds = [18.0, 25.0, 27.3, 29.5, 30.5, 31.0, math.inf]
    for t in thresholds:
        for value in (x / 2 for x in range(30, 65)):
            for suits in (1, 2, 3):
                assert (keep_key(value, suits) >= knock_key(t)) == (value >= t), (t, value, suits)
    assert list(knock_key(np.array(thresholds))) == [knock_key(t) for t in thresholds]


def test_a_falling_knock_rule_says_when_it_knocks_in_a_sentence_and_knocks_so() -> None:
    """A knock schedule: its start on the first turn, a drop each time round the table, never below its floor;
    the sentence gives this table's numbers."""
    from thirtyone.bots import KnockRule

    rule = KnockRule("intermediate", 4, 27.0, 4, drop=1.0, floor=25.0)
    assert [rule.threshold_at(t) for t in (0, 3, 4, 8, 12, 15)] == [27.0, 27.0, 26.0, 25.0, 25.0, 25.0]
    assert not rule.says_knock(26.0, 3) and rule.says_knock(26.0, 4) and rule.says_knock(20.0, 16)
    assert rule.text == ("With 4 players still in, an intermediate bot knocks as soon as its hand is worth 27 or "
                         "more on its first turn, 1 point less each time round the table but never below 25; or "
                         "once every player still in has had 4 turns this round (16 turns with 4 players).")
    assert "2 points less" in dataclasses.replace(rule, drop=2.0).text
    fixed = KnockRule("intermediate", 4, 27.0, 4)
    assert fixed.threshold_at(12) == 27.0 and "first turn" not in fixed.text
