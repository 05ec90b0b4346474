"""Lesson 5's exercise in reading the table (issue 33): a round's moves so far, staged and seeded (who took and
threw what), the learner's four cards after a draw, and two questions: which suit does a named player collect, and
would you throw your card of that suit now? The answer is the coach's (:func:`thirtyone.coach.coach` from the
learner's view, :data:`~thirtyone.coach.COACH_ROLLOUTS` play-outs a move): its read of the player
(:func:`thirtyone.readwords.seat_sentences`: what the player did, the chance the read deals give them two cards or
more of that suit against a random deal's, what it means for the throw) and its two throws' numbers. The suit is
right when it is the one the read gives; the throw when it is the coach's better one of throwing that card and its
best other throw, or either when their 95% intervals overlap. With the page's ``memory`` each round answered counts
once as exercise ``"read"`` (right when both answers are).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, NamedTuple

import ipywidgets as w

from ..cards import Card, parse_cards
from ..coach import COACH_ROLLOUTS, Advice, coach, lives_text, overlap
from ..game import State, narrate, new_game
from ..i18n import _, card_text
from ..narration import the_card
from ..readwords import seat_sentences, suit_text
from ._html import tally
from .card import CardRow
from .failure import failure_html
from .memory import follow_score
from .study import STUDY_CSS
from .tablecontrol import NAMES

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["ReadSpot", "SPOTS", "Verdict", "TableReading"]


class ReadSpot(NamedTuple):
    """A staged moment: the learner (seat 0) has drawn and is to throw, after ``moves`` from the deal of game
    ``seed``; the question is about the player at ``seat`` and the learner's ``card`` of the suit they collect."""

    rules: str
    players: int
    seed: int
    moves: tuple[str, ...]
    seat: int
    card: str

    def state(self) -> State:
        s = new_game(self.rules, players=self.players, seed=self.seed)
        for m in self.moves:
            s = s.apply(m)
        return s


SPOTS: tuple[ReadSpot, ...] = (
    ReadSpot("scat", 4, 36, (
        "draw discard", "discard 3♥", "draw stock", "discard 2♠", "draw discard", "discard 3♣", "draw stock",
        "discard 4♠", "draw stock", "discard 5♣", "draw discard", "discard 6♥", "draw stock", "discard 2♠",
        "draw stock"), 1, "A♦"),
    ReadSpot("scat", 4, 3, (
        "draw stock", "discard 3♠", "draw discard", "discard 9♦", "draw discard", "discard 8♣", "draw stock",
        "discard 3♦", "draw stock", "discard Q♣", "draw discard", "discard 3♠", "draw stock", "discard 8♠",
        "draw stock", "discard J♣", "draw stock", "discard 5♦", "draw stock", "discard 7♠", "draw stock",
        "discard 3♥", "draw discard"), 3, "A♦"),
    ReadSpot("scat", 3, 104, (
        "draw discard", "discard 4♥", "draw stock", "discard 7♥", "draw stock", "discard K♣", "draw discard",
        "discard 5♦", "draw stock", "discard K♦", "draw stock"), 1, "A♣"),
    ReadSpot("scat", 4, 30, (
        "draw discard", "discard 6♣", "draw discard", "discard J♥", "draw discard", "discard 3♦", "draw discard",
        "discard 4♥", "draw stock", "discard Q♥", "draw stock", "discard 6♣", "draw stock", "discard 9♥",
        "draw stock", "discard 8♣", "draw discard", "discard 6♠", "draw stock", "discard 7♣", "draw stock",
        "discard J♥", "draw stock"), 1, "K♣"),
    ReadSpot("scat", 4, 2, (
        "draw discard", "discard 3♦", "draw stock", "discard 4♦", "draw stock", "discard 7♦", "draw discard"),
        1, "J♥"),
    ReadSpot("scat", 4, 7, (
        "draw discard", "discard 10♠", "draw discard", "discard 3♣", "draw stock", "discard A♥", "draw stock",
        "discard 4♦", "draw stock", "discard 3♦", "draw stock", "discard J♥", "draw stock", "discard A♣",
        "draw discard"), 2, "K♠"),
)
"""The staged rounds, in the order they are asked: a player who plays right after the learner and one who does
not; a card worth keeping from them and one the learner's own hand needs gone."""


class Verdict(NamedTuple):
    """How an answer was marked, and the coach's numbers it was marked against."""

    suit_right: bool
    throw_right: bool
    suit: int | None
    """The suit the coach reads (``None``: the player holds no hidden card)."""
    throws: bool
    """The coach's better of the two throws is the card asked about."""
    either: bool
    """The two throws' 95% intervals overlap: either answer counts."""

    @property
    def right(self) -> bool:
        return self.suit_right and self.throw_right


