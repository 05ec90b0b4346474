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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..cards import ALL_CARDS, Card

__all__ = ["PlayingCard", "CardRow", "CARD_ESM", "CARD_CSS", "card_ints"]

CARD_ESM = r"""
const RANKS = ["2","3","4","5","6","7","8","9","10","J","Q","K","A"];
const RANK_NAMES = ["two","three","four","five","six","seven","eight","nine","ten","jack","queen","king","ace"];
const SUITS = ["♣","♠","♥","♦"];
const SUIT_NAMES = ["clubs","spades","hearts","diamonds"];
const SUIT_KEYS = ["c","s","h","d"];
const SHAPES = [
  '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/>' +
  '<path d="M45 50 L55 50 L62 94 L38 94 Z"/>',
  '<path d="M50 4 C 84 36, 100 52, 86 70 C 76 82, 60 78, 54 68 L 62 94 L 38 94 L 46 68 ' +
  'C 40 78, 24 82, 14 70 C 0 52, 16 36, 50 4 Z"/>',
  '<path d="M50 92 C 14 62, 2 44, 10 26 C 18 8, 42 6, 50 26 C 58 6, 82 8, 90 26 C 98 44, 86 62, 50 92 Z"/>',
  '<path d="M50 3 L88 50 L50 97 L12 50 Z"/>',
];

function suitSvg(suit, cls) {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${SHAPES[suit]}</svg>`;
}

// One card as a DOM element. v: 0..51 (rank*4+suit) or -1 for an unknown card.
export function drawCard(v, o) {
  const known = Number.isInteger(v) && v >= 0 && v < 52;
  const up = known && o.faceUp;
  const tag = o.interactive ? "button" : "div";
  const el = document.createElement(tag);
  el.className = "to-card";
  if (o.interactive) { el.type = "button"; } else { el.setAttribute("role", "img"); }
  if (!up) {
    el.classList.add("to-back");
    el.setAttribute("aria-label", "face-down card");
    el.dataset.card = "back";
  } else {
    const rank = v >> 2, suit = v & 3;
    const text = RANKS[rank] + SUITS[suit];
    el.classList.add("to-" + SUIT_KEYS[suit]);
    el.dataset.card = text;
    el.setAttribute("aria-label", `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`);
    el.innerHTML =
      `<span class="to-corner" aria-hidden="true">${RANKS[rank]}${suitSvg(suit, "to-small")}</span>` +
      suitSvg(suit, "to-pip") +
      `<span class="to-corner to-bottom" aria-hidden="true">${RANKS[rank]}${suitSvg(suit, "to-small")}</span>`;
  }
  if (o.selected) el.classList.add("to-selected");
  if (o.highlighted) { el.classList.add("to-highlighted"); el.title = "counts"; }
  if (o.interactive) el.setAttribute("aria-pressed", o.selected ? "true" : "false");
  if (o.disabled) { el.classList.add("to-disabled"); el.setAttribute("aria-disabled", "true"); }
  if (o.fourColour) el.classList.add("to-four");
  if (o.interactive) {
    el.addEventListener("click", (e) => {
      e.preventDefault();
      if (!o.disabled && o.onActivate) o.onActivate(v);
    });
  }
  return el;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "to-row";
  el.appendChild(root);
  const draw = () => {
    const single = model.get("cards") === undefined;
    const label = model.get("label") || "";
    const interactive = model.get("interactive");
    root.setAttribute("role", "group");
    if (label) root.setAttribute("aria-label", label); else root.removeAttribute("aria-label");
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    root.replaceChildren();
    const values = single ? [model.get("value")] : model.get("cards");
    const sel = single ? (model.get("selected") ? [values[0]] : []) : model.get("selected");
    const hl = single ? (model.get("highlighted") ? [values[0]] : []) : model.get("highlighted");
    const dis = single ? (model.get("disabled") ? [values[0]] : []) : model.get("disabled");
    for (const v of values) {
      const card = drawCard(v, {
        faceUp: model.get("face_up"), interactive,
        selected: sel.includes(v), highlighted: hl.includes(v), disabled: dis.includes(v),
        fourColour: model.get("four_colour"),
        onActivate: (c) => model.send({ event: "activate", card: c }),
      });
      root.appendChild(card);
      if (focused && card.dataset.card === focused) card.focus();
    }
    root.classList.toggle("to-empty", values.length === 0);
  };
  draw();
  const names = ["cards", "value", "selected", "highlighted", "disabled", "face_up", "four_colour", "interactive", "label"];
  for (const n of names) model.on(`change:${n}`, draw);
}

export default { render };
"""

