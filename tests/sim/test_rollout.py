"""The bots' roll-outs (:func:`thirtyone.bots.play_on`, what the expert and the coach simulate) lose what the
game itself would: every candidate move in every sampled world, played on by the lockstep engine, against the
game driven move by move by the same policy. (Every play-out runs on
:mod:`thirtyone.lockstep`.)"""

from __future__ import annotations

import random

import pytest
from helpers.sim import reference_end

from thirtyone import State, new_game
from thirtyone.bots import ExpertBot, play_on, sample_state
from thirtyone.rules import PRESETS


def decisions(preset: str, count: int) -> list[State]:
    """Moments a bot decides at: turns, throws after a draw, first choices."""
    rng = random.Random(f"rollout:{preset}")
    out: list[State] = []
    seed = 0
    while len(out) < count:
        seed += 1
        s = new_game(preset, rng.randrange(2, 6), seed=seed)
        for _ in range(rng.randrange(0, 10)):
            if s.round_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if not s.round_over:
            out.append(s)
    return out


def rebuilt(end: State, start: State) -> bool:
    return sum(e.kind == "reshuffle" for e in end.round_events()) > sum(
        e.kind == "reshuffle" for e in start.round_events())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_bots_roll_outs_lose_what_the_game_would(preset: str) -> None:
    compared = 0
    phases = set()
    for s in decisions(preset, 12):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        actions = ExpertBot(seed=1).candidates(view) if view.phase == "turn" else list(view.legal_actions)
        rng = random.Random(3)
        worlds = [sample_state(view, rng) for _ in range(8)]
        got = play_on(worlds, actions, p, 26.0, 3, seed=4)
        n = len(s.hands)
        for w, world in enumerate(worlds):
            for a in actions:
                start = world.apply(a) if world.phase != "turn" else world
                if start.phase not in ("turn", "discard", "over"):
                    continue  # another first choice follows: play_on scores it 0
                end = start if start.phase == "over" else reference_end(
                    start, [26.0] * n, 3, a if world.phase == "turn" else None)
                if rebuilt(end, world):
                    continue  # a rebuilt stock is shuffled by each side's own generator
                assert end.result is not None
                assert got[a][w] == end.result.losses[p], f"{preset} {s!r}: {a} in world {w}"
                compared += 1
                phases.add(world.phase)
    assert compared >= 100 and "turn" in phases


def test_play_on_needs_no_worlds_to_answer_nothing() -> None:
    assert play_on([], [], 0, 26.0, 3, seed=0) == {}
