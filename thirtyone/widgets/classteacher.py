"""The teacher's view of the class's tables ("For the teacher", a page of its own after the lessons).

:class:`TeacherView` is a client of the class's table service (:mod:`thirtyone.classroom`, its protocol in
:mod:`thirtyone.classroom.protocol`) running in the page's kernel, as lesson 6's "Play with others"
(:mod:`~thirtyone.widgets.classplay`) is: the browser never talks to the service. The teacher types a key and presses
"Show the tables": the key of one table (the one ``created`` gives, which "Play with others" shows whoever created
the table) opens that table; the service's own key (``--teacher-key`` / ``THIRTYONE_TEACHER_KEY``, printed when the
service starts without one) opens every table. Nothing is sent before that press, so a preheated kernel does nothing.

For each table the key opens (the ``teacher`` message, sent again whenever a table changes): its code, rules and
round, a table of its seats (name, who plays it, written out: a learner, a bot, away while a bot plays it; lives),
whose turn it is and how long they have had it (counted on here every second between two messages), a button to
pause the table and to let it go on, and after each round every hand and the coach's verdict on the knock
(:mod:`thirtyone.coach`'s words), each in whole sentences of the page's language. A finished game's record (the
``replay`` op) is replayed move by move, every hand shown, with step buttons (:class:`GameReplay`).

The sentences are pure functions (:func:`table_sentences`, :func:`round_sentences`, :func:`knock_sentences`), so the
tests read them without a browser.
"""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..coach import lives_text
from ..game import State, narrate, new_game
from ..i18n import _, cards_text, ngettext, number
from ..names import preset_label
from ..rules import Rules
from ._html import esc, style_tag
from .card import CARD_CSS, CardRow
from .classcontrol import refusal_text, rules_of, seat_names
from .classlink import ClassLink
from .study import STUDY_CSS

__all__ = ["TeacherView", "GameReplay", "table_sentences", "round_sentences", "knock_sentences", "seat_rows",
           "waited_text"]

TICK = 1.0
"""Seconds between two redraws of how long the seat to act has waited."""

TEACHER_CSS = style_tag(CARD_CSS + """
.to-teacher .to-class-panel { border: 1px solid #bbb; border-radius: 10px; padding: 4px 12px; margin: 6px 0; }
.to-teacher .to-class-code { font-size: 1.4em; letter-spacing: 0.12em; font-family: monospace; }
.to-teacher p { margin: 4px 0; }
.to-teacher .to-teacher-message p { font-weight: bold; }
.to-teacher .to-teacher-turn { font-weight: bold; }
.to-teacher .to-paused { border: 2px dashed #555; border-radius: 6px; padding: 2px 8px; }
.to-teacher table.to-seat-list { border-collapse: collapse; margin: 4px 0; }
.to-teacher table.to-seat-list th, .to-teacher table.to-seat-list td { padding: 2px 8px; text-align: left;
  border-bottom: 1px solid #ddd; }
.to-teacher .to-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
.to-teacher .to-replay-seat { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.to-teacher .to-replay-seat .widget-html { min-width: 9em; }
""")


# -- the sentences (pure) ---------------------------------------------------------------------------------------
def waited_text(name: str, seconds: float) -> str:
    """Whose turn it is and how long they have had it: seconds under two minutes, else whole minutes."""
    s = max(0, int(seconds))
    if s < 120:
        return ngettext("It is {name}'s turn, for {n} second now.", "It is {name}'s turn, for {n} seconds now.",
                        s).format(name=name, n=s)
    m = s // 60
    return ngettext("It is {name}'s turn, for {n} minute now.", "It is {name}'s turn, for {n} minutes now.",
                    m).format(name=name, n=m)


def _kind(kind: str, started: bool) -> str:
    if kind == "human":
        return _("a learner")
    if kind == "away":
        return _("away: a bot plays")
    if kind == "bot" or started:
        return _("a bot")
    return _("free")


