"""Lesson 6's "Play with others": learners of a class at one table held by the class's table service.

:class:`ClassPlay` is the page's side. It is a client of the service (:mod:`thirtyone.classroom`, its protocol in
:mod:`thirtyone.classroom.protocol`) running in the page's kernel: the browser never talks to the service, the
kernel does, over one WebSocket. Where the service is: :data:`~thirtyone.widgets.classlink.URL_VARIABLE` (``make
tutorial`` sets it for Voilà, whose kernels inherit it; on a JupyterHub the hub's ``/services/<name>/``, and the
kernel's hub token goes with the handshake). Without it, or while the service does not answer, the section says so
in a sentence and nothing else of the lesson changes; it keeps trying, so a service started later is found.

What a learner does: create a table (any rule set of the rule editor, :class:`~thirtyone.widgets.ruleset.RuleEditor`;
2 to 8 seats; the bots' level for the seats nobody takes) and read its short code to the others, or join a table by
its code with a name and a free seat; whoever created the table starts the game. Then the same card table as lesson
6's game (:class:`~thirtyone.widgets.table.CardTable`, its rules of play a
:class:`~thirtyone.widgets.classcontrol.RemoteControl`): the learner's own hand, the table, whose turn it is, the
log, driven by the service's ``table`` messages instead of the local engine; and the coach for the learner's own
hand only (:func:`thirtyone.coach.coach` reads only that seat's view).

Nothing is lost: the seat's token is kept in the learner's own browser (:class:`SeatStore`, localStorage, one entry
per table code, as :class:`~thirtyone.widgets.memory.Memory` keeps progress), so a reload sits down again at the
same seat; a lost connection is retried on its own ("Connection to the table lost: reconnecting…", then
"Reconnected: you kept your seat."). A seat a bot plays while its learner is away is marked so. Every refusal of the
service is said in a sentence (:func:`~thirtyone.widgets.classcontrol.refusal_text`).

The kernel does nothing before the page is drawn (a preheated kernel runs the notebook before anyone opens it): the
seat store's first message, sent when the browser draws it, starts the connection.
"""

from __future__ import annotations

import asyncio
import html
import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w
import traitlets

from ..bots import LEVELS
from ..coach import COACH_ROLLOUTS, Advice
from ..game import Action, State, narrate
from ..i18n import N_, _
from ..rules import Rules
from ._html import esc, static_text, style_tag
from .classcontrol import RemoteControl, refusal_text, rules_of, seat_names, view_state
from .classlink import ClassLink
from .play import LEVEL_NAMES, coach_html, follow_advice, table_advice
from .ruleset import RuleEditor
from .study import STUDY_CSS
from .table import CardTable
from .tablecontrol import NEXT_BUTTONS

if TYPE_CHECKING:  # pragma: no cover
    from .memory import Memory

__all__ = ["ClassPlay", "ClassTable", "SeatStore", "SEAT_PREFIX"]

SEAT_PREFIX = "thirtyone.class.seat."
"""The localStorage keys of the seats held in this browser: the prefix and the table's code."""
CODE_LENGTH = 5
"""A table's code: five letters and digits (:data:`thirtyone.classroom.tables.CODE_LENGTH`)."""

BOT_SEATS = {
    "beginner": N_("Beginner bots play the seats nobody takes."),
    "intermediate": N_("Intermediate bots play the seats nobody takes."),
    "expert": N_("Expert bots play the seats nobody takes."),
}
"""Who plays the free seats, one whole sentence for each level of the bots."""

CLASS_CSS = style_tag(static_text("play.css").replace(".to-play", ".to-classplay") + """
.to-classplay .to-class-code { font-size: 1.6em; letter-spacing: 0.12em; font-family: monospace; }
.to-classplay .to-class-panel { border: 1px solid #bbb; border-radius: 10px; padding: 4px 12px; margin: 6px 0; }
.to-classplay .to-class-connection p, .to-classplay .to-class-message p { margin: 4px 0; }
.to-classplay .to-class-message p { font-weight: bold; }
""")
"""Lesson 6's look (``static/play.css``) for this section, and the table code written large."""


