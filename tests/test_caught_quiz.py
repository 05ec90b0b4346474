"""The quizzes' answer checks, as a learner meets them (tools/mutate.py's quiz mutants)."""

from __future__ import annotations

from thirtyone import parse_cards
from thirtyone.widgets.quiz import Quiz


def test_a_hand_worth_thirty_and_a_half_is_not_thirty() -> None:
    q = Quiz("schwimmen", seed=1)
    q.hand = parse_cards("7♠ 7♥ 7♦")  # three of a kind: 30.5 under Schwimmen's house rule
    assert q.score.value == 30.5
    assert q.check("30") is False and "30,5" not in q.feedback.value and "30.5" in q.feedback.value
    q.next_hand()
    q.hand = parse_cards("7♠ 7♥ 7♦")
    assert q.check("31") is False
    q.next_hand()
    q.hand = parse_cards("7♠ 7♥ 7♦")
    assert q.check("30,5") is True
    assert (q.right, q.asked) == (1, 3)