def _lives(lives: Sequence[int] | None, out: Sequence[bool] | None, seat: int) -> str:
    if lives is None or seat >= len(lives):
        return "–"
    if out is not None and seat < len(out) and out[seat]:
        return _("out")
    return _("swimming") if lives[seat] == 0 else str(lives[seat])


def seat_rows(row: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """Each seat of a ``teacher`` row: its number, name, who plays it (in words, never a colour alone), lives."""
    seats = row.get("seats") or []
    names = seat_names(seats)
    started = row.get("status") != "lobby"
    out = []
    for i, s in enumerate(seats):
        name = names[i] if (s.get("name") or started) else "–"
        if i == row.get("turn") and row.get("status") == "playing":
            name = _("{name} (to play)").format(name=name)
        out.append((str(i + 1), name, _kind(str(s.get("kind")), started), _lives(row.get("lives"), row.get("out"), i)))
    return out


def table_sentences(row: dict[str, Any], waited: float | None = None) -> list[str]:
    """A table's progress in whole sentences: its rules, its round, whose turn and for how long (``waited``: the
    seconds to say, default the row's own), paused or not, or how the game ended."""
    names = seat_names(row.get("seats") or [])
    rules = row.get("rules")
    said = [_("They play by rules of their own.") if rules not in Rules.PRESET_NAMES
            else _("They play {rules}.").format(rules=preset_label(str(rules)))]
    status = row.get("status")
    if status == "lobby":
        said.append(_("The players are taking their seats: the game has not started yet."))
        return said
    said.append(_("This is round {n}.").format(n=row.get("round")))
    if status == "over":
        out = row.get("out") or []
        left = [i for i, o in enumerate(out) if not o]
        said.append(_("The game is over: {name} wins.").format(name=names[left[0]]) if len(left) == 1
                    else _("The game is over."))
        return said
    if row.get("paused"):
        said.append(_("You have paused this table: nobody plays until you press Go on."))
    turn = row.get("turn")
    if turn is None:
        said.append(_("The round is over: the next one is dealt in a moment."))
    elif not row.get("paused"):
        w_ = row.get("waited", 0.0) if waited is None else waited
        said.append(waited_text(names[turn], w_))
    return said


def knock_sentences(knock: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The coach's verdict on a knock, as :meth:`thirtyone.coach.GameRecord.knock_lines` says it to the learner,
    said of the player by name."""
    name = names[knock["seat"]] if 0 <= knock["seat"] < len(names) else "?"
    turns = int(knock.get("turns") or 0)
    said = [ngettext("{name} knocked on {value}, after {turns} turn.", "{name} knocked on {value}, after {turns} turns.",
                     turns).format(name=name, value=number(float(knock.get("value") or 0.0)), turns=turns)]
    verdict = knock.get("verdict")
    if verdict == "pending":
        said.append(_("The coach is still weighing this knock."))
        return said
    k_lives, o_lives = knock.get("knock_lives"), knock.get("other_lives")
    if knock.get("other") is None or not verdict or k_lives is None or o_lives is None:
        said.append(_("The coach agreed.") if knock.get("advised") else
                    _("The coach would rather {name} had played on.").format(name=name))
        return said
    nums = {"lives": lives_text(float(k_lives)), "other_lives": lives_text(float(o_lives))}
    if verdict == "about as good":
        said.append(_("The coach found the knock about as good as playing on: knocking lost {lives} lives "
                      "on average, playing on {other_lives}; the intervals overlap.").format(**nums))
    elif verdict == "knock":
        said.append(_("The coach agreed: knocking lost {lives} lives on average, playing on {other_lives}."
                      ).format(**nums))
    else:
        said.append(_("The coach would rather {name} had played on: knocking lost {lives} lives on average, "
                      "playing on {other_lives}.").format(name=name, **nums))
    return said


def round_sentences(entry: dict[str, Any], names: Sequence[str]) -> list[str]:
    """A finished round (an entry of a ``teacher`` row's ``rounds``): every hand, its value and the lives it lost;
    then the coach's verdict on the knock, if someone knocked."""
    said = []
    for seat, hand in enumerate(entry.get("hands") or []):
        if hand is None or seat >= len(names):
            continue
        values = entry.get("values") or []
        value = values[seat] if seat < len(values) and values[seat] is not None else 0.0
        lost = (entry.get("losses") or [0] * len(names))[seat]
        cards = cards_text(hand)
        if lost:
            said.append(ngettext("{name} held {cards}, worth {value}, and lost {n} life.",
                                 "{name} held {cards}, worth {value}, and lost {n} lives.", lost).format(
                name=names[seat], cards=cards, value=number(float(value)), n=lost))
        else:
            said.append(_("{name} held {cards}, worth {value}, and kept every life.").format(
                name=names[seat], cards=cards, value=number(float(value))))
    if entry.get("knock") is not None:
        said += knock_sentences(entry["knock"], names)
    return said


def _rounds_html(row: dict[str, Any]) -> str:
    rounds = row.get("rounds") or []
    if not rounds:
        return ""
    names = seat_names(row.get("seats") or [])
    parts = []
    for i, entry in enumerate(reversed(rounds)):
        items = "".join(f"<li>{esc(x)}</li>" for x in round_sentences(entry, names))
        parts.append(f"<details{' open' if i == 0 else ''}><summary>" + esc(_("Round {n}").format(n=entry["round"]))
                     + f"</summary><ul>{items}</ul></details>")
    heading = _("Every hand after each round")
    return f'<section aria-label="{html.escape(heading)}"><h4>{esc(heading)}</h4>' + "".join(parts) + "</section>"


def _seats_html(row: dict[str, Any]) -> str:
    heads = [_("Seat"), _("Player"), _("Who plays"), _("Lives")]
    caption = _("The seats at table {code}").format(code=row.get("code", ""))
    body = "".join("<tr>" + f'<th scope="row">{esc(r[0])}</th>' + "".join(f"<td>{esc(c)}</td>" for c in r[1:])
                   + "</tr>" for r in seat_rows(row))
    return (f'<table class="to-seat-list"><caption class="to-sr-only">{esc(caption)}</caption><thead><tr>'
            + "".join(f'<th scope="col">{esc(h)}</th>' for h in heads) + f"</tr></thead><tbody>{body}</tbody></table>")


# -- one table ---------------------------------------------------------------------------------------------------
class TablePanel(w.VBox):
    """One table the key opens: its progress (updated in place, so a focused button stays focused), pause / go on,
    every hand after each round, and "Replay the game" once it is over."""

    def __init__(self, view: TeacherView, code: str) -> None:
        self.view, self.code = view, code
        self.row: dict[str, Any] = {}
        self.at = time.monotonic()
        """When :attr:`row` arrived (its ``waited`` counts on from then)."""
        self.head = w.HTML()
        self.pause_button = w.Button(layout=w.Layout(width="max-content"))
        self.replay_button = w.Button(description=_("Replay the game"), layout=w.Layout(width="max-content"),
                                      tooltip=_("Every move of the finished game, every hand shown"))
        self.rounds = w.HTML()
        self.pause_button.on_click(lambda _b: self.toggle())
        self.replay_button.on_click(lambda _b: self.view.replay(self.code))
        super().__init__([self.head, w.HBox([self.pause_button, self.replay_button],
                                            layout=w.Layout(flex_flow="row wrap")), self.rounds])
        self.add_class("to-class-panel")
        self.add_class("to-teacher-table")

    def show(self, row: dict[str, Any]) -> None:
        self.row = row
        self.at = time.monotonic()
        self.draw()

    def waited(self) -> float:
        return float(self.row.get("waited") or 0.0) + (0.0 if self.row.get("paused") else time.monotonic() - self.at)

    def draw(self) -> None:
        row = self.row
        sentences = table_sentences(row, self.waited())
        title = _("Table {code}").format(code=self.code)
        cls = ' class="to-paused"' if row.get("paused") else ""
        self.head.value = (f'<section aria-label="{html.escape(title)}"><h3>' + esc(_("Table")) + " "
                           f'<span class="to-class-code">{esc(self.code)}</span></h3>'
                           f'<p{cls} role="status">' + " ".join(esc(s) for s in sentences) + "</p>"
                           + _seats_html(row) + "</section>")
        self.rounds.value = _rounds_html(row)
        playing = row.get("status") == "playing"
        self.pause_button.description = _("Go on") if row.get("paused") else _("Pause")
        self.pause_button.tooltip = (_("Let table {code} go on") if row.get("paused") else
                                     _("Pause table {code}: nobody plays until you let it go on")).format(code=self.code)
        self.pause_button.layout.display = None if playing else "none"
        self.replay_button.layout.display = None if row.get("status") == "over" else "none"

    def toggle(self) -> bool:
        """Pause the table, or let it go on."""
        op = "resume-table" if self.row.get("paused") else "pause"
        return self.view._ask({"op": op, "code": self.code, "key": self.view.key})


# -- a finished game, replayed ------------------------------------------------------------------------------------
class GameReplay(w.VBox):
    """A finished game's record (the ``record`` message) replayed move by move through the engine, every hand
    shown: "To the start", "Back one move", "Next move", "To the end"."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.rules = rules_of(record["rules"])
        self.names = [n or _("Bot {n}").format(n=i + 1) for i, n in enumerate(record.get("names") or [])]
        state = new_game(self.rules, int(record["seats"]), seed=int(record["seed"]))
        self.states: list[State] = [state]
        for move in record.get("moves") or []:
            state = state.apply(move)
            self.states.append(state)
        self.at = 0
        self.heading = w.HTML()
        self.said = w.HTML()
        self.first_button = w.Button(description=_("To the start"), icon="fast-backward")
        self.back_button = w.Button(description=_("Back one move"), icon="step-backward")
        self.next_button = w.Button(description=_("Next move"), icon="step-forward")
        self.last_button = w.Button(description=_("To the end"), icon="fast-forward")
        for b, go in ((self.first_button, lambda: self.go(0)), (self.back_button, lambda: self.go(self.at - 1)),
                      (self.next_button, lambda: self.go(self.at + 1)),
                      (self.last_button, lambda: self.go(len(self.states) - 1))):
            b.layout = w.Layout(width="max-content")
            b.on_click(lambda _b, go=go: go())
        self.seat_labels = [w.HTML() for _n in self.names]
        self.rows = [CardRow(interactive=False, label=_("{name}'s hand").format(name=n)) for n in self.names]
        self.middle_label = w.HTML()
        self.middle = CardRow(interactive=False, label=_("the center"))
        seats = [w.HBox([lab, row]) for lab, row in zip(self.seat_labels, self.rows, strict=True)]
        for box in seats:
            box.add_class("to-replay-seat")
        middle = w.HBox([self.middle_label, self.middle])
        middle.add_class("to-replay-seat")
        super().__init__([self.heading, w.HBox([self.first_button, self.back_button, self.next_button,
                                                self.last_button], layout=w.Layout(flex_flow="row wrap")),
                          self.said, *seats, middle])
        self.add_class("to-class-panel")
        self.add_class("to-teacher-replay")
        self.go(0)

    @property
    def state(self) -> State:
        return self.states[self.at]

    def go(self, i: int) -> bool:
        """Show the game after move ``i`` (0: as dealt); False (nothing changes) past either end."""
        if not 0 <= i < len(self.states) or (i == self.at and self.heading.value):
            return False
        self.at = i
        self._draw()
        return True

    def _draw(self) -> None:
        s, n = self.state, len(self.states) - 1
        title = _("Replay of table {code}").format(code=self.record.get("code", ""))
        self.heading.value = f"<h3>{esc(title)}</h3>"
        if self.at == 0:
            lines = [_("Move {step} of {n}: the cards are dealt.").format(step=0, n=n)]
        else:
            before = self.states[self.at - 1]
            new = s.events[len(before.events):] if len(s.events) >= len(before.events) else s.round_events()
            lines = [_("Move {step} of {n}.").format(step=self.at, n=n)] + narrate(new, self.names, None)
        self.said.value = ('<div role="status"><p>' + " ".join(esc(x) for x in lines) + "</p></div>")
        for p, (label, row) in enumerate(zip(self.seat_labels, self.rows, strict=True)):
            hand = s.hands[p] if p < len(s.hands) else ()
            lives = _("out") if s.out[p] else (_("swimming") if s.lives[p] == 0 else
                                               ngettext("{n} life", "{n} lives", s.lives[p]).format(n=s.lives[p]))
            turn = " ▶" if s.current_player == p and not s.round_over else ""
            label.value = f"<p><strong>{esc(self.names[p])}</strong>{turn} ({esc(lives)})</p>"
            row.cards = [int(c) for c in hand]
        commerce = s.rules.family == "commerce"
        if commerce:
            cards = list(s.center or ())
            self.middle_label.value = "<p>" + esc(_("The center")) + "</p>"
            self.middle.label = _("the center")
        else:
            cards = list(s.discard_pile[-1:])
            self.middle_label.value = "<p>" + esc(_("The discard pile's top card")) + "</p>"
            self.middle.label = _("discard pile, top card")
        self.middle.cards = [int(c) for c in cards]
        self.first_button.disabled = self.back_button.disabled = self.at == 0
        self.next_button.disabled = self.last_button.disabled = self.at == n


# -- the page -----------------------------------------------------------------------------------------------------
class TeacherView(ClassLink):
    """The teacher's view: a key, then every table it opens, live; pause and go on; every hand after each round
    with the coach's verdict on each knock; a finished game replayed move by move.

    ``url``: the table service's address (default: :data:`~thirtyone.widgets.classlink.URL_VARIABLE`; ``None``
    there: the page says the service is not running here). ``key``: typed in already (tests). ``headers``: sent
    with the WebSocket's handshake (default: the kernel's hub token on a JupyterHub)."""

    def __init__(self, url: str | None = None, *, key: str = "", headers: dict[str, str] | None = None) -> None:
        label = {"description_width": "initial"}
        self.key_box = w.Text(value=key, description=_("Teacher key"), style=label,
                              layout=w.Layout(width="340px", max_width="100%"))
        self.show_button = w.Button(description=_("Show the tables"), button_style="primary",
                                    layout=w.Layout(width="max-content"))
        form = w.VBox([self.key_box, self.show_button])
        form.add_class("to-class-panel")
        self.connection = w.HTML()
        self.message = w.HTML()
        self.message.add_class("to-teacher-message")
        self.summary = w.HTML()
        self.tables_box = w.VBox()
        self.replay_box = w.VBox()
        super().__init__([w.HTML(STUDY_CSS + TEACHER_CSS), form, self.connection, self.message, self.summary,
                          self.tables_box, self.replay_box])
        self.add_class("to-teacher")
        self.add_class("to-study")
        self._link(url, headers)
        self.key = ""
        """The key last sent (``watch``)."""
        self.watching = False
        """The service accepted the key."""
        self.panels: dict[str, TablePanel] = {}
        self.replay_view: GameReplay | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._waiting: list[dict[str, Any]] = []
        """What was asked before the connection was made (sent once it is)."""
        self.show_button.on_click(lambda _b: self.show())
        self._say("")
        self._draw()

    # -- what the teacher does ----------------------------------------------------------------------------------
    def show(self) -> bool:
        """"Show the tables": send the key typed (connecting first, if this is the first time)."""
        self._say("")
        key = self.key_box.value.strip()
        if not key:
            self._say(_("Type the teacher key first."))
            return False
        if self.url is None:
            return False
        self.key = key
        self._start()
        return self._ask({"op": "watch", "key": key})

    def replay(self, code: str) -> bool:
        """Ask for table ``code``'s record, to replay its finished game."""
        self._say("")
        return self._ask({"op": "replay", "code": code})

    # -- the connection -----------------------------------------------------------------------------------------
    def _start(self) -> None:
        if self._begin():
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def connect(self) -> None:
        """Start the connection from a coroutine (tests, scripts); the page does it on "Show the tables"."""
        self._start()

    async def disconnect(self) -> None:
        """Stop: close the connection, try no more."""
        from ..classroom.client import cancelled

        await super().disconnect()
        await cancelled(self._ticker)
        self._ticker = None

    async def _reached(self, client: Any) -> None:
        waiting, self._waiting = self._waiting, []
        for msg in waiting:
            await client.send(msg)

    async def _tick(self) -> None:
        while not self._closed:
            await asyncio.sleep(TICK)
            for panel in list(self.panels.values()):
                if panel.row.get("status") == "playing" and panel.row.get("turn") is not None:
                    panel.draw()

    def _ask(self, msg: dict[str, Any]) -> bool:
        """Send ``msg`` (once connected, if the connection is still being made)."""
        client = self.client
        if client is None:
            if self._task is None:
                self._say(_("The table service cannot be reached just now, so nothing was sent: wait until this "
                            "page says it is connected, then try again."))
                return False
            self._waiting = [*self._waiting, msg]
            return True
        task = asyncio.ensure_future(client.send(msg))
        task.add_done_callback(self._sent)
        return True

    def _sent(self, task: asyncio.Future[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self._say(_("The table service cannot be reached just now, so nothing was sent: wait until this "
                        "page says it is connected, then try again."))

    # -- what the service says -----------------------------------------------------------------------------------
    def receive(self, msg: dict[str, Any]) -> None:
        """One message of the service."""
        op = msg.get("op")
        if op == "teacher":
            if not self.watching:
                self._say("")
            self.watching = True
            self._tables(msg.get("tables") or [])
        elif op == "record":
            self.replay_view = GameReplay(msg)
            self.replay_box.children = [self.replay_view]
        elif op == "connection":
            self.connected = msg.get("state") == "back"
            self.lost = not self.connected
            if self.connected and self.watching:
                self._say(_("Reconnected: the tables below are live again."))
        elif op == "refused":
            reason, to = str(msg.get("reason", "")), msg.get("to")
            if to == "watch" and reason == "bad-key":
                self.watching = False
                self._tables([])
                self._say(_("That key opens no table here: check it and try again. A table's key is shown to "
                            "whoever created the table; the key for every table is the table service's own."))
            else:
                self._say(refusal_text(reason))
        self._draw()

    def _tables(self, rows: list[dict[str, Any]]) -> None:
        panels = {}
        for row in rows:
            code = str(row["code"])
            panel = self.panels.get(code) or TablePanel(self, code)
            panel.show(row)
            panels[code] = panel
        if list(panels) != list(self.panels):
            self.tables_box.children = list(panels.values())
        self.panels = panels

    # -- drawing ------------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        self._draw_connection()
        self.show_button.disabled = self.url is None
        if not self.watching:
            self.summary.value = ""
        elif not self.panels:
            self.summary.value = "<p>" + esc(_("This key opens no table yet: the tables appear here as soon as they "
                                                 "are created.")) + "</p>"
        else:
            n = len(self.panels)
            self.summary.value = "<p>" + esc(ngettext("The key opens {n} table.", "The key opens {n} tables.", n)
                                             .format(n=n)) + "</p>"

    def _off_text(self) -> str:
        return _("The table service is not running on this server, so there are no tables to follow here.")

    def _lost_text(self) -> str:
        return _("Connection to the table service lost: reconnecting…")

    def _idle_text(self) -> str:
        return _("Type the teacher key and press Show the tables.")

    def _trying_text(self) -> str:
        return _("Connecting to the table service…")