BEAT_SECONDS = 5
"""How often a page of "Play with others" says it is still open."""
GONE_SECONDS = 20
"""A page silent this long has been left (its tab closed: the kernel lives on a while after it): the page's kernel
lets go of the table, so that the service counts the learner away and, on their turn, has a bot play for them."""


class SeatStore(anywidget.AnyWidget):
    """The seats this browser holds at the class's tables, kept in its localStorage (``static/seats.js``): one
    entry per table code (:data:`SEAT_PREFIX` and the code), ``{"seat", "token", "at"}``. The script sends every
    entry once, when the page draws the widget (:attr:`loaded`): that is also how the kernel learns that the page
    is open. The entry of a table this browser created also holds its ``teacher_key``."""

    _esm = static_text("seats.js")
    prefix = traitlets.Unicode(SEAT_PREFIX).tag(sync=True)
    beat_ms = traitlets.Int(BEAT_SECONDS * 1000).tag(sync=True)
    """How often the page says it is still open (an ``alive`` message)."""
    loaded = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """From the browser: the entries as found, a JSON object of code → stored text; ``None`` until it arrives."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: dict[str, dict[str, Any]] = {}
        """The seats held, by table code (what the browser had, and what this page kept since)."""
        self.seen: float | None = None
        """When the page last said it is open (``time.monotonic``); ``None`` before it was drawn."""
        self.left = False
        """The page said it is being left (``pagehide``)."""
        self.on_msg(self._heard)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        event = content.get("event") if isinstance(content, dict) else None
        if event == "alive":
            self.seen, self.left = time.monotonic(), False
        elif event == "gone":
            self.left = True

    def gone(self, now: float | None = None) -> bool:
        """Whether the page has been left: it said so, or it has not said it is open for :data:`GONE_SECONDS`."""
        if self.left:
            return True
        return self.seen is not None and (time.monotonic() if now is None else now) - self.seen > GONE_SECONDS

    @traitlets.observe("loaded")
    def _read(self, change: Any) -> None:
        self.seen = time.monotonic()
        try:
            found = json.loads(change["new"] or "{}")
        except ValueError:
            found = {}
        for code, text in (found.items() if isinstance(found, dict) else ()):
            try:
                entry = json.loads(text) if isinstance(text, str) else None
            except ValueError:
                entry = None
            if isinstance(entry, dict) and isinstance(entry.get("token"), str) and isinstance(entry.get("seat"), int):
                self.entries.setdefault(code, entry)

    def keep(self, code: str, seat: int, token: str, teacher_key: str | None = None) -> None:
        """Keep the seat ``seat`` at table ``code`` with its ``token`` in the browser (and, for whoever created
        the table, its ``teacher_key``)."""
        entry: dict[str, Any] = {"seat": seat, "token": token, "at": time.time()}
        if teacher_key:
            entry["teacher_key"] = teacher_key
        self.entries[code] = entry
        self.send({"event": "keep", "code": code, "text": json.dumps(entry)})

    def forget(self, code: str) -> None:
        """Forget the seat at table ``code`` (the service no longer knows it)."""
        self.entries.pop(code, None)
        self.send({"event": "forget", "code": code})

    def latest(self) -> tuple[str, dict[str, Any]] | None:
        """The seat taken last (its code and entry), if any."""
        if not self.entries:
            return None
        code = max(self.entries, key=lambda c: float(self.entries[c].get("at") or 0))
        return code, self.entries[code]


class ClassTable(CardTable):
    """Lesson 6's card table for a table the service holds: the same view; the moves go to the service
    (:class:`~thirtyone.widgets.classcontrol.RemoteControl`), and each ``table`` it sends is shown
    (:meth:`receive`). No stepping back, no new game, no bots' menus: the service plays the bots."""

    control: RemoteControl

    def __init__(self, state: State, seat: int, names: Sequence[str], send: Any) -> None:
        super().__init__(state=state, seat=seat, names=names, bots=None, pace=0.0)
        self.control = RemoteControl(state, seat, names, send)
        self.render()

    def receive(self, state: State, names: Sequence[str], away: Sequence[bool]) -> None:
        """Show the service's table (``names`` of every seat; ``away``: the seats a bot plays for now)."""
        self.control.rename(names, away)
        self.control.receive(state)
        self.message = ""
        self._show()

    def refused(self, text: str) -> None:
        """The service refused the last move: nothing changed; ``text`` says why."""
        self.control.refused()
        self.message = text

    def click_next_round(self, button: str = NEXT_BUTTONS[0]) -> bool:
        return self.play("next round")

    def render(self) -> None:
        super().render()
        for hidden in (self.back_button, self.new_game_button, self.level_menu, self.pace_menu, self.show_all_box,
                       self.step_button):
            hidden.layout.display = "none"


