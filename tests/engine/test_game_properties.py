"""Property tests: random games in every preset and in random valid rule sets, 2 to max players.

After every action: every card is in exactly one place; every offered action applies; a random
action that is not offered raises IllegalActionError and leaves the state unchanged; states are
never mutated; lives never rise; views hide what they must. Every game ends, with exactly one
winner, and the same seed and actions give the same game."""

from __future__ import annotations

import random

import pytest
from helpers.engine import assert_cards_conserved, rule_sets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirtyone import PRESETS, Action, IllegalActionError, Rules, State, deck, narrate, new_game

MAX_STEPS = 30_000
KINDS = ("draw stock", "draw discard", "discard", "knock", "swap", "swap all", "pass", "keep hand",
         "take center", "exchange hand", "next round")


def snapshot(s: State, log: bool = True) -> dict:
    """Everything a state holds (bar the cache of legal actions), to compare before and after.

    The event log is an immutable linked list as deep as the game is long (comparing two of them
    would recurse that deep): it is represented by its identity, or left out with ``log=False``
    and compared through ``State.events``.
    """
    return {k: (id(v) if k == "_log" else v) for k, v in vars(s).items() if k != "_legal" and (log or k != "_log")}


def stray_action(s: State, rng: random.Random) -> Action:
    """A random action that is not legal now: any kind, any cards of the deck."""
    legal = set(s.legal_actions())
    cards = deck(s.rules.deck)
    while True:
        kind = rng.choice(KINDS)
        n = {"discard": 1, "swap": 2}.get(kind, 0)
        pool = list(cards)
        if n and s.current_player is not None and rng.random() < 0.5:  # often a card that is in play
            pool = list(s.hands[s.current_player]) + list(s.center) + list(s.discard_pile[-1:]) or pool
        picked = tuple(rng.sample(pool, n)) if n <= len(pool) else ()
        if n == 2 and len(pool) > 1 and rng.random() < 0.5 and s.center:
            picked = (rng.choice(cards), rng.choice(s.center))
        a = Action(kind, picked)
        if len(set(a.cards)) == len(a.cards) and a not in legal:
            return a


def check_view(s: State) -> None:
    over = s.round_over
    for p in range(s.players):
        v = s.view(p)
        assert v.hand == s.hands[p]
        assert (v.hands == s.hands) if over else (v.hands is None)
        assert v.center == (s.center if s.center_face_up else None)
        assert v.stock_count == len(s.stock) and v.discard_pile == s.discard_pile
        if not over:
            for e in v.events:
                if e.secret:
                    assert e.player == p, f"{e} shows seat {e.player}'s secret to seat {p}"


def play_out(rules: Rules, players: int, seed: int, play_seed: int, *, check_all: float = 0.25) -> None:
    """Play a random game to its end, checking the invariants; ``check_all``: the share of steps
    at which every offered action is applied (each one is checked in some game)."""
    rng = random.Random(play_seed)
    s = new_game(rules, players=players, seed=seed)
    taken: list[Action] = []
    start_lives = s.lives
    for _step in range(MAX_STEPS):
        assert_cards_conserved(s)
        if s.game_over:
            break
        legal = s.legal_actions()
        assert legal, f"no legal action in {s!r}"
        assert len(set(legal)) == len(legal)
        before = snapshot(s)
        if rng.random() < check_all:
            for a in legal:  # every offered action applies without error, text or object
                s.apply(a)
            assert snapshot(s) == before
        stray = stray_action(s, rng)
        with pytest.raises(IllegalActionError):
            s.apply(stray)
        assert snapshot(s) == before
        a = rng.choice(legal)
        t = s.apply(str(a) if rng.random() < 0.1 else a)
        assert snapshot(s) == before, f"{a} changed the old state"
        taken.append(a)
        if a.kind == "next round":
            assert t.round == s.round + 1
            if not t.round_over:  # (31 or Fire on the deal ends the new round at once)
                assert t.lives == s.lives and t.out == s.out
        assert all(x <= y for x, y in zip(t.lives, s.lives)), f"lives rose after {a}"
        assert all(o or not n for o, n in zip(t.out, s.out)), "an eliminated player came back"
        if t.round_over:
            assert t.current_player is None and t.result is not None
            assert t.legal_actions() == (() if t.game_over else (Action("next round"),))
            if t.result.void:
                assert t.lives == s.lives and t.out == s.out
            if rng.random() < 0.2:
                check_view(t)
        elif rng.random() < 0.01:
            check_view(t)
        s = t
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} actions: {rules}, {players} players, seed {seed}")
    assert s.game_over and s.round_over
    assert s.out.count(False) == 1 and s.winner == s.out.index(False)
    assert s.legal_actions() == ()
    assert all(x <= y for x, y in zip(s.lives, start_lives))
    names = [f"N{i}" for i in range(players)]
    for line in narrate(s.events, names) + narrate(s.events, names, viewer=0):
        assert "None" not in line and "Player" not in line and "( " not in line, line
    # the same seed and actions give the same game
    r = new_game(rules, players=players, seed=seed)
    for a in taken:
        r = r.apply(a)
    assert snapshot(r, log=False) == snapshot(s, log=False) and r.events == s.events


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16))
def test_random_games_in_every_preset(name: str, data: st.DataObject, seed: int, play_seed: int) -> None:
    rules = PRESETS[name]
    players = data.draw(st.integers(2, rules.max_players), label="players")
    play_out(rules, players, seed, play_seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data(), seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16))
def test_random_games_in_random_rule_sets(rules: Rules, data: st.DataObject, seed: int, play_seed: int) -> None:
    players = data.draw(st.integers(2, rules.max_players), label="players")
    play_out(rules, players, seed, play_seed)


@settings(max_examples=30, deadline=None)
@given(rules=rule_sets())
def test_random_rule_sets_are_valid_and_deal(rules: Rules) -> None:
    for players in (2, rules.max_players):
        s = new_game(rules, players=players, seed=1)
        assert_cards_conserved(s)
        assert s.round_over or s.current_player is not None
