"""The game against bots with a coach, as a learner meets it (tools/mutate.py's play mutants)."""

from __future__ import annotations

from thirtyone import Rules
from thirtyone.widgets.play import PlayGame, level_text


def test_advice_from_an_earlier_turn_is_not_played_even_when_its_move_is_legal_again() -> None:
    game = PlayGame("scat", bots=2, seed=7, lives=2, pace=0, rollouts=30)
    advice, t = game.ask_coach(), game.table
    assert t is not None and advice is not None and advice.best.kind == "draw discard"
    t.play("draw stock")  # not the coach's move
    while t.my_turn and t.state.phase == "discard":
        t.play(t.state.legal_actions()[0])
    assert t.my_turn and t.state.phase == "turn"  # the bots moved: the learner's next turn
    assert advice.best in t.state.legal_actions() and not advice.is_for(t.state)
    now = t.state
    assert game.follow() is False and t.state is now


def test_the_thresholds_when_players_drop_out_are_for_fewer_players_only() -> None:
    text = level_text("intermediate", Rules.preset("scat"), 4)
    assert "with 3 still in" in text and "with 2 still in" in text and "with 4 still in" not in text
