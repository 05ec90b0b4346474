"""Your round, replayed (issue 33, ``thirtyone/replay.py``): a round of lesson 6's card table played again from its
deal with another player in the learner's seat deals the same cards, and the bots make the same random choices as
long as they face the same situations. Seeded throughout: the same games on every run."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from thirtyone.bots import Bot, ExpertBot, RandomBot, make_bot
from thirtyone.coach import CoachBot
from thirtyone.game import State, new_game
from thirtyone.replay import (
    Move,
    Replaying,
    decision_seed,
    play_round,
    replay_round,
    round_moves,
    round_start,
    seeded_choice,
)
from thirtyone.rules import Rules
from thirtyone.widgets.tablecontrol import TableControl

PRESETS = Rules.PRESET_NAMES


def played_rounds(preset: str, players: int, bots: str | list[Bot | None], me: Callable[[State], object],
                  rounds: int, seed: int, think_twice: bool = False) -> list[tuple[State, State, State]]:
    """A game at lesson 6's table (its controller, seeded like the lesson's): the learner in seat 0 moves by ``me``,
    the bots as the table moves them. Each finished round as ``(the deal as the table showed it, its first state
    in the table's history, its showdown)``. ``think_twice``: each bot thinks ahead, the table drops that move
    (as a page does when its timer is reset) and the bot thinks again before it moves."""
    c = TableControl(new_game(preset, players=players, seed=seed), seat=0, bots=bots, seed=seed)
    dealt = c.state
    out = []
    for _ in range(5000):
        s = c.state
        if s.round_over:
            out.append((dealt, round_start([*c.history, s], s.round), s))
            if len(out) == rounds or s.game_over:
                return out
            nxt = c.next_round()
            assert nxt is not None
            c.advance(nxt)
            dealt = nxt
        elif c.my_turn:
            assert c.play(me(s)).move is not None  # type: ignore[arg-type]
        else:
            if think_twice:
                c.think()
                c.planned = None
            assert c.bot_move() is not None
    raise AssertionError("the game did not end")


def same_deal(a: State, b: State) -> bool:
    return (a.hands, a.stock, a.discard_pile, a.center, a.dealer, a.lives, a.out, a.round, a.seed, a.shuffles) == (
        b.hands, b.stock, b.discard_pile, b.center, b.dealer, b.lives, b.out, b.round, b.seed, b.shuffles)


def intermediate(seed: int = 11) -> Callable[[State], object]:
    bot = make_bot("intermediate", seed=seed)
    return lambda s: bot.choose(s.view(0))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_replayed_round_deals_the_same_cards(preset: str) -> None:
    """Every round of a game: the deal the replay starts from is the one the table dealt, and the coach's round
    (another player in the learner's seat) is played from those very cards (its first moves see them)."""
    rounds = played_rounds(preset, 4, "random", intermediate(), rounds=4, seed=21)
    assert len(rounds) >= 3
    for dealt, start, end in rounds:
        assert start is not None and same_deal(start, dealt)
        rep = replay_round(start, end, 0, CoachBot(rollouts=8, knock_rollouts=8), lambda p: make_bot("random"))
        assert rep.start is start and same_deal(rep.start, dealt)
        s = start
        for m in rep.replayed:  # the replay's moves, made on the table's deal, end where the replay ended
            assert s.current_player == m.seat and s.turns == m.turns
            s = s.apply(m.action)
        assert s.hands == rep.replayed_end.hands and s.result == rep.replayed_end.result


@pytest.mark.parametrize("preset", PRESETS)
def test_the_rounds_moves_are_read_back_from_its_events(preset: str) -> None:
    for _dealt, start, end in played_rounds(preset, 3, "random", intermediate(), rounds=3, seed=5):
        moves = round_moves(start, end)
        s = start
        for m in moves:
            assert isinstance(m, Move) and s.current_player == m.seat and s.turns == m.turns and s.phase == m.phase
            s = s.apply(m.action)
        assert s.round_over and s.result == end.result and s.lives == end.lives
    later = played_rounds(preset, 3, "random", intermediate(), rounds=2, seed=5)
    with pytest.raises(ValueError):
        round_moves(later[0][1], later[1][2])  # round 1's deal and round 2's end


@pytest.mark.parametrize("preset", PRESETS)
def test_with_the_same_player_in_the_seat_the_replay_is_the_original_round(preset: str) -> None:
    """Random bots (every move a random choice) and a random learner: the table's rounds, replayed with fresh bots
    and a fresh learner of the same kind, are move for move the rounds played, even when each bot thought twice."""
    table_me = RandomBot()
    rounds = played_rounds(preset, 4, "random", lambda s: seeded_choice(table_me, s), rounds=4, seed=8,
                           think_twice=True)
    assert len(rounds) >= 3
    for _dealt, start, end in rounds:
        rep = replay_round(start, end, 0, RandomBot(seed=99), lambda p: RandomBot(seed=p))
        assert rep.replayed == rep.original and rep.first_difference is None
        assert rep.replayed_end.result == end.result and rep.replayed_losses == rep.original_losses
        assert rep.before_difference() is None


def test_expert_bots_make_the_same_choices_in_the_replay() -> None:
    """The expert's play-outs are random: seeded per decision, fresh experts replay the table's round."""
    bots: list[Bot | None] = [None] + [ExpertBot(seed=p, rollouts=12, max_rollouts=24) for p in (1, 2)]
    rounds = played_rounds("scat", 3, bots, intermediate(), rounds=2, seed=3, think_twice=True)
    learner = make_bot("intermediate", seed=11)
    for _dealt, start, end in rounds:
        moves, last = play_round(start, [learner] + [ExpertBot(seed=77, rollouts=12, max_rollouts=24)] * 2)
        assert moves == round_moves(start, end) and last.result == end.result


def test_with_the_coach_in_the_seat_the_first_differing_turn_is_reported() -> None:
    differ = 0
    for _dealt, start, end in played_rounds("scat", 4, "intermediate", intermediate(), rounds=6, seed=1):
        rep = replay_round(start, end, 0, CoachBot(seed=0, rollouts=60, knock_rollouts=60),
                           lambda p: make_bot("intermediate"))
        i = rep.first_difference
        assert rep.original == round_moves(start, end)
        if i is None:
            assert rep.replayed == rep.original
            continue
        differ += 1
        assert rep.original[:i] == rep.replayed[:i] and rep.original[i] != rep.replayed[i]
        mine, coach = rep.original[i], rep.replayed[i]
        assert mine.seat == coach.seat == 0 and (mine.turns, mine.phase) == (coach.turns, coach.phase)
        before = rep.before_difference()
        assert before is not None and before.current_player == 0 and before.turns == mine.turns
        assert mine.action in before.legal_actions() and coach.action in before.legal_actions()
        assert coach.action == seeded_choice(CoachBot(rollouts=60, knock_rollouts=60), before)  # the coach's own choice
        assert rep.original_losses == end.result.losses  # type: ignore[union-attr]
        assert rep.replayed_losses == rep.replayed_end.result.losses  # type: ignore[union-attr]
    assert differ >= 2, "the coach plays some of these rounds otherwise than the intermediate learner"


def test_a_replay_is_the_same_on_every_run_and_step_by_step() -> None:
    (_dealt, start, end), *_ = played_rounds("schwimmen", 3, "expert", intermediate(), rounds=1, seed=2)
    one = replay_round(start, end, 0, CoachBot(rollouts=40, knock_rollouts=40), lambda p: make_bot("expert"))
    run = Replaying(start, [CoachBot(seed=5, rollouts=40, knock_rollouts=40), make_bot("expert"),
                            make_bot("expert")])
    steps = 0
    while run.step():
        steps += 1
        assert len(run.moves) == steps and not (run.done and run.step())
    again = run.replay(0, end)
    assert (again.replayed, again.original, again.replayed_end.result) == (one.replayed, one.original,
                                                                           one.replayed_end.result)
    assert steps == len(one.replayed) and again.first_difference == one.first_difference


def test_decision_seeds_differ_by_game_round_seat_and_place() -> None:
    seeds = {decision_seed(g, r, p, t, ph) for g in (1, 2) for r in (1, 2) for p in (0, 1) for t in (0, 3)
             for ph in ("turn", "discard")}
    assert len(seeds) == 32
    assert decision_seed(1, 2, 3, 4, "turn") == decision_seed(1, 2, 3, 4, "turn")
