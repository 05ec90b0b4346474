"""The quizzes of lesson 1: "What is this hand worth?" and "Which hand loses the tie?".

Both say which rules they score by, give instant feedback in the engine's words and keep a
running score. The value quiz starts with plain hands; three of a kind and three aces come up
only later, and only under a rule set with those house rules, and the quiz says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from .. import names
from ..cards import SUIT_NAMES, SUITS, Card, deck
from ..i18n import _
from ..rules import Rules
from ..scoring import Score, compare_hands, score
from ._html import esc, number, tally
from .card import CardRow
from .memory import follow_score
from .picker import FollowsRules, preset_dropdown
from .views import sentence, shorten

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["Quiz", "TieQuiz", "rules_line", "PLAIN_HANDS"]

PLAIN_HANDS = 3
"""How many hands the quiz deals before a house-rule hand may come up."""

SKAT_ORDER = " > ".join(f"{SUIT_NAMES[s]} {SUITS[s]}" for s in range(4))
"""``"clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦"`` (in English; :func:`skat_order` in the page's language)."""


def skat_order() -> str:
    """The suits in Skat order with their signs, in the language in use."""
    return " > ".join(f"{_(SUIT_NAMES[s])} {SUITS[s]}" for s in range(4))


def _rules_name(rules: Rules) -> str:
    return names.preset_name(rules.name) if rules.name in names.PRESET_INFO else _("your own rules")


def _has_house_rules(rules: Rules) -> bool:
    return rules.three_of_a_kind is not None or rules.three_aces is not None


def rules_line(rules: Rules) -> str:
    """What the value quiz says about the rules it scores by, in a sentence or two (one whole message a case:
    a preset or your own rules, and which of the two house rules they play)."""
    toak, aces = rules.three_of_a_kind, rules.three_aces
    if rules.name in names.PRESET_INFO:
        if toak is not None and aces is not None:
            said = _("Scored by the {rules} rules: a hand is worth its best suit, and with these house rules three of "
                     "a kind counts {value} and three aces count {aces_value}. After the first few hands, such hands "
                     "come up now and then.")
        elif toak is not None:
            said = _("Scored by the {rules} rules: a hand is worth its best suit, and with these house rules three of "
                     "a kind counts {value}. After the first few hands, such hands come up now and then.")
        elif aces is not None:
            said = _("Scored by the {rules} rules: a hand is worth its best suit, and with these house rules three "
                     "aces count {aces_value}. After the first few hands, such hands come up now and then.")
        else:
            said = _("Scored by the {rules} rules: a hand is worth its best suit, and three of a kind is a hand like "
                     "any other (no house rules).")
    elif toak is not None and aces is not None:
        said = _("Scored by your own rules: a hand is worth its best suit, and with these house rules three of a kind "
                 "counts {value} and three aces count {aces_value}. After the first few hands, such hands come up now "
                 "and then.")
    elif toak is not None:
        said = _("Scored by your own rules: a hand is worth its best suit, and with these house rules three of a kind "
                 "counts {value}. After the first few hands, such hands come up now and then.")
    elif aces is not None:
        said = _("Scored by your own rules: a hand is worth its best suit, and with these house rules three aces "
                 "count {aces_value}. After the first few hands, such hands come up now and then.")
    else:
        said = _("Scored by your own rules: a hand is worth its best suit, and three of a kind is a hand like any "
                 "other (no house rules).")
    return said.format(rules=_rules_name(rules), value=number(toak) if toak is not None else "",
                       aces_value=number(aces) if aces is not None else "")


def _remember(memory: Memory | None, exercise: str, right: bool, rules: Rules, cards: Any, given: Any,
              answer: Any) -> None:
    """Tell the page's memory of an answer; a miss under a preset's rules is kept for the Review."""
    if memory is not None:
        memory.answered(exercise, right, kind=exercise if rules.name in names.PRESET_INFO else None,
                        rules=rules.name, cards=cards, given=given, answer=answer)


def _plain(value: float) -> float:
    """``19.0`` as ``19`` (as the learner reads it), ``30.5`` as it is."""
    return int(value) if float(value).is_integer() else value


def _number_in(text: str) -> float | None:
    """A finite number from what the learner typed (``"30,5"`` too), or ``None``."""
    try:
        value = float(text.strip().replace(",", "."))
    except (ValueError, OverflowError):
        return None
    return value if math.isfinite(value) else None


class Quiz(FollowsRules, w.VBox):
    """Deals a hand, reads the learner's answer, says right or wrong with the engine's reason.

    The quiz says which rules it scores by. The first :data:`PLAIN_HANDS` hands are plain (no three
    of a kind); after that, under rules with a house rule for three of a kind or three aces, such a
    hand comes up now and then and the feedback names the house rule. ``choices``: presets the
    learner may switch between (a menu above the hand); none by default.

    Each hand counts once: answering again, or a double click on "Check", changes nothing. With the page's
    ``memory`` (:class:`~thirtyone.widgets.memory.Memory`), each answer is counted as exercise ``"quiz"`` and a
    missed hand kept for the Review, and the running score is the record's: it goes on after a reload.
    """

    def __init__(self, rules: Rules | str | None = None, *, seed: int | None = None,
                 choices: Sequence[str] = (), memory: Memory | None = None) -> None:
        self.memory = memory
        self._rules = Rules.coerce(rules)
        self._rng = random.Random(seed)
        self.right = 0
        self.asked = 0
        self.dealt = 0
        """Hands dealt so far (the first :data:`PLAIN_HANDS` are plain)."""
        self.answered = False
        self.hand: tuple[Card, ...] = ()
        self.menu: w.Dropdown | None = None
        if choices:
            self.menu = preset_dropdown(self._rules, choices, short=True)
            self.menu.description = _("Score by")
            self.menu.observe(self._preset_chosen, "value")
        self.rules_html = w.HTML()
        self.question = w.HTML('<p class="to-question"><strong>' + _("What is this hand worth?") + "</strong></p>")
        self.row = CardRow(interactive=False, label=_("the quiz hand"))
        self.answer = w.Text(description=_("Your answer"), placeholder=_("e.g. 19"), continuous_update=False,
                             layout=w.Layout(width="220px"))
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.next_button = w.Button(description=_("Next hand"), layout=w.Layout(width="auto"))
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next_hand())
        self.answer.observe(self._submitted, "value")
        top = [self.menu] if self.menu is not None else []
        super().__init__([*top, self.rules_html, self.question, self.row,
                          w.HBox([self.answer, self.check_button, self.next_button],
                                 layout=w.Layout(flex_flow="row wrap")),
                          self.feedback, self.tally])
        self.add_class("to-quiz")
        self._show_rules()
        self.next_hand()
        follow_score(self, "quiz")

    def _preset_chosen(self, change: Any) -> None:
        self.rules = Rules.preset(change["new"])

    def _rules_changed(self) -> None:
        self._show_rules()
        self.next_hand()

    def _show_rules(self) -> None:
        self.rules_html.value = f'<p class="to-note to-quiz-rules">{esc(rules_line(self._rules))}</p>'

    @property
    def score(self) -> Score:
        """The current hand's score under the quiz's rules."""
        return score(self.hand, self._rules)

    def _deal(self) -> tuple[Card, ...]:
        cards = deck(self._rules.deck)
        house = _has_house_rules(self._rules)
        if self.dealt >= PLAIN_HANDS and house and self._rng.random() < 0.2:
            rank = self._rng.choice(sorted({c.rank for c in cards}))
            return tuple(self._rng.sample([c for c in cards if c.rank == rank], 3))
        while True:
            hand = tuple(self._rng.sample(cards, 3))
            triple = hand[0].rank == hand[1].rank == hand[2].rank
            if not triple or (house and self.dealt >= PLAIN_HANDS):
                return hand

    def next_hand(self) -> None:
        """Deal a new hand: plain ones first; later, under house rules, three of a kind now and then."""
        self.pose(self._deal())

    def pose(self, hand: Sequence[Card]) -> None:
        """Ask what ``hand`` is worth (a dealt hand, or a missed one the Review page brings back)."""
        self.hand = tuple(hand)
        self.dealt += 1
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
        """Mark an answer (the text box's, if none is given): True right, False wrong, None not counted
        (already answered, or not a number: the learner is asked for one)."""
        text = str(answer) if answer is not None else self.answer.value
        if self.answered:
            return None
        guess = _number_in(text)
        if guess is None:
            typed = shorten(text.strip(), 40)
            what = _("“{typed}” is not a number.").format(typed=typed) + " " if typed else ""
            self.feedback.value = (f'<p class="to-note" role="status">{esc(what)}'
                                   + _("Type a number, like 19 or {example}.").format(example=number(30.5)) + "</p>")
            return None
        s = self.score
        right = guess == s.value
        self.answered = True
        self.asked += 1
        self.right += right
        _remember(self.memory, "quiz", right, self._rules, [str(c) for c in self.hand],
                  _plain(guess), _plain(s.value))
        self.row.show(self.hand, highlighted=s.counting)
        verdict = ('<strong class="to-right">' + _("✔ Right!") + "</strong>" if right else
                   '<strong class="to-wrong">' + _("✘ Not quite: it is worth {value}.").format(value=number(s.value))
                   + "</strong>")
        why = s.explanation
        if s.rule in ("three_of_a_kind", "three_aces"):
            why += " " + _("(a house rule of the {rules} rules)").format(rules=_rules_name(self._rules))
        self.feedback.value = f'<p role="status" class="to-feedback">{verdict} {esc(sentence(why))}</p>'
        self._show_tally()
        return right

    def _show_tally(self) -> None:
        self.tally.value = ('<p class="to-tally">'
                            + tally(self.right, self.asked)
                            + "</p>")


