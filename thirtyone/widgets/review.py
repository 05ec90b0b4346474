"""The Review widget (issue 22): the missed quiz hands, ties and drill spots that are due come back, one at a time.

Each item (the record's agreed shape, :mod:`thirtyone.schedule`) is asked again with the very exercise that asked it
first: a quiz hand with :class:`~thirtyone.widgets.quiz.Quiz`, a tie with :class:`~thirtyone.widgets.quiz.TieQuiz`,
a drill spot with :class:`~thirtyone.widgets.advisor.KnockDrill` (each ``pose``\\ s the item's cards), so an answer is
judged and explained as it was the first time. A right answer moves the item one step on, a miss sends it back to the
first (:func:`thirtyone.schedule.answered`); each updated item goes to the callbacks of :meth:`Review.on_answer` (the
page's memory stores it). An item that cannot be shown (a wrong kind, cards that are not cards, rules that do not
exist) is set aside with a short note; the others still come. With nothing due, the widget says when the next item is
due and offers fresh practice.

Time is passed in (``now``: days since 1970-01-01 UTC, :func:`thirtyone.schedule.days`), never read here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from .. import schedule
from ..cards import Card, parse_cards
from ..i18n import _, ngettext
from ..rules import Rules
from ..scoring import score
from ..timing import Spot, spot_fields, staged_turn
from ._html import esc
from .advisor import KnockDrill
from .quiz import Quiz, TieQuiz

__all__ = ["Review", "when", "spot_fields", "spot_from", "posed"]

Exercise = Quiz | TieQuiz | KnockDrill
SPOT_FIELDS = ("hand", "players", "seat", "turns", "seed")
"""A drill item's ``cards`` (:func:`~thirtyone.timing.spot_fields`, named here too): what stages its situation again
(:func:`~thirtyone.timing.staged_turn`)."""


def _rules(name: str) -> Rules:
    try:
        return Rules.preset(name)
    except ValueError:
        raise ValueError(_("there are no rules called {name}: choose one of {names}").format(
            name=repr(name), names=", ".join(Rules.PRESET_NAMES))) from None


def _hand(cards: Any, rules: Rules) -> tuple[Card, ...]:
    if not isinstance(cards, list) or len(cards) != 3 or not all(isinstance(c, str) for c in cards):
        raise ValueError(_("a hand must be three cards written like “A♥”, not {value}").format(
            value=repr(cards)[:40]))
    return parse_cards(cards, rules.deck)


def spot_from(fields: Any, rules: Rules) -> Spot:
    """The drill situation a drill item's ``cards`` describe (:func:`spot_fields`), staged again under ``rules``."""
    if not isinstance(fields, Mapping) or any(f not in fields for f in SPOT_FIELDS):
        raise ValueError(_("a drill situation needs the fields {fields}").format(fields=", ".join(SPOT_FIELDS)))
    seed = fields["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(_("a drill situation's seed must be a whole number from 0 up, not {value}").format(
            value=repr(seed)))
    return staged_turn(rules, _hand(fields["hand"], rules), fields["players"], fields["seat"], fields["turns"], seed)


def posed(item: Mapping[str, Any]) -> tuple[str, Rules, Any]:
    """What ``item`` asks: its kind, its rules and its cards read (a hand, two hands or a :class:`Spot`); a
    ``ValueError`` saying what is wrong if it cannot be asked (:func:`thirtyone.schedule.check`, then the cards)."""
    schedule.check(item)
    rules = _rules(item["rules"])
    kind, cards = item["kind"], item["cards"]
    if kind == "quiz":
        return kind, rules, _hand(cards, rules)
    if kind == "tie":
        if len(cards) != 2:
            raise ValueError(_("a tie needs two hands, not {n}").format(n=len(cards)))
        hands = (_hand(cards[0], rules), _hand(cards[1], rules))
        if set(hands[0]) & set(hands[1]):
            raise ValueError(_("the two hands of a tie share a card"))
        if rules.ties != "tiebreak" or score(hands[0], rules).value != score(hands[1], rules).value:
            raise ValueError(_("these two hands do not make a tie under these rules"))
        return kind, rules, hands
    return kind, rules, spot_from(cards, rules)


