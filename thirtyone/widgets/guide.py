"""The guided walkthrough: a staged round plays out one step at a time and explains itself.

A :class:`Tour` is a staged deal (``new_game(..., deck=...)``) and a list of :class:`Step` s.
A step says something, then either the bots make their moves when the learner clicks *Next*,
or the learner is asked to make one move on the card table ("Take the 9♥ from the discard
pile"); anything else gets the step's hint and changes nothing. The step's words and its hint share one box,
just above the cards, so a learner on a phone reads both beside the cards they tap. Under the table, "What you
have done" lists what the round has shown so far, and only that. Every move comes from the
engine: a tour whose moves are not legal fails when it is built, and the table's log and
showdown panel use the engine's own sentences.

The lessons' tours are :data:`TOURS`; ``Walkthrough.named("scat")`` shows one.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..game import Action, State, new_game, parse_action
from ..i18n import N_, _
from .table import CardTable

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["Step", "Tour", "Walkthrough", "TOURS"]


@dataclass(frozen=True)
class Step:
    """One step of a tour."""

    say: str
    """What the narrator says: what just happened and what comes next (English, marked ``N_``: the walkthrough
    shows it in the page's language)."""
    moves: tuple[str, ...] = ()
    """The moves made at this step, as action text; a bot's whole turn is one step."""
    ask: str = ""
    """When set, the learner makes the step's one move, asked in these words."""
    hint: str = ""
    """What the learner is told when they try another move."""
    done: str = ""
    """What the learner has now seen done, for the list "What you have done" (from this step on): a head, a
    colon, then the rule in a sentence."""


@dataclass(frozen=True)
class Tour:
    """A staged round: rules, seats, the stacked deck (top card first) and the steps."""

    title: str
    rules: str
    names: tuple[str, ...]
    seat: int
    deck: str
    steps: tuple[Step, ...]
    lives: tuple[int, ...] | None = None
    seed: int = 1

    def start(self) -> State:
        """The state right after the staged deal."""
        return new_game(self.rules, players=len(self.names), seed=self.seed, deck=self.deck, lives=self.lives)

    def states(self) -> list[State]:
        """The state before each step, and after the last; raises ``ValueError`` on a bad script."""
        s = self.start()
        out = [s]
        for i, step in enumerate(self.steps):
            if step.ask and len(step.moves) != 1:
                raise ValueError(f"{self.title}, step {i + 1}: the learner makes exactly one move")
            for m in step.moves:
                mover = s.current_player
                if (mover == self.seat) != bool(step.ask):
                    raise ValueError(f"{self.title}, step {i + 1}: {m!r} would be made by seat {mover}")
                s = s.apply(m)  # IllegalActionError (a ValueError) says why
            out.append(s)
        return out


SCAT = Tour(
    title=N_("A round of Scat"),
    rules="scat",
    names=("Ana", "Sam", "Ben"),
    seat=1,
    deck="K♥ 8♠ Q♣ 5♥ 7♠ J♣ 4♣ 2♦ 3♦ 9♥ 5♠ 9♣ A♥ 10♦ K♠ 2♣",
    steps=(
        Step(N_("Ana deals three cards to each player, one at a time, starting on her left: you, Ben, then "
             "herself. She turns the next card face up to start the discard pile: the 9♥. The rest of the "
             "deck is the stock, face down. Your hand is K♥ 5♥ 4♣, worth 15: K♥ + 5♥."),
             done=N_("The deal: three cards each, one card face up to start the discard pile; the rest is the "
                     "stock.")),
        Step(N_("You sit on the dealer's left, so you play first. A turn is: take one card, then throw one. "
             "You may take the top card of the discard pile, which everyone sees, or the top card of the "
             "stock, which only you see."),
             ("draw discard",), ask=N_("Take the 9♥ from the discard pile: it is a heart, like your K♥ and 5♥."),
             hint=N_("Not that: click the 9♥ on the discard pile. It fits your hearts.")),
        Step(N_("You hold four cards for a moment. Throw one to get back to three: the 4♣ is alone in its "
             "suit and counts nothing."),
             ("discard 4♣",), ask=N_("Throw the 4♣."), hint=N_("Throw the 4♣: in a hand of hearts a club counts nothing.")),
        Step(N_("K♥ 9♥ 5♥ is worth 24. Now it is Ben's turn: he draws from the stock (only he sees the card) "
             "and throws one card face up."), ("draw stock", "discard 2♦"),
             done=N_("A turn: take the top card of the stock (only you see it) or of the discard pile (everyone "
                     "sees it), then throw one card face up on the discard pile.")),
        Step(N_("Ben threw the 2♦. Ana's turn."), ("draw stock", "discard 3♦")),
        Step(N_("Ana threw the 3♦. It does not fit your hearts, so this time take a card nobody has seen."),
             ("draw stock",), ask=N_("Click \"Draw from the stock\"."),
             hint=N_("Click \"Draw from the stock\" this time: the 3♦ on the pile does not help your hearts.")),
        Step(N_("You drew the A♥! Keep the three best hearts."),
             ("discard 5♥",), ask=N_("Throw the 5♥."),
             hint=N_("Throw the 5♥: A♥ K♥ 9♥ is worth 30, the most these four cards can make.")),
        Step(N_("A♥ K♥ 9♥ is worth 30, one short of the best hand. Ben's turn."), ("draw stock", "discard 10♦")),
        Step(N_("Ben threw the 10♦. Ana's turn. Watch the discard pile."), ("draw stock", "discard K♠")),
        Step(N_("Ana threw the K♠. Your turn: instead of taking a card you may knock. Then everyone else has "
             "exactly one more turn, and the hands are shown. 30 will hardly be the lowest hand."),
             ("knock",), ask=N_("Knock: click the Knock button."),
             hint=N_("Click Knock: 30 is a strong hand, and every turn you wait gives the others another chance.")),
        Step(N_("You knocked, so you will not play again this round. Ben's last turn."),
             ("draw discard", "discard 5♠"),
             done=N_("Knocking instead of taking a card: everyone else has exactly one more turn; the knocker "
                     "has none.")),
        Step(N_("Ben took the K♠ from the discard pile: a player who picks up spades is collecting spades. "
             "Ana's last turn; after her comes the showdown."), ("draw stock", "discard 2♣"),
             done=N_("The discard pile tells you what others collect: Ben picked up a spade, so he wants "
                     "spades. Keep your high spades from him: holding them back costs you nothing.")),
        Step(N_("The showdown: every hand is shown and counted, and the lowest hand loses a life. You knocked "
             "with 30 and Ana has 29, so Ben's 25 is the lowest: he loses one life and has two left. You keep "
             "all three: a knocker loses only when their hand is the lowest, and then it costs two lives. "
             "A player who has lost every life keeps playing, swimming (or 'on the bus'); the next loss puts "
             "them out."),
             done=N_("The showdown: every hand is shown, and the lowest hand loses a life. In Scat a knocker whose "
                     "hand is the lowest loses two.")),
    ),
)

SCAT_31 = Tour(
    title=N_("Instant 31"),
    rules="scat",
    names=("Ana", "Sam", "Ben"),
    seat=1,
    deck="K♠ 9♣ Q♦ 10♠ 8♣ J♦ 3♦ 5♥ 7♥ A♠",
    lives=(3, 3, 0),
    steps=(
        Step(N_("A new deal. Ben has lost all his lives: he is swimming, and one more loss puts him out. "
             "Your hand is K♠ 10♠ 3♦, worth 20, and the discard pile shows the A♠.")),
        Step(N_("An ace and two cards worth ten, all of one suit, make 31."),
             ("draw discard",), ask=N_("Take the A♠ from the discard pile."),
             hint=N_("Click the A♠ on the discard pile: with your K♠ and 10♠ it makes 31.")),
        Step(N_("You took the A♠ from the discard pile. Now throw the card that does not belong."),
             ("discard 3♦",), ask=N_("Throw the 3♦."),
             hint=N_("Throw the 3♦: A♠ K♠ 10♠ is 31.")),
        Step(N_("You threw the 3♦: A♠ K♠ 10♠ is 31! The round ends at once, before anyone else moves. With these "
             "rules everyone else loses a life: Ana has two left, and Ben, who was swimming, is out of the game.")),
    ),
)

SCHWIMMEN = Tour(
    title=N_("A round of Schwimmen"),
    rules="schwimmen",
    names=("Sam", "Ana", "Ben"),
    seat=0,
    deck="Q♥ Q♠ 7♣ 7♥ 7♠ 8♦ 7♦ 8♥ 9♠ A♥ 9♥ 8♠ A♦ K♦ 9♦",
    steps=(
        Step(N_("You deal: three cards to each player and three face down in the middle, the center. The deck "
             "has 32 cards, sevens to aces. Your hand is 7♣ 8♦ 9♠: three suits, so only the best card "
             "counts, and it is worth just 9.")),
        Step(N_("As the dealer you choose first: keep this hand, or take the face-down center without seeing it. "
             "If you take it, your old hand lies face up as the center."),
             ("take center",), ask=N_("Click \"Take the center hand\": yours is weak."),
             hint=N_("Click \"Take the center hand\": a hand worth 9 is easy to beat.")),
        Step(N_("You took A♥ 9♥ 8♠, worth 20, and your old 7♣ 8♦ 9♠ lies face up as the center. From now on a "
             "turn is one of: swap one card with the center, swap all three, pass (change nothing), or knock. "
             "Ana, on your left, plays first."), ("pass",),
             done=N_("The face-down center: the dealer chooses first: take the center, still face down, as their "
                     "own hand (their old hand then lies face up as the center), or keep their hand, and the "
                     "center is turned face up.")),
        Step(N_("Ana passed: she changed nothing. Ben's turn."), ("swap 8♥ 9♠",)),
        Step(N_("Ben swapped his 8♥ for the 9♠: he collects spades. The 8♥ in the center fits your hearts."),
             ("swap 8♠ 8♥",), ask=N_("Swap one card: click the 8♠ in your hand, then the 8♥ in the center."),
             hint=N_("Click your 8♠, then the 8♥ in the center.")),
        Step(N_("You swapped your 8♠ for the 8♥: A♥ 9♥ 8♥ is worth 28. Ana's turn."), ("pass",),
             done=N_("Swap one: give one card and take one from the center.")),
        Step(N_("Ana passed again. Ben's turn."), ("swap 7♠ 8♠",)),
        Step(N_("Ben swapped his 7♠ for your old 8♠. Nothing in the center (7♣ 8♦ 7♠) fits your hearts: pass "
             "this time, and see what happens when everyone passes."),
             ("pass",), ask=N_("Pass: click the Pass button."),
             hint=N_("Click Pass: no card in the center fits your hearts.")),
        Step(N_("You passed. If Ana and Ben pass too, everyone has passed in a row."), ("pass", "pass")),
        Step(N_("Ana and Ben passed too: everyone passed in a row. So the center is cleared away and three new "
             "cards are laid from the stock: A♦ K♦ 9♦. Together they are worth 30, more than your 28, and "
             "you play first."),
             ("swap all",),
             done=N_("Pass: change nothing. When everyone passes in a row, the center is cleared away and three "
                     "new cards come from the stock, the face-down rest of the deck."), ask=N_("Swap all three: click the Swap all three button."),
             hint=N_("Click \"Swap all three\": A♦ K♦ 9♦ (30) beats your A♥ 9♥ 8♥ (28).")),
        Step(N_("You swapped all three: you hold A♦ K♦ 9♦, worth 30, and your old A♥ 9♥ 8♥ lies face up as the "
             "center. Ana's turn."), ("swap 7♦ A♥",),
             done=N_("Swap all: give your whole hand for the whole center.")),
        Step(N_("Ana swapped her 7♦ for the A♥: she collects hearts. Ben's turn."), ("pass",)),
        Step(N_("Ben passed. With 30 you can knock: everyone else has one more turn, then the showdown."),
             ("knock",), ask=N_("Knock: click the Knock button."),
             hint=N_("Click Knock: 30 is hard to beat, and every turn you wait gives the others another chance.")),
        Step(N_("You knocked, so you will not play again this round. Ana's last turn."), ("swap 7♥ 9♥",)),
        Step(N_("Ana swapped her 7♥ for the 9♥: A♥ Q♥ 9♥ is worth 30 too. Ben's last turn; then the showdown."),
             ("pass",)),
        Step(N_("The showdown: you and Ana have 30 each, Ben 27. Ben's hand is the lowest, so he loses a life. "
             "With the Schwimmen rules a knocker with the lowest hand would lose only one life, and a tie for "
             "the lowest hand is broken by Skat order: clubs > spades > hearts > diamonds."),
             done=N_("Knocking: everyone else has one more turn, then the showdown. With the Schwimmen rules the "
                     "lowest hand loses one life, even the knocker's, and a tie for the lowest is broken by Skat "
                     "order (clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦; three of a kind by rank), as in "
                     "lesson 1.")),
    ),
)

FEUER = Tour(
    title=N_("Feuer"),
    rules="feuer",
    names=("Sam", "Ana", "Ben"),
    seat=0,
    deck="K♥ 9♠ A♠ Q♥ 8♠ A♥ 10♠ J♦ 9♣ A♦ 8♣ 7♥",
    steps=(
        Step(N_("Feuer (fire) is Schwimmen with one more rule: three aces end the round at once, and everyone "
             "else loses a life. You deal again, and you hold A♠ A♥ 9♣.")),
        Step(N_("Two aces already."), ("keep hand",), ask=N_("Keep your hand: click \"Keep my hand\"."),
             hint=N_("Click \"Keep my hand\": two aces are too good to give away.")),
        Step(N_("You kept your hand, so the center is turned face up: A♦ 8♣ 7♥. The third ace! Ana plays first."),
             ("swap 10♠ 7♥",)),
        Step(N_("Ana swapped her 10♠ for the 7♥: she collects hearts. Ben's turn."), ("swap J♦ 10♠",)),
        Step(N_("Ben swapped his J♦ for the 10♠. The A♦ is still in the center."), ("swap 9♣ A♦",),
             ask=N_("Swap your 9♣ for the A♦."), hint=N_("Click your 9♣, then the A♦ in the center.")),
        Step(N_("You swapped your 9♣ for the A♦: three aces. Feuer! The round ends at once, and Ana and Ben each "
             "lose a life.")),
    ),
)

TOURS = {"scat": SCAT, "scat-31": SCAT_31, "schwimmen": SCHWIMMEN, "feuer": FEUER}
"""The lessons' tours by name."""


@dataclass
class _Progress:
    index: int = 0
    states: list[State] = field(default_factory=list)


class Walkthrough(w.VBox):
    """A tour on a card table: *Next* plays the bots' moves, the learner makes the asked ones.

    With the page's ``memory`` (:class:`~thirtyone.widgets.memory.Memory`), reaching the last step counts the
    tour finished, as exercise ``exercise`` (the tour's name in :data:`TOURS` by default): once each time it is
    played to its end from its first step (going back and forth at the end counts nothing more)."""

    def __init__(self, tour: Tour, *, show_all: bool = False, memory: Memory | None = None,
                 exercise: str | None = None) -> None:
        self.tour = tour
        self.memory = memory
        self.exercise = exercise if exercise is not None else next(
            (name for name, t in TOURS.items() if t is tour), tour.title)
        self._finished = False
        self._progress = _Progress(0, tour.states())
        self.narration = w.HTML()
        self.next_button = w.Button(description=_("Next"), button_style="primary", tooltip=_("Play the next step"))
        self.back_button = w.Button(description=_("Back"), icon="undo", tooltip=_("Go back one step"))
        self.again_button = w.Button(description=_("Start again"))
        self.show_all_box = w.Checkbox(value=show_all, description=_("Show all hands"), indent=False,
                                       layout=w.Layout(width="max-content"))
        self.table = CardTable(state=self._progress.states[0], seat=tour.seat, names=tour.names, bots=None,
                               controls=False, show_all=show_all)
        self.table.guard = self._guard
        self.table.status.layout.display = "none"  # the narration says whose turn it is
        self.table.message_html.layout.display = "none"  # the hint is said in the narration, above the cards
        self.table.observe(self._table_moved, "state")
        self.table.observe(lambda _c: self._render(), "message")
        self.recap = w.HTML()
        """What you have done: the :attr:`Step.done` of every step shown so far."""
        self.recap.add_class("to-recap")
        self._setting = False
        self.next_button.on_click(lambda _b: self.next())
        self.back_button.on_click(lambda _b: self.back())
        self.again_button.on_click(lambda _b: self.go(0))
        self.show_all_box.observe(lambda c: setattr(self.table, "show_all", c["new"]), "value")
        bar = w.HBox([self.back_button, self.next_button, self.again_button, self.show_all_box],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        bar.add_class("to-walk-bar")
        super().__init__([self.narration, bar, self.table, self.recap])
        self.add_class("to-walkthrough")
        self.go(0)

    @classmethod
    def named(cls, name: str, **kwargs: Any) -> Walkthrough:
        """One of the lessons' tours: ``scat``, ``scat-31``, ``schwimmen``, ``feuer``."""
        if name not in TOURS:
            raise ValueError(f"unknown tour {name!r}: choose one of {', '.join(TOURS)}")
        return cls(TOURS[name], **kwargs)

    # -- where we are ---------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The step shown now (``len(steps)`` past the end)."""
        return self._progress.index

    @property
    def step_now(self) -> Step | None:
        steps = self.tour.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        """The last step is shown."""
        return self.index == len(self.tour.steps) - 1

    @property
    def expected(self) -> Action | None:
        """The move the learner is asked to make now, if any."""
        step = self.step_now
        return parse_action(step.moves[0]) if step is not None and step.ask else None

    # -- moving ---------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` with the table as it was before that step."""
        index = max(0, min(index, len(self.tour.steps) - 1))
        self._progress.index = index
        self._setting = True
        try:
            self.table.history = list(self._progress.states[:index])
            self.table.message = ""
            self.table.state = self._progress.states[index]
            self.table.render()
        finally:
            self._setting = False
        self._render()
        if index == 0:
            self._finished = False  # played from the start again: its end counts again
        elif self.done and not self._finished:
            self._finished = True
            if self.memory is not None:
                self.memory.finished(self.exercise)

    def next(self) -> bool:
        """Play the bots' moves of this step (or just go on after a narration); not on a learner's step."""
        step = self.step_now
        if step is None or step.ask or self.index >= len(self.tour.steps) - 1 and not step.moves:
            if step is not None and step.ask:
                self.table.message = _(step.hint or step.ask)
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        """Go back one step."""
        if self.index == 0:
            return False
        self.go(self.index - 1)
        return True

    def _guard(self, action: Action) -> str | None:
        step = self.step_now
        if step is None or not step.ask:
            return _("Click Next to go on.")
        if action == self.expected:
            return None
        return _(step.hint or step.ask)

    def _table_moved(self, change: Any) -> None:
        if self._setting or self.expected is None:
            return
        # the learner made the asked move (the guard let nothing else through)
        self.go(self.index + 1)

    # -- drawing --------------------------------------------------------------------------
    def _render(self) -> None:
        step = self.step_now
        n = len(self.tour.steps)
        if step is None:
            return
        text = f"<p>{html.escape(_(step.say), quote=False)}</p>"
        if step.ask:
            text += ('<p class="to-ask"><strong>' + _("Your move:") + "</strong> "
                     + html.escape(_(step.ask), quote=False) + "</p>")
        elif step.moves:
            text += '<p class="to-ask">' + _("Click <strong>Next</strong> to watch.") + "</p>"
        elif self.index == n - 1:
            text += ('<p class="to-ask">' + _("That is the whole round. <strong>Start again</strong> to replay it.")
                     + "</p>")
        else:
            text += '<p class="to-ask">' + _("Click <strong>Next</strong> to go on.") + "</p>"
        progress = _("{tour} · step {n} of {total}").format(tour=html.escape(_(self.tour.title)), n=self.index + 1,
                                                            total=n)
        hint = self.table.message
        if hint:
            text += f'<p class="to-hint" role="alert">{html.escape(hint, quote=False)}</p>'
        self.narration.value = ('<div class="to-narration" role="status" aria-live="polite">'
                                f'<p class="to-progress">{progress}</p>{text}</div>')
        self.recap.value = self._recap_html()
        self.next_button.disabled = bool(step.ask) or (self.index == n - 1 and not step.moves)
        self.back_button.disabled = self.index == 0

    def done_so_far(self) -> list[str]:
        """What you have done: the points of the steps shown so far (this one included), in their order."""
        return [_(s.done) for s in self.tour.steps[:self.index + 1] if s.done]

    def _recap_html(self) -> str:
        items = []
        for point in self.done_so_far():
            head, sep, rest = point.partition(":")
            items.append(f"<li><strong>{html.escape(head + sep, quote=False)}</strong>{html.escape(rest, quote=False)}"
                         "</li>" if sep else f"<li>{html.escape(point, quote=False)}</li>")
        if not items:
            return ""
        return ('<section class="to-done"><h3>' + html.escape(_("What you have done"), quote=False) + "</h3><ul>"
                + "".join(items) + "</ul></section>")

    def steps_text(self) -> Sequence[str]:
        """Every step's words, for reading the tour without playing it."""
        return [_(s.say) + (" " + _(s.ask) if s.ask else "") for s in self.tour.steps]
