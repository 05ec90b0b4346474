"""Lesson 5's exercise in reading the table (issue 33), driven in pure Python as a learner drives it: a staged
round's moves so far, which suit a named player collects and whether to throw your card of it; the answer is the
coach's read with its numbers. The ``widget_errors`` fixture (conftest) fails any test in which a widget callback
raised."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from thirtyone.coach import lives_text
from thirtyone.i18n import _, percent, using
from thirtyone.narration import the_card
from thirtyone.readwords import seat_sentences, suit_text
from thirtyone.widgets.tableread import SPOTS, TableReading

RIGHT = ((3, False), (3, True), (0, False), (0, True), (2, False), (1, True))
"""The coach's answers for each staged round of SPOTS: the suit the player collects (0 clubs … 3 diamonds) and
whether to throw the card asked about. Keep it when the collector plays right after you and your own hand can
spare another card; throw it when they do not, or when your hand needs it gone all the same."""


def shown(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def click(widget: TableReading, suit: int, throw: bool) -> None:
    """The learner's clicks: a suit, throw or keep, then Check (through the buttons' callbacks)."""
    widget.suit_buttons.value = suit
    widget.throw_buttons.value = throw
    widget.check_button.click()


def test_every_staged_round_has_the_coachs_clear_read_and_a_verdict_that_is_not_a_toss_up() -> None:
    reading = TableReading()
    assert len(SPOTS) == len(RIGHT)
    for i, (suit, throw) in enumerate(RIGHT):
        reading.pose(i)
        assert reading.answer(suit, throw) is True, i
        v = reading.verdict
        assert v is not None and v.suit == suit and v.throws == throw and not v.either, i
        advice = reading.advice
        assert advice is not None and advice.read is not None
        sentences = seat_sentences(reading.state.view(0), advice.read, SPOTS[i].seat, reading.names(), advice.best)
        assert len(sentences) == 3, (i, sentences)  # the read is clear: what they did, the numbers, the meaning
    assert (reading.right, reading.asked) == (len(SPOTS), len(SPOTS))


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_a_right_answer_is_marked_right_with_the_coachs_numbers(lang: str) -> None:
    with using(lang):
        reading = TableReading()
        suit, throw = RIGHT[0]
        click(reading, suit, throw)
        assert reading.answered and reading.verdict is not None and reading.verdict.right
        advice = reading.advice
        assert advice is not None and advice.read is not None
        ana = advice.read.seat(1)
        assert ana is not None
        text = shown(reading.feedback.value)
        assert reading.feedback.value.count("✔") == 2 and "✘" not in reading.feedback.value
        numbers = _("{name} holds two cards or more of {suit} in {chance} of the deals the coach read from the moves "
                    "so far, against {other_chance} in a random deal of the cards you cannot see.").format(
            name="Ana", suit=suit_text(3), chance=percent(round(100 * ana.chance)),
            other_chance=percent(round(100 * ana.uniform)))
        assert " ".join(numbers.split()) in text
        rows = {m.action.cards[0]: m.estimate for m in advice.moves if m.action.kind == "discard"}
        ace = next(c for c in rows if str(c) == "A♦")
        five = next(c for c in rows if str(c) == "8♥")
        throws = _("Throwing your {card} loses {lives} lives on average ({low} to {high}); throwing {the_card} "
                   "instead loses {other_lives} ({other_low} to {other_high}).").format(
            card="A♦", lives=lives_text(rows[ace].expected_lives), low=lives_text(rows[ace].expected_ci[0]),
            high=lives_text(rows[ace].expected_ci[1]), the_card=the_card(five),
            other_lives=lives_text(rows[five].expected_lives), other_low=lives_text(rows[five].expected_ci[0]),
            other_high=lives_text(rows[five].expected_ci[1]))
        assert " ".join(throws.split()) in text
        assert _("Right: the coach keeps your {card}.").format(card="A♦") in text
        assert str(1) in shown(reading.tally.value)
        if lang != "en":
            assert "collecting" not in text and "Throwing your" not in text  # translated


def test_wrong_answers_are_marked_wrong_and_the_right_ones_said() -> None:
    reading = TableReading()
    click(reading, 0, True)  # clubs, and throw the A♦: both wrong
    v = reading.verdict
    assert v is not None and not v.suit_right and not v.throw_right and not v.right
    text = shown(reading.feedback.value)
    assert reading.feedback.value.count("✘") == 2
    assert "Not this one: the coach reads that Ana is likely collecting diamonds ♦." in text
    assert "Not this one: the coach keeps your A♦." in text
    assert "Ana plays right after you: your A♦ is worth more to Ana than to you" in text
    assert shown(reading.tally.value) == "Score: 0 right out of 1"
    click(reading, 3, False)  # a second answer to the same round counts nothing
    assert reading.asked == 1 and reading.right == 0
    reading.next_button.click()
    assert not reading.answered and reading.feedback.value == "" and reading.index == 1
    click(reading, 3, False)  # Cleo does not play right after you: the coach throws the A♦
    v = reading.verdict
    assert v is not None and v.suit_right and not v.throw_right
    text = shown(reading.feedback.value)
    assert "Cleo does not play right after you: the card you throw now will not reach Cleo." in text
    assert "Not this one: the coach throws your A♦." in text
    assert (reading.right, reading.asked) == (0, 2)


def test_the_round_so_far_is_shown_move_by_move_with_lesson_6s_names() -> None:
    reading = TableReading()
    moves = shown(reading.moves.value)
    assert "Ana took the 4♦ from the discard pile and threw the 3♥." in moves
    assert "Which suit is Ana collecting?" in shown(reading.suit_question.value)
    assert "Would you throw your A♦ now?" in shown(reading.throw_question.value)
    assert [label for label, _v in reading.suit_buttons.options] == ["clubs ♣", "spades ♠", "hearts ♥", "diamonds ♦"]
    reading.check_button.click()  # nothing chosen: a message, nothing marked
    assert "Choose a suit" in shown(reading.feedback.value) and reading.asked == 0
    with using("de"):
        german = TableReading(start=3)
        assert "Würdest du deine Karte K♣ jetzt ablegen?" in shown(german.throw_question.value)
        assert "Kreuz ♣" in [label for label, _v in german.suit_buttons.options]


def test_a_failing_coach_is_said_to_the_learner_and_counts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import thirtyone.widgets.tableread as tableread

    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("no worlds")

    monkeypatch.setattr(tableread, "coach", boom)
    reading = TableReading()
    click(reading, 3, False)
    assert 'role="alert"' in reading.feedback.value or "to-error" in reading.feedback.value
    assert reading.asked == 0 and not reading.answered


def test_each_answer_counts_once_as_the_pages_read_exercise() -> None:
    from thirtyone.widgets import Memory

    m = Memory("05-knock-timing")
    m.set_state({"loaded": ""})  # the browser's record arrives: none yet
    reading = TableReading(memory=m)
    click(reading, 3, False)
    click(reading, 3, False)  # answered already: not counted again
    reading.next_spot()
    click(reading, 0, False)
    assert m.record["pages"]["05-knock-timing"]["exercises"]["read"] == {"right": 1, "asked": 2}
