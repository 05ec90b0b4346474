"""The card table: a learner plays a round of 31 against bots, move by move. This is the view.

:class:`CardTable` draws the engine's immutable states. It shows the learner's ``state.view(seat)``
(every hand in the "show all hands" teaching mode): the seats with names, lives and who is swimming, the
stock, the discard pile or the center, the learner's hand, an event log in the engine's sentences
(:func:`thirtyone.game.narrate`) and, after a round, a showdown panel with every hand's value and the
engine's explanation.

Moves are made the natural way: click the stock or the top of the discard pile to draw, click a card to
throw it; in commerce click a hand card and a center card to swap them; buttons knock, pass and swap all.
Every card and button is a ``<button>``, so Tab and Enter or Space do the same.

The rules of play live in the controller, :class:`~thirtyone.widgets.tablecontrol.TableControl` (pure
Python, no Jupyter): the history, which clicks count (only the learner's legal moves on their turn; stale
clicks and the second half of a double click change nothing; a round that ended before the learner moved is
continued by the other "Next round" button (the controls' one, or the one under the showdown) than the one that
dealt it, so no click skips a showdown; "Step back" is refused once a showdown has shown every hand), the bots' pacing and what to show. This module is the widgets' side: it turns clicks into the
controller's calls, draws the controller's :class:`~thirtyone.widgets.tablecontrol.Board`, and keeps the
timers. Bots move at ``pace`` seconds per move through the kernel's event loop (``loop.call_later``, no
threads), or one move per click in ``step_mode``; with ``pace == 0`` they move at once. :meth:`play_bots`
and :meth:`step` do the same synchronously, for tests and scripts.
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

from ..bots import LEVELS, Bot
from ..cards import ALL_CARDS, Card
from ..game import Action, State, narrate, new_game
from ..i18n import N_, _, cards_text, ngettext, npgettext, pgettext
from ..rules import Rules
from ._html import esc, number, static_text
from .card import CardRow
from .tablecontrol import NAMES, NEXT_BUTTONS, Board, Click, Pacing, TableControl

__all__ = ["CardTable", "NAMES", "PACES", "NEXT_BUTTONS", "TABLE_CSS"]

PACES = ((N_("slow (2 s a move)"), 2.0), (N_("normal (1 s a move)"), 1.0), (N_("fast (0.3 s a move)"), 0.3),
         (N_("instant"), 0.0), (N_("one move per click"), -1.0))
"""The pace menu: seconds between two bot moves; -1 is step mode."""

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


def _seat_head_html(s: State, p: int, mine: bool, label: str) -> str:
    """Seat ``p``'s head: its name, lives and badges (dealer, knocked, to play, lives lost); ``mine``: the
    learner's own seat, where Spanish says "repartes", "te toca"."""
    badges = []
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
    return f'<div class="to-seat-head"><strong>{esc(label)}</strong> {lives} ' + "".join(badges) + "</div>"


