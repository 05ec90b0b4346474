"""The quiz: "What is this hand worth?" — random hands, instant feedback, a running score."""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as w

from ..cards import Card, deck
from ..rules import Rules
from ..scoring import Score, score
from .card import CardRow
from .picker import FollowsRules, as_rules
from .views import number

__all__ = ["Quiz"]


class Quiz(FollowsRules, w.VBox):
    """Deals a hand, reads the learner's answer, says right or wrong with the engine's reason.

    Each hand counts once: answering again, or a double click on "Check", changes nothing.
    """

    def __init__(self, rules: Rules | str | None = None, *, seed: int | None = None) -> None:
        self._rules = as_rules(rules)
        self._rng = random.Random(seed)
        self.right = 0
        self.asked = 0
        self.answered = False
        self.hand: tuple[Card, ...] = ()
        self.question = w.HTML("<p><strong>What is this hand worth?</strong></p>")
        self.row = CardRow(interactive=False, label="the quiz hand")
        self.answer = w.Text(description="Your answer", placeholder="e.g. 19", continuous_update=False,
                             layout=w.Layout(width="220px"))
        self.check_button = w.Button(description="Check", button_style="primary")
        self.next_button = w.Button(description="Next hand", layout=w.Layout(width="auto"))
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next_hand())
        self.answer.observe(self._submitted, "value")
        super().__init__([self.question, self.row, w.HBox([self.answer, self.check_button, self.next_button]),
                          self.feedback, self.tally])
        self.add_class("to-quiz")
        self.next_hand()

    def _rules_changed(self) -> None:
        self.next_hand()

    @property
    def score(self) -> Score:
        """The current hand's score under the quiz's rules."""
        return score(self.hand, self._rules)

    def next_hand(self) -> None:
        """Deal a new hand; now and then three of a kind, so the house rules come up."""
        cards = deck(self._rules.deck)
        if self._rng.random() < 0.12:
            rank = self._rng.choice(sorted({c.rank for c in cards}))
            self.hand = tuple(self._rng.sample([c for c in cards if c.rank == rank], 3))
        else:
            self.hand = tuple(self._rng.sample(cards, 3))
        self.answered = False
        self.row.show(self.hand)
        self.feedback.value = ""
        with self.answer.hold_trait_notifications():
            self.answer.unobserve(self._submitted, "value")
            self.answer.value = ""
            self.answer.observe(self._submitted, "value")
        self._show_tally()

    def _submitted(self, change: Any) -> None:
        if change["new"].strip():
            self.check()

    def check(self, answer: str | float | None = None) -> bool | None:
        """Mark an answer (the text box's, if none is given): True right, False wrong, None not counted."""
        if answer is not None:
            text = str(answer)
        else:
            text = self.answer.value
        if self.answered:
            return None
        try:
            guess = float(text.strip().replace(",", "."))
        except ValueError:
            self.feedback.value = ('<p class="to-note" role="status">Type a number, like 19 or 30.5.</p>')
            return None
        s = self.score
        right = guess == s.value
        self.answered = True
        self.asked += 1
        self.right += right
        self.row.show(self.hand, highlighted=s.counting)
        verdict = ('<strong class="to-right">✔ Right!</strong>' if right else
                   f'<strong class="to-wrong">✘ Not quite: it is worth {number(s.value)}.</strong>')
        self.feedback.value = (f'<p role="status" class="to-feedback">{verdict} '
                               f"{html.escape(s.explanation)}.</p>")
        self._show_tally()
        return right

    def _show_tally(self) -> None:
        self.tally.value = (f'<p class="to-tally">Score: {self.right} right out of {self.asked}</p>')
