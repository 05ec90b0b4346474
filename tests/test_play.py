"""Lesson 6's whole game, driven in pure Python as the front end drives it (clicks on buttons and cards).
The ``widget_errors`` fixture (conftest) fails any test in which a widget callback raised."""

from __future__ import annotations

import ipywidgets as w
import pytest
from test_table import do

from thirtyone.bots import make_bot
from thirtyone.game import Action
from thirtyone.widgets import GameSetup, PlayGame
from thirtyone.widgets.play import GameTable


def play_to_the_end(game: PlayGame, coach_every: int = 3, limit: int = 3000) -> int:
    """The learner plays the whole game by clicking: every ``coach_every``-th move asks the coach and
    plays its move, the others are the intermediate bot's moves; "Next round" after each round.
    Returns the learner's moves."""
    me = make_bot("intermediate", seed=11)
    moves = 0
    for _ in range(limit):
        t = game.table
        assert t is not None
        s = t.state
        if s.game_over:
            return moves
        if s.round_over:
            assert not t.next_round_button.disabled
            t.next_round_button.click()
            assert t.state is not s
            continue
        assert t.my_turn, "bots play at pace 0: it must be the learner's turn"
        assert not game.coach_button.disabled
        if moves % coach_every == 0:
            game.coach_button.click()
            assert game.advice is not None and game.advice.is_for(s)
            assert "The coach:" in game.coach_html.value and not game.follow_button.disabled
            game.follow_button.click()
        else:
            do(t, me.choose(s.view(0)))
        assert t.state is not s, t.message
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("preset", "bots", "lives"), [("scat", 2, 2), ("schwimmen", 1, 1), ("widow", 3, 1),
                                                       ("bga-draw", 1, 2)])
def test_a_whole_seeded_game_to_the_end_with_its_summary(preset: str, bots: int, lives: int) -> None:
    game = PlayGame(preset, bots=bots, seed=4, lives=lives, pace=0, rollouts=40)
    t = game.table
    assert isinstance(t, GameTable) and t.state.players == bots + 1 and t.state.lives == (lives,) * (bots + 1)
    moves = play_to_the_end(game)
    s = t.state
    assert moves > 0 and s.game_over and s.winner is not None
    rec = game.record
    assert rec.winner == s.winner and rec.rounds[-1][1] == s.lives
    assert [r for r, _, _ in rec.rounds] == sorted(game.results)
    assert rec.asked >= 1 and rec.followed == rec.asked
    summary = game.summary.value
    assert game.summary.layout.display is None
    assert rec.summary() in summary.replace("&#x27;", "'")
    assert '<img src="data:image/png;base64,' in summary and 'alt="Lives of each player' in summary
    assert "Lives at the start and after each round" in summary
    assert summary.count("<tr>") == s.players + 1  # the header and one row per player
    assert ("You did not knock" in summary) == (not rec.knocks)
    assert game.game_log.value.count("<details>") == len(rec.rounds)
    assert game.coach_button.disabled and game.follow_button.disabled
    assert "game is over" in game.coach_html.value


def test_stale_and_out_of_turn_clicks_change_nothing() -> None:
    game = PlayGame("scat", bots=2, seed=7, lives=2, pace=0, rollouts=30)
    t = game.table
    assert t is not None and t.my_turn
    game.coach_button.click()
    advice = game.advice
    assert advice is not None
    before = t.state
    # a move other than the coach's: its advice is now stale
    other = next(a for a in before.legal_actions() if a != advice.best)
    do(t, other)
    assert not advice.is_for(t.state)
    assert game.follow_button.disabled
    mid = t.state
    assert game.follow() is False and t.state is mid  # stale advice: nothing happens
    game.follow_button.click()
    assert t.state is mid
    assert "The coach:" not in game.coach_html.value
    assert game.record.asked == 1 and game.record.followed == 0
    # out of turn: a table in step mode waits for the bots' moves
    t.step_mode = True
    while t.my_turn:
        do(t, t.state.legal_actions()[0])
    if not t.state.round_over:
        assert t.bot_to_move() is not None
        waiting = t.state
        assert game.coach_button.disabled and game.follow_button.disabled
        assert game.ask_coach() is None and "on your turn" in game.coach_html.value
        t.knock_button.click()
        t.stock_button.click()
        assert t.state is waiting
        assert t.play("knock") is False and t.state is waiting


def test_start_deals_a_new_game_with_the_setup_and_stops_the_old_one() -> None:
    game = PlayGame("scat", bots=1, seed=1, pace=0, rollouts=30)
    old = game.table
    assert old is not None and old.state.players == 2
    setup = game.setup
    setup.rules_menu.value = "schwimmen"
    setup.bots_menu.value = 7
    setup.level_menu.value = "beginner"
    setup.lives_menu.value = 2
    setup.seed_box.value = 12
    setup.start_button.click()
    t = game.table
    assert t is not old and game.table_box.children == (t,)
    assert t.state.players == 8 and t.state.rules.name == "schwimmen" and t.state.lives == (2,) * 8
    assert t.state.seed == 12 and all(b is None for b in old.bots)
    assert type(t.bots[1]).__name__ == "GreedyBot"
    assert game.record.rounds == [] and game.record.names == t.labels
    assert old.on_move is None
    if old.my_turn:  # the old table no longer feeds the game's record
        old.play(old.legal()[0])
    assert game.record.asked == 0 and game.record.knocks == []


def test_setup_controls_are_labelled_drop_downs_and_the_table_hides_what_the_setup_chooses() -> None:
    setup = GameSetup()
    for control in (setup.rules_menu, setup.bots_menu, setup.level_menu, setup.lives_menu, setup.seed_box):
        assert control.description, control
        assert not isinstance(control, (w.IntSlider, w.FloatSlider))
    assert [v for _, v in setup.bots_menu.options] == list(range(1, 8))
    assert setup.lives() == 3
    with pytest.raises(ValueError):
        GameSetup(bots=8)
    with pytest.raises(ValueError):
        GameSetup(level="grandmaster")
    game = PlayGame(start=False)
    assert game.table is None and "Start the game" in game.coach_html.value and game.ask_coach() is None
    game.setup.start_button.click()
    t = game.table
    assert t is not None
    for hidden in (t.back_button, t.new_game_button, t.level_menu, t.show_all_box):
        assert hidden.layout.display == "none"


def test_knocking_without_asking_is_judged_by_the_coach() -> None:
    game = PlayGame("scat", bots=1, seed=3, lives=1, pace=0, rollouts=30)
    t = game.table
    assert t is not None
    while Action("knock") not in t.legal():
        s = t.state
        assert t.my_turn
        do(t, Action("draw stock") if s.phase == "turn" else s.legal_actions()[0])
        if t.state.round_over:
            t.next_round_button.click()
    do(t, Action("knock"))
    rec = game.record
    assert len(rec.knocks) == 1 and rec.asked == 0
    assert rec.knock_lines()[0].startswith(f"Round {rec.knocks[0].round}, after ")
