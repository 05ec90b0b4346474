"""The Review widget (issue 22), driven in pure Python: the due items come back in order, an answer moves each on the
schedule and is reported, bad items are set aside, and with nothing due it says when the next one is.

The ``widget_errors`` fixture (conftest) fails any test in which a widget callback raised."""

from __future__ import annotations

import copy
import json
import logging
import random
from typing import Any

import pytest

from thirtyone import i18n
from thirtyone.rules import Rules
from thirtyone.schedule import STEPS_DAYS
from thirtyone.scoring import score
from thirtyone.timing import drill_spot
from thirtyone.widgets.advisor import KnockDrill
from thirtyone.widgets.quiz import Quiz, TieQuiz
from thirtyone.widgets.review import Review, spot_fields, spot_from, when

NOW = 20_000.5
SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")


def _item(kind: str, cards: Any, due: float, step: int = 0, rules: str = "scat", **more: Any) -> dict[str, Any]:
    given, right = {"quiz": (21, 30), "tie": (1, 0), "drill": ("knock", "play on")}.get(kind, (0, 1))
    return {"kind": kind, "rules": rules, "cards": cards, "given": given, "right": right, "step": step, "due": due,
            **more}


QUIZ = _item("quiz", ["A♥", "K♥", "9♥"], NOW - 2)  # worth 30 under Scat
TIE = _item("tie", [["10♥", "9♥", "7♣"], ["10♣", "9♣", "7♥"]], NOW - 1, rules="schwimmen", step=3)  # 19 and 19


def _drill(due: float, seed: int = 4) -> dict[str, Any]:
    return _item("drill", spot_fields(drill_spot(SCAT, random.Random(seed))), due)


def _quiz(r: Review) -> Quiz:
    assert isinstance(r.exercise, Quiz)
    return r.exercise


def _tie(r: Review) -> TieQuiz:
    assert isinstance(r.exercise, TieQuiz)
    return r.exercise


def _drill_of(r: Review) -> KnockDrill:
    assert isinstance(r.exercise, KnockDrill) and r.exercise.spot is not None
    return r.exercise


def _reports(review: Review) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    review.on_answer(got.append)
    return got


def test_the_due_items_come_one_at_a_time_the_longest_overdue_first() -> None:
    later = _item("quiz", ["7♣", "8♣", "10♦"], NOW + 2)  # not due yet
    drill = _drill(NOW - 0.5)
    r = Review([drill, later, TIE, QUIZ], NOW, rollouts=200)
    assert [i["kind"] for i in r.queue] == ["tie", "drill"] and r.current is QUIZ
    assert isinstance(r.exercise, Quiz)
    assert [str(c) for c in r.exercise.hand] == QUIZ["cards"]
    assert "3 exercises to review" in r.heading.value
    assert r.exercise.rules.name == "scat" and r.exercise.next_button.layout.display == "none"
    assert r.answer(score(r.exercise.hand, SCAT).value) is True
    r.next_button.click()
    assert r.current is TIE and isinstance(r.exercise, TieQuiz)
    assert [[str(c) for c in h] for h in r.exercise.hands] == TIE["cards"] and r.exercise.rules.name == "schwimmen"
    assert "2 exercises to review" in r.heading.value
    r.exercise.buttons[0].click()
    r.next_button.click()
    assert r.current is drill and isinstance(r.exercise, KnockDrill)
    spot = _drill_of(r).spot
    assert spot is not None and [str(c) for c in spot.hand] == drill["cards"]["hand"]
    assert spot.state.players == drill["cards"]["players"]
    assert r.exercise.rule_editor.layout.display == "none"  # the item's rules, not a menu
    assert r.answer("knock") is not None
    assert r.next_button.description == "Done"
    r.next_button.click()
    assert r.current is None and r.exercise is None and r.reviewed == 3


def test_a_right_answer_moves_the_item_one_step_on_and_reports_it() -> None:
    before = copy.deepcopy(QUIZ)
    r = Review([QUIZ], NOW)
    got = _reports(r)
    assert r.next_button.layout.display == "none"  # no skipping ahead before an answer
    _quiz(r).answer.value = "30"  # typed in the box, as a learner does
    assert len(got) == 1 and got[0]["step"] == 1 and got[0]["due"] == NOW + STEPS_DAYS[1]
    assert {k: v for k, v in got[0].items() if k not in ("step", "due")} == \
        {k: v for k, v in before.items() if k not in ("step", "due")}
    assert QUIZ == before and r.items == [got[0]]  # the item given is left as it was; the widget holds the new one
    assert "Right" in _quiz(r).feedback.value  # the quiz's own feedback
    _quiz(r).check_button.click()  # a second click counts nothing
    assert r.answer(30) is None and len(got) == 1