CARD_CSS = r"""
.to-row { display: flex; flex-wrap: wrap; gap: 5px; align-items: center; min-height: 4px; padding: 3px 2px; }
.to-card {
  position: relative; box-sizing: border-box; width: 56px; height: 80px; padding: 0; margin: 0;
  border: 1px solid #6b6b6b; border-radius: 7px; background: #fff; color: #1a1a1a;
  font: 700 15px/1 system-ui, "DejaVu Sans", sans-serif; cursor: default;
  box-shadow: 0 1px 2px rgba(0,0,0,.25); flex: none;
}
button.to-card { cursor: pointer; }
button.to-card:hover { box-shadow: 0 3px 6px rgba(0,0,0,.35); }
.to-card:focus-visible { outline: 3px solid #1a57c9; outline-offset: 2px; }
.to-corner { position: absolute; top: 4px; left: 4px; display: flex; flex-direction: column; align-items: center; gap: 1px; }
.to-corner.to-bottom { top: auto; left: auto; bottom: 4px; right: 4px; transform: rotate(180deg); }
.to-small { width: 10px; height: 10px; fill: currentColor; }
.to-pip { position: absolute; width: 26px; height: 26px; left: 50%; top: 50%; transform: translate(-40%,-50%); fill: currentColor; }
.to-h, .to-d { color: #b3001b; }
.to-four.to-d { color: #0b4fa6; }
.to-four.to-c { color: #116b2a; }
.to-back { background: repeating-linear-gradient(45deg, #24408e 0 6px, #3457b8 6px 12px); border: 3px solid #fff; outline: 1px solid #6b6b6b; }
.to-selected { border: 3px solid #1a57c9; background: #e8f0ff; box-shadow: 0 0 0 2px #b9cdf5; }
.to-selected::after { content: "✓"; position: absolute; top: 3px; right: 3px; width: 16px; height: 16px;
  border-radius: 50%; background: #1a57c9; color: #fff; font-size: 11px; line-height: 16px; text-align: center; }
.to-highlighted { background: #fff6c9; border: 3px solid #8a6d00; }
.to-highlighted::before { content: ""; position: absolute; left: 6px; right: 6px; bottom: -7px; height: 4px; border-radius: 2px; background: #8a6d00; }
.to-disabled { opacity: .45; }
button.to-disabled { cursor: not-allowed; }
/* the text around the cards, in every lesson widget */
.to-suit-label { font-size: 22px; line-height: 86px; }
.to-summary, .to-score p, .to-result p, .to-result li, .to-note, .to-feedback, .to-tally, .to-question {
  line-height: 1.45; margin: .3em 0; }
.to-value strong { font-size: 1.7em; }
.to-right { color: #116b2a; }
.to-wrong { color: #b3001b; }
.to-lowest { font-weight: 700; border: 1px solid currentColor; border-radius: 4px; padding: 0 4px; }
"""


def card_ints(cards: Iterable[Any]) -> list[int]:
    """Card values as plain ints for a widget trait; anything that is not a card becomes -1 (face down)."""
    out = []
    for c in cards:
        out.append(int(c) if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52 else -1)
    return out


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

    def __init__(self, card: Card | str | int | None = None, **kwargs: Any) -> None:
        if isinstance(card, str):
            from ..cards import parse_cards

            card = parse_cards(card)[0]
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

    def __init__(self, cards: Iterable[Any] = (), **kwargs: Any) -> None:
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