_CSS = """
<style>
.to-read .to-read-moves { margin: 4px 0 6px 1.2em; padding: 0; max-width: 860px; line-height: 1.4; }
.to-read .to-feedback, .to-read .to-read-question { overflow-wrap: anywhere; max-width: 860px; line-height: 1.45; }
.to-read .widget-toggle-buttons { flex-wrap: wrap; max-width: 100%; height: auto; }
.to-read .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 110px; }
</style>
"""


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


class TableReading(w.VBox):
    """Read the table: a staged round's moves so far, your cards, and two questions (see the module's docstring).
    ``rollouts``: the coach's play-outs a move; ``start``: the first staged round asked."""

    def __init__(self, *, rollouts: int = COACH_ROLLOUTS, start: int = 0, memory: Memory | None = None,
                 spots: tuple[ReadSpot, ...] = SPOTS) -> None:
        self.memory = memory
        self.rollouts = rollouts
        self.spots = spots
        self.index = start % len(spots)
        self.right = 0
        self.asked = 0
        self.answered = False
        self.advice: Advice | None = None
        self.verdict: Verdict | None = None
        self.state: State = spots[self.index].state()
        self.moves = w.HTML()
        self.hand_row = CardRow(interactive=False, label=_("your hand"))
        self.pile_row = CardRow(interactive=False, label=_("face up on the table"))
        self.pile_caption = w.HTML()
        self.suit_question = w.HTML()
        self.suit_buttons = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.throw_question = w.HTML()
        self.throw_buttons = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.check_button = w.Button(description=_("Check"), button_style="primary")
        self.next_button = w.Button(description=_("Next round"), layout=w.Layout(width="max-content"))
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next_spot())
        super().__init__([w.HTML(STUDY_CSS + _CSS), self.moves,
                          w.HBox([self.hand_row], layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.pile_caption, self.pile_row], layout=w.Layout(align_items="center",
                                                                                     flex_flow="row wrap")),
                          self.suit_question, self.suit_buttons, self.throw_question, self.throw_buttons,
                          w.HBox([self.check_button, self.next_button], layout=w.Layout(flex_flow="row wrap")),
                          self.feedback, self.tally])
        self.add_class("to-study")
        self.add_class("to-read")
        self.pose(self.index)
        follow_score(self, "read")  # after a reload the score goes on where it was

    # -- the question -----------------------------------------------------------------------------------------
    @property
    def spot(self) -> ReadSpot:
        return self.spots[self.index]

    def names(self) -> tuple[str, ...]:
        """The players' names by seat, as lesson 6 names them (the learner is seat 0)."""
        return tuple(NAMES[:self.spot.players])

    def pose(self, index: int) -> None:
        """Ask about staged round ``index``."""
        self.index = index % len(self.spots)
        spot = self.spot
        self.state = s = spot.state()
        self.advice = self.verdict = None
        self.answered = False
        names = self.names()
        view = s.view(0)
        said = narrate(view.round_events(), names, viewer=0)
        self.moves.value = ('<p class="to-read-question"><strong>' + _esc(_("The round so far:")) + "</strong></p>"
                            '<ol class="to-read-moves">' + "".join(f"<li>{_esc(x)}</li>" for x in said) + "</ol>")
        self.hand_row.show(view.hand)
        self.pile_caption.value = _esc(_("The discard pile:"))
        self.pile_row.show(view.discard_pile[-1:])
        name = names[spot.seat]
        card = card_text(spot.card)
        self.suit_question.value = ('<p class="to-read-question">' + _esc(
            _("You have drawn and are about to throw. Which suit is {name} collecting?").format(name=name)) + "</p>")
        self.suit_buttons.options = [(suit_text(i), i) for i in range(4)]
        self.suit_buttons.value = None
        self.throw_question.value = ('<p class="to-read-question">' + _esc(
            _("Would you throw your {card} now?").format(card=card)) + "</p>")
        self.throw_buttons.options = [(_("Throw your {card}").format(card=card), True),
                                      (_("Keep your {card}").format(card=card), False)]
        self.throw_buttons.value = None
        self.feedback.value = ""
        self._show_tally()

    def next_spot(self) -> None:
        """Go on to the next staged round (after the last, the first again)."""
        self.pose(self.index + 1)

    # -- the answer -------------------------------------------------------------------------------------------
    def judge(self) -> Advice:
        """The coach's advice for this moment, from the learner's view (its read and every throw's numbers)."""
        return coach(self.state, 0, rollouts=self.rollouts, knock_rollouts=self.rollouts, seed=self.spot.seed)

    def check(self) -> bool | None:
        """Mark the answers chosen on the buttons (a message if one is missing)."""
        if self.suit_buttons.value is None or self.throw_buttons.value is None:
            self.feedback.value = ('<p class="to-feedback" role="status">'
                                   + _esc(_("Choose a suit and whether to throw the card, then click Check."))
                                   + "</p>")
            return None
        return self.answer(int(self.suit_buttons.value), bool(self.throw_buttons.value))

    def answer(self, suit: int, throw: bool) -> bool | None:
        """Mark ``suit`` (0 clubs … 3 diamonds) and ``throw`` (throw the card asked about, or keep it): True when
        both are right, False otherwise, None if this round is already answered or the coach failed."""
        if self.answered:
            return None
        try:
            self.advice = advice = self.judge()
        except Exception as e:  # the simulation failed: said to the learner, not only logged
            self.feedback.value = failure_html(e)
            return None
        spot = self.spot
        card = parse_cards(spot.card)[0]
        read = advice.read
        seat = read.seat(spot.seat) if read is not None else None
        read_suit = seat.suit if seat is not None else None
        mine, other = self._throws(advice, card)
        either = overlap(mine.estimate, other.estimate)
        throws = mine.estimate.expected_lives <= other.estimate.expected_lives
        v = Verdict(suit == read_suit, either or throw == throws, read_suit, throws, either)
        self.verdict = v
        self.answered = True
        self.asked += 1
        self.right += v.right
        if self.memory is not None:
            self.memory.answered("read", v.right)
        self.feedback.value = self._feedback_html(advice, card, mine, other)
        self._show_tally()
        return v.right

    @staticmethod
    def _throws(advice: Advice, card: Card) -> tuple[Any, Any]:
        """The coach's row for throwing ``card`` and for its best other throw."""
        rows = [m for m in advice.moves if m.action.kind == "discard"]
        mine = next(m for m in rows if m.action.cards[0] == card)
        other = next(m for m in rows if m.action.cards[0] != card)
        return mine, other

    def _feedback_html(self, advice: Advice, card: Card, mine: Any, other: Any) -> str:
        v = self.verdict
        assert v is not None
        names = self.names()
        name = names[self.spot.seat]
        c = card_text(card)
        if v.suit is None:
            suit_said = _("The coach reads no suit for {name}: every card of that hand is known.").format(name=name)
        elif v.suit_right:
            suit_said = _("Right: the coach reads that {name} is likely collecting {suit}.").format(
                name=name, suit=suit_text(v.suit))
        else:
            suit_said = _("Not this one: the coach reads that {name} is likely collecting {suit}.").format(
                name=name, suit=suit_text(v.suit))
        if v.either:
            throw_said = _("Either answer counts: throwing your {card} and throwing {the_card} are about as good, "
                           "their intervals overlap.").format(card=c, the_card=the_card(other.action.cards[0]))
        elif v.throws:
            throw_said = (_("Right: the coach throws your {card}.") if v.throw_right else
                          _("Not this one: the coach throws your {card}.")).format(card=c)
        else:
            throw_said = (_("Right: the coach keeps your {card}.") if v.throw_right else
                          _("Not this one: the coach keeps your {card}.")).format(card=c)
        view = self.state.view(0)
        read = advice.read
        sentences = seat_sentences(view, read, self.spot.seat, names, advice.best) if read is not None else []
        me, ot = mine.estimate, other.estimate
        numbers = _("Throwing your {card} loses {lives} lives on average ({low} to {high}); throwing {the_card} "
                    "instead loses {other_lives} ({other_low} to {other_high}).").format(
            card=c, lives=lives_text(me.expected_lives), low=lives_text(me.expected_ci[0]),
            high=lives_text(me.expected_ci[1]), the_card=the_card(other.action.cards[0]),
            other_lives=lives_text(ot.expected_lives), other_low=lives_text(ot.expected_ci[0]),
            other_high=lives_text(ot.expected_ci[1]))

        def tick(ok: bool) -> str:
            return '<strong class="to-right">✔</strong> ' if ok else '<strong class="to-wrong">✘</strong> '

        return ('<div role="status">'
                f'<p class="to-feedback">{tick(v.suit_right)}{_esc(suit_said)}</p>'
                f'<p class="to-feedback">{tick(v.throw_right)}{_esc(throw_said)}</p>'
                f'<p class="to-feedback">{_esc(" ".join(sentences))}</p>'
                f'<p class="to-feedback">{_esc(numbers)}</p></div>')

    def _show_tally(self) -> None:
        self.tally.value = f'<p class="to-tally">{_esc(tally(self.right, self.asked))}</p>'
