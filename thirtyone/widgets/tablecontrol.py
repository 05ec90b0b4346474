"""The card table's rules of play: :class:`TableControl`, the controller under the card table's view.

Layer: widgets, in pure Python. It imports the engine (:mod:`thirtyone.game`), the bots and the text layer
(:mod:`thirtyone.i18n`) and nothing of Jupyter (no ipywidgets, anywidget, traitlets or IPython: a test
checks), so the table's rules are tested without a front end. Its view is
:class:`~thirtyone.widgets.table.CardTable`: the view turns clicks into the controller's calls, draws the
:class:`Board` the controller describes, and keeps the timers.

What the controller decides:

* the history: every state shown is kept, so :meth:`TableControl.back` steps back to the learner's previous
  move or the last showdown (one move at a time in step mode, or when no bot plays); never from a showdown,
  which has shown every hand: a round whose hands are known is not played again (:meth:`TableControl.click_back`
  refuses, and :attr:`Board.can_back` is false);
* which clicks count (:class:`Click`): a click makes a move only on the learner's turn, when the move is
  legal (``state.legal_actions()``) and :attr:`TableControl.guard` lets it through; otherwise a
  :class:`Refusal` says why, as a code and in words. A stale click (a card that is no longer there: the
  second half of a double click, or a click sent before the last move reached the page) changes nothing and
  says nothing. In commerce a hand card and a center card are picked, in either order, and then swapped.
  A click never skips a showdown: a round that ends before the learner has moved in it (an instant 31 dealt,
  or a bot's 31 before their turn) is continued by the *other* "Next round" button (:data:`NEXT_BUTTONS`: the
  one of the controls or the one under the showdown, :attr:`Board.next_button`) than the one that dealt it, so
  the second click of a double click, however slow, lands where no button deals; a click on a button that
  does not continue the round shown is stale;
* the bots' pacing (:class:`Pacing`): whether a bot is to move and when its move is due: at once (pace 0),
  after the pace (the view's timer), on a click (step mode), or once the table is on screen. A bot may
  choose its move ahead (:meth:`TableControl.think`), while the learner looks at the last one;
* what the table shows (:meth:`TableControl.board`): the hands face up or down, the learner's legal moves,
  the cards they may not throw, and the status line in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots import Bot, make_bot
from ..cards import Card
from ..game import Action, IllegalActionError, State, new_game, parse_action
from ..i18n import _, card_text
from ..replay import seeded_choice
from ..rules import Named

__all__ = ["TableControl", "Board", "Click", "Pacing", "Refusal", "NAMES", "NEXT_BUTTONS"]

NAMES = ("Sam", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
"""Default seat names; the learner's seat is shown with "(you)"."""

NEXT_BUTTONS = ("controls", "showdown")
"""The two "Next round" buttons: among the table's controls, and under the showdown. A round the learner has
not moved in is continued by the other one than the one that dealt it (:meth:`TableControl.next_button`)."""


class Refusal(Named):
    """Why a learner's click made no move (:attr:`Click.refusal`)."""

    STALE = "stale"
    """The card or button no longer stands for a move (the second half of a double click, or a click sent
    before the last move reached the page): nothing changes, and nothing is said."""
    FACE_DOWN = "face down"
    """A face-down center card: there is nothing to pick, and nothing is said."""
    NOT_YOUR_TURN = "not your turn"
    """Another player's turn."""
    ROUND_OVER = "round over"
    """The round is over: only "Next round" counts."""
    NOT_A_MOVE = "not a move"
    """Text that names no move (the engine's error says why)."""
    NOT_NOW = "not now"
    """A move the rules do not allow now (the words say what is allowed)."""
    DRAW_FIRST = "draw first"
    """A card of the hand clicked before drawing, in draw and discard."""
    GUARDED = "guarded"
    """:attr:`TableControl.guard` asks for another move (a walkthrough's step)."""
    SHOWDOWN_SEEN = "showdown seen"
    """"Step back" after a showdown: every hand has been shown, so the round may not be taken back."""