def _showdown_html(s: State, labels: Sequence[str]) -> str:
    """The showdown panel: the engine's explanation and every hand's value, why, lives lost and left, and
    who won the game (empty while the round is played)."""
    r = s.result
    if r is None:
        return ""
    rows = []
    heads = [html.escape(h) for h in (_("Player"), _("Hand"), _("Value"), _("Why"), _("Lives lost"),
                                      _("Lives left"))]
    for p, sc in enumerate(r.scores):
        if sc is None:
            continue
        lost = r.losses[p]
        # under its column's name (a phone shows it before the cell: "Lives lost"): the number, then why on its own,
        # never "loses 1 life: …" after "Lives lost"
        what = (f'<span class="to-lost">{lost}</span> <span class="to-why">({esc(r.reasons[p])})</span>' if lost
                else "0")
        lives = _("out") if s.out[p] else (_("swimming") if s.lives[p] == 0 else str(s.lives[p]))
        rows.append(f'<tr data-seat="{p}" role="row"><th scope="row" role="rowheader">{esc(labels[p])}</th>'
                    f'<td class="to-nowrap" role="cell" data-label="{heads[1]}">'
                    f'{esc(cards_text(sc.cards))}</td>'
                    f'<td class="to-value to-nowrap" role="cell" data-label="{heads[2]}">{number(sc.value)}</td>'
                    f'<td role="cell" data-label="{heads[3]}">{esc(sc.explanation)}</td>'
                    f'<td role="cell" data-label="{heads[4]}">{what}</td>'
                    f'<td role="cell" data-label="{heads[5]}">{lives}</td></tr>')
    end = ""
    if s.game_over and s.winner is not None:
        end = "<p><strong>" + esc(_("{name} wins the game!").format(name=labels[s.winner])) + "</strong></p>"
    showdown = _("showdown")
    return (f'<section aria-label="{html.escape(showdown)}"><h3>'
            + _("Showdown, round {n}").format(n=r.round) + "</h3>"
            f'<p class="to-explain">{esc(r.explain(labels))}</p>'
            '<table role="table"><thead role="rowgroup"><tr role="row">'
            + "".join(f'<th scope="col" role="columnheader">{h}</th>'
                      for h in heads)
            + '</tr></thead><tbody role="rowgroup">' + "".join(rows)
            + f"</tbody></table>{end}</section>")


def _log_html(s: State, viewer: int, everything: bool, labels: Sequence[str]) -> str:
    """What happened this round, in the engine's sentences, as ``viewer`` saw it (or ``everything``)."""
    events = s.round_events() if everything else s.view(viewer).round_events()
    lines = narrate(events, labels, None if everything else viewer)
    items = "".join(f"<li>{esc(x)}</li>" for x in lines)
    happened = _("What happened this round")
    return (f'<div class="to-log-box" role="log" tabindex="0" aria-label="{html.escape(happened)}">'
            f'<ol class="to-log">{items}</ol></div>')


class _Seat(w.VBox):
    """One seat: its name, lives and badges above its cards."""

    def __init__(self, label: str, interactive: bool) -> None:
        self.head = w.HTML()
        self.row = CardRow(interactive=interactive, label=label)
        super().__init__([self.head, self.row])
        self.add_class("to-seat")