def test_a_miss_sends_the_item_back_to_the_first_step_a_day_on() -> None:
    r = Review([TIE], NOW)
    got = _reports(r)
    assert isinstance(r.exercise, TieQuiz)
    wrong = 1 - r.exercise.loser  # TieQuiz's own judging says which hand loses
    r.exercise.buttons[wrong].click()
    assert [(i["step"], i["due"]) for i in got] == [(0, NOW + 1)]
    assert "Not quite" in _tie(r).feedback.value


def test_a_drill_spot_is_judged_by_the_drills_own_estimate() -> None:
    r = Review([_drill(NOW - 1, seed=7)], NOW, rollouts=300)
    got = _reports(r)
    drill = _drill_of(r)
    advice = drill.judge()
    wrong = "play on" if advice.advice == "knock" else "knock"
    (drill.knock_button if wrong == "knock" else drill.play_button).click()
    assert len(got) == 1
    assert got[0]["step"] == (1 if advice.close else 0)  # too close to tell: either answer counts
    r.load(got, NOW + 5)  # five days on it is due again
    got2 = _reports(r)
    right = _drill_of(r).judge().advice
    assert r.answer(right) is True and got2[0]["step"] == got[0]["step"] + 1


def test_a_typo_is_not_an_answer_and_moves_nothing() -> None:
    r = Review([QUIZ], NOW)
    got = _reports(r)
    assert r.answer("thirty") is None and got == []
    assert "is not a number" in _quiz(r).feedback.value
    assert r.answer("21") is False and got[0]["step"] == 0 and got[0]["due"] == NOW + 1


def test_bad_items_are_set_aside_with_a_note_and_the_rest_still_come() -> None:
    bad: list[Any] = [
        _item("puzzle", ["A♥", "K♥", "9♥"], NOW - 5),
        _item("quiz", ["A♥", "K♥", "Z♥"], NOW - 5),
        _item("quiz", ["A♥", "K♥"], NOW - 5),
        _item("quiz", ["A♥", "K♥", "9♥"], NOW - 5, rules="poker"),
        _item("tie", [["A♥", "K♥", "9♥"], ["A♣", "K♣", "7♣"]], NOW - 5, rules="schwimmen"),  # 30 against 28
        _item("drill", {"hand": ["A♥", "K♥", "9♥"]}, NOW - 5),
        {"kind": "quiz"},
        "A♥ K♥ 9♥",
    ]
    r = Review([bad[0], QUIZ, *bad[1:], TIE], NOW)
    assert r.items == [QUIZ, TIE] and [i for i, _why in r.refused] == bad
    why = [w for _i, w in r.refused]
    assert "kind must be quiz, tie, drill, not 'puzzle'" in why[0]
    assert "'Z♥'" in why[1] and "three cards" in why[2] and "no rules called 'poker'" in why[3]
    assert "do not make a tie" in why[4] and "hand, players, seat, turns, seed" in why[5]
    assert "8 saved exercises could not be shown" in r.notes.value and "Z♥" in r.notes.value
    assert r.current is QUIZ and r.queue == [TIE]


def test_a_callback_that_raises_is_caught_and_fails_the_test(widget_errors: list[logging.LogRecord]) -> None:
    r = Review([QUIZ], NOW)
    r.on_answer(lambda item: 1 / 0)
    _quiz(r).answer.value = "30"
    assert len(widget_errors) == 1 and "ZeroDivisionError" in str(widget_errors[0].exc_info)
    widget_errors.clear()  # expected here; any other test with such an error fails


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Nothing to review now. Next review: in 3 days.", "Practise a new hand")),
    ("es", ("Ahora no hay nada que repasar. Próximo repaso: dentro de 3 días.", "Practica con una mano nueva")),
])
def test_with_nothing_due_it_says_when_the_next_item_is_due(lang: str, words: tuple[str, str]) -> None:
    with i18n.using(lang):
        r = Review([_item("quiz", ["A♥", "K♥", "9♥"], NOW + 3), _item("quiz", ["7♥", "8♥", "9♥"], NOW + 30)], NOW)
        assert r.current is None and words[0] in r.heading.value
        assert r.practice_button.description == words[1] and r.practice_button.layout.display is None
        r.practice_button.click()  # fresh practice: a new quiz hand, scheduled nowhere
        assert isinstance(r.practice, Quiz) and r.stage.children == (r.practice,)
        r.practice_button.click()
        assert r.practice.dealt == 2 and r.current is None and r.items[0]["due"] == NOW + 3  # nothing moved


