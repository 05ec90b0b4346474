"""The knock advisor and drill, as a learner reads them (tools/mutate.py's advisor mutants)."""

from __future__ import annotations

import html

from thirtyone.analysis import Estimate, KnockAdvice
from thirtyone.timing import staged_turn
from thirtyone.widgets.advisor import advice_html, situation_html


def test_neither_choice_is_marked_better_when_the_two_are_too_close_to_tell() -> None:
    knock = Estimate.from_losses("knock", [0] * 70 + [1] * 30)
    play = Estimate.from_losses("draw stock", [0] * 72 + [1] * 28)
    close = KnockAdvice(0, 24.0, knock, play, "play on", "")
    assert close.close
    assert "fewer lives lost" not in advice_html(close) and "to-best" not in advice_html(close)
    apart = KnockAdvice(0, 24.0, knock, Estimate.from_losses("draw stock", [0] * 99 + [1]), "play on", "")
    assert not apart.close and html.unescape(advice_html(apart)).count("fewer lives lost") == 1


def test_the_situation_names_each_seat_as_the_table_has_it() -> None:
    words = [html.unescape(situation_html(staged_turn("scat", "K♥ Q♥ 7♣", 4, seat, seat - 1), note=False))
             for seat in (1, 2, 4)]
    assert "seat 1, left of the dealer: you play first" in words[0]
    assert "seat 2: you play 2nd" in words[1]
    assert "seat 4: you are the dealer and play last" in words[2]
