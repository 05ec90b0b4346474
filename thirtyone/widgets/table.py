"""The card table: a learner plays a round of 31 against bots, move by move.

:class:`CardTable` sits on the engine's immutable states. It shows the learner's
``state.view(seat)`` (every hand in the "show all hands" teaching mode): the seats with names,
lives and who is swimming, the stock, the discard pile or the center, the learner's hand, an
event log in the engine's sentences (:func:`thirtyone.game.narrate`) and, after a round, a
showdown panel with every hand's value and the engine's explanation.

Moves are made the natural way, and only legal ones (``state.legal_actions()``): click the stock
or the top of the discard pile to draw, click a card to throw it; in commerce click a hand card
and a center card to swap them; buttons knock, pass and swap all. Every card and button is a
``<button>``, so Tab and Enter or Space do the same. A click is ignored unless it is the
learner's turn and the move is legal; a stale click (a card that is no longer there) and the
second half of a double click change nothing. A round that ends before the learner can move (a 31 on
the deal, or the learner out and the bots at pace 0) stays on screen: a "Next round" click that comes
within :data:`SHOWDOWN_PAUSE` seconds of dealing it (the second half of the double click that dealt
it) is refused with a word, so the learner sees every showdown.

Bots move at ``pace`` seconds per move through the kernel's event loop (``loop.call_later``,
no threads), or one move per click in ``step_mode``; with ``pace == 0`` they move at once.
:meth:`play_bots` and :meth:`step` do the same synchronously, for tests and scripts.
"""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..bots import LEVELS, Bot, make_bot
from ..cards import ALL_CARDS, Card
from ..game import Action, IllegalActionError, State, narrate, new_game, parse_action
from ..i18n import N_, _, ngettext, npgettext, pgettext
from ..rules import Rules
from ._html import esc, number, static_text
from .card import CardRow

__all__ = ["CardTable", "NAMES", "PACES", "SHOWDOWN_PAUSE", "TABLE_CSS"]