class _Control:
    """A table attribute that is its controller's (:attr:`CardTable.control`): read and set there."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: CardTable | None, owner: type | None = None) -> Any:
        return self if table is None else getattr(table.control, self.name)

    def __set__(self, table: CardTable, value: Any) -> None:
        setattr(table.control, self.name, value)


class CardTable(w.VBox):
    """A table of 31 for one learner and bots: ``CardTable("scat", players=3)``.

    ``seat``: the learner's seat (``None``: nobody, bots only). ``bots``: a level for every
    other seat (``"beginner"``, ``"intermediate"``, ``"expert"``), a list with a bot (or
    ``None``) per seat, or ``None`` for no bots (a script moves them, as the walkthrough does).
    ``state`` or ``deck``/``seed``/``lives``: where to start (see :func:`thirtyone.new_game`).
    """

    state = traitlets.Instance(State)
    """The state shown (the controller's); set it through :meth:`show_state` (or a move), which keeps the
    history."""
    pace = traitlets.Float(1.0)
    """Seconds between two bot moves (0: at once)."""
    step_mode = traitlets.Bool(False)
    """Bots wait for a click on "Next move" (or :meth:`step`)."""
    show_all = traitlets.Bool(False)
    """Teaching mode: every hand (and a face-down center) is shown face up."""
    message = traitlets.Unicode("")
    """Why the learner's last click did nothing, or a hint; cleared by the next move."""

    seat = _Control()
    """The learner's seat (``None``: nobody, bots only)."""
    names = _Control()
    """Every seat's name."""
    labels = _Control()
    """Names as the table and the log say them: the learner's with "(you)"."""
    bots = _Control()
    """A bot or ``None`` for every seat."""
    history = _Control()
    """The states shown before, oldest first."""
    guard = _Control()
    """Called with each move the learner tries; a text refuses the move and is shown as a hint."""
    my_turn = _Control()
    """It is the learner's move."""
    legal = _Control()
    """The learner's legal moves now (none when it is not their turn): ``table.legal()``."""
    bot_to_move = _Control()
    """The bot whose move it is, if any: ``table.bot_to_move()``."""

    def __init__(self, rules: Rules | str | None = "scat", players: int = 3, *, seat: int | None = 0,
                 names: Sequence[str] | None = None, bots: str | Sequence[Bot | None] | None = "intermediate",
                 seed: int | None = None, deck: Sequence[Card] | str | None = None,
                 lives: Sequence[int] | None = None, state: State | None = None, pace: float = 1.0,
                 step_mode: bool = False, show_all: bool = False, controls: bool = True) -> None:
        if state is None:
            state = new_game(rules, players=players, seed=seed, deck=deck, lives=lives)
        self.control = TableControl(state, seat=seat, names=names, bots=bots, seed=seed)
        """The table's rules of play: its history, which clicks count, the bots' pacing, what to show."""
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
    def _start_bookkeeping(self) -> None:
        """What the view keeps track of besides the controller: the bots' timer and when the table is seen."""
        self._timer: asyncio.Handle | None = None
        self._gen = 0
        self._ready = False
        self._playing = False
        self.timings: list[float] = []
        """Seconds each bot move took to think, apply and show (the pace not counted)."""
        self.shown = False
        """The front end has drawn the table: a pace starts only then (bots due at the deal wait for it)."""

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
        self.showdown_next_button = w.Button(description=_("Next round"), button_style="primary",
                                             layout=w.Layout(display="none"))
        """"Next round" under the showdown: it continues a round that ended before the learner moved in it and
        that the controls' button dealt (and the controls' one continues a round this one dealt)."""
        self.showdown_next_button.add_class("to-showdown-next")
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
        return children + [self.message_html, self.controls, self.showdown, self.showdown_next_button, self.log_html]

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
        self.next_round_button.on_click(lambda _b: self.click_next_round(NEXT_BUTTONS[0]))
        self.showdown_next_button.on_click(lambda _b: self.click_next_round(NEXT_BUTTONS[1]))
        self.new_game_button.on_click(lambda _b: self.click_new_game())
        self.level_menu.observe(self._level_chosen, "value")
        self.pace_menu.observe(self._pace_chosen, "value")
        self.show_all_box.observe(lambda c: setattr(self, "show_all", c["new"]), "value")

    def _order(self, n: int) -> list[int]:
        """Seats in playing order starting left of the learner (the learner last)."""
        me = self.seat if self.seat is not None else n - 1
        return [(me + k) % n for k in range(1, n + 1)]

    # -- what the learner does ------------------------------------------------------------
    def play(self, action: Action | str) -> bool:
        """The learner makes ``action``; True if it was made. Out of turn, illegal or refused by
        :attr:`guard`: nothing changes and :attr:`message` says why."""
        click = self.control.play(action)
        if click.move is None:
            self.message = click.message or ""
            return False
        self.message = ""
        self._show()
        return True

    def click_stock(self) -> bool:
        """The stock was clicked: draw from it."""
        return self.play("draw stock")

    def click_pile(self, card: Card) -> bool:
        """A discard-pile card was clicked: take it, if it is the top card."""
        return self._follow(self.control.click_pile(card))

    def click_hand(self, card: Card) -> bool:
        """A card of the learner's hand was clicked: throw it, or pick it for a swap."""
        return self._follow(self.control.click_hand(card))

    def click_center(self, card: Card) -> bool:
        """A center card was clicked: swap it for the picked hand card, or pick it first."""
        return self._follow(self.control.click_center(card))

    def _follow(self, click: Click) -> bool:
        """Do what a click comes to: make its move, show its words, draw a pick."""
        if click.move is not None:
            return self.play(click.move)
        if click.message is not None:
            self.message = click.message
        if click.picked:
            self.render()
        return False

    # -- history ----------------------------------------------------------------------------
    def show_state(self, state: State) -> None:
        """Show a new state, keeping the old one for :meth:`back`; bots then move if it is their turn."""
        self.control.advance(state)
        self._show()

    def _show(self) -> None:
        """Show the controller's state; bots then move if it is their turn."""
        self.state = self.control.state
        self.render()
        self._schedule()

    def back(self) -> bool:
        """Step back to the learner's previous move or the last showdown (one move at a time in step
        mode, or when no bot plays); states are immutable, so this is the very state shown then. Refused
        after a showdown (every hand has been shown): :attr:`message` says why."""
        click = self.control.click_back()
        if click.refusal is not None:
            if click.message is not None:
                self.message = click.message
            return False
        if not self.control.back(self.step_mode):
            return False
        self.message = ""
        self._show()
        return True

    def next_round(self, button: str | None = None) -> bool:
        """Deal the next round, once this one is over (and the bots move, at pace 0); ``button``: the "Next
        round" button that was clicked (:data:`NEXT_BUTTONS`), if one was."""
        dealt = self.control.next_round(button)
        if dealt is None:
            return False
        self.message = ""
        self.show_state(dealt)
        return True

    def click_next_round(self, button: str = NEXT_BUTTONS[0]) -> bool:
        """"Next round" was clicked on ``button`` (:data:`NEXT_BUTTONS`): deal the next round if that button
        deals it now; a stale click (the round is not over: the click's first half dealt it; or the round ended
        before the learner moved and the other button continues it) changes nothing and says nothing."""
        click = self.control.click_next_round(button)
        if click.move is None:
            return False
        return self.next_round(button)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the same rules, seats and bots."""
        self.message = ""
        self.show_state(self.control.new_game(seed))

    def click_new_game(self) -> bool:
        """"New game" was clicked: start one, once the game is over (the second half of a double click is
        stale). A seeded table deals the game numbered one more than this one: the same clicks replay the same
        games; an unseeded one shuffles afresh."""
        if self.control.click_new_game().refusal is not None:
            return False
        self.new_game(self.control.next_seed())
        return True

    # -- bots -------------------------------------------------------------------------------
    def step(self) -> bool:
        """Play one bot move now; False if it is not a bot's turn."""
        t = time.perf_counter()
        if self.control.bot_move() is None:
            return False
        self._show()
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
        """Plan the next bot move as the controller's pacing says: at once (pace 0), after ``pace`` seconds,
        or not yet (step mode waits for a click; a table not on screen waits to be drawn)."""
        self._cancel()
        if self._playing:
            return
        due = self.control.pacing(self.pace, self.step_mode, self.shown)
        if due is Pacing.AT_ONCE:
            self.play_bots()
            return
        if due is not Pacing.AFTER_PACE:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, no event loop: use step() or play_bots()
            return
        gen = self._gen
        # think now, while the learner looks at the last move; show the move when its time comes
        self._timer = loop.call_soon(self._think, gen, loop.time() + self.pace)

    def _on_shown(self) -> None:
        if not self.shown:
            self.shown = True
            self._schedule()

    def _think(self, gen: int, due: float) -> None:
        self._timer = None
        if gen != self._gen:
            return
        try:
            if self.control.think() is None:
                return
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
        self.control.planned = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _level_chosen(self, change: Any) -> None:
        self.control.bots = self.control.make_bots(change["new"])
        self._schedule()

    def _pace_chosen(self, change: Any) -> None:
        value = change["new"]
        if value < 0:
            self.step_mode = True
        else:
            self.pace = value
            self.step_mode = False

    @traitlets.observe("state")
    def _state_set(self, change: Any) -> None:
        self.control.state = change["new"]  # a state set from outside (a walkthrough's step) is the controller's

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

    # -- drawing ----------------------------------------------------------------------------
    def render(self) -> None:
        """Show what the controller's :class:`Board` says: seats, piles, hand, buttons, status, showdown, log."""
        b = self.control.board(self.show_all, self.step_mode)
        s = b.state
        with self.hold_sync():
            for p, box in self.seats.items():
                self._draw_seat(box, p, s, b.hands[p] if b.hands is not None else None)
            if self.mine is not None and self.seat is not None:
                self._draw_mine(self.mine, self.seat, b)
            self._draw_middle(b)
            self._draw_buttons(b)
            self._draw_showdown(s)
            self._draw_log(s, b.viewer, b.everything)
            # last: a front end that sees the new status has every other part of the new state
            self.status.value = ('<div class="to-status" role="status"><p><strong>'
                                 + _("Round {n}").format(n=s.round) + "</strong> · "
                                 + esc((pgettext("your seat", "{name} deals.") if s.dealer == self.seat
                                       else _("{name} deals.")).format(name=self.labels[s.dealer]))
                                 + f" {esc(b.status)}</p></div>")

    def _draw_mine(self, box: _Seat, seat: int, b: Board) -> None:
        """The learner's seat: the hand face up, the picked card, the cards that may not be thrown now."""
        s = b.state
        self._draw_seat(box, seat, s, s.hands[seat])
        row = box.row
        with row.hold_sync():
            row.cards = [int(c) for c in s.hands[seat]]
            row.selected = [int(b.picked[1])] if b.picked and b.picked[0] == "hand" else []
            row.disabled = [int(c) for c in b.banned]
            row.highlighted = []

    def _draw_middle(self, b: Board) -> None:
        """The middle of the table: the stock, and the discard pile or the center."""
        s, kinds = b.state, b.kinds
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
        shown = up or b.everything
        self.center_row.cards = [int(c) if shown else -1 for c in s.center]
        self.center_row.interactive = up
        self.center_row.selected = [int(b.picked[1])] if b.picked and b.picked[0] == "center" else []
        self.center_row.label = _("the center") if up else _("the center, face down")
        self.center_caption.value = ('<p class="to-caption">'
                                     + (_("The center") if up else _("The center (face down)")) + "</p>")

    def _draw_buttons(self, b: Board) -> None:
        """The learner's moves (only the legal ones enabled) and the table's controls."""
        s, kinds = b.state, b.kinds
        self.actions.layout.display = "none" if s.round_over else None
        self.knock_button.disabled = "knock" not in kinds
        self.swap_all_button.disabled = "swap all" not in kinds
        self.pass_button.disabled = "pass" not in kinds
        for button in (self.keep_button, self.take_button):
            button.layout.display = None if b.choosing else "none"
        self.keep_button.disabled = "keep hand" not in kinds
        self.take_button.disabled = not ({"take center", "exchange hand"} & kinds)
        self.step_button.disabled = not b.can_step
        self.step_button.layout.display = None if self.step_mode else "none"
        self.back_button.disabled = not b.can_back
        # one "Next round" at a time: the controls' one, or (after a round that ended before the learner moved,
        # dealt by the controls' one) the one under the showdown; the other is disabled and hidden
        for button, name in ((self.next_round_button, NEXT_BUTTONS[0]), (self.showdown_next_button, NEXT_BUTTONS[1])):
            button.disabled = b.next_button != name
            button.layout.display = None if b.next_button == name else "none"
        self.new_game_button.layout.display = None if s.game_over else "none"

    def _draw_seat(self, box: _Seat, p: int, s: State, hand: tuple[Card, ...] | None) -> None:
        """One seat: its head, its cards (face down unless shown; the learner's by :meth:`_draw_mine`), and
        whether it plays now or is out."""
        box.head.value = _seat_head_html(s, p, p == self.seat, self.labels[p])
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
        self.showdown.value = _showdown_html(s, self.labels)
        self.showdown.layout.display = "none" if s.result is None else None

    def _draw_log(self, s: State, viewer: int, everything: bool) -> None:
        self.log_html.value = _log_html(s, viewer, everything, self.labels)

    # -- for tests and lessons ----------------------------------------------------------------
    def hand(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards of a seat (the learner's by default)."""
        p = self.seat if seat is None else seat
        return self.state.hands[p] if p is not None else ()

    def card_row_cards(self, row: CardRow) -> tuple[Card | None, ...]:
        """What a card row shows (``None`` for a face-down card)."""
        return tuple(ALL_CARDS[c] if 0 <= c < 52 else None for c in row.cards)
