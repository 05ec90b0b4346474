"""Helpers for the simulation tests: the reference (a game driven move by move by the shared policy), the same
starts played in one lockstep, and the check that a play-out ended as the reference did."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from thirtyone import Action, Rules, State, new_game
from thirtyone.game import judge
from thirtyone.lockstep import How, Outcome, Reason, play_lockstep
from thirtyone.policy import KnockSchedule, best_commerce_move, best_discard, keep_table, take_discard
from thirtyone.scoring import rank_table, value_table

__all__ = ["Knock", "reference_move", "reference_end", "lockstep", "assert_same", "starts_for", "THRESHOLDS"]


Knock = float | KnockSchedule
"""A seat's knock threshold: fixed, or a schedule falling each time round the table."""


def reference_move(s: State, thresholds: Sequence[Knock], patience: int,
                   knock_at: tuple[int, int] | None = None) -> Action:
    """The move the policy makes for the player to act, chosen on the game's own state."""
    r = s.rules
    p = s.current_player
    assert p is not None
    hand = s.hands[p]
    table = value_table(r)
    if s.phase == "discard":
        return Action("discard", (best_discard(keep_table(r), hand, None if r.discard_taken else s.taken),))
    if knock_at is not None:
        if s.knocker is None and p == knock_at[0] and s.turns >= knock_at[1]:
            return Action("knock")
    elif Action("knock") in s.legal_actions() and (
            table[hand] >= _at(thresholds[p], s) or s.turns >= patience * len(s.active)):
        return Action("knock")
    if r.family == "draw":
        top = s.discard_pile[-1] if s.discard_pile else None
        if top is not None and take_discard(keep_table(r), hand, top):
            return Action("draw discard")
        return Action("draw stock")
    value, move = best_commerce_move(table, hand, s.center, bool(r.allow_swap_all))
    if value <= table[hand] and r.allow_pass:
        return Action("pass")
    return Action("swap", move) if move else Action("swap all")


def _at(threshold: Knock, s: State) -> float:
    """The threshold now: a schedule read at the state's turn and players still in (as the bots read it)."""
    return threshold.at(s.turns, len(s.active)) if isinstance(threshold, KnockSchedule) else threshold


def reference_end(s: State, thresholds: Sequence[Knock], patience: int, first: Action | None = None,
                  knock_at: tuple[int, int] | None = None) -> State:
    if first is not None:
        s = s.apply(first)
    for _ in range(5000):
        if s.round_over:
            return s
        s = s.apply(reference_move(s, thresholds, patience, knock_at))
    raise AssertionError("the reference round did not end")


def lockstep(starts: Sequence[State], thresholds: Sequence[Sequence[Knock]], patience: int,
             first: Sequence[Action | None], knock_at: tuple[int, int] | None = None) -> Outcome:
    """The same starts (one turn order) in one lockstep; rebuilt stocks ordered as each game orders them."""
    s0 = starts[0]
    n = len(s0.hands)
    hands = np.array([[h if len(h) == 3 else (0, 1, 2) for h in s.hands] for s in starts], dtype=np.int64)
    stock = np.array([s.stock for s in starts], dtype=np.int64).reshape(len(starts), len(s0.stock))
    pile = np.array([s.discard_pile for s in starts], dtype=np.int64).reshape(len(starts), len(s0.discard_pile))
    center = np.array([s.center for s in starts], dtype=np.int64) if s0.rules.family == "commerce" else None

    def reshuffle(row: int, count: int, cards: np.ndarray) -> list[int]:
        s = starts[row]
        order = [int(c) for c in cards]
        random.Random(f"{s.seed}:{s.shuffles + count}").shuffle(order)  # as State._shuffled does
        return order

    assert s0.current_player is not None and hands.shape[1] == n
    k = [[t if isinstance(t, KnockSchedule) else KnockSchedule(t) for t in row] for row in thresholds]
    start, drop, floor = (np.array([[getattr(t, f) for t in row] for row in k]) for f in ("start", "drop", "floor"))
    return play_lockstep(s0.rules, hands, stock, center, s0.out, current=s0.current_player, dealer=s0.dealer,
                         turns=s0.turns, played=s0.played, passes=s0.passes, thresholds=start, drop=drop, floor=floor,
                         patience=patience, first_move=list(first), discard=pile, knocker=s0.knocker,
                         knock_at=knock_at, reshuffle=reshuffle)