def test_after_the_last_due_item_it_says_when_the_next_comes_in_both_languages() -> None:
    for lang, text in (("en", "Well done: nothing else is due today. Next review: tomorrow."),
                       ("es", "¡Bien hecho! Por hoy no queda nada más que repasar. Próximo repaso: mañana.")):
        with i18n.using(lang):
            r = Review([QUIZ], NOW)
            assert r.answer(20) is False
            r.next_button.click()
            assert text in r.heading.value


def test_with_no_items_at_all_it_says_what_will_come_here() -> None:
    r = Review([], NOW)
    assert "Nothing to review yet" in r.heading.value and r.practice_button.layout.display is None


@pytest.mark.parametrize(("days", "en", "es"), [
    (0, "now", "ahora"), (0.1, "in 3 hours", "dentro de 3 horas"), (0.01, "in 1 hour", "dentro de 1 hora"),
    (0.95, "in 23 hours", "dentro de 23 horas"), (0.99999, "tomorrow", "mañana"),
    (1, "tomorrow", "mañana"), (1.4, "tomorrow", "mañana"), (2, "in 2 days", "dentro de 2 días"),
    (3, "in 3 days", "dentro de 3 días"), (14, "in 14 days", "dentro de 14 días"),
    (90, "in 3 months", "dentro de 3 meses"),
])
def test_when_says_the_next_review_in_the_learners_words(days: float, en: str, es: str) -> None:
    assert when(NOW + days, NOW) == en
    with i18n.using("es"):
        assert when(NOW + days, NOW) == es


def test_a_spot_saved_as_json_stages_the_same_situation() -> None:
    drill = KnockDrill("scat", seed=11, rollouts=100)
    assert drill.spot is not None
    again = spot_from(json.loads(json.dumps(spot_fields(drill.spot))), SCAT)
    assert again.state.view(again.player) == drill.spot.state.view(drill.spot.player)


def test_every_word_the_review_shows_is_in_the_catalog() -> None:
    """Under the pseudo-locale every word is wrapped in ⟦…⟧: a word outside the markers was never translated."""
    from helpers.words import _unmarked, _visible

    shown: list[tuple[str, list[str]]] = []
    with i18n.using(i18n.PSEUDO):
        r = Review([QUIZ, TIE, _drill(NOW - 1), _item("quiz", ["A♥", "K♥", "Z♥"], NOW), _item("puzzle", [], NOW),
                    _item("quiz", ["A♥", "K♥", "9♥"], NOW, rules="poker")], NOW, rollouts=100)
        shown.append(("quiz", _visible(r)))
        r.answer(21)
        shown.append(("quiz answered", _visible(r)))
        r.next_item()
        r.answer(0)
        shown.append(("tie answered", _visible(r)))
        r.next_item()
        shown.append(("drill", _visible(r)))
        r.answer("knock")
        shown.append(("drill answered", _visible(r)))
        r.next_item()
        shown.append(("nothing due", _visible(r)))
        r.practise()
        shown.append(("practice", _visible(r)))
        shown.append(("no items", _visible(Review([], NOW))))
    bad = [f"{name}: {b}" for name, texts in shown for b in _unmarked(texts, [])]
    assert bad == [], "\n".join(bad[:20])
    assert any("⟦" in t for t in shown[0][1])


# -- the Review page: the learner's record, from the browser -------------------------------------------------------
def _review_page(clock_days: float = 0.0, record: dict[str, Any] | None = None) -> tuple[Any, Review]:
    """The Review page's two cells (notebooks/review.ipynb), then the browser's record arriving."""
    from thirtyone import progress
    from thirtyone.widgets.memory import Memory

    memory = Memory("review")
    review = memory.review(Review(None, memory.now(), rollouts=200))
    if record is not None:
        memory.set_state({"loaded": progress.dump(record), "clock_days": clock_days})
    return memory, review


def _days() -> float:
    import time

    return time.time() / 86400


def _lessons_missed() -> dict[str, Any]:
    """A record as lessons 1 and 5 leave it: a quiz hand and a drill spot missed, a day ago and today."""
    from thirtyone import progress

    now = _days()
    quiz = progress.missed_item("quiz", "scat", ["A♥", "K♥", "9♥"], 21, 30, now - 1)
    drill = _drill(now)
    drill = progress.missed_item("drill", "scat", drill["cards"], "knock", "play on", now)
    r = progress.answered(progress.fresh(), "01-scoring", "quiz", False, quiz)
    return progress.answered(r, "05-knock-timing", "drill", False, drill)