class Pacing(Named):
    """When the next bot move is due (:meth:`TableControl.pacing`); the view keeps the clock."""

    NONE = "none"
    """No bot is to move: the learner's turn, a round over, or a seat no bot plays."""
    ON_CLICK = "on click"
    """Step mode: the bot waits for "Next move"."""
    AT_ONCE = "at once"
    """Pace 0: the bots move now, one after another, until the learner's turn or the round's end."""
    WHEN_SHOWN = "when shown"
    """A pace, but the table is not on screen yet: nobody would see the move, so it waits."""
    AFTER_PACE = "after pace"
    """The bot thinks now and its move is shown ``pace`` seconds after the last one."""


@dataclass(frozen=True)
class Click:
    """What a click comes to: a move to make, a pick, or a refusal with its words."""

    move: Action | None = None
    """The move to make (after :meth:`TableControl.play`: the move made)."""
    refusal: Refusal | None = None
    """Why no move is made (``None``: none refused)."""
    message: str | None = None
    """The words to show now: why nothing happened, or what to click next; ``None``: the last words stay."""
    picked: bool = False
    """The pick changed (commerce): the view draws it."""


@dataclass(frozen=True)
class Board:
    """What the table shows and lets the learner do now, as plain data (:meth:`TableControl.board`)."""

    state: State
    viewer: int
    """The seat whose view is shown: the learner's; with no learner, the player to move (else seat 0)."""
    everything: bool
    """Every hand is shown face up (teaching mode, or a table of bots only)."""
    hands: tuple[tuple[Card, ...], ...] | None
    """The hands the viewer may see (``None``: only their own, the others face down)."""
    kinds: frozenset[str]
    """The kinds of the learner's legal moves (none unless it is their turn): their buttons are enabled."""
    picked: tuple[str, Card] | None
    """The card picked for a swap (commerce): ``("hand", card)`` or ``("center", card)``."""
    banned: tuple[Card, ...]
    """Cards of the learner's hand they may not throw now (the card just taken, where the rules say so)."""
    choosing: bool
    """The learner chooses first: keep their hand, or take the center (exchange it)."""
    can_step: bool
    """A bot is to move ("Next move")."""
    can_back: bool
    """There is a state to step back to, and no showdown has shown the hands (:meth:`TableControl.click_back`)."""
    next_button: str | None
    """Which "Next round" button (:data:`NEXT_BUTTONS`) deals the next round now; ``None``: none does."""
    status: str
    """Whose turn it is and what the learner can do, in words."""