class ClassPlay(ClassLink):
    """Lesson 6's "Play with others": create or join a table of the class's table service, then play it.

    ``url``: the service's address (default: :data:`~thirtyone.widgets.classlink.URL_VARIABLE`; ``None`` there: the
    section says the service is not running here). ``rules``: the rule editor's first choice. ``rollouts``: the
    coach's sampled deals per move. ``memory``: the page's :class:`~thirtyone.widgets.memory.Memory` (unused for
    now: the games at a shared table are not kept in the learner's record). ``headers``: sent with the WebSocket's
    handshake (default: the hub token of the kernel, ``JUPYTERHUB_API_TOKEN``, when there is one).
    """

    def __init__(self, url: str | None = None, *, rules: Rules | str | None = "scat", rollouts: int = COACH_ROLLOUTS,
                 memory: Memory | None = None, headers: dict[str, str] | None = None) -> None:
        self.rollouts = rollouts
        self.memory = memory
        self.store = SeatStore()
        self.connection = w.HTML()
        self.connection.add_class("to-class-connection")
        self.message = w.HTML()
        self.message.add_class("to-class-message")
        label = {"description_width": "initial"}

        def wide() -> w.Layout:
            return w.Layout(width="max-content", max_width="100%")

        # -- create a table
        self.rules_editor = RuleEditor(rules)
        self.seats_menu = w.Dropdown(options=[(str(n), n) for n in range(2, 9)], value=4,
                                     description=_("Seats at the table"), style=label, layout=wide())
        self.level_menu = w.Dropdown(options=[(_(LEVEL_NAMES[x]), x) for x in LEVELS], value="intermediate",
                                     description=_("Bots' level"), style=label, layout=wide())
        self.create_name = w.Text(description=_("Your name"), style=label, layout=w.Layout(width="260px",
                                                                                           max_width="100%"))
        self.create_button = w.Button(description=_("Create a table"), button_style="primary", layout=wide())
        self.create_box = w.VBox([w.HTML("<h3>" + _("Create a table") + "</h3>"), self.rules_editor,
                                  w.HBox([self.seats_menu, self.level_menu],
                                         layout=w.Layout(flex_flow="row wrap", align_items="center")),
                                  self.create_name, self.create_button])
        self.create_box.add_class("to-class-panel")
        # -- join a table
        self.code_box = w.Text(description=_("Table code"), style=label, layout=w.Layout(width="220px",
                                                                                         max_width="100%"))
        self.join_name = w.Text(description=_("Your name"), style=label, layout=w.Layout(width="260px",
                                                                                         max_width="100%"))
        self.seat_menu = w.Dropdown(options=[], value=None, description=_("Your seat"), style=label,
                                    layout=wide())
        self.seats_note = w.HTML()
        """What the seat menu offers: the free seats of the table whose code is typed, or why none."""
        self.join_button = w.Button(description=_("Join"), button_style="primary", layout=wide())
        self.join_box = w.VBox([w.HTML("<h3>" + _("Join a table") + "</h3>"), self.code_box, self.join_name,
                                self.seats_note, self.seat_menu, self.join_button])
        self.join_box.add_class("to-class-panel")
        self.choose_box = w.VBox([self.create_box, self.join_box])
        # -- the table before the game: its code, its seats, and the creator's Start
        self.lobby = w.HTML()
        self.start_button = w.Button(description=_("Start the game"), button_style="primary", layout=wide())
        self.leave_button = w.Button(description=_("Leave this table"), layout=wide(),
                                     tooltip=_("Create or join another table (this browser keeps your seat here)"))
        self.lobby_box = w.VBox([self.lobby, w.HBox([self.start_button, self.leave_button],
                                                    layout=w.Layout(flex_flow="row wrap"))])
        self.lobby_box.add_class("to-class-panel")
        # -- the game: the card table, the coach for the learner's own hand, the game log
        self.coach_button = w.Button(description=_("Ask the coach"), icon="lightbulb-o",
                                     tooltip=_("The best move now, with its numbers"), layout=wide())
        self.follow_button = w.Button(description=_("Play the coach's move"), layout=wide())
        self.coach_html = w.HTML()
        self.coach_box = w.VBox([w.HBox([self.coach_button, self.follow_button]), self.coach_html])
        self.coach_box.add_class("to-coach")
        self.away_html = w.HTML()
        self.table_box = w.VBox()
        self.game_log = w.HTML()
        self.game_log.add_class("to-game-log")
        super().__init__([w.HTML(STUDY_CSS + CLASS_CSS), self.store, self.connection, self.message, self.choose_box,
                          self.lobby_box, self.away_html, self.table_box, self.game_log])
        self.add_class("to-classplay")
        self.add_class("to-study")
        self._link(url, headers)
        self.table: ClassTable | None = None
        self.code: str | None = None
        """The table this page sits at."""
        self.seat: int | None = None
        self.token: str | None = None
        self.creator = False
        self.teacher_key: str | None = None
        """The table's teacher key, for whoever created it (kept in this browser with the seat)."""
        self.peeked: dict[str, Any] | None = None
        """The ``lobby`` answer for the code typed under "Join a table" (its free seats)."""
        self.last: dict[str, Any] | None = None
        """The last ``table`` message."""
        self.advice: Advice | None = None
        self.results: dict[int, tuple[State, tuple[str, ...]]] = {}
        """Each finished round as this seat saw it at its showdown, and the labels then, by round."""
        self._resuming: str | None = None
        """The table code of the seat kept in this browser that this page is sitting down at again."""
        self._pending: dict[str, Any] | None = None
        """What was asked of the service and waits for its answer (its ``op``)."""
        self.create_button.on_click(lambda _b: self.create())
        self.join_button.on_click(lambda _b: self.join())
        self.start_button.on_click(lambda _b: self.start())
        self.leave_button.on_click(lambda _b: self.leave())
        self.coach_button.on_click(lambda _b: self.ask_coach())
        self.follow_button.on_click(lambda _b: self.follow())
        self.store.observe(self._page_open, "loaded")
        self.store.on_msg(lambda _w, content, _b: self._check_page() if self.store.seen is not None else None)
        self.code_box.observe(lambda _c: self.peek(), "value")
        self._draw_seats()
        self._draw()

    # -- the connection ----------------------------------------------------------------------------
    def _page_open(self, change: Any) -> None:
        """The browser drew the page (the seat store's first message): connect, unless already under way; then watch
        that the page stays open."""
        if change["new"] is not None:
            self._begin()
            self._watch_page()

    def _watch_page(self) -> None:
        """Every :data:`BEAT_SECONDS`: once the page has been left (:meth:`SeatStore.gone`), let go of the table (the
        service then counts this learner away); should the page speak again, sit down again."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._check_page()
        loop.call_later(BEAT_SECONDS, self._watch_page)

    def _check_page(self) -> None:
        if self.store.gone():
            if not self._closed:
                asyncio.ensure_future(self.disconnect())
        elif self._closed and self.url is not None and self._task is None:
            self._closed = False
            self._begin()

    def _prepare(self, client: Any) -> None:
        held = self.store.latest()
        if held is not None:  # the seat this browser took last: the client sits down there again on connecting
            code, entry = held
            client.remember(code, int(entry["seat"]), str(entry["token"]))
            self._resuming = code

    async def _reached(self, client: Any) -> None:
        if self.code is None:
            self.peek()  # a code typed before the service answered

    def _ask(self, msg: dict[str, Any]) -> bool:
        """Send ``msg`` to the service (while the connection is made again, as soon as it is back); False, and the
        page says so, before the service was ever reached."""
        client = self.client
        if client is None:
            self._say(_("The table service cannot be reached just now, so nothing was sent: wait until this "
                        "section says it is connected, then try again."))
            return False
        self._pending = msg
        task = asyncio.ensure_future(client.send(msg))
        task.add_done_callback(self._sent)
        return True

    def _sent(self, task: asyncio.Future[None]) -> None:
        if task.cancelled():
            return
        if task.exception() is not None:  # not sent: the connection did not come back in time
            self._say(_("The table service cannot be reached just now, so nothing was sent: wait until this "
                        "section says it is connected, then try again."))
            if self.table is not None:
                self.table.control.refused()

    # -- what the learner does -----------------------------------------------------------------------
    def create(self) -> bool:
        """"Create a table": the rules, seats and bots' level chosen, the learner's name in seat 1."""
        self._say("")
        return self._ask({"op": "create", "rules": _rules_message(self.rules_editor.rules),
                           "seats": int(self.seats_menu.value), "level": self.level_menu.value,
                           "name": self.create_name.value, "seat": 0})

    def peek(self) -> bool:
        """The code typed under "Join a table" is a whole code: ask the service for its free seats."""
        code = self.code_box.value.strip().upper()
        self.peeked = None
        self._draw_seats()
        if len(code) != CODE_LENGTH or self.client is None:
            return False
        return self._ask({"op": "peek", "code": code})

    def join(self) -> bool:
        """"Join": the table of the code typed, the seat chosen, the name typed."""
        self._say("")
        code = self.code_box.value.strip().upper()
        if not code:
            self._say(_("Type the table's code: whoever created the table can read it to you."))
            return False
        if self.seat_menu.value is None:
            self.peek()
            self._say(_("Choose a free seat: the seats appear once the table's code is typed."))
            return False
        return self._ask({"op": "join", "code": code, "name": self.join_name.value,
                           "seat": int(self.seat_menu.value)})

    def start(self) -> bool:
        """"Start the game" (the creator): the seats nobody took get bots."""
        self._say("")
        if self.code is None or self.token is None:
            return False
        return self._ask({"op": "start", "code": self.code, "token": self.token})

    def leave(self) -> None:
        """Back to creating or joining a table (this browser keeps the seat it leaves: a reload comes back to the
        table taken last)."""
        self.code = self.seat = self.token = self.teacher_key = None
        if self.client is not None:
            self.client.ticket = None
        self.last = None
        self.table = None
        self.table_box.children = []
        self.results = {}
        self.advice = None
        self._say("")
        self._draw()

    def move(self, action: Action) -> None:
        """The card table's move, sent for this page's own seat on the table last seen."""
        if self.code is None or self.token is None or self.last is None:
            return
        if not self._ask({"op": "move", "code": self.code, "token": self.token, "n": int(self.last["n"]),
                           "action": str(action)}) and self.table is not None:
            self.table.control.refused()

    # -- what the service says ---------------------------------------------------------------------------
    def receive(self, msg: dict[str, Any]) -> None:
        """One message of the service."""
        op = msg.get("op")
        if op in ("created", "joined"):
            self.code, self.seat, self.token = str(msg["code"]), int(msg["seat"]), str(msg["token"])
            self.creator = op == "created"
            self.teacher_key = str(msg["teacher_key"]) if msg.get("teacher_key") else None
            self.store.keep(self.code, self.seat, self.token, self.teacher_key)
            self.results = {}
        elif op == "lobby":
            if msg.get("code") == self.code_box.value.strip().upper():
                self.peeked = msg
                self._draw_seats()
        elif op == "resumed":
            code = str(msg["code"])
            held = self.store.entries.get(code)
            if self.code != code and held is not None:  # a reload: this browser's seat
                self.code, self.seat, self.token = code, int(msg["seat"]), str(held["token"])
                self.teacher_key = str(held["teacher_key"]) if held.get("teacher_key") else None
                self.results = {}
            self._resuming = None
            self.lost = False
            self._say(_("Reconnected: you kept your seat."))
        elif op == "connection":
            self.connected = msg.get("state") == "back"
            if not self.connected:
                self.lost = True
            elif self.code is None:
                self.lost = False  # nothing to sit down at again: back as it was
        elif op == "table":
            if self.code is not None and msg.get("code") == self.code:
                self._table(msg)
        elif op == "refused":
            self._refused(msg)
        self._draw()

    def _refused(self, msg: dict[str, Any]) -> None:
        reason, to = str(msg.get("reason", "")), msg.get("to")
        if to == "resume":  # the seat kept in this browser is no longer the service's: forget it, and say so
            code = self.code or self._resuming or ""
            self._resuming = None
            self.lost = False
            if reason in ("bad-token", "unknown-table", "bad-seat") and code:
                self.store.forget(code)
                if self.client is not None:
                    self.client.ticket = None
                if self.code == code:
                    self.leave()
                self._say(_("This browser's seat at table {code} is no longer there: create or join a table.").format(
                    code=code))
                return
        if to == "peek":
            self.peeked = None
            self._draw_seats(reason)
            return
        if to == "join" and reason in ("seat-taken", "already-started"):
            self.peek()  # the seats shown were no longer free: show those that are
        text = refusal_text(reason)
        if to == "move" and self.table is not None:
            self.table.refused(text)
            return
        self._say(text)

    def _table(self, msg: dict[str, Any]) -> None:
        self.last = msg
        self.creator = self.creator or msg.get("creator") == self.seat
        view = msg.get("view")
        if view is None:  # the lobby
            return
        rules = rules_of(msg["rules"])
        state = view_state(view, rules)
        seats = msg.get("seats") or []
        names = seat_names(seats)
        away = [s.get("kind") == "away" for s in seats]
        assert self.seat is not None
        if self.table is None or self.table.state.players != state.players or self.table.seat != self.seat:
            self.table = ClassTable(state, self.seat, names, self.move)
            parts = list(self.table.children)  # the coach sits under the learner's buttons, as in lesson 6's game
            parts.insert(parts.index(self.table.actions) + 1, self.coach_box)
            self.table.children = parts
            self.table_box.children = [self.table]
        self.table.receive(state, names, away)
        if state.round_over and state.result is not None:
            self.results[state.round] = (state, self.table.labels)

    # -- the coach --------------------------------------------------------------------------------------
    def ask_coach(self) -> Advice | None:
        """The coach's advice for this seat's turn, from this seat's view only (``None``: not its turn)."""
        self.advice = table_advice(self.table, self.advice, self.rollouts, self.coach_html, working=False)
        if self.advice is not None:
            self._draw()
        return self.advice

    def follow(self) -> bool:
        """Make the coach's best move, if the advice is for the table shown."""
        return follow_advice(self.table, self.advice)

    # -- drawing ------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        """Every part as things stand: the connection's sentence, what can be done, the lobby or the game."""
        self._draw_connection()
        usable = self.url is not None and (self.connected or self.code is not None)
        seated = self.code is not None
        playing = seated and self.last is not None and self.last.get("view") is not None
        self.choose_box.layout.display = None if usable and not seated else "none"
        self.lobby_box.layout.display = None if seated and not playing else "none"
        self.table_box.layout.display = None if playing else "none"
        self.game_log.layout.display = None if playing and self.results else "none"
        self.start_button.layout.display = None if self.creator else "none"
        self.lobby.value = self._lobby_html() if seated and not playing else ""
        self.away_html.value = self._away_html() if playing else ""
        self._draw_coach()
        self._draw_log()

    def _connection_text(self) -> str:
        if self.url is not None and self.refused_handshake:
            return refusal_text("not-signed-in")
        return super()._connection_text()

    def _off_text(self) -> str:
        return _("The table service is not running on this server, so you cannot play with others here. The "
                 "game above against bots works as before.")

    def _lost_text(self) -> str:
        return _("Connection to the table lost: reconnecting…")

    def _idle_text(self) -> str:
        return _("Connecting to the table service…")

    def _trying_text(self) -> str:
        return _("The table service does not answer, so you cannot play with others just now. The game above "
                 "against bots works as before, and this page keeps trying.")

    def _lobby_html(self) -> str:
        msg = self.last or {}
        code = esc(self.code or "")
        rows = []
        for i, s in enumerate(msg.get("seats") or []):
            name = s.get("name")
            if i == self.seat:
                said = _("Seat {n}: {name} (you)").format(n=i + 1, name=name or "")
            elif name:
                said = _("Seat {n}: {name}").format(n=i + 1, name=name)
            else:
                said = _("Seat {n}: free (a bot plays it if nobody takes it)").format(n=i + 1)
            rows.append(f"<li>{esc(said)}</li>")
        if self.creator:
            wait = _("Read this code to the others. Once everyone is seated, press Start the game.")
        else:
            wait = _("You are seated. The game begins when whoever created the table starts it.")
        level = msg.get("level")
        bots = _(BOT_SEATS[level]) if level in BOT_SEATS else ""
        return ('<p>' + _("Table code:") + f' <strong class="to-class-code">{code}</strong></p>'
                f"<p>{esc(wait)} {esc(bots)}</p>" + self._teacher_key_html()
                + ("<ul>" + "".join(rows) + "</ul>" if rows else ""))

    def _draw_seats(self, refused: str | None = None) -> None:
        """The join form's seats: the free seats of the table whose code is typed (after the service's ``lobby``),
        or a sentence saying why there is none to choose."""
        msg = self.peeked
        free = [i for i, s in enumerate((msg or {}).get("seats") or []) if s.get("kind") == "open"]
        if msg is not None and msg.get("status") == "lobby" and free:
            options = [(str(i + 1), i) for i in free]
            if list(self.seat_menu.options) != options:
                self.seat_menu.options = options
                self.seat_menu.value = free[0]
            note = ""
        else:
            self.seat_menu.options = []
            self.seat_menu.value = None
            code = self.code_box.value.strip().upper()
            if refused is not None:
                note = refusal_text(refused)
            elif msg is None:
                note = (_("Type the table's code: its free seats appear here.") if len(code) != CODE_LENGTH
                        else "")
            elif msg.get("status") != "lobby":
                note = refusal_text("already-started")
            else:
                note = _("Every seat at table {code} is taken: ask whoever created it for another table.").format(
                    code=code)
        self.seats_note.value = f'<p role="status">{esc(note)}</p>' if note else ""
        self.seats_note.layout.display = None if note else "none"
        self.seat_menu.layout.display = None if self.seat_menu.options else "none"
        self.join_button.disabled = not self.seat_menu.options

    def _teacher_key_html(self) -> str:
        if not (self.creator and self.teacher_key):
            return ""
        return ('<p class="to-class-key">' + esc(_("Teacher key:")) + f' <code>{esc(self.teacher_key)}</code><br>'
                + esc(_("With it, your teacher can follow this table on the page for the teacher, see every hand "
                        "after each round and pause the table.")) + "</p>")

    def _away_html(self) -> str:
        seats = (self.last or {}).get("seats") or []
        said = [_("{name} is away, so a bot plays their seat until they are back.").format(name=s.get("name") or "")
                for i, s in enumerate(seats) if s.get("kind") == "away" and i != self.seat]
        code = _("Table {code}.").format(code=self.code or "")
        return ('<div class="to-class-away" role="status"><p>' + esc(code) + " "
                + " ".join(esc(x) for x in said) + "</p>" + self._teacher_key_html() + "</div>")

    def _draw_coach(self) -> None:
        t = self.table
        mine = t is not None and t.my_turn
        self.coach_button.disabled = not mine
        fresh = self.advice is not None and t is not None and self.advice.is_for(t.state)
        self.follow_button.disabled = not (mine and fresh)
        if fresh and self.advice is not None:
            self.coach_html.value = coach_html(self.advice)
        elif t is not None and t.state.game_over:
            self.coach_html.value = '<p role="status">' + _("The game is over.") + "</p>"
        else:
            self.coach_html.value = ('<p role="status">'
                                     + _("On your turn, ask the coach for the best move and its numbers.") + "</p>")

    def _draw_log(self) -> None:
        parts = []
        for r in sorted(self.results):
            state, labels = self.results[r]
            assert state.result is not None
            lines = narrate(state.round_events(), labels, self.seat)
            items = "".join(f"<li>{esc(x)}</li>" for x in lines)
            parts.append("<details><summary>" + _("Round {n}: {sentences}").format(
                n=r, sentences=esc(state.result.explain(labels))) + f"</summary><ol>{items}</ol></details>")
        body = "".join(parts)
        game_log = _("game log")
        self.game_log.value = (f'<section aria-label="{html.escape(game_log)}"><h3>' + _("Game log")
                               + f"</h3>{body}</section>") if parts else ""


def _rules_message(rules: Rules) -> Any:
    """The rules as a ``create`` message names them: a preset's name, or every field."""
    from ..classroom.protocol import rules_json

    if rules.name in Rules.PRESET_NAMES and Rules.preset(rules.name) == rules:
        return rules.name
    return rules_json(rules)
