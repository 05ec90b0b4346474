"""The one card component every widget draws cards with.

Cards are drawn by the package itself: HTML, CSS and inline SVG suit shapes, nothing
downloaded. A face-up card is a ``<button>`` named like ``"king of hearts"`` (so Enter
and Space activate it) with ``data-card="K♥"`` for tests; each suit has its own shape,
so colour is never the only cue. Two anywidgets share the drawing code:

* :class:`PlayingCard` — one card, with ``value``/``face_up``/``selected``/``highlighted``/
  ``disabled``/``four_colour`` traits;
* :class:`CardRow` — a row of cards (one comm for many cards, so a whole deck is cheap).

Both report a click, Enter or Space to Python through :meth:`on_activate`; a click on a
disabled, unknown or stale card is ignored.

The words a card says (its spoken name, "face-down card", the "counts" tooltip) and the letters on its face
are the page's language: each widget is sent them once, as :func:`card_words` at the time it is made (``"rey de
corazones"`` on a Spanish page; a German page's queen shows ``D`` and is read "Herz-Dame"); the drawing code only
fills them in. ``data-card`` stays the engine's code (``"Q♥"``) in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..cards import ALL_CARDS, RANK_NAMES, RANKS, SUIT_NAMES, Card
from ..i18n import _, language, rank_text
from ._html import static_text

__all__ = ["PlayingCard", "CardRow", "CARD_ESM", "CARD_CSS", "card_ints", "card_words"]

CARD_ESM = static_text("card.js")
"""The cards' drawing code (``static/card.js``), shared by both widgets."""

CARD_CSS = static_text("card.css")
"""The cards' look and the text around them in every lesson widget (``static/card.css``)."""


def card_ints(cards: Iterable[Any]) -> list[int]:
    """Card values as plain ints for a widget trait; anything that is not a card becomes -1 (face down)."""
    out = []
    for c in cards:
        out.append(int(c) if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52 else -1)
    return out


_WORDS: dict[str, dict[str, Any]] = {}


def card_words() -> dict[str, Any]:
    """What the drawing code says of cards, in the language in use: a card's spoken name is ``name`` with
    ``{rank}`` and ``{suit}`` filled from ``ranks`` (2 to ace) and ``suits`` (clubs, spades, hearts,
    diamonds), as :func:`thirtyone.i18n.card_name` writes it; ``letters`` are the ranks (2 to ace) as the
    language's decks print them on the face (:func:`thirtyone.i18n.rank_text`: ``D`` for the queen in German);
    ``back`` names a face-down card and ``counts`` is the tooltip of a card that counts. (Words, not 52 names: a
    widget's first message stays small.)"""
    lang = language()
    if lang not in _WORDS:
        _WORDS[lang] = {"name": _("{rank} of {suit}"), "ranks": [_(r) for r in RANK_NAMES],
                        "suits": [_(s) for s in SUIT_NAMES], "letters": [rank_text(r) for r in RANKS],
                        "back": _("face-down card"), "counts": _("counts")}
    words = _WORDS[lang]
    return {**words, "ranks": list(words["ranks"]), "suits": list(words["suits"]), "letters": list(words["letters"])}


class _Activatable:
    """Turns a front-end "activate" message into a call of the registered callbacks."""

    _activate_callbacks: CallbackDispatcher

    def on_activate(self, callback: Callable[[Card], Any], remove: bool = False) -> None:
        """Call ``callback(card)`` when a learner clicks a card or presses Enter or Space on it."""
        self._activate_callbacks.register_callback(callback, remove=remove)

    def _on_custom(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "activate":
            return
        value = content.get("card")
        if isinstance(value, int) and not isinstance(value, bool):
            self.activate(value)

    def activate(self, card: int) -> bool:
        """Act as if the learner activated ``card``; ignored (False) if it is not here or is disabled."""
        raise NotImplementedError


class PlayingCard(_Activatable, anywidget.AnyWidget):
    """One playing card: ``PlayingCard("K♥")``; ``on_activate`` hears clicks, Enter and Space."""

    _esm = CARD_ESM
    _css = CARD_CSS
    value = traitlets.Int(-1).tag(sync=True)
    """0..51 (``Card``), or -1 for a card nobody may see."""
    face_up = traitlets.Bool(True).tag(sync=True)
    selected = traitlets.Bool(False).tag(sync=True)
    highlighted = traitlets.Bool(False).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    """What the card says, in the page's language (:func:`card_words`, set when the widget is made)."""

    def __init__(self, card: Card | str | int | None = None, **kwargs: Any) -> None:
        if isinstance(card, str):
            from ..cards import parse_cards

            card = parse_cards(card)[0]
        kwargs.setdefault("words", card_words())
        super().__init__(value=card_ints([card])[0] if card is not None else -1, **kwargs)
        self._activate_callbacks = CallbackDispatcher()
        self.on_msg(self._on_custom)

    @property
    def card(self) -> Card | None:
        """The card shown, or ``None`` for an unknown one."""
        return ALL_CARDS[self.value] if 0 <= self.value < 52 else None

    def activate(self, card: int | None = None) -> bool:
        if card is None:
            card = self.value
        if self.disabled or not self.interactive or card != self.value or self.card is None:
            return False
        self._activate_callbacks(ALL_CARDS[card])
        return True


class CardRow(_Activatable, anywidget.AnyWidget):
    """A row of cards drawn by the card component; ``on_activate`` hears which one was activated."""

    _esm = CARD_ESM
    _css = CARD_CSS
    cards = traitlets.List(traitlets.Int()).tag(sync=True)
    """The cards, as ints 0..51; -1 is a face-down card nobody may see."""
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    highlighted = traitlets.List(traitlets.Int()).tag(sync=True)
    disabled = traitlets.List(traitlets.Int()).tag(sync=True)
    face_up = traitlets.Bool(True).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    """The group's accessible name, e.g. ``"hearts"`` or ``"your hand"``."""
    words = traitlets.Dict().tag(sync=True)
    """What the cards say, in the page's language (:func:`card_words`, set when the widget is made)."""

    def __init__(self, cards: Iterable[Any] = (), **kwargs: Any) -> None:
        kwargs.setdefault("words", card_words())
        super().__init__(cards=card_ints(cards), **kwargs)
        self._activate_callbacks = CallbackDispatcher()
        self.on_msg(self._on_custom)

    def show(self, cards: Iterable[Any], highlighted: Iterable[Any] = (), selected: Iterable[Any] = ()) -> None:
        """Show other cards in one update."""
        with self.hold_sync():
            self.cards = card_ints(cards)
            self.highlighted = card_ints(highlighted)
            self.selected = card_ints(selected)

    def activate(self, card: int) -> bool:
        if not self.interactive or card not in self.cards or card in self.disabled or not 0 <= card < 52:
            return False
        self._activate_callbacks(ALL_CARDS[card])
        return True