def test_the_review_page_shows_at_once_and_asks_when_the_record_arrives() -> None:
    memory, r = _review_page()
    assert "Looking for the exercises you missed" in r.heading.value and r.current is None
    assert r.practice_button.layout.display == "none" and r.next_button.layout.display == "none"
    memory.set_state({"loaded": progress_text(_lessons_missed()), "clock_days": 0.0})
    assert r.current is not None and r.current["kind"] == "quiz" and r.queue == []  # the drill is due tomorrow
    assert "1 exercise to review" in r.heading.value


def progress_text(record: dict[str, Any]) -> str:
    from thirtyone import progress

    return progress.dump(record)


def test_a_day_on_both_come_back_and_each_right_answer_moves_it_one_step_in_the_record() -> None:
    from thirtyone import progress

    before = _lessons_missed()
    memory, r = _review_page(clock_days=1.0, record=before)
    assert [i["kind"] for i in [r.current, *r.queue]] == ["quiz", "drill"]
    assert _quiz(r).memory is None  # the quiz inside the review reports to no page: a miss counts once
    assert r.answer(30) is True
    r.next_button.click()
    drill = _drill_of(r)
    assert r.answer(drill.judge().advice) is True
    record, note = progress.read(memory.saved)
    assert note is progress.Note.OK
    now = memory.now()
    assert [(i["kind"], i["step"]) for i in record["missed"]] == [("quiz", 1), ("drill", 1)]
    assert all(now + STEPS_DAYS[1] - 0.01 < i["due"] <= now + STEPS_DAYS[1] for i in record["missed"])
    assert record["pages"] == before["pages"]  # the lessons' own counts are left as they were
    r.next_button.click()
    assert "Well done" in r.heading.value and "in 3 days" in r.heading.value


def test_a_miss_in_the_review_sends_the_item_back_to_a_day_on() -> None:
    from thirtyone import progress

    memory, r = _review_page(clock_days=1.0, record=_lessons_missed())
    assert r.answer(20) is False
    quiz = progress.read(memory.saved)[0]["missed"][0]
    assert quiz["step"] == 0 and abs(quiz["due"] - (memory.now() + 1)) < 0.01


def test_forgetting_empties_the_review_too() -> None:
    from thirtyone import progress

    memory, r = _review_page(clock_days=1.0, record=_lessons_missed())
    assert r.current is not None
    memory._handle_custom_msg({"event": "forget"}, [])
    assert r.current is None and r.items == [] and "Nothing to review yet" in r.heading.value
    assert progress.read(memory.saved)[0] == progress.fresh()


def test_a_file_loaded_on_the_review_page_brings_its_items_at_once() -> None:
    from thirtyone import progress

    memory, r = _review_page(clock_days=1.0, record=progress.fresh())
    assert r.current is None and "Nothing to review yet" in r.heading.value
    memory._handle_custom_msg({"event": "load", "text": progress.dump(_lessons_missed())}, [])
    assert [i["kind"] for i in [r.current, *r.queue]] == ["quiz", "drill"]  # what the file kept, due a day on


def test_a_review_that_follows_the_record_late_still_follows_a_forget() -> None:
    from thirtyone import progress
    from thirtyone.widgets.memory import Memory

    memory = Memory("review")
    memory.set_state({"loaded": progress.dump(_lessons_missed()), "clock_days": 1.0})
    r = memory.review(Review(None, memory.now(), rollouts=200))  # the record was there before the Review
    assert r.current is not None
    memory._handle_custom_msg({"event": "forget"}, [])
    assert r.current is None and r.items == []


def test_a_corrupted_record_leaves_the_review_page_working() -> None:
    memory, r = _review_page()
    memory.set_state({"loaded": '{"version": 1, "missed": [{"kind": "quiz"}, 3], "pages": [', "clock_days": 0.0})
    assert memory.note and "Nothing to review yet" in r.heading.value
    r.practice_button.click()
    assert isinstance(r.practice, Quiz)


def test_with_nothing_due_the_review_page_says_when_in_both_languages() -> None:
    for lang, text in (("en", "Next review: tomorrow."), ("es", "Próximo repaso: mañana.")):
        with i18n.using(lang):
            _memory, r = _review_page(clock_days=0.0, record=_lessons_missed())
            r.answer(30)
            r.next_button.click()
            assert text in r.heading.value, r.heading.value