class TieQuiz(FollowsRules, w.VBox):
    """Two hands of equal value in different suits: which one loses the tie-break (Skat order)?

    The learner clicks "Hand 1 loses" or "Hand 2 loses"; the feedback is :func:`compare_hands`'
    explanation. Scored by a rule set that breaks ties (Schwimmen's by default). With the page's ``memory``,
    each answer is counted as exercise ``"tie"`` and a missed pair kept for the Review, and the running score is
    the record's (it goes on after a reload).
    """

    def __init__(self, rules: Rules | str | None = "schwimmen", *, seed: int | None = None,
                 memory: Memory | None = None) -> None:
        self.memory = memory
        r = Rules.coerce(rules)
        if r.ties != "tiebreak":
            raise ValueError(_("the {rules} rules do not break ties: choose rules that do, like Schwimmen").format(
                rules=_rules_name(r)))
        self._rules = r
        self._rng = random.Random(seed)
        self.right = 0
        self.asked = 0
        self.answered = False
        self.hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
        self.order = w.HTML('<p class="to-note">' + esc(_("Skat order: {order}.").format(order=skat_order())) + "</p>")
        self.question = w.HTML()
        self.rows = [CardRow(interactive=False, label=_("hand {n}").format(n=i + 1)) for i in range(2)]
        self.values = [w.HTML() for _i in range(2)]
        self.buttons = [w.Button(description=_("Hand {n} loses").format(n=i + 1), layout=w.Layout(width="auto")) for i in range(2)]
        for i, b in enumerate(self.buttons):
            b.on_click(lambda _b, i=i: self.answer(i))
        self.next_button = w.Button(description=_("Next pair"), layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self.next_pair())
        self.feedback = w.HTML()
        self.tally = w.HTML()
        lines = [w.HBox([w.HTML("<strong>" + _("Hand {n}").format(n=i + 1) + "</strong>", layout=w.Layout(width="64px")),
                         self.rows[i], self.values[i]], layout=w.Layout(align_items="center", flex_flow="row wrap"))
                 for i in range(2)]
        super().__init__([self.question, self.order, *lines,
                          w.HBox([*self.buttons, self.next_button], layout=w.Layout(flex_flow="row wrap")),
                          self.feedback, self.tally])
        self.add_class("to-tie-quiz")
        self.next_pair()
        follow_score(self, "tie")

    def _rules_changed(self) -> None:
        if self._rules.ties != "tiebreak":
            raise ValueError(_("these rules do not break ties"))
        self.next_pair()

    def _pair(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        cards = list(deck(self._rules.deck))
        while True:
            a = tuple(self._rng.sample(cards, 3))
            sa = score(a, self._rules)
            if sa.suit is None or not 12 <= sa.value <= 29:  # a tie for the lowest hand, not two 31s
                continue
            rest = [c for c in cards if c not in a]
            for _try in range(400):
                b = tuple(self._rng.sample(rest, 3))
                sb = score(b, self._rules)
                if sb.value == sa.value and sb.suit is not None and sb.suit != sa.suit:
                    return (a, b) if self._rng.random() < 0.5 else (b, a)

    def next_pair(self) -> None:
        """Deal two hands that tie on value in different suits."""
        self.pose(self._pair())

    def pose(self, hands: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
        """Ask which of two hands of equal value loses the tie (a dealt pair, or one the Review page brings back)."""
        self.hands = hands
        self.answered = False
        v = number(score(self.hands[0], self._rules).value)
        self.question.value = ('<p class="to-question"><strong>'
                               + _("Both hands are worth {value}. With the {rules} rules a tie is broken by Skat "
                                   "order: which hand loses?").format(value=v, rules=esc(_rules_name(self._rules)))
                               + "</strong></p>")
        for row, hand, val in zip(self.rows, self.hands, self.values, strict=True):
            row.show(hand, highlighted=score(hand, self._rules).counting)
            val.value = f'<span class="to-value"><strong>{v}</strong></span>'
        self.feedback.value = ""
        self._show_tally()

    @property
    def loser(self) -> int:
        """The hand (0 or 1) that loses the tie-break."""
        out = compare_hands(self.hands, self._rules)
        lowest: list[int] = out["lowest"]  # type: ignore[assignment]
        return lowest[0]

    def answer(self, hand: int) -> bool | None:
        """The learner says hand ``hand`` (0 or 1) loses: True right, False wrong, None already answered."""
        if self.answered or hand not in (0, 1):
            return None
        out = compare_hands(self.hands, self._rules)
        right = hand == self.loser
        self.answered = True
        self.asked += 1
        self.right += right
        _remember(self.memory, "tie", right, self._rules, [[str(c) for c in h] for h in self.hands], hand,
                  self.loser)
        verdict = ('<strong class="to-right">' + _("✔ Right!") + "</strong>" if right else
                   '<strong class="to-wrong">' + _("✘ Not quite: hand {n} loses.").format(n=self.loser + 1)
                   + "</strong>")
        self.feedback.value = (f'<p role="status" class="to-feedback">{verdict} '
                               f"{esc(str(out['explanation']))}</p>")
        self._show_tally()
        return right

    def _show_tally(self) -> None:
        self.tally.value = ('<p class="to-tally">'
                            + tally(self.right, self.asked)
                            + "</p>")