NAMES = ("Sam", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
"""Default seat names; the learner's seat is shown with "(you)"."""

PACES = ((N_("slow (2 s a move)"), 2.0), (N_("normal (1 s a move)"), 1.0), (N_("fast (0.3 s a move)"), 0.3),
         (N_("instant"), 0.0), (N_("one move per click"), -1.0))
"""The pace menu: seconds between two bot moves; -1 is step mode."""

SHOWDOWN_PAUSE = 0.6
"""Seconds a round that "Next round" dealt and that ended at once (before the learner could move) stays
on screen before another "Next round" click counts: longer than a double click (the second half of one
comes at most half a second after the first), shorter than reading a showdown."""

TABLE_CSS = static_text("table.css") + static_text("walkthrough.css")
"""The table's style sheet (``static/table.css``; anywidget puts it in the page once) and the walkthrough's
(``static/walkthrough.css``, :mod:`thirtyone.widgets.guide`): a walkthrough is drawn on a card table, and
anywidget keeps one style sheet per widget class, so the table's stage brings both."""

_STAGE_ESM = static_text("stage.js")
"""The stage's script (``static/stage.js``): it says when the table is on screen."""


class _Stage(anywidget.AnyWidget):
    """Invisible: brings the table's CSS and tells Python when the table is on screen."""

    _esm = _STAGE_ESM
    _css = TABLE_CSS

    def __init__(self, on_shown: Callable[[], Any]) -> None:
        super().__init__()
        self.on_msg(lambda _w, content, _b: on_shown() if content == {"event": "shown"} else None)


def _lives_text(lives: int, out: bool, swimming_on: bool) -> str:
    if out:
        return '<span class="to-badge">' + _("out of the game") + "</span>"
    if lives == 0:
        return '<span class="to-badge">' + _("swimming: no lives left") + "</span>" if swimming_on else ""
    marks = f'<span class="to-lives-marks" aria-hidden="true">{"♥" * lives}</span>'
    return f"{marks} " + ngettext("{n} life", "{n} lives", lives).format(n=lives)


class _Seat(w.VBox):
    """One seat: its name, lives and badges above its cards."""

    def __init__(self, label: str, interactive: bool) -> None:
        self.head = w.HTML()
        self.row = CardRow(interactive=interactive, label=label)
        super().__init__([self.head, self.row])
        self.add_class("to-seat")


class CardTable(w.VBox):
    """A table of 31 for one learner and bots: ``CardTable("scat", players=3)``.

    ``seat``: the learner's seat (``None``: nobody, bots only). ``bots``: a level for every
    other seat (``"beginner"``, ``"intermediate"``, ``"expert"``), a list with a bot (or
    ``None``) per seat, or ``None`` for no bots (a script moves them, as the walkthrough does).
    ``state`` or ``deck``/``seed``/``lives``: where to start (see :func:`thirtyone.new_game`).
    """

    state = traitlets.Instance(State)
    """The state shown; set it through :meth:`show_state` (or a move), which keeps the history."""
    pace = traitlets.Float(1.0)
    """Seconds between two bot moves (0: at once)."""
    step_mode = traitlets.Bool(False)
    """Bots wait for a click on "Next move" (or :meth:`step`)."""
    show_all = traitlets.Bool(False)
    """Teaching mode: every hand (and a face-down center) is shown face up."""
    message = traitlets.Unicode("")
    """Why the learner's last click did nothing, or a hint; cleared by the next move."""

    def __init__(self, rules: Rules | str | None = "scat", players: int = 3, *, seat: int | None = 0,
                 names: Sequence[str] | None = None, bots: str | Sequence[Bot | None] | None = "intermediate",
                 seed: int | None = None, deck: Sequence[Card] | str | None = None,
                 lives: Sequence[int] | None = None, state: State | None = None, pace: float = 1.0,
                 step_mode: bool = False, show_all: bool = False, controls: bool = True) -> None:
        if state is None:
            state = new_game(rules, players=players, seed=seed, deck=deck, lives=lives)
        self._seat_everyone(state.players, seat, names)
        self._seed = seed
        self.bots = self._make_bots(bots, state.players, seed)
        self._start_bookkeeping()
        self._make_parts(state, bots)
        super().__init__(self._lay_out(state, controls), state=state)
        self.add_class("to-table")
        self._set_timing(pace, step_mode, show_all)
        self._wire()
        self._ready = True
        self.render()
        self._schedule()

    # -- set-up ---------------------------------------------------------------------------
    def _seat_everyone(self, n: int, seat: int | None, names: Sequence[str] | None) -> None:
        """The learner's seat and every seat's name (the learner "Sam" unless named)."""
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0 to {n - 1} or None, not {seat!r}")
        self.seat = seat
        if names is None:
            bots_names = iter(NAMES[1:])
            names = [NAMES[0] if i == seat else next(bots_names) for i in range(n)]
        self.names = tuple(names)
        if len(self.names) != n:
            raise ValueError(f"give {n} names, one per seat, not {len(self.names)}")
        self.labels = tuple(_("{name} (you)").format(name=x) if i == seat else x for i, x in enumerate(self.names))
        """Names as the table and the log say them: the learner's with "(you)"."""

    def _start_bookkeeping(self) -> None:
        """What the table keeps track of besides the state: the history, the learner's pick, the bots' timer."""
        self.history: list[State] = []
        self.guard: Callable[[Action], str | None] | None = None
        """Called with each move the learner tries; a text refuses the move and is shown as a hint."""
        self._selected: tuple[str, Card] | None = None
        self._timer: asyncio.Handle | None = None
        self._gen = 0
        self._pending: tuple[int, Action] | None = None
        self._ready = False
        self._playing = False
        self.timings: list[float] = []
        """Seconds each bot move took to think, apply and show (the pace not counted)."""
        self.shown = False
        """The front end has drawn the table: a pace starts only then (bots due at the deal wait for it)."""
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for :data:`SHOWDOWN_PAUSE` (a test may stand in its own clock)."""
        self._dealt_over: tuple[State, float] | None = None
        """The round "Next round" dealt that ended at once, and when it was shown."""

    def _make_parts(self, state: State, bots: str | Sequence[Bot | None] | None) -> None:
        """Every widget of the table, not yet laid out: the seats, the middle, the buttons and the menus."""
        self.stage = _Stage(self._on_shown)
        self.status = w.HTML()
        self.message_html = w.HTML()
        self.message_html.add_class("to-message")
        others = [s for s in self._order(state.players) if s != self.seat]
        self.seats: dict[int, _Seat] = {s: _Seat(_("{name}'s hand").format(name=self.names[s]), False) for s in others}
        self.stock_button = w.Button(description=_("Draw from the stock"), tooltip=_("Draw the top card of the stock"))
        self.stock_button.add_class("to-stock")
        self.stock_picture = CardRow([-1], interactive=False, label=_("the stock, face down"))
        self.stock_caption = w.HTML()
        self.pile_row = CardRow(label=_("discard pile, top card"))
        self.pile_caption = w.HTML()
        self.center_row = CardRow(label=_("the center"))
        self.center_caption = w.HTML()
        self.mine = _Seat(_("your hand"), True) if self.seat is not None else None
        self.knock_button = w.Button(description=_("Knock"), tooltip=_("Knock: everyone else has one more turn"))
        self.swap_all_button = w.Button(description=_("Swap all three"),
                                        tooltip=_("Swap your whole hand with the center"))
        self.pass_button = w.Button(description=_("Pass"), tooltip=_("Pass: change nothing this turn"))
        self.keep_button = w.Button(description=_("Keep my hand"))
        self.take_button = w.Button(description=_("Take the center hand") if state.rules.family == "commerce"
                                    else _("Exchange my hand"), layout=w.Layout(width="auto", min_width="148px"))
        self.step_button = w.Button(description=_("Next move"), tooltip=_("Let the next bot make its move"))
        self.back_button = w.Button(description=_("Step back"), icon="undo", tooltip=_("Take back the last move"))
        self.next_round_button = w.Button(description=_("Next round"), button_style="primary")
        self.new_game_button = w.Button(description=_("New game"), button_style="primary")
        self._make_menus(bots)
        self.showdown = w.HTML()
        self.showdown.add_class("to-showdown")
        self.log_html = w.HTML()

    def _make_menus(self, bots: str | Sequence[Bot | None] | None) -> None:
        """The bots' level and pace menus and the teaching-mode box."""
        levels = [(_("beginner"), "beginner"), (_("intermediate"), "intermediate"), (_("expert"), "expert")]
        self.level_menu = w.Dropdown(options=levels, value=bots if isinstance(bots, str) and bots in LEVELS
                                     else "intermediate", description=_("Bots"),
                                     style={"description_width": "initial"}, layout=w.Layout(width="max-content"))
        if not isinstance(bots, str):
            self.level_menu.layout.display = "none"  # bots given one by one (or none): no menu
        self.pace_menu = w.Dropdown(options=[(_(text), p) for text, p in PACES], description=_("Bots' pace"),
                                    style={"description_width": "initial"}, layout=w.Layout(width="max-content"))
        self.show_all_box = w.Checkbox(description=_("Show all hands (teaching mode)"), indent=False,
                                       layout=w.Layout(width="max-content"))

    def _lay_out(self, state: State, controls: bool) -> list[w.Widget]:
        """The table from top to bottom: status, the other seats, the felt, the learner's hand and moves,
        the message, the controls, the showdown and the log."""
        commerce = state.rules.family == "commerce"
        stock_box = w.VBox([self.stock_caption, self.stock_picture if commerce else self.stock_button],
                           layout=w.Layout(align_items="center"))
        pile_box = w.VBox([self.pile_caption, self.pile_row], layout=w.Layout(align_items="center"))
        center_box = w.VBox([self.center_caption, self.center_row], layout=w.Layout(align_items="center"))
        middle = [center_box, stock_box] if commerce else [stock_box, pile_box]
        self.felt = w.HBox(middle)
        self.felt.add_class("to-felt")
        self.actions = w.HBox([self.keep_button, self.take_button, self.knock_button]
                              + ([self.swap_all_button, self.pass_button] if commerce else []),
                              layout=w.Layout(flex_flow="row wrap"))
        self.controls = w.HBox([self.step_button, self.back_button, self.next_round_button, self.new_game_button,
                                self.level_menu, self.pace_menu,
                                self.show_all_box], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        if not controls:
            self.controls.layout.display = "none"
        seats_box = w.HBox(list(self.seats.values()))
        seats_box.add_class("to-seats")
        children: list[w.Widget] = [self.stage, self.status, seats_box, self.felt]
        if self.mine is not None:
            children += [self.mine, self.actions]
        return children + [self.message_html, self.controls, self.showdown, self.log_html]

    def _set_timing(self, pace: float, step_mode: bool, show_all: bool) -> None:
        """The bots' pace, step mode and teaching mode, with the menus showing them."""
        self.pace = pace
        self.step_mode = step_mode
        self.show_all = show_all
        self.show_all_box.value = show_all
        self.pace_menu.value = -1.0 if step_mode else min((p for _, p in PACES if p >= 0),
                                                          key=lambda p: abs(p - pace))

    def _wire(self) -> None:
        """Every click, key and menu to what it does."""
        self.stock_button.on_click(lambda _b: self.click_stock())
        self.pile_row.on_activate(self.click_pile)
        self.center_row.on_activate(self.click_center)
        if self.mine is not None:
            self.mine.row.on_activate(self.click_hand)
        for button, text in ((self.knock_button, "knock"), (self.swap_all_button, "swap all"),
                             (self.pass_button, "pass"), (self.keep_button, "keep hand")):
            button.on_click(lambda _b, t=text: self.play(t))
        self.take_button.on_click(lambda _b: self.play("take center" if self.state.rules.family == "commerce"
                                                       else "exchange hand"))
        self.step_button.on_click(lambda _b: self.step())
        self.back_button.on_click(lambda _b: self.back())
        self.next_round_button.on_click(lambda _b: self.click_next_round())
        self.new_game_button.on_click(lambda _b: self.click_new_game())
        self.level_menu.observe(self._level_chosen, "value")
        self.pace_menu.observe(self._pace_chosen, "value")
        self.show_all_box.observe(lambda c: setattr(self, "show_all", c["new"]), "value")

    def _make_bots(self, bots: str | Sequence[Bot | None] | None, n: int, seed: int | None) -> list[Bot | None]:
        if bots is None:
            return [None] * n
        if isinstance(bots, str):
            base = 0 if seed is None else seed * 100
            return [None if i == self.seat else make_bot(bots, seed=None if seed is None else base + i)
                    for i in range(n)]
        out = list(bots)
        if len(out) != n:
            raise ValueError(f"give one bot (or None) per seat: {n}, not {len(out)}")
        return out

    def _order(self, n: int) -> list[int]:
        """Seats in playing order starting left of the learner (the learner last)."""
        me = self.seat if self.seat is not None else n - 1
        return [(me + k) % n for k in range(1, n + 1)]

    # -- what the learner does ------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        """It is the learner's move."""
        return self.seat is not None and self.state.current_player == self.seat

    def legal(self) -> tuple[Action, ...]:
        """The learner's legal moves now (none when it is not their turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    def play(self, action: Action | str) -> bool:
        """The learner makes ``action``; True if it was made. Out of turn, illegal or refused by
        :attr:`guard`: nothing changes and :attr:`message` says why."""
        try:
            a = parse_action(action)
        except IllegalActionError as e:
            self.message = str(e)
            return False
        if not self.my_turn:
            self.message = self._wait_text()
            return False
        if a not in self.state.legal_actions():
            self.message = self._not_now(a)
            return False
        if self.guard is not None:
            hint = self.guard(a)
            if hint:
                self.message = hint
                return False
        self._selected = None
        self.message = ""
        self.show_state(self.state.apply(a))
        return True

    def click_stock(self) -> bool:
        """The stock was clicked: draw from it."""
        return self.play("draw stock")

    def click_pile(self, card: Card) -> bool:
        """A discard-pile card was clicked: take it, if it is the top card."""
        pile = self.state.discard_pile
        if not pile or pile[-1] != card:  # stale: the pile has changed since
            return False
        return self.play("draw discard")

    def click_hand(self, card: Card) -> bool:
        """A card of the learner's hand was clicked: throw it, or pick it for a swap."""
        s = self.state
        if self.seat is None or card not in s.hands[self.seat]:  # stale
            return False
        if not self.my_turn:
            self.message = self._wait_text()
            return False
        if s.rules.family == "draw":
            if s.phase == "turn" and any(a.kind == "draw stock" or a.kind == "draw discard" for a in self.legal()):
                self.message = _("First take a card: click the stock or the top card of the discard pile.")
                return False
            return self.play(Action("discard", (card,)))
        return self._pick("hand", card)

    def click_center(self, card: Card) -> bool:
        """A center card was clicked: swap it for the picked hand card, or pick it first."""
        s = self.state
        if card not in s.center or not s.center_face_up:  # stale, or face down
            return False
        return self._pick("center", card)

    def _pick(self, zone: str, card: Card) -> bool:
        """Commerce: pick a hand or center card; a pick in each zone makes the swap (give, take)."""
        if not self.my_turn:
            self.message = self._wait_text()
            return False
        if self.state.phase != "turn":
            self.message = self._status_text()
            return False
        picked = self._selected
        if picked is not None and picked[0] != zone:
            give, take = (card, picked[1]) if zone == "hand" else (picked[1], card)
            return self.play(Action("swap", (give, take)))
        self._selected = None if picked == (zone, card) else (zone, card)
        if self._selected is None:
            self.message = ""
        elif zone == "hand":
            self.message = _("Now click the center card to take for your {card}.").format(card=card)
        else:
            self.message = _("Now click the card of your hand to give for the {card}.").format(card=card)
        self.render()
        return False

    # -- history ----------------------------------------------------------------------------
    def show_state(self, state: State) -> None:
        """Show a new state, keeping the old one for :meth:`back`; bots then move if it is their turn."""
        self.history.append(self.state)
        self._selected = None
        self.state = state
        self.render()
        self._schedule()

    def back(self) -> bool:
        """Step back to the learner's previous move or the last showdown (one move at a time in step
        mode, or when no bot plays); states are immutable, so this is the very state shown then."""
        if not self.history:
            return False
        self._cancel()
        one = self.step_mode or self.seat is None or all(b is None for b in self.bots)
        s = self.history.pop()
        while not one and self.history and s.current_player != self.seat and not s.round_over:
            s = self.history.pop()
        self._selected = None
        self.message = ""
        self.state = s
        self.render()
        self._schedule()
        return True

    def next_round(self) -> bool:
        """Deal the next round, once this one is over (and the bots move, at pace 0)."""
        if not self.state.round_over or self.state.game_over:
            return False
        self.message = ""
        self.show_state(self.state.apply("next round"))
        s = self.state
        self._dealt_over = (s, self.clock()) if s.round_over else None
        return True

    def click_next_round(self) -> bool:
        """"Next round" was clicked: deal the next round, unless the click is the second half of the double
        click that dealt this one and this one ended at once (its showdown would never be seen); or the
        click is stale (the round is not over: it was dealt by the click's first half)."""
        s = self.state
        dealt = self._dealt_over
        if dealt is not None and dealt[0] is s and not s.game_over and self.clock() - dealt[1] < SHOWDOWN_PAUSE:
            self.message = _("Round {n} is already over: read its showdown below, then click Next round "
                             "again.").format(n=s.round)
            return False
        return self.next_round()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the same rules, seats and bots."""
        s = self.state
        self.message = ""
        self.show_state(new_game(s.rules, players=s.players, seed=seed))
        s = self.state
        self._dealt_over = (s, self.clock()) if s.round_over else None

    def click_new_game(self) -> bool:
        """"New game" was clicked: start one, once the game is over (the second half of a double click is
        stale). A seeded table deals the game numbered one more than this one: the same clicks replay the same
        games; an unseeded one shuffles afresh."""
        if not self.state.game_over:
            return False
        self.new_game(None if self._seed is None else self.state.seed + 1)
        return True

    # -- bots -------------------------------------------------------------------------------
    def bot_to_move(self) -> Bot | None:
        """The bot whose move it is, if any."""
        p = self.state.current_player
        if p is None or p == self.seat:
            return None
        return self.bots[p]

    def step(self) -> bool:
        """Play one bot move now; False if it is not a bot's turn."""
        bot = self.bot_to_move()
        if bot is None:
            return False
        t = time.perf_counter()
        p = self.state.current_player
        assert p is not None
        pending = self._pending
        self._pending = None
        if pending is not None and pending[0] == self._gen:
            action = pending[1]
        else:
            action = bot.choose(self.state.view(p))
        self.show_state(self.state.apply(action))
        self.timings.append(time.perf_counter() - t)
        return True

    def play_bots(self, limit: int = 10_000) -> int:
        """Play bot moves until it is the learner's turn or the round is over; returns how many."""
        n = 0
        was = self._playing
        self._playing = True  # no timers, no recursion while we play synchronously
        try:
            while n < limit and self.step():
                n += 1
        finally:
            self._playing = was
        return n

    def _schedule(self) -> None:
        """Plan the next bot move: at once (pace 0), after ``pace`` seconds, or on a click (step mode)."""
        self._cancel()
        if self._playing or self.step_mode or self.bot_to_move() is None:
            return
        if self.pace <= 0:
            self.play_bots()
            return
        if not self.shown:  # nobody would see the moves yet: wait until the table is drawn
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, no event loop: use step() or play_bots()
            return
        gen = self._gen
        due = loop.time() + self.pace
        # think now, while the learner looks at the last move; show the move when its time comes
        self._timer = loop.call_soon(self._think, gen, due)

    def _on_shown(self) -> None:
        if not self.shown:
            self.shown = True
            self._schedule()

    def _think(self, gen: int, due: float) -> None:
        self._timer = None
        if gen != self._gen:
            return
        try:
            bot = self.bot_to_move()
            p = self.state.current_player
            if bot is None or p is None:
                return
            self._pending = (gen, bot.choose(self.state.view(p)))
            loop = asyncio.get_running_loop()
            self._timer = loop.call_at(max(due, loop.time()), self._move, gen)
        except Exception:
            self.log.exception("Exception in a bot's move")

    def _move(self, gen: int) -> None:
        self._timer = None
        if gen != self._gen:
            return
        try:
            self.step()
        except Exception:
            self.log.exception("Exception in a bot's move")

    def _cancel(self) -> None:
        self._gen += 1
        self._pending = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _level_chosen(self, change: Any) -> None:
        self.bots = self._make_bots(change["new"], self.state.players, self._seed)
        self._schedule()

    def _pace_chosen(self, change: Any) -> None:
        value = change["new"]
        if value < 0:
            self.step_mode = True
        else:
            self.pace = value
            self.step_mode = False

    @traitlets.observe("step_mode", "pace")
    def _timing_changed(self, _change: Any) -> None:
        if self._ready:
            self.render()
            self._schedule()

    @traitlets.observe("show_all")
    def _show_all_changed(self, change: Any) -> None:
        if self._ready:
            self.show_all_box.value = change["new"]
            self.render()

    @traitlets.observe("message")
    def _message_changed(self, change: Any) -> None:
        if self._ready:
            text = change["new"]
            self.message_html.value = f'<div role="status"><p>{esc(text)}</p></div>' if text else \
                '<div role="status"></div>'

    # -- words ------------------------------------------------------------------------------
    def _wait_text(self) -> str:
        s = self.state
        if s.round_over:
            return _("The round is over: read the showdown below, then click Next round.")
        p = s.current_player
        return _("Wait: it is {name}'s turn.").format(name=self.labels[p]) if p is not None else ""

    def _not_now(self, a: Action) -> str:
        s = self.state
        if a.kind in ("draw stock", "draw discard") and s.phase == "discard":
            return _("You have drawn: now throw one of your four cards.")
        if a.kind == "knock" and s.knocker is not None:
            return _("{name} has already knocked: only one knock per round.").format(name=self.labels[s.knocker])
        if a.kind == "knock":
            return _("You may not knock just now: {what}").format(what=self._status_text())
        return self._status_text()

    def _status_text(self) -> str:
        """What the learner can do now, from the legal moves."""
        s = self.state
        if s.game_over:
            w_ = s.winner
            return (_("The game is over: {name} wins.").format(name=self.labels[w_]) if w_ is not None
                    else _("The game is over."))
        if s.round_over:
            return _("The round is over: read the showdown below, then click Next round.")
        p = s.current_player
        assert p is not None
        if p != self.seat:
            tail = " " + _("Click Next move to see it.") if self.step_mode and self.bots[p] is not None else ""
            knocked = (" " + _("{name} has knocked: this is everyone's last turn.").format(name=self.labels[s.knocker])
                       if s.knocker is not None else "")
            return _("{name}'s turn.").format(name=self.labels[p]) + f"{knocked}{tail}"
        kinds = {a.kind for a in s.legal_actions()}
        knock = _(" or knock") if "knock" in kinds else ""
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
            banned = ""
            if s.taken is not None and Action("discard", (s.taken,)) not in s.legal_actions():
                banned = _(" (not the {card} you just took)").format(card=s.taken)
            return _("Now throw a card: click one of your four cards{banned}.").format(banned=banned) + last
        if s.rules.family == "draw":  # whole sentences: "o golpea" in Spanish, not the list's "o golpear"
            if knock:
                return _("Your turn: take a card (click the stock or the top of the discard pile) or knock.") + last
            return _("Your turn: take a card (click the stock or the top of the discard pile).") + last
        extra = [x for x, k in ((_("swap all three"), "swap all"), (_("pass"), "pass")) if k in kinds]
        more = (", " + ", ".join(extra) if extra else "") + knock
        return _("Your turn: click one of your cards, then a center card, to swap them{more}.").format(more=more) + last

    # -- drawing ----------------------------------------------------------------------------
    def render(self) -> None:
        """Show the state: seats, piles, hand, buttons, status, showdown and log."""
        s = self.state
        seat = self.seat
        viewer = seat if seat is not None else s.current_player if s.current_player is not None else 0
        everything = self.show_all or seat is None
        hands = s.hands if everything else s.view(viewer).hands
        legal = s.legal_actions() if self.my_turn else ()
        kinds = {a.kind for a in legal}
        with self.hold_sync():
            for p, box in self.seats.items():
                self._draw_seat(box, p, s, hands[p] if hands is not None else None)
            if self.mine is not None and seat is not None:
                self._draw_mine(self.mine, seat, s, legal)
            self._draw_middle(s, kinds, everything)
            self._draw_buttons(s, kinds)
            self._draw_showdown(s)
            self._draw_log(s, viewer, everything)
            # last: a front end that sees the new status has every other part of the new state
            self.status.value = ('<div class="to-status" role="status"><p><strong>'
                                 + _("Round {n}").format(n=s.round) + "</strong> · "
                                 + esc((pgettext("your seat", "{name} deals.") if s.dealer == seat
                                       else _("{name} deals.")).format(name=self.labels[s.dealer]))
                                 + f" {esc(self._status_text())}</p></div>")

    def _draw_mine(self, box: _Seat, seat: int, s: State, legal: tuple[Action, ...]) -> None:
        """The learner's seat: the hand face up, the picked card, the cards that may not be thrown now."""
        self._draw_seat(box, seat, s, s.hands[seat])
        row = box.row
        sel = [int(self._selected[1])] if self._selected and self._selected[0] == "hand" else []
        mine = self.my_turn
        banned = [int(c) for c in s.hands[seat]
                  if s.phase == "discard" and mine and Action("discard", (c,)) not in legal]
        with row.hold_sync():
            row.cards = [int(c) for c in s.hands[seat]]
            row.selected = sel
            row.disabled = banned
            row.highlighted = []

    def _draw_middle(self, s: State, kinds: set[str], everything: bool) -> None:
        """The middle of the table: the stock, and the discard pile or the center."""
        self.stock_button.disabled = "draw stock" not in kinds
        self.stock_picture.cards = [-1] if s.stock else []
        self.stock_caption.value = ('<p class="to-caption">'
                                    + ngettext("Stock ({n} card)", "Stock ({n} cards)", len(s.stock)).format(
                                        n=len(s.stock)) + "</p>")
        if s.rules.family == "draw":
            pile = s.discard_pile
            self.pile_row.cards = [int(pile[-1])] if pile else []
            self.pile_row.disabled = [] if "draw discard" in kinds or not pile else [int(pile[-1])]
            self.pile_caption.value = ('<p class="to-caption">'
                                       + ngettext("Discard pile ({n} card)", "Discard pile ({n} cards)",
                                                  len(pile)).format(n=len(pile)) + "</p>")
            return
        up = s.center_face_up
        shown = up or everything
        self.center_row.cards = [int(c) if shown else -1 for c in s.center]
        self.center_row.interactive = up
        sel = [int(self._selected[1])] if self._selected and self._selected[0] == "center" else []
        self.center_row.selected = sel
        self.center_row.label = _("the center") if up else _("the center, face down")
        self.center_caption.value = ('<p class="to-caption">'
                                     + (_("The center") if up else _("The center (face down)")) + "</p>")

    def _draw_buttons(self, s: State, kinds: set[str]) -> None:
        """The learner's moves (only the legal ones enabled) and the table's controls."""
        self.actions.layout.display = "none" if s.round_over else None
        self.knock_button.disabled = "knock" not in kinds
        self.swap_all_button.disabled = "swap all" not in kinds
        self.pass_button.disabled = "pass" not in kinds
        choosing = s.phase in ("choice", "first") and self.seat is not None and s.current_player == self.seat
        for b in (self.keep_button, self.take_button):
            b.layout.display = None if choosing else "none"
        self.keep_button.disabled = "keep hand" not in kinds
        self.take_button.disabled = not ({"take center", "exchange hand"} & kinds)
        self.step_button.disabled = self.bot_to_move() is None
        self.step_button.layout.display = None if self.step_mode else "none"
        self.back_button.disabled = not self.history
        self.next_round_button.disabled = not s.round_over or s.game_over
        self.next_round_button.layout.display = None if s.round_over and not s.game_over else "none"
        self.new_game_button.layout.display = None if s.game_over else "none"

    def _draw_seat(self, box: _Seat, p: int, s: State, hand: tuple[Card, ...] | None) -> None:
        badges = []
        mine = p == self.seat  # the learner's own seat: Spanish says "repartes", "te toca" there
        if p == s.dealer:
            badges.append('<span class="to-badge">' + (pgettext("your seat", "dealer") if mine else _("dealer"))
                          + "</span>")
        if s.knocker == p:
            badges.append('<span class="to-badge to-knock">'
                          + (pgettext("your seat", "knocked") if mine else _("knocked")) + "</span>")
        if s.current_player == p:
            badges.append('<span class="to-badge to-turn">'
                          + (pgettext("your seat", "▶ to play") if mine else _("▶ to play")) + "</span>")
        if s.result is not None and s.result.losses[p]:
            n = s.result.losses[p]
            lost = (npgettext("your seat", "lost {n} life", "lost {n} lives", n) if mine
                    else ngettext("lost {n} life", "lost {n} lives", n))
            badges.append('<span class="to-badge">' + lost.format(n=n) + "</span>")
        lives = _lives_text(s.lives[p], s.out[p], s.rules.swimming)
        box.head.value = (f'<div class="to-seat-head"><strong>{esc(self.labels[p])}</strong> {lives} '
                          + "".join(badges) + "</div>")
        size = len(s.hands[p])
        if p == self.seat:
            pass
        elif hand is not None:
            box.row.cards = [int(c) for c in hand]
            box.row.label = _("{name}'s hand").format(name=self.names[p])
        else:
            box.row.cards = [-1] * size
            box.row.label = ngettext("{name}'s hand, {n} card face down", "{name}'s hand, {n} cards face down",
                                     size).format(name=self.names[p], n=size)
        if s.current_player == p:
            box.add_class("to-acting")
        else:
            box.remove_class("to-acting")
        if s.out[p]:
            box.add_class("to-gone")
        else:
            box.remove_class("to-gone")

    def _draw_showdown(self, s: State) -> None:
        r = s.result
        if r is None:
            self.showdown.value = ""
            self.showdown.layout.display = "none"
            return
        self.showdown.layout.display = None
        rows = []
        heads = [html.escape(h) for h in (_("Player"), _("Hand"), _("Value"), _("Why"), _("Lives lost"),
                                          _("Lives left"))]
        for p, sc in enumerate(r.scores):
            if sc is None:
                continue
            lost = r.losses[p]
            what = ('<span class="to-lost">' + ngettext("loses {n} life", "loses {n} lives", lost).format(n=lost)
                    + f"</span>: {esc(r.reasons[p])}" if lost else _("keeps every life"))
            lives = _("out") if s.out[p] else (_("swimming") if s.lives[p] == 0 else str(s.lives[p]))
            rows.append(f'<tr data-seat="{p}" role="row"><th scope="row" role="rowheader">{esc(self.labels[p])}</th>'
                        f'<td class="to-nowrap" role="cell" data-label="{heads[1]}">'
                        f'{esc(" ".join(str(c) for c in sc.cards))}</td>'
                        f'<td class="to-value to-nowrap" role="cell" data-label="{heads[2]}">{number(sc.value)}</td>'
                        f'<td role="cell" data-label="{heads[3]}">{esc(sc.explanation)}</td>'
                        f'<td role="cell" data-label="{heads[4]}">{what}</td>'
                        f'<td role="cell" data-label="{heads[5]}">{lives}</td></tr>')
        end = ""
        if s.game_over and s.winner is not None:
            end = "<p><strong>" + esc(_("{name} wins the game!").format(name=self.labels[s.winner])) + "</strong></p>"
        showdown = _("showdown")
        self.showdown.value = (
            f'<section aria-label="{html.escape(showdown)}"><h3>'
            + _("Showdown, round {n}").format(n=r.round) + "</h3>"
            f'<p class="to-explain">{esc(r.explain(self.labels))}</p>'
            '<table role="table"><thead role="rowgroup"><tr role="row">'
            + "".join(f'<th scope="col" role="columnheader">{h}</th>'
                      for h in heads)
            + '</tr></thead><tbody role="rowgroup">' + "".join(rows)
            + f"</tbody></table>{end}</section>")

    def _draw_log(self, s: State, viewer: int, everything: bool) -> None:
        events = s.round_events() if everything else s.view(viewer).round_events()
        lines = narrate(events, self.labels, None if everything else viewer)
        items = "".join(f"<li>{esc(x)}</li>" for x in lines)
        happened = _("What happened this round")
        self.log_html.value = (f'<div class="to-log-box" role="log" tabindex="0" aria-label="{html.escape(happened)}">'
                               f'<ol class="to-log">{items}</ol></div>')

    # -- for tests and lessons ----------------------------------------------------------------
    def hand(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards of a seat (the learner's by default)."""
        p = self.seat if seat is None else seat
        return self.state.hands[p] if p is not None else ()

    def card_row_cards(self, row: CardRow) -> tuple[Card | None, ...]:
        """What a card row shows (``None`` for a face-down card)."""
        return tuple(ALL_CARDS[c] if 0 <= c < 52 else None for c in row.cards)
