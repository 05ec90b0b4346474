"""The course's memory on a page: the learner's record (:mod:`thirtyone.progress`) kept in their browser.

One :class:`Memory` per page. When it is drawn, its script (``static/memory.js``) reads the record from the
browser's localStorage (key :func:`storage_key`, one per course language) and sends it to Python as ``loaded``;
whenever Python changes the record it sets ``saved`` and the script writes it back. Nothing waits for it: the
page's widgets show at once, and an answer given before the record arrived is counted on top of it when it does.

Stored text that cannot be read is set aside: the script keeps it under the key with ``.set-aside`` appended, the
page starts afresh and says so in a short note.

Each page's exercises and what makes it done are the course manifest's (:mod:`thirtyone.course`: a page's
``exercises`` and ``done``), read by :class:`Memory` itself, which marks the page done as soon as it is.

A page may keep its settings too (:meth:`Memory.keep_settings`, :meth:`Memory.settings`): lesson 6 keeps the
game chosen (rules, bots and their level) and restores it when the record arrives.

A page that is done stays done; the Review page is never "done" (it has no end).
The learner owns the record: "Forget my progress" (after a confirmation) clears it; "Save to a file" downloads it
as a .json file from the browser (no server involved); "Load from a file" sends a chosen file's text to
:meth:`Memory.load`, which keeps a whole record (and writes it to the browser) or changes nothing and says why.

A test hook, not a control: the script also sends ``clock_days``, a number of days read from localStorage key
``thirtyone.test.clock-days`` (0 when absent), which :meth:`Memory.now` adds to the clock, so a browser test moves
time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from .. import course, progress, schedule
from ..course import Done
from ..i18n import _, language
from ..narration import progress_note
from ._html import static_text


class Reviews(Protocol):
    """What :meth:`Memory.review` needs of the Review widget (:class:`thirtyone.widgets.review.Review`, not
    imported here: the Review's exercises import this module)."""

    def load(self, items: Sequence[Any], now: float | None = None) -> None: ...

    def on_answer(self, callback: Callable[[dict[str, Any]], Any], remove: bool = False) -> None: ...


R = TypeVar("R", bound=Reviews)
__all__ = ["Memory", "storage_key", "CLOCK_KEY", "Done"]

CLOCK_KEY = "thirtyone.test.clock-days"
"""localStorage key of the test clock's offset in days (:attr:`Memory.clock_days`)."""


def storage_key(lang: str) -> str:
    """The localStorage key of a course language's record: ``"thirtyone.progress.es"``."""
    return f"thirtyone.progress.{lang}"


Change = Callable[[dict[str, Any]], dict[str, Any]]


class Memory(anywidget.AnyWidget):
    """The page ``page``'s view of the learner's record (``exercises``: the page's exercises as the course has
    them now, by default those the course manifest names, :func:`thirtyone.course.exercises`; stored counts of
    others are dropped). Record answers with :meth:`answered`, a finished walkthrough with :meth:`finished`, an
    example seen with :meth:`saw`, a finished page with :meth:`done` (or let ``when_done``, by default the
    manifest's :func:`thirtyone.course.done`, decide);
    feed the Review page with :meth:`review`; read :attr:`record`."""

    _esm = static_text("memory.js")
    _css = static_text("memory.css")
    key = traitlets.Unicode("").tag(sync=True)
    """The localStorage key (:func:`storage_key` of the page's language)."""
    loaded = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """From the browser: the stored text as found ("" when nothing is stored); ``None`` until it arrives. Only
    the first one counts: a second drawing of the widget reads back what this page wrote."""
    saved = traitlets.Unicode("").tag(sync=True)
    """To the browser: the record's text (:func:`thirtyone.progress.dump`), written whenever it changes."""
    aside = traitlets.Unicode("").tag(sync=True)
    """To the browser: stored text that could not be read, kept under ``key + ".set-aside"``."""
    clock_days = traitlets.Float(0.0).tag(sync=True)
    """From the browser: the test clock's offset in days (:data:`CLOCK_KEY`)."""
    note = traitlets.Unicode("").tag(sync=True)
    """What the page says about the stored record (empty when all was well), in the page's language."""
    words = traitlets.Dict().tag(sync=True)
    """The widget's words, in the page's language."""
    blank = traitlets.Unicode(progress.dump(progress.fresh())).tag(sync=True)
    """To the browser: what "Save to a file" saves while nothing is stored yet (an empty record)."""

    def __init__(self, page: str, exercises: Iterable[str] = (), *, when_done: Done | None = None,
                 **kwargs: Any) -> None:
        lang = language()
        kwargs.setdefault("key", storage_key(lang))
        kwargs.setdefault("words", {
            "kept": _("Your progress is kept in this browser only."),
            "forget": _("Forget my progress"),
            "confirm": _("Forget everything this course remembers of you in this browser?"),
            "yes": _("Yes, forget it"),
            "no": _("Keep it"),
            "save": _("Save to a file"),
            "load": _("Load from a file"),
        })
        super().__init__(**kwargs)
        self.page = page
        self.when_done = course.done(page) if when_done is None else when_done
        """What makes this page done (the course manifest's :attr:`thirtyone.course.Page.done`), or ``None``: only
        :meth:`done` does."""
        exercises = tuple(exercises) or course.exercises(page)
        self._known = {page: exercises} if exercises else None
        self.seen: set[str] = set()
        """The sights of :attr:`when_done` seen in this visit (:meth:`saw`)."""
        self._ready_callbacks = CallbackDispatcher()
        self._record = progress.fresh()
        self._pending: list[Change] = []
        self.ready = False
        """Whether the browser's record has arrived (until then, answers wait to be counted on top of it)."""
        self.observe(self._loaded, "loaded")
        self.on_msg(self._on_custom)

    @property
    def record(self) -> dict[str, Any]:
        """The learner's record as it stands (a copy: change it through the methods)."""
        return progress.read(progress.dump(self._record))[0]

    def now(self) -> float:
        """Days since 1970-01-01 UTC, by the page's clock (moved by the test hook :attr:`clock_days`)."""
        return schedule.days(time.time()) + self.clock_days

    def _loaded(self, change: Any) -> None:
        text = change["new"]
        if text is None or self.ready:
            return  # should the widget be drawn twice (two views), the first record read stands: a second
            # drawing reads back what this page wrote since
        record, note = progress.read(text, self._known)
        if note in (progress.Note.NOT_JSON, progress.Note.OTHER_VERSION, progress.Note.DAMAGED):
            self.aside = text
        self.note = progress_note(note)
        for apply in self._pending:
            record = apply(record)
        self._pending = []
        self.ready = True
        self._record = record = self._complete(record)
        if note is not progress.Note.OK or record != progress.read(text, self._known)[0]:
            self.saved = progress.dump(record)
        self._ready_callbacks(self)

    def _change(self, apply: Change) -> None:
        if self.ready:
            self._record = self._complete(apply(self._record))
            self.saved = progress.dump(self._record)
        else:
            self._pending.append(apply)

    def _complete(self, record: dict[str, Any]) -> dict[str, Any]:
        """``record`` with this page marked done if it now is (:attr:`when_done`)."""
        need = self.when_done
        if need is None or record["pages"].get(self.page, {}).get("done"):
            return record
        if all(progress.exercise(record, self.page, name)["asked"] >= n for name, n in need.needs.items()) \
                and set(need.sights) <= self.seen and (need.needs or need.sights):
            return progress.mark_done(record, self.page)
        return record

    def on_record(self, callback: Callable[[Memory], Any]) -> None:
        """Call ``callback(memory)`` when the browser's record has arrived (at once if it has) and again whenever
        the record is replaced whole (the learner forgot it, or loaded a file): nothing waits for the record, so a widget that shows
        it shows it then."""
        self._ready_callbacks.register_callback(callback)
        if self.ready:
            callback(self)

    def answered(self, exercise: str, right: bool, *, kind: str | None = None, rules: str = "",
                 cards: Any = None, given: Any = None, answer: Any = None) -> None:
        """Count an answer to this page's ``exercise``; a miss with a ``kind`` (``"quiz"``, ``"tie"``,
        ``"drill"``) is kept for the Review: its ``rules`` (a preset's name), ``cards``, the answer ``given`` and
        the right ``answer``, due a day from :meth:`now`."""
        item = (progress.missed_item(kind, rules, cards, given, answer, self.now())
                if not right and kind is not None else None)
        self._change(lambda r: progress.answered(r, self.page, exercise, right, item))

    def finished(self, exercise: str) -> None:
        """Count this page's ``exercise`` finished once more (a walkthrough played to its last step)."""
        self._change(lambda r: progress.finished(r, self.page, exercise))

    def saw(self, sight: str) -> None:
        """The learner has seen ``sight`` (one of :attr:`when_done`'s: lesson 4's examples) in this visit."""
        if self.when_done is None or sight not in self.when_done.sights or sight in self.seen:
            return
        self.seen.add(sight)
        if set(self.when_done.sights) <= self.seen:
            self._change(lambda r: r)  # done now, or as soon as the record arrives

    def done(self) -> None:
        """Mark this page done."""
        self._change(lambda r: progress.mark_done(r, self.page))

    def reviewed(self, item: dict[str, Any]) -> None:
        """Keep a missed item the Review asked again as it stands after the answer (step and due moved)."""
        self._change(lambda r: progress.reviewed(r, item))

    def review(self, review: R) -> R:
        """Feed ``review`` (the Review page's) with the record's missed items when the record arrives, at the
        page's clock, and keep each item answered there; returns ``review``."""
        self.on_record(lambda m: review.load(m.record["missed"], m.now()))
        review.on_answer(self.reviewed)
        return review

    def forget(self) -> None:
        """Forget everything (the learner confirmed "Forget my progress")."""
        self._replace(progress.fresh(), _("Your progress is forgotten."))

    def _replace(self, record: dict[str, Any], note: str) -> None:
        """The record replaced whole (forgotten, or loaded from a file): written to the browser, said in ``note``,
        and shown by every widget that follows it (:meth:`on_record`)."""
        self._pending = []
        self.ready = True
        self._record = record
        self.saved = progress.dump(record)
        self.note = note
        self._ready_callbacks(self)

    def _on_custom(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "forget":
            self.forget()
        elif isinstance(content, dict) and content.get("event") == "load":
            self.load(content.get("text"))

    # -- lesson 6's games and settings, and progress moved between browsers -----------------------------

    def played(self, game: dict[str, Any]) -> None:
        """Keep a finished game (:func:`thirtyone.progress.game_entry`): the page's games count it and the
        page is done."""
        self._change(lambda r: progress.played(r, self.page, game))

    def settings(self) -> dict[str, Any]:
        """This page's settings as the learner left them (:func:`thirtyone.progress.settings`; with any not
        written yet because the record has not arrived): what the page restores when the record arrives."""
        record = self.record
        for change in self._pending:
            record = change(record)
        return progress.settings(record, self.page)

    def keep_settings(self, **chosen: Any) -> None:
        """Keep this page's settings ``chosen`` (names and plain values: :func:`thirtyone.progress.keep_settings`)
        for the next visit; written only if they changed."""
        progress.keep_settings(progress.fresh(), self.page, chosen)  # what could not be kept raises here, now
        if any(self.settings().get(name) != value for name, value in chosen.items()):
            self._change(lambda r: progress.keep_settings(r, self.page, chosen))

    def games(self) -> list[dict[str, Any]]:
        """The games kept, oldest first (with any not written yet because the record has not arrived)."""
        record = self.record
        for change in self._pending:  # answers and games waiting for the browser's record
            record = change(record)
        return list(record["games"])

    def load(self, text: Any) -> bool:
        """"Load from a file": ``text`` (a file's content, as "Save to a file" wrote it) replaces the record, in
        the browser too; a file that is not a whole record (empty, not JSON, another version, damaged, too
        big) changes nothing, and the note says so. True if the record was replaced."""
        record, note = (progress.read(text, self._known) if isinstance(text, str) and text.strip()
                        and len(text) <= MAX_FILE else (None, progress.Note.NOT_JSON))
        if record is None or note not in (progress.Note.OK, progress.Note.CHANGED):
            self.note = _("That file is not progress saved from this course: nothing was changed.")
            return False
        self._replace(record, _("Your progress was loaded from the file."))
        return True


MAX_FILE = 5_000_000
"""The longest file "Load from a file" reads (in characters): far more than 50 games and every lesson."""


class Scored(Protocol):
    """A widget that keeps a running score of one exercise: the quizzes, the tie quiz, lesson 5's drill."""

    memory: Memory | None
    right: int
    asked: int

    def _show_tally(self) -> None: ...


def follow_score(widget: Scored, exercise: str) -> None:
    """Keep ``widget``'s running score the record's (its ``memory``'s count of ``exercise``): when the browser's
    record arrives (answers of earlier visits, and this visit's given before it arrived) and whenever it is
    replaced whole (forgotten, or loaded from a file). So after a reload the score goes on where it was."""
    memory = widget.memory
    if memory is None:
        return

    def shown(m: Memory) -> None:
        counts = progress.exercise(m.record, m.page, exercise)
        widget.right, widget.asked = counts["right"], counts["asked"]
        widget._show_tally()

    memory.on_record(shown)
