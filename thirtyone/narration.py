"""What happened in a round, in sentences: the narration a card table's log and a lesson's steps show.

:func:`describe` says one :class:`~thirtyone.game.Event` as a plain English sentence; :func:`narrate` says a run
of them, joining a draw and its discard into one sentence. A card drawn from the stock (or a face-down hand
taken, or an exchanged hand) is named only to its player, or to everyone when no ``viewer`` is given. The game
keeps its log as events (:mod:`thirtyone.game`), never as text, so the narration can change (or be translated)
without touching the engine. This module sits below the game: it reads an event's fields and imports only the
cards and the number format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .cards import format_cards
from .i18n import number

if TYPE_CHECKING:
    from .game import Event

__all__ = ["describe", "narrate", "player_name", "join_names"]

SENTENCES: dict[str, str] = {
    "deal": "Round {round}: {p} deals.",
    "center": "The center is turned face up: {c}.",
    "first discard": "The first card of the discard pile is the {c}.",
    "draw discard": "{p} took the {c} from the discard pile.",
    "discard": "{p} threw the {c}.",
    "knock": "{p} knocked: everyone else has one more turn.",
    "pass": "{p} passed.",
    "keep hand": "{p} kept their hand.",
    "reshuffle": "The stock is empty: the discard pile, all but its top card, is shuffled into a new stock.",
    "new center": "Everyone passed: three new center cards are laid: {c}.",
    "31": "{p} shows 31 ({c}): the round ends at once.",
    "fire": "{p} shows three aces ({c}): Feuer! The round ends at once.",
    "void": "Everyone left would be out: nobody loses a life and the round is dealt again.",
    "lose": "{p} {note}.",
    "swimming": "{p} has no lives left and is swimming: one more loss and they are out.",
    "out": "{p} is out of the game.",
    "winner": "{p} wins the game!",
}
"""The events whose sentence needs only the player ``{p}``, the cards everyone sees ``{c}``, the round and the note."""


def player_name(player: int | None, names: Sequence[str] | None) -> str:
    """A seat's name: ``names[player]`` if given, else ``"Player 2"``; empty for nobody."""
    if player is None:
        return ""
    if names is not None and player < len(names):
        return names[player]
    return f"Player {player}"


def join_names(words: Sequence[str]) -> str:
    """``"Sam"``, ``"Sam and Ana"``, ``"Sam, Ana and Ben"``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _draw_stock(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    return f"{p} drew the {format_cards(e.secret)} from the stock." if see else f"{p} drew from the stock."


def _swap(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    return f"{p} swapped the {e.cards[0]} for the {e.cards[1]} from the center."


def _swap_all(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    return f"{p} swapped all three cards with the center and now holds {format_cards(e.cards[3:])}."


def _take_center(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    return (f"{p} took the face-down center hand" + (f" ({format_cards(e.secret)})" if see else "")
            + f"; their old hand {format_cards(e.cards)} lies face up as the center.")


def _exchange_hand(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    return f"{p} exchanged their hand for three stock cards" + (
        f" and now holds {format_cards(e.secret)}." if see else ".")


def _showdown(e: Event, p: str, see: bool, names: Sequence[str] | None) -> str:
    why = {"knock": f"{p} knocked and everyone has had one more turn",
           "all_pass": "everyone passed in a row", "empty_stock": "the stock ran out",
           "31": f"{p} has 31" if p else "31 was shown",
           "fire": f"{p} has three aces: Feuer" if p else "Feuer"}.get(e.note, e.note)
    shown = ", ".join(f"{player_name(i, names)} {number(v)}" for i, v in enumerate(e.values) if v is not None)
    return f"Showdown ({why}): {shown}."


SAYERS: dict[str, Callable[[Event, str, bool, Sequence[str] | None], str]] = {
    "draw stock": _draw_stock, "swap": _swap, "swap all": _swap_all, "take center": _take_center,
    "exchange hand": _exchange_hand, "showdown": _showdown,
}
"""The events whose sentence needs more: a secret, some of the cards, every seat's value."""


def describe(event: Event, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """The event as a plain sentence; ``secret`` cards only when ``viewer`` is the player (or None: all)."""
    p = player_name(event.player, names)
    see = viewer is None or viewer == event.player
    kind = event.kind
    if kind in SAYERS:
        return SAYERS[kind](event, p, see, names)
    if kind in SENTENCES:
        return SENTENCES[kind].format(p=p, c=format_cards(event.cards), round=event.round, note=event.note)
    return event.note or kind


def narrate(events: Iterable[Event], names: Sequence[str] | None = None, viewer: int | None = None) -> list[str]:
    """Sentences for a run of events, joining a draw and its discard into one:
    ``"Ana took the 9♥ from the discard pile and threw the 4♣."``"""
    out: list[str] = []
    pending: Event | None = None
    for e in events:
        if pending is not None:
            if e.kind == "discard" and e.player == pending.player:
                out.append(pending.describe(names, viewer)[:-1] + f" and threw the {e.cards[0]}.")
                pending = None
                continue
            out.append(pending.describe(names, viewer))
            pending = None
        if e.kind in ("draw stock", "draw discard"):
            pending = e
        else:
            out.append(e.describe(names, viewer))
    if pending is not None:
        out.append(pending.describe(names, viewer))
    return out
