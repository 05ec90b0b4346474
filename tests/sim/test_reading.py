"""The expert and the coach read the table (issue 33, :mod:`thirtyone.reading`): a player who picks up spades is
dealt spades in the worlds they play out, one who passes a spade up seldom is; every read world keeps what the
viewer saw; a player who never knocks is read as one who plays on; the expert that reads plays only legal moves in
every preset, on NumPy and in plain Python; the coach shows what it read."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.sim import assert_world_keeps_the_view, states_to_decide

from thirtyone import State, new_game
from thirtyone.bots import ExpertBot, ThresholdBot, make_bot
from thirtyone.coach import coach
from thirtyone.compute import pure_python
from thirtyone.knockrules import intermediate_schedule
from thirtyone.reading import ESS_SHARE, NEVER, Read, TableRead, decisions, effective_size, knock_tendencies, tempered
from thirtyone.rules import PRESETS
from thirtyone.worlds import sample_worlds

SPADES = 1


def staged(deals: tuple[list[str], list[str], list[str]], top: str, stock: list[str], moves: list[str]) -> State:
    """A Scat round of 3 players (seat 0 deals; seats 1, 2, 0 play in turn) from the hands of seats 1, 2 and 0, the
    first card on the pile and the top of the stock, played with ``moves``."""
    order = [c for i in range(3) for c in (deals[0][i], deals[1][i], deals[2][i])] + [top] + stock
    s = new_game("scat", 3, seed=1, deck=" ".join(order))
    for m in moves:
        s = s.apply(m)
    return s


def took_two_spades() -> State:
    """Seat 1 takes the K♠ from the pile and throws the 3♦; later it takes the J♠ the viewer (seat 0) threw and
    throws the 7♥. Its third card, the Q♠, the viewer does not see."""
    return staged((["Q♠", "7♥", "3♦"], ["9♣", "8♦", "5♥"], ["A♥", "10♠", "2♣"]), "K♠", ["4♣", "J♠", "6♦", "2♦"],
                  ["draw discard", "discard 3♦", "draw stock", "discard 4♣", "draw stock", "discard J♠",
                   "draw discard", "discard 7♥", "draw stock", "discard 6♦"])


def passed_up_spades() -> State:
    """Seat 1 throws the 9♠ and seat 2 draws from the stock instead of taking it; the viewer (seat 0) throws the
    Q♠, seat 1 takes it and throws the 10♠, and seat 2 again draws from the stock instead."""
    return staged((["9♠", "8♥", "4♦"], ["J♣", "7♦", "6♥"], ["A♥", "Q♠", "2♣"]), "3♣",
                  ["10♠", "5♦", "K♦", "2♥", "3♥", "4♥"],
                  ["draw stock", "discard 9♠", "draw stock", "discard 5♦", "draw stock", "discard Q♠",
                   "draw discard", "discard 10♠", "draw stock", "discard 2♥"])


def spades_in(hands: np.ndarray, seat: int) -> np.ndarray:
    return ((hands[:, seat, :] & 3) == SPADES).sum(axis=1)


def test_a_player_who_took_two_spades_is_dealt_a_third_far_more_often() -> None:
    s = took_two_spades()
    view = s.view(0)
    assert view.known[1] == (s.hands[1][1], s.hands[1][2]) or set(view.known[1]) == {c for c in s.hands[1]
                                                                                       if c.suit == SPADES} - {s.hands[1][0]}
    read = TableRead(view).sample(4000, np.random.default_rng(0))
    plain = sample_worlds(view, 4000, np.random.default_rng(0))
    unseen = view.unseen()
    uniform = sum(1 for c in unseen if c.suit == SPADES) / len(unseen)
    got = float((spades_in(read.hands, 1) == 3).mean())
    before = float((spades_in(plain.hands, 1) == 3).mean())
    assert got > 2.5 * uniform  # a random card is a spade about one time in four
    assert got > before + 0.15  # and the read beats the worlds the expert played out from before


def test_a_player_who_passed_up_spades_is_dealt_them_seldom() -> None:
    view = passed_up_spades().view(0)
    assert [d.took for d in decisions(view)[2]] == [False, False]
    read = TableRead(view).sample(4000, np.random.default_rng(1))
    plain = sample_worlds(view, 4000, np.random.default_rng(1))
    got = float((spades_in(read.hands, 2) >= 1).mean())
    before = float((spades_in(plain.hands, 2) >= 1).mean())
    assert got < 0.6 * before


def test_the_coach_says_what_it_read() -> None:
    s = took_two_spades()
    advice = coach(s, seed=3, rollouts=50, knock_rollouts=50)
    assert isinstance(advice.read, Read)
    assert {o.seat for o in advice.read.seats} == {1, 2}
    one, two = advice.read.seat(1), advice.read.seat(2)
    assert one is not None and one.suit == SPADES and one.chance == 1.0  # it holds the K♠ and the J♠
    # seat 2 drew from the stock twice, threw what it drew and passed up a diamond and a heart: a weak read (it holds
    # the 9♣ 8♦ 5♥), far less sure than the read of seat 1
    assert two is not None and two.suit is not None and two.uniform < two.chance < 0.6
    for o in advice.read.seats:
        assert 0.0 <= o.uniform <= 1.0 and 0.0 <= o.chance <= 1.0
        assert isinstance(o.knock_at, float)


def test_at_a_table_of_six_the_read_predicts_the_hidden_cards_better_than_no_read() -> None:
    # every other player's moves multiply a world's weight: untempered, a few worlds took all the weight, and the
    # expert and the coach played out from a couple of dozen worlds that put the others' cards worse than no read
    better, moments = [], 0
    for d in range(8):
        s = new_game("scat", 6, seed=50 + d)
        bots = [make_bot("intermediate", seed=i) for i in range(6)]
        while not s.round_over:
            p = s.current_player
            assert p is not None
            view = s.view(p)
            if p == 0 and view.phase == "turn":
                read = TableRead(view)
                if len(read.readers) >= 4:
                    moments += 1
                    hands = read.sample(192, np.random.default_rng(d)).hands
                    plain = sample_worlds(view, 192, np.random.default_rng(d)).hands
                    assert len({w.tobytes() for w in hands}) >= 96  # half the worlds drawn are distinct
                    pure = read.sample_pure(48, random.Random(d)).hands  # and so in plain Python
                    assert len({tuple(map(tuple, w)) for w in pure}) >= 16
                    for r in read.readers:
                        for c in s.hands[r.seat]:
                            if c not in r.known:
                                got = float((hands[:, r.seat] == int(c)).any(axis=1).mean())
                                before = float((plain[:, r.seat] == int(c)).any(axis=1).mean())
                                better.append(np.log(got + 0.01) - np.log(before + 0.01))
            s = s.apply(bots[p].choose(view))
    assert moments >= 10
    assert float(np.mean(better)) > 0.05  # the log chance of each card truly held, read minus unread


def test_tempering_keeps_the_effective_sample_size() -> None:
    lw = np.array([0.0] * 5 + [-6.0] * 95)  # five worlds take nearly all the weight
    power = tempered(lw)
    assert 0 < power < 1
    assert effective_size(lw, power) >= ESS_SHARE * len(lw) > effective_size(lw)
    assert effective_size(lw, min(1.0, power + 1 / 512)) < ESS_SHARE * len(lw)  # the largest such power
    flat = [0.0, -0.1] * 50
    assert tempered(flat) == 1.0 and tempered(list(lw)) == power  # both paths alike


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_read_world_keeps_what_its_player_saw(preset: str) -> None:
    gen = np.random.default_rng(4)
    rng = random.Random(4)
    for s in states_to_decide(preset, 8, random.Random(f"reading:{preset}"), (2, 6), 60, random_share=0.2):
        p = s.current_player
        assert p is not None
        read = TableRead(s.view(p))
        worlds = read.sample(20, gen)
        pure = read.sample_pure(10, rng)
        for i in range(len(worlds)):
            assert_world_keeps_the_view(worlds.state(i), p, s)
        for i in range(len(pure)):
            assert_world_keeps_the_view(pure.state(i), p, s)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_both_paths_weigh_a_world_alike(preset: str) -> None:
    gen = np.random.default_rng(6)
    seen = 0
    for s in states_to_decide(preset, 8, random.Random(f"weights:{preset}"), (2, 5), 60):
        p = s.current_player
        assert p is not None
        read = TableRead(s.view(p))
        worlds = sample_worlds(read.view, 20, gen)
        arrays = read.log_weights(worlds.hands)
        for i in range(len(worlds)):
            hands = [tuple(h) for h in worlds.hands[i].tolist()]
            assert read.log_weight(hands) == pytest.approx(float(arrays[i]), abs=1e-9)
        seen += bool(np.ptp(arrays) > 0)
    assert seen  # some moments were read at all


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_expert_plays_only_legal_moves(preset: str) -> None:
    for n in range(2, 7):
        s = new_game(preset, n, seed=100 + n)
        table = [ExpertBot(seed=n, rollouts=16, max_rollouts=32) if seat % 2 == 0 else make_bot("intermediate", seat)
                 for seat in range(n)]
        rounds = 0
        for _step in range(400):
            if s.game_over or rounds == 2:
                break
            if s.round_over:
                s, rounds = s.apply("next round"), rounds + 1
                continue
            p = s.current_player
            assert p is not None
            a = table[p].choose(s.view(p))
            assert a in s.legal_actions()
            s = s.apply(a)


def test_the_expert_plays_only_legal_moves_in_plain_python() -> None:
    with pure_python():
        for preset, n in (("scat", 3), ("schwimmen", 4), ("bga-draw", 2)):
            s = new_game(preset, n, seed=7)
            table = [ExpertBot(seed=1, rollouts=8, max_rollouts=8)] + [make_bot("intermediate", i) for i in range(1, n)]
            for _step in range(60):
                if s.round_over:
                    break
                p = s.current_player
                assert p is not None
                a = table[p].choose(s.view(p))
                assert a in s.legal_actions()
                s = s.apply(a)


def test_the_classic_expert_is_kept_as_a_level() -> None:
    classic = make_bot("expert-classic", seed=2)
    assert isinstance(classic, ExpertBot) and not classic.reads and classic.name == "expert-classic"
    expert = make_bot("expert", seed=2)
    assert isinstance(expert, ExpertBot) and expert.reads


def test_a_player_who_never_knocks_is_read_as_one_who_plays_on() -> None:
    # seat 1 never knocks (only patience would make it), seat 2 knocks at 22 from its first turn
    s = new_game("scat", 3, seed=12, lives=[20, 20, 20])
    table = [make_bot("intermediate", 0), ThresholdBot(1, threshold=99.0, patience=1000), ThresholdBot(2, threshold=22.0)]
    rounds = 0
    while rounds < 8 and not s.game_over:
        if s.round_over:
            s, rounds = s.apply("next round"), rounds + 1
            continue
        p = s.current_player
        assert p is not None
        s = s.apply(table[p].choose(s.view(p)))
    view = s.view(0)
    read = knock_tendencies(view)
    start = intermediate_schedule(view.rules, len(view.active)).start
    assert read[1].knocks == 0 and read[1].declines >= 3
    assert read[2].knocks >= 3
    assert read[1].threshold > start + 2 > start > read[2].threshold
    # and in the play-outs the never-knocker knocks later than the early knocker
    tr = TableRead(view)
    assert tr.thresholds[1] > tr.thresholds[0] > tr.thresholds[2]


def test_without_a_history_everyone_is_read_as_the_intermediate() -> None:
    view = new_game("scat", 4, seed=3).view(1)
    start = intermediate_schedule(view.rules, 4).start
    for t in knock_tendencies(view).values():
        assert t.knocks == t.declines == 0
        assert abs(t.threshold - start) < 1.5


def _round_of(players: int, seed: int, turns: int) -> State:
    """A Scat round in which nobody knocks by their hand (every player greedy, never knocking), ``turns`` turns in."""
    s = new_game("scat", players, seed=seed)
    table = [ThresholdBot(p, threshold=99.0, patience=1000) for p in range(players)]
    while s.turns < turns:
        p = s.current_player
        assert p is not None and not s.round_over
        s = s.apply(table[p].choose(s.view(p)))
    return s


def test_a_table_that_plays_on_is_read_as_one_within_the_round() -> None:
    # one round from a fresh deal, so no earlier round tells: only that nobody knocked, though their hands grew.
    # Every seed from 1 to 11 whose round lasts five orbits (the others end at a 31).
    start = intermediate_schedule("scat", 6).start
    read_on = 0
    seeds = (1, 3, 4, 5, 8, 9, 10)
    for seed in seeds:
        early = TableRead(_round_of(6, seed, 6).view(0))
        early.sample(192, np.random.default_rng(seed))
        late = TableRead(_round_of(6, seed, 30).view(0))
        late.sample(192, np.random.default_rng(seed))
        assert early.never_share is not None and late.never_share is not None
        # after one orbit the play-outs still have everyone knock at the intermediate's threshold...
        assert max(early.never_share.values()) < 0.5 and early.thresholds[1:] == [start] * 5
        # ...after five orbits of hands that should have knocked, nobody knocks by their hand in them (nearly always)
        if min(late.never_share.values()) > 0.5:
            assert late.thresholds[1:] == [NEVER] * 5
            read_on += 1
    assert read_on >= len(seeds) - 1
    with pure_python():  # plain Python reads it alike
        pure = TableRead(_round_of(6, 1, 30).view(0))
        pure.sample_pure(96, random.Random(1))
    assert pure.never_share is not None and min(pure.never_share.values()) > 0.5 and pure.thresholds[1:] == [NEVER] * 5


def test_a_table_of_intermediates_is_not_read_as_one_that_plays_on() -> None:
    read_on = seen = 0
    for players in (3, 4):
        for seed in range(15):
            s = new_game("scat", players, seed=seed)
            table = [make_bot("intermediate", p) for p in range(players)]
            while not s.round_over:
                p = s.current_player
                assert p is not None
                view = s.view(p)
                if p == 0 and view.phase == "turn" and view.turns >= players and view.knocker is None:
                    read = TableRead(view)
                    read.sample(96, np.random.default_rng(seed))
                    read_on += sum(1 for t in read.thresholds if t == NEVER)
                    seen += len(read.never_share or {})
                s = s.apply(table[p].choose(view))
    assert seen > 100 and read_on <= 0.1 * seen