def assert_same(end: State, res: Outcome, r: int, why: str) -> str:
    """Play-out ``r`` of ``res`` ended as the reference ``end``; returns how it ended."""
    result = end.result
    assert result is not None
    n = len(end.hands)
    hands = [None if result.hands[s] is None else tuple(int(c) for c in res.hands[r, s]) for s in range(n)]
    assert hands == [None if h is None else tuple(h) for h in result.hands], why
    knocker = int(res.knocker[r])
    assert (None if knocker < 0 else knocker) == result.knocker, why
    assert How(int(res.how[r])).word == result.how, f"{why}: {How(int(res.how[r])).word} against {result.how}"
    # the raw judgement (decision 3 voids a round in which everyone went out: its losses are then 0)
    scores = [None if h is None else rank_table(end.rules)[tuple(h)] for h in result.hands]
    _, _, losses, reasons = judge(end.rules, scores, result.knocker, result.how, result.holders)
    assert [int(x) for x in res.losses[r]] == losses, f"{why}: lockstep {list(res.losses[r])}, game {losses}"
    if not result.void:
        assert losses == list(result.losses), why
    for s in range(n):
        code = Reason(int(res.reasons[r, s]))  # one enum: the game's reason has the very same code
        loss = reasons[s]
        assert code == (Reason.NONE if loss is None else loss.reason), f"{why}: seat {s} {code!r} against {loss!r}"
    return result.how


def states_to_decide(preset: str, count: int, rng: random.Random, players: tuple[int, int] = (2, 5), moves: int = 40,
                     random_share: float = 0.0) -> list[State]:
    """States in the middle of rounds of threshold-bot games (a share of the moves random, so that every phase
    comes up: a first choice, a throw after a draw, late turns with few unseen cards, a knock already made)."""
    from thirtyone import new_game
    from thirtyone.bots import ThresholdBot

    out: list[State] = []
    while len(out) < count:
        n = rng.randrange(players[0], players[1] + 1)
        s = new_game(preset, n, seed=rng.randrange(10**6))
        bots = [ThresholdBot(i) for i in range(n)]
        for _ in range(rng.randrange(0, moves)):
            if s.round_over:
                break
            p = s.current_player
            assert p is not None
            if random_share and rng.random() < random_share:
                s = s.apply(rng.choice(s.legal_actions()))
            else:
                s = s.apply(bots[p].choose(s.view(p)))
        if not s.round_over:
            out.append(s)
    return out


def assert_world_keeps_the_view(world: State, player: int, state: State) -> None:
    """A sampled world of ``state`` seen by ``player``: the same view, known cards where they are known, and every
    card of the deck somewhere once."""
    from thirtyone.cards import deck

    view = state.view(player)
    assert world.view(player) == view
    for seat, known in enumerate(view.known):
        assert set(known) <= set(world.hands[seat])
    everywhere = [c for h in world.hands for c in h] + list(world.stock) + list(world.discard_pile) + list(
        world.center) + list(world.out_of_play)
    assert sorted(everywhere) == sorted(deck(state.rules.deck))


THRESHOLDS: tuple[Knock, ...] = (20.0, 21.0, 24.0, 25.5, 27.0, 28.0, 30.0, 30.5, 31.0, 99.0,
                                 KnockSchedule(30.0, 1.0, 28.0), KnockSchedule(31.0, 3.0, 24.0),
                                 KnockSchedule(28.5, 0.5, 27.5), KnockSchedule(27.0, 2.0, 22.0))
"""Per-seat knocks: fixed thresholds, and knock schedules that fall each time round the table."""


def starts_for(rules: Rules, count: int, key: str) -> list[tuple[State, list[Knock], int]]:
    """``count`` start states of a round at the start of a turn: a few random moves in, with per-seat
    thresholds (fractional ones and falling schedules among them) and a patience; some with a short stock, so that stocks are
    rebuilt and new centers run out."""
    rng = random.Random(key)
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        n = rng.randrange(2, min(7, rules.max_players + 1))
        s = new_game(rules, n, seed=seed)
        for _ in range(rng.choice((0, 0, 1, 3, 6, 10))):
            if s.round_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        while not s.round_over and s.phase != "turn":
            s = s.apply(rng.choice(s.legal_actions()))
        if s.round_over:
            continue
        if rng.random() < 0.25 and len(s.stock) > 3:  # a short stock: rebuilds, the last new centers
            s = s._evolve(stock=s.stock[:rng.randrange(1, 7)])
        thresholds = [rng.choice(THRESHOLDS) for _ in range(n)]
        patience = rng.choice((1, 2, 3, 4, 6))
        if rules.family == "commerce" and rules.allow_pass and rng.random() < 0.4:  # nobody knocks: everyone passing, no stock left
            thresholds, patience = [99.0 for _ in range(n)], 1000
        out.append((s, thresholds, patience))
    return out
