"""Many worlds at once (:func:`thirtyone.worlds.sample_worlds`, :func:`thirtyone.worlds.play_on_worlds`, what the
expert plays out from) are the worlds and the play-outs of the one-at-a-time path: given the same shuffles the
same cards in the same places, and from a generator in the same place the same lives lost, move by move."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.sim import assert_world_keeps_the_view, states_to_decide

from thirtyone import State, new_game
from thirtyone.bots import ExpertBot, ThresholdBot
from thirtyone.game import Action, fast_shuffle
from thirtyone.rules import PRESETS
from thirtyone.worlds import Worlds, play_on, play_on_worlds, sample_worlds, world_sampler


def moments(preset: str, count: int, seed: int, players: tuple[int, int] = (2, 6), moves: int = 60) -> list[State]:
    """States in the middle of rounds, threshold bots and random moves mixed, so every phase comes up."""
    return states_to_decide(preset, count, random.Random(f"worlds:{preset}:{seed}"), players, moves, random_share=0.3)


def row_shuffles(count: int, seed: int) -> tuple[list[random.Random], object]:
    """One ``random.Random`` per world and a row shuffle that shuffles row ``i`` with the ``i``-th, as
    :func:`world_sampler` shuffles with its generator."""
    rngs = [random.Random(seed * 1000 + i) for i in range(count)]

    def shuffle(rows: np.ndarray) -> np.ndarray:
        out = np.array(rows)
        for i in range(len(out)):
            order = out[i].tolist()
            fast_shuffle(rngs[i], order)
            out[i] = order
        return out

    return rngs, shuffle


@pytest.mark.parametrize("preset", list(PRESETS))
def test_many_worlds_at_once_are_the_worlds_drawn_one_at_a_time(preset: str) -> None:
    seen_imagined = 0
    for k, s in enumerate(moments(preset, 14, seed=1, players=(2, 8 if preset != "scat" else 6))):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        _rngs, shuffle = row_shuffles(6, k)
        worlds = sample_worlds(view, 6, np.random.default_rng(0), shuffle=shuffle)
        sample = world_sampler(view)
        for i in range(6):
            want = sample(random.Random(k * 1000 + i))
            got = worlds.state(i)
            assert got.hands == want.hands
            assert got.stock == want.stock
            if view.center is None and s.rules.family == "commerce":
                assert got.center == want.center
            seen_imagined += any(len(h) == 3 and h != s.hands[seat] for seat, h in enumerate(got.hands))
    assert seen_imagined  # hidden hands were filled


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_world_keeps_what_its_player_saw(preset: str) -> None:
    gen = np.random.default_rng(5)
    for s in moments(preset, 10, seed=2, players=(2, 8 if preset != "scat" else 6)):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        worlds = sample_worlds(view, 30, gen)
        assert len(worlds) == 30
        for i in range(len(worlds)):
            assert_world_keeps_the_view(worlds.state(i), p, s)
        # the worlds differ: the hidden cards are shuffled afresh for each
        assert len({worlds.stock[i].tobytes() for i in range(len(worlds))}) > 1 or view.stock_count == 0


@pytest.mark.parametrize("preset", list(PRESETS))
def test_play_outs_from_the_arrays_lose_what_play_outs_from_states_lose(preset: str) -> None:
    """Every move a bot may make (the expert's candidates and every legal move, so the throws that end a round or
    meet an empty stock and the first choices, which go through the states, come up too)."""
    phases: set[str] = set()
    direct = 0
    for k, s in enumerate(moments(preset, 16, seed=3)):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        actions = list(dict.fromkeys(ExpertBot(seed=1).candidates(view) + list(view.legal_actions)))
        worlds = sample_worlds(view, 12, np.random.default_rng(k))
        states = [worlds.state(i) for i in range(len(worlds))]
        want = play_on(states, actions, p, 25.0, 3, seed=k)
        got = play_on_worlds(worlds, actions, 25.0, 3, np.random.default_rng(k))
        assert got == want, (view.phase, actions)
        phases.add(view.phase)
        direct += view.phase in ("turn", "discard")
    assert direct and phases >= ({"turn", "discard"} if PRESETS[preset].family == "draw" else {"turn"})


def test_a_throw_the_arrays_cannot_follow_goes_through_the_states() -> None:
    """A throw that makes 31 ends the round at once (it depends on no hidden card, but the arrays would start the
    next turn): it is judged by the game, as play_on judges it."""
    for seed in range(300):
        s = new_game("scat", 3, seed=seed)
        bots = [ThresholdBot(i, threshold=99) for i in range(3)]
        while not s.round_over:
            p = s.current_player
            assert p is not None
            if s.phase == "discard":
                for a in s.legal_actions():
                    after = s.apply(a)
                    if after.phase == "over" and after.result is not None and s.knocker is None:
                        view = s.view(p)
                        got = play_on_worlds(sample_worlds(view, 8, np.random.default_rng(seed)), [a], 25.0, 3,
                                             np.random.default_rng(1))
                        assert got[a] == [after.result.losses[p]] * 8
                        return
            s = s.apply(bots[p].choose(s.view(p)))
    pytest.fail("no throw made 31 in 300 rounds")


def test_bad_counts_are_refused() -> None:
    view = new_game("scat", 3, seed=1).view(1)
    for bad in (0, -2, 1.5, True):
        with pytest.raises(ValueError, match="count must be a whole number"):
            sample_worlds(view, bad, np.random.default_rng(0))  # type: ignore[arg-type]


def test_worlds_are_a_plain_record() -> None:
    view = new_game("schwimmen", 4, seed=2).view(0)
    worlds = sample_worlds(view, 3, np.random.default_rng(0))
    assert isinstance(worlds, Worlds) and worlds.view is view
    assert worlds.hands.shape == (3, 4, 3) and worlds.stock.shape == (3, view.stock_count)
    assert worlds.center is not None  # the dealer's first choice: the center lies face down
    assert Action("keep hand") in view.legal_actions or view.phase == "turn"
