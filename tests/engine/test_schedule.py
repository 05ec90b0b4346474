"""The spaced schedule (issue 22): time is passed in, so these tests move it a day, a week, half a year on."""

from __future__ import annotations

import copy

import pytest

from thirtyone import i18n
from thirtyone.schedule import STEPS_DAYS, ItemError, answered, check, days, due, new_item, next_due

DAY0 = 20_000.25  # some morning in 2024, in days since 1970-01-01


def _quiz(due_at: float = DAY0, step: int = 0, cards: list[str] | None = None) -> dict:
    return {"kind": "quiz", "rules": "scat", "cards": cards or ["A♥", "K♥", "9♥"], "given": 21, "right": 30,
            "step": step, "due": due_at}


def test_the_steps_are_a_day_three_days_a_week_two_weeks_a_month_three_and_six_months() -> None:
    assert STEPS_DAYS == (1, 3, 7, 14, 30, 90, 180)


def test_a_missed_exercise_comes_back_the_next_day_and_not_before() -> None:
    item = new_item("tie", "schwimmen", [["A♥", "K♥", "9♥"], ["A♣", "K♣", "9♣"]], 0, 1, now=DAY0)
    assert item["step"] == 0 and item["due"] == DAY0 + 1
    assert due([item], DAY0) == [] and due([item], DAY0 + 0.99) == []
    assert due([item], DAY0 + 1) == [item]  # a day on, it is due
    assert next_due([item]) == DAY0 + 1


def test_right_answers_move_one_step_each_and_push_the_item_further_out() -> None:
    item, now, seen = _quiz(), DAY0, []
    for step, gap in enumerate(STEPS_DAYS[1:], start=1):
        item = answered(item, True, now)
        assert item["step"] == step and item["due"] == now + gap
        assert due([item], now + gap - 0.01) == [] and due([item], now + gap) == [item]
        seen.append(gap)
        now = item["due"]  # answered the day it comes back
    assert seen == [3, 7, 14, 30, 90, 180]


def test_past_the_last_step_an_item_stays_at_the_last_step() -> None:
    last = len(STEPS_DAYS) - 1
    item = answered(_quiz(step=last), True, DAY0 + 400)
    assert item["step"] == last and item["due"] == DAY0 + 400 + 180


def test_a_miss_sends_an_item_back_to_the_first_step_a_day_on() -> None:
    item = answered(_quiz(step=4), False, DAY0 + 7)  # a week on, and missed
    assert item["step"] == 0 and item["due"] == DAY0 + 8
    assert answered(item, True, DAY0 + 8)["step"] == 1


def test_answering_returns_a_new_item_and_leaves_the_old_one_as_it_was() -> None:
    item = _quiz(step=2)
    before = copy.deepcopy(item)
    out = answered(item, True, DAY0)
    assert item == before and out is not item
    out["cards"].append("7♣")  # nothing is shared either
    assert item == before
    assert out["kind"] == "quiz" and out["given"] == 21 and out["right"] == 30 and out["rules"] == "scat"


def test_due_items_come_oldest_first_and_ties_keep_their_order() -> None:
    a, b, c, d = (_quiz(DAY0 - 3, cards=["7♥", "8♥", "9♥"]), _quiz(DAY0 - 5, cards=["7♣", "8♣", "9♣"]),
                  _quiz(DAY0 - 3, cards=["7♠", "8♠", "9♠"]), _quiz(DAY0 + 2))
    assert due([a, b, c, d], DAY0) == [b, a, c]
    assert due([c, d, b, a], DAY0) == [b, c, a]  # a and c fall due together: their order stays
    assert due([a, b, c, d], DAY0 + 7) == [b, a, c, d]  # a week on, everything is due
    assert next_due([a, b, c, d]) == DAY0 - 5 and next_due([d]) == DAY0 + 2 and next_due([]) is None


def test_days_turn_seconds_since_the_epoch_into_the_schedules_days() -> None:
    assert days(86_400 * 3 + 43_200) == 3.5


@pytest.mark.parametrize(("item", "field", "words"), [
    ("not an item", "item", "dictionary"),
    ({"kind": "quiz"}, "rules", "rules, cards"),
    ({**_quiz(), "kind": "puzzle"}, "kind", "quiz, tie, drill, not 'puzzle'"),
    ({**_quiz(), "rules": ""}, "rules", "name of a rule set"),
    ({**_quiz(), "cards": "A♥ K♥ 9♥"}, "cards", "must be a list"),
    ({**_quiz(), "kind": "drill"}, "cards", "dictionary"),
    ({**_quiz(), "step": 7}, "step", "from 0 to 6, not 7"),
    ({**_quiz(), "step": True}, "step", "from 0 to 6"),
    ({**_quiz(), "due": "tomorrow"}, "due", "days since 1970-01-01, not 'tomorrow'"),
    ({**_quiz(), "due": float("nan")}, "due", "days since 1970-01-01"),
])
def test_a_bad_item_is_refused_saying_what_was_wrong_and_what_is_allowed(item: object, field: str, words: str) -> None:
    with pytest.raises(ItemError) as e:
        check(item)
    assert e.value.field == field and words in str(e.value)
    with pytest.raises(ItemError):
        answered(item, True, DAY0)  # type: ignore[arg-type]
    with pytest.raises(ItemError):
        due([_quiz(), item], DAY0)  # type: ignore[list-item]


def test_a_bad_now_or_answer_is_refused() -> None:
    with pytest.raises(ItemError, match="now must be a number of days since 1970-01-01, not 'monday'"):
        due([_quiz()], "monday")  # type: ignore[arg-type]
    with pytest.raises(ItemError, match="right must be True or False, not 1"):
        answered(_quiz(), 1, DAY0)  # type: ignore[arg-type]
    with pytest.raises(ItemError, match="now must be"):
        new_item("quiz", "scat", ["A♥", "K♥", "9♥"], 21, 30, now=float("inf"))


def test_the_errors_are_said_in_the_language_in_use() -> None:
    with i18n.using("es"), pytest.raises(ItemError) as e:
        check({**_quiz(), "step": 9})
    assert "step" not in str(e.value) and "9" in str(e.value)