def when(due: float, now: float) -> str:
    """When an item due at ``due`` comes back, seen from ``now``, in the learner's words: "now", "in 5 hours",
    "tomorrow", "in 3 days", "in 3 months"."""
    days = due - now
    if days <= 0:
        return _("now")
    hours = max(1, math.ceil(days * 24))
    if hours < 24:
        return ngettext("in {n} hour", "in {n} hours", hours).format(n=hours)
    if days < 1.5:  # (and a day all but a few seconds, which a learner would not call "in 24 hours")
        return _("tomorrow")
    if days < 60:
        n = round(days)
        return ngettext("in {n} day", "in {n} days", n).format(n=n)
    months = round(days / 30)
    return ngettext("in {n} month", "in {n} months", months).format(n=months)


def _hide(*widgets: w.Widget) -> None:
    for x in widgets:
        x.layout.display = "none"


class Review(w.VBox):
    """The items of ``items`` due at ``now``, asked one at a time, the longest overdue first.

    ``items``: the record's items (dicts, :mod:`thirtyone.schedule`), or ``None`` while they are on their way
    (:meth:`load` brings them; :meth:`thirtyone.widgets.memory.Memory.review` does when the browser's record
    arrives); ``now``: days since 1970-01-01 UTC. The exercises it asks report to no page's memory (the Review's
    callbacks say what moved), so a miss here is not counted as a new miss.
    ``rollouts``: the drill's simulations per judged spot (the advisor's 10,000 by default); ``seed``: the fresh
    practice's deals. Read :attr:`items` for every item as it stands now, :attr:`refused` for the ones set aside
    (each with why), :attr:`queue` for the ones still to come; :meth:`answer` answers in code what a click answers.
    """

    def __init__(self, items: Sequence[Any] | None, now: float, *, rollouts: int = 10_000,
                 seed: int | None = None, practice_rules: Rules | str = "scat") -> None:
        self.now = schedule.check_now(now)
        self.rollouts = rollouts
        self._seed = seed
        self._practice_rules = Rules.coerce(practice_rules)
        self.items: list[Mapping[str, Any]] = []
        self.refused: list[tuple[Any, str]] = []
        self.queue: list[Mapping[str, Any]] = []
        self.current: Mapping[str, Any] | None = None
        self.exercise: Exercise | None = None
        self.practice: Quiz | None = None
        self.reviewed = 0
        self._counts = (0, 0)
        self._settled = True
        self._callbacks = w.CallbackDispatcher()
        self.heading = w.HTML()
        self.notes = w.HTML()
        self.stage = w.VBox()
        self.next_button = w.Button(description=_("Next"), button_style="primary", layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self.next_item())
        self.practice_button = w.Button(description=_("Practise a new hand"), layout=w.Layout(width="auto"))
        self.practice_button.on_click(lambda _b: self.practise())
        super().__init__([self.heading, self.stage, w.HBox([self.next_button, self.practice_button],
                                                           layout=w.Layout(flex_flow="row wrap")), self.notes])
        self.add_class("to-review")
        if items is None:  # the learner's record is on its way from the browser (Memory.review loads it)
            self.heading.value = ('<p class="to-review-head" role="status" style="line-height: 1.45">'
                                  + esc(_("Looking for the exercises you missed…")) + "</p>")
            _hide(self.next_button, self.practice_button)
        else:
            self.load(items, now)

    # -- the items --------------------------------------------------------------------------------

    def load(self, items: Sequence[Any], now: float | None = None) -> None:
        """Start again with ``items`` at ``now`` (the page's clock; the one given before if ``None``): the bad ones
        set aside with a note, the due ones asked in order."""
        if now is not None:
            self.now = schedule.check_now(now)
        self.items, self.refused = [], []
        for item in items:
            try:
                posed(item)
            except (ValueError, TypeError) as e:  # bad, old or hand-edited data: set aside, never a broken page
                self.refused.append((item, str(e)))
            else:
                self.items.append(item)
        self.queue = schedule.due(self.items, self.now)
        self.reviewed = 0
        self._show_notes()
        self.next_item()

    def on_answer(self, callback: Callable[[dict[str, Any]], Any], remove: bool = False) -> None:
        """Call ``callback(item)`` with each item as it stands after an answer (a new dict: step and due moved)."""
        self._callbacks.register_callback(callback, remove=remove)

    def next_item(self) -> Mapping[str, Any] | None:
        """Ask the next due item (and return it), or say when the next one is due if none is left."""
        self.practice = None
        if not self.queue:
            self.current = self.exercise = None
            self._settled = True
            self._show_nothing_due()
            return None
        self.current = item = self.queue.pop(0)
        kind, rules, cards = posed(item)
        ex: Exercise
        if kind == "quiz":
            ex = Quiz(rules)
            ex.pose(cards)
            _hide(ex.next_button, ex.tally)
        elif kind == "tie":
            ex = TieQuiz(rules)
            ex.pose(cards)
            _hide(ex.next_button, ex.tally)
        else:
            ex = KnockDrill(rules, rollouts=self.rollouts)
            ex.pose(cards)
            _hide(ex.rule_editor, ex.next_button, ex.tally)
        self.exercise = ex
        self._counts = (ex.asked, ex.right)
        self._settled = False
        ex.feedback.observe(self._judged, "value")
        self.stage.children = [ex]
        left = len(self.queue) + 1
        self.heading.value = ('<p class="to-review-head" role="status" style="line-height: 1.45"><strong>'
                              + esc(ngettext("{n} exercise to review", "{n} exercises to review", left).format(n=left))
                              + "</strong></p>")
        _hide(self.next_button, self.practice_button)
        return item

    def answer(self, value: Any) -> bool | None:
        """Answer the item asked now as a click would: a number for a quiz hand, 0 or 1 (the hand that loses) for a
        tie, ``"knock"`` or ``"play on"`` for a drill spot. True right, False missed, None not counted (nothing
        asked, already answered, or not an answer: the exercise says so)."""
        ex = self.exercise
        if ex is None or self._settled:
            return None
        if isinstance(ex, Quiz):
            return ex.check(value)
        if isinstance(ex, TieQuiz):
            return ex.answer(value) if value in (0, 1) and not isinstance(value, bool) else None
        return ex.answer(value) if value in ("knock", "play on") else None

    def _judged(self, _change: Any) -> None:
        """The exercise has said something: if it counted an answer, move the item on the schedule and report it."""
        ex, item = self.exercise, self.current
        if ex is None or item is None or self._settled or ex.asked == self._counts[0]:
            return
        self._settled = True
        right = ex.right > self._counts[1]
        updated = schedule.answered(item, right, self.now)
        self.items = [updated if i is item else i for i in self.items]
        self.current = updated
        self.reviewed += 1
        self.next_button.description = _("Next") if self.queue else _("Done")
        self.next_button.layout.display = None
        self._callbacks(updated)

    # -- nothing due ------------------------------------------------------------------------------

    def _show_nothing_due(self) -> None:
        self.stage.children = []
        upcoming = schedule.next_due(self.items)
        if upcoming is None:
            text = _("Nothing to review yet: every quiz hand, tie and knock-or-play-on situation you miss comes back here the "
                     "next day.")
        else:
            head = _("Well done: nothing else is due today.") if self.reviewed else _("Nothing to review now.")
            text = head + " " + _("Next review: {when}.").format(when=when(upcoming, self.now))
        self.heading.value = f'<p class="to-review-head" role="status" style="line-height: 1.45">{esc(text)}</p>'
        self.next_button.layout.display = "none"
        self.practice_button.layout.display = None

    def practise(self) -> Quiz:
        """Fresh practice: a new quiz hand (and the quiz's own "Next hand" for more); nothing of it is scheduled."""
        if self.practice is None:
            self.practice = Quiz(self._practice_rules, seed=self._seed)
            self.stage.children = [self.practice]
        else:
            self.practice.next_hand()
        return self.practice

    def _show_notes(self) -> None:
        if not self.refused:
            self.notes.value = ""
            return
        lines = "".join(f"<li>{esc(why)}</li>" for _item, why in self.refused)
        head = ngettext("{n} saved exercise could not be shown and was set aside:",
                        "{n} saved exercises could not be shown and were set aside:", len(self.refused)).format(
            n=len(self.refused))
        self.notes.value = f'<div class="to-note to-review-refused"><p>{esc(head)}</p><ul>{lines}</ul></div>'