class TableControl:
    """The rules of play of a table of 31 for one learner and bots: its history, which clicks count, the
    bots' pacing and what to show. Arguments as :class:`~thirtyone.widgets.table.CardTable`'s."""

    def __init__(self, state: State, *, seat: int | None = 0, names: Sequence[str] | None = None,
                 bots: str | Sequence[Bot | None] | None = "intermediate", seed: int | None = None) -> None:
        self.state = state
        """The state shown."""
        n = state.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0 to {n - 1} or None, not {seat!r}")
        self.seat = seat
        """The learner's seat (``None``: nobody, bots only)."""
        if names is None:
            bots_names = iter(NAMES[1:])
            names = [NAMES[0] if i == seat else next(bots_names) for i in range(n)]
        self.names = tuple(names)
        """Every seat's name (the learner "Sam" unless named)."""
        if len(self.names) != n:
            raise ValueError(f"give {n} names, one per seat, not {len(self.names)}")
        self.labels = tuple(_("{name} (you)").format(name=x) if i == seat else x for i, x in enumerate(self.names))
        """Names as the table and the log say them: the learner's with "(you)"."""
        self.seed = seed
        """The table's seed (``None``: unseeded): the bots' seeds come from it, and each new game's number."""
        self.bots = self.make_bots(bots)
        """A bot or ``None`` for every seat (the learner's ``None``)."""
        self.history: list[State] = []
        """The states shown before, oldest first."""
        self.guard: Callable[[Action], str | None] | None = None
        """Called with each move the learner tries; a text refuses the move and is shown as a hint."""
        self.selected: tuple[str, Card] | None = None
        """The card picked for a swap (commerce): ``("hand", card)`` or ``("center", card)``."""
        self.planned: Action | None = None
        """The move the bot to move chose ahead (:meth:`think`), made by :meth:`bot_move`; dropped when the
        state changes, or when the view drops its timer."""
        self.dealt_by: str | None = None
        """The "Next round" button (:data:`NEXT_BUTTONS`) that dealt the round shown, while the learner has not
        moved in it (``None`` once they have, and for a game's first round)."""

    def make_bots(self, bots: str | Sequence[Bot | None] | None) -> list[Bot | None]:
        """A bot or ``None`` per seat: a level for every seat but the learner's (seeded from :attr:`seed`; on a
        seeded table every decision is seeded afresh, :meth:`_choice`),
        one given per seat, or none."""
        n = self.state.players
        if bots is None:
            return [None] * n
        if isinstance(bots, str):
            base = 0 if self.seed is None else self.seed * 100
            return [None if i == self.seat else make_bot(bots, seed=None if self.seed is None else base + i)
                    for i in range(n)]
        out = list(bots)
        if len(out) != n:
            raise ValueError(f"give one bot (or None) per seat: {n}, not {len(out)}")
        return out

    # -- whose turn ---------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        """It is the learner's move."""
        return self.seat is not None and self.state.current_player == self.seat

    def legal(self) -> tuple[Action, ...]:
        """The learner's legal moves now (none when it is not their turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    def bot_to_move(self) -> Bot | None:
        """The bot whose move it is, if any."""
        p = self.state.current_player
        if p is None or p == self.seat:
            return None
        return self.bots[p]

    # -- the learner's clicks ---------------------------------------------------------------------
    def play(self, action: Action | str) -> Click:
        """The learner tries ``action``: made (and kept in the history) if it is their turn, the move is legal
        and :attr:`guard` lets it through; else refused, with the reason and the words to show."""
        try:
            a = parse_action(action)
        except IllegalActionError as e:
            return Click(refusal=Refusal.NOT_A_MOVE, message=str(e))
        if not self.my_turn:
            return self._wait()
        if a not in self.state.legal_actions():
            return Click(refusal=Refusal.NOT_NOW, message=self._not_now(a))
        if self.guard is not None:
            hint = self.guard(a)
            if hint:
                return Click(refusal=Refusal.GUARDED, message=hint)
        self.advance(self.state.apply(a))
        self.dealt_by = None  # the learner has moved in this round
        return Click(move=a)

    def click_pile(self, card: Card) -> Click:
        """A discard-pile card was clicked: take the pile's top card, if that is the card clicked."""
        pile = self.state.discard_pile
        if not pile or pile[-1] != card:  # stale: the pile has changed since
            return Click(refusal=Refusal.STALE)
        return Click(move=Action("draw discard"))

    def click_hand(self, card: Card) -> Click:
        """A card of the learner's hand was clicked: throw it (draw and discard), or pick it for a swap."""
        s = self.state
        if self.seat is None or card not in s.hands[self.seat]:  # stale
            return Click(refusal=Refusal.STALE)
        if not self.my_turn:
            return self._wait()
        if s.rules.family == "draw":
            if s.phase == "turn" and any(a.kind == "draw stock" or a.kind == "draw discard" for a in self.legal()):
                return Click(refusal=Refusal.DRAW_FIRST,
                             message=_("First take a card: click the stock or the top card of the discard pile."))
            return Click(move=Action("discard", (card,)))
        return self._pick("hand", card)

    def click_center(self, card: Card) -> Click:
        """A center card was clicked: swap it for the picked hand card, or pick it first."""
        s = self.state
        if card not in s.center:  # stale
            return Click(refusal=Refusal.STALE)
        if not s.center_face_up:
            return Click(refusal=Refusal.FACE_DOWN)
        return self._pick("center", card)

    def _pick(self, zone: str, card: Card) -> Click:
        """Commerce: pick a hand or center card; a pick in each zone makes the swap (give, take); the picked
        card clicked again is put back."""
        if not self.my_turn:
            return self._wait()
        if self.state.phase != "turn":
            return Click(refusal=Refusal.NOT_NOW, message=self.status_text())
        picked = self.selected
        if picked is not None and picked[0] != zone:
            give, take = (card, picked[1]) if zone == "hand" else (picked[1], card)
            return Click(move=Action("swap", (give, take)))
        self.selected = None if picked == (zone, card) else (zone, card)
        if self.selected is None:
            return Click(message="", picked=True)
        if zone == "hand":
            return Click(message=_("Now click the center card to take for your {card}.").format(card=card_text(card)),
                         picked=True)
        return Click(message=_("Now click the card of your hand to give for the {card}.").format(card=card_text(card)),
                     picked=True)

    def next_button(self) -> str | None:
        """Which "Next round" button (:data:`NEXT_BUTTONS`) deals the next round now: none while the round is
        played or once the game is over; the controls' one after a round the learner moved in; after a round
        that ended before they moved, the other one than the button that dealt it, so that no second click
        on that button (a double click, or an impatient one) ever skips this round's showdown."""
        s = self.state
        if not s.round_over or s.game_over:
            return None
        if self.dealt_by is None:
            return NEXT_BUTTONS[0]
        return NEXT_BUTTONS[1 - NEXT_BUTTONS.index(self.dealt_by)]

    def click_next_round(self, button: str = NEXT_BUTTONS[0]) -> Click:
        """"Next round" was clicked on ``button`` (:data:`NEXT_BUTTONS`): deal the next round if that button
        deals it now (:meth:`next_button`); else the click is stale (the round is not over: it was dealt by the
        click's first half; or it ended before the learner moved and the other button continues it) and
        changes nothing."""
        if button not in NEXT_BUTTONS:
            raise ValueError(f"button must be one of {', '.join(NEXT_BUTTONS)}, not {button!r}")
        if self.next_button() != button:
            return Click(refusal=Refusal.STALE)
        return Click(move=Action("next round"))

    def click_new_game(self) -> Click:
        """"New game" was clicked: it counts once the game is over (the second half of a double click is
        stale)."""
        return Click() if self.state.game_over else Click(refusal=Refusal.STALE)

    def _wait(self) -> Click:
        """A click while it is not the learner's turn."""
        s = self.state
        if s.round_over:
            return Click(refusal=Refusal.ROUND_OVER,
                         message=_("The round is over: read the showdown below, then click Next round."))
        p = s.current_player
        return Click(refusal=Refusal.NOT_YOUR_TURN,
                     message=_("Wait: it is {name}'s turn.").format(name=self.labels[p]) if p is not None else "")

    def _not_now(self, a: Action) -> str:
        """Why the learner may not make ``a`` now, on their turn."""
        s = self.state
        if a.kind in ("draw stock", "draw discard") and s.phase == "discard":
            return _("You have drawn: now throw one of your four cards.")
        if a.kind == "knock" and s.knocker is not None:
            return _("{name} has already knocked: only one knock per round.").format(name=self.labels[s.knocker])
        if a.kind == "knock":
            return _("You may not knock just now. {sentences}").format(sentences=self.status_text())
        return self.status_text()

    # -- the history ------------------------------------------------------------------------------
    def advance(self, state: State) -> None:
        """Show a new state, keeping the old one for :meth:`back`."""
        self.history.append(self.state)
        self.selected = None
        self.planned = None
        self.state = state

    def click_back(self) -> Click:
        """"Step back" was clicked: it counts while there is a state to step back to and the round is being
        played. After a showdown it is refused: every hand has been shown, and a round taken back would be
        played again knowing them. With nothing to step back to, the click is stale."""
        if self.state.round_over:
            return Click(refusal=Refusal.SHOWDOWN_SEEN, message=_(
                "The showdown has shown every hand, so this round can no longer be taken back."))
        if not self.history:
            return Click(refusal=Refusal.STALE)
        return Click()

    def back(self, step_mode: bool = False) -> bool:
        """Step back to the learner's previous move or the last showdown (one move at a time in
        ``step_mode``, or when no bot plays); states are immutable, so this is the very state shown then.
        False with nothing to step back to, or from a showdown (:meth:`click_back`)."""
        if self.click_back().refusal is not None:
            return False
        one = step_mode or self.seat is None or all(b is None for b in self.bots)
        s = self.history.pop()
        while not one and self.history and s.current_player != self.seat and not s.round_over:
            s = self.history.pop()
        self.selected = None
        self.planned = None
        self.state = s
        self.dealt_by = None
        return True

    def next_round(self, button: str | None = None) -> State | None:
        """The next round's deal, once this one is over and the game is not (``None`` otherwise), dealt by
        ``button`` (:data:`NEXT_BUTTONS`; ``None``: not by a click)."""
        s = self.state
        if not s.round_over or s.game_over:
            return None
        self.dealt_by = button
        return s.apply("next round")

    def new_game(self, seed: int | None = None) -> State:
        """A new game with the same rules and players (not yet shown)."""
        s = self.state
        self.dealt_by = None
        return new_game(s.rules, players=s.players, seed=seed)

    def next_seed(self) -> int | None:
        """The next game's number: a seeded table deals the game numbered one more than this one (the same
        clicks replay the same games); an unseeded one shuffles afresh (``None``)."""
        return None if self.seed is None else self.state.seed + 1

    # -- the bots ---------------------------------------------------------------------------------
    def pacing(self, pace: float, step_mode: bool, shown: bool) -> Pacing:
        """When the next bot move is due, at ``pace`` seconds a move (0: at once), in ``step_mode`` or not,
        with the table ``shown`` on screen or not yet."""
        if self.bot_to_move() is None:
            return Pacing.NONE
        if step_mode:
            return Pacing.ON_CLICK
        if pace <= 0:
            return Pacing.AT_ONCE
        return Pacing.AFTER_PACE if shown else Pacing.WHEN_SHOWN

    def think(self) -> Action | None:
        """The bot to move chooses its move now, from its own view; :meth:`bot_move` makes it (``None``: no
        bot is to move)."""
        bot = self.bot_to_move()
        p = self.state.current_player
        if bot is None or p is None:
            return None
        self.planned = self._choice(bot)
        return self.planned

    def bot_move(self) -> Action | None:
        """The bot to move makes its move (the one it chose ahead, else one it chooses now), kept in the
        history; ``None`` when no bot is to move."""
        bot = self.bot_to_move()
        p = self.state.current_player
        if bot is None or p is None:
            return None
        action = self.planned if self.planned is not None else self._choice(bot)
        self.advance(self.state.apply(action))
        return action

    def _choice(self, bot: Bot) -> Action:
        """The move ``bot`` chooses for the player to act, from their view: on a seeded table its generator seeded
        afresh for this decision from the game's seed, the round, the seat and the decision's place in the round
        (:func:`thirtyone.replay.seeded_choice`), so the same decision comes out the same however often it is asked
        and whoever plays the other seats (lesson 6 replays a round so, with the coach in the learner's seat)."""
        if self.seed is None:
            return bot.choose(self.state.view(self.state.current_player))  # type: ignore[arg-type]
        return seeded_choice(bot, self.state)

    # -- what to show -----------------------------------------------------------------------------
    def board(self, show_all: bool = False, step_mode: bool = False) -> Board:
        """What the table shows now: every hand face up with ``show_all`` (or with no learner), and the
        status line for ``step_mode`` or not."""
        s = self.state
        seat = self.seat
        viewer = seat if seat is not None else s.current_player if s.current_player is not None else 0
        everything = show_all or seat is None
        legal = self.legal()
        banned = (tuple(c for c in s.hands[seat] if Action("discard", (c,)) not in legal)
                  if seat is not None and s.phase == "discard" and self.my_turn else ())
        return Board(
            state=s, viewer=viewer, everything=everything,
            hands=s.hands if everything else s.view(viewer).hands,
            kinds=frozenset(a.kind for a in legal), picked=self.selected, banned=banned,
            choosing=s.phase in ("choice", "first") and seat is not None and s.current_player == seat,
            can_step=self.bot_to_move() is not None, can_back=self.click_back().refusal is None,
            next_button=self.next_button(), status=self.status_text(step_mode))

    def status_text(self, step_mode: bool = False) -> str:
        """What the learner can do now, from the legal moves (or whose turn it is: in ``step_mode``, a bot's
        move waits for "Next move")."""
        s = self.state
        if s.game_over:
            w_ = s.winner
            return (_("The game is over: {name} wins.").format(name=self.labels[w_]) if w_ is not None
                    else _("The game is over."))
        if s.round_over and self.dealt_by is not None:  # it ended before the learner could move
            return _("Round {n} is already over: read its showdown below, then click Next round again.").format(
                n=s.round)
        if s.round_over:
            return _("The round is over: read the showdown below, then click Next round.")
        p = s.current_player
        assert p is not None
        if p != self.seat:
            tail = " " + _("Click Next move to see it.") if step_mode and self.bots[p] is not None else ""
            knocked = (" " + _("{name} has knocked: this is everyone's last turn.").format(name=self.labels[s.knocker])
                       if s.knocker is not None else "")
            return _("{name}'s turn.").format(name=self.labels[p]) + f"{knocked}{tail}"
        kinds = {a.kind for a in s.legal_actions()}
        knock = "knock" in kinds
        last = (" " + _("{name} has knocked: this is your last turn.").format(name=self.labels[s.knocker])
                if s.knocker is not None else "")
        if s.phase == "choice":
            if s.rules.family == "commerce":
                return _("You deal, so you choose first: keep your hand, or take the face-down center hand "
                         "(yours then lies face up as the center).")
            return _("You deal, so you may keep your hand or exchange it for three cards from the stock.")
        if s.phase == "first":
            return _("Your first turn: keep your hand, or take the face-down center hand.")
        if s.phase == "discard":
            if s.taken is not None and Action("discard", (s.taken,)) not in s.legal_actions():
                return _("Now throw a card: click one of your four cards (not the {card} you just took).").format(
                    card=card_text(s.taken)) + last
            return _("Now throw a card: click one of your four cards.") + last
        if s.rules.family == "draw":  # whole sentences: "o golpea" in Spanish, not the list's "o golpear"
            if knock:
                return _("Your turn: take a card (click the stock or the top of the discard pile) or knock.") + last
            return _("Your turn: take a card (click the stock or the top of the discard pile).") + last
        said = {  # (swap all three, pass, knock) → the whole sentence: never the other moves glued on as a list
            (False, False, False): _("Your turn: click one of your cards, then a center card, to swap them."),
            (False, False, True): _("Your turn: click one of your cards, then a center card, to swap them, or knock."),
            (True, False, False): _("Your turn: click one of your cards, then a center card, to swap them, or swap all "
                                    "three."),
            (True, False, True): _("Your turn: click one of your cards, then a center card, to swap them, swap all "
                                   "three or knock."),
            (False, True, False): _("Your turn: click one of your cards, then a center card, to swap them, or pass."),
            (False, True, True): _("Your turn: click one of your cards, then a center card, to swap them, pass or "
                                   "knock."),
            (True, True, False): _("Your turn: click one of your cards, then a center card, to swap them, swap all "
                                   "three or pass."),
            (True, True, True): _("Your turn: click one of your cards, then a center card, to swap them, swap all "
                                  "three, pass or knock."),
        }
        return said["swap all" in kinds, "pass" in kinds, "knock" in kinds] + last
