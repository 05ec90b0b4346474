"""What happened in a round, in sentences: the narration a card table's log and a lesson's steps show.

:func:`describe` says one :class:`~thirtyone.game.Event` as a plain sentence (in the language in use); :func:`narrate` says a run
of them, joining a draw and its discard into one sentence. A card drawn from the stock (or a face-down hand
taken, or an exchanged hand) is named only to its player, or to everyone when no ``viewer`` is given. The game
keeps its log as events (:mod:`thirtyone.game`), never as text, so the narration can change (or be translated)
without touching the engine. This module sits below the game: it reads an event's fields and imports only the
cards, the number format and the list joiner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .cards import format_cards
from .i18n import N_, _, number, pgettext
from .names import and_join

if TYPE_CHECKING:
    from .game import Event

__all__ = ["describe", "narrate", "player_name", "join_names"]

SENTENCES: dict[str, str] = {
    "deal": N_("Round {round}: {p} deals."),
    "center": N_("The center is turned face up: {c}."),
    "first discard": N_("The first card of the discard pile is the {c}."),
    "draw discard": N_("{p} took the {c} from the discard pile."),
    "discard": N_("{p} threw the {c}."),
    "knock": N_("{p} knocked: everyone else has one more turn."),
    "pass": N_("{p} passed."),
    "keep hand": N_("{p} kept their hand."),
    "reshuffle": N_("The stock is empty: the discard pile, all but its top card, is shuffled into a new stock."),
    "new center": N_("Everyone passed: three new center cards are laid: {c}."),
    "31": N_("{p} shows 31 ({c}): the round ends at once."),
    "fire": N_("{p} shows three aces ({c}): Feuer! The round ends at once."),
    "void": N_("Everyone left would be out: nobody loses a life and the round is dealt again."),
    "lose": N_("{p} {note}."),
    "swimming": N_("{p} has no lives left and is swimming: one more loss and they are out."),
    "out": N_("{p} is out of the game."),
    "winner": N_("{p} wins the game!"),
}
"""The events whose sentence needs only the player ``{p}``, the cards everyone sees ``{c}``, the round and the note
(English, marked for the catalog: translated when said)."""

YOURS: dict[str, Callable[[], str]] = {
    "deal": lambda: pgettext("your seat", "Round {round}: {p} deals."),
    "draw discard": lambda: pgettext("your seat", "{p} took the {c} from the discard pile."),
    "discard": lambda: pgettext("your seat", "{p} threw the {c}."),
    "knock": lambda: pgettext("your seat", "{p} knocked: everyone else has one more turn."),
    "pass": lambda: pgettext("your seat", "{p} passed."),
    "keep hand": lambda: pgettext("your seat", "{p} kept their hand."),
    "31": lambda: pgettext("your seat", "{p} shows 31 ({c}): the round ends at once."),
    "fire": lambda: pgettext("your seat", "{p} shows three aces ({c}): Feuer! The round ends at once."),
    "swimming": lambda: pgettext("your seat", "{p} has no lives left and is swimming: one more loss and they are out."),
    "out": lambda: pgettext("your seat", "{p} is out of the game."),
    "winner": lambda: pgettext("your seat", "{p} wins the game!"),
}
"""The same sentences said to the viewer about their own move: the same English ("Sam (you) knocked: …"), while
Spanish speaks to the learner ("Has golpeado: …") where it says "Ana ha golpeado: …" of another player. The
catalog tells them apart by the context "your seat" (``tests/test_i18n.py`` checks the English is the same)."""


def player_name(player: int | None, names: Sequence[str] | None) -> str:
    """A seat's name: ``names[player]`` if given, else ``"Player 2"``; empty for nobody."""
    if player is None:
        return ""
    if names is not None and player < len(names):
        return names[player]
    return _("Player {seat}").format(seat=player)


def join_names(words: Sequence[str]) -> str:
    """``"Sam"``, ``"Sam and Ana"``, ``"Sam, Ana and Ben"`` (``"Sam, Ana y Ben"`` in Spanish: the course's one
    list joiner, :func:`thirtyone.names.and_join`)."""
    return and_join(list(words))


def _draw_stock(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} drew the {cards} from the stock.") if mine
                else _("{p} drew the {cards} from the stock."))
        return said.format(p=p, cards=format_cards(e.secret))
    return _("{p} drew from the stock.").format(p=p)


def _swap(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    said = (pgettext("your seat", "{p} swapped the {give} for the {take} from the center.") if mine
            else _("{p} swapped the {give} for the {take} from the center."))
    return said.format(p=p, give=e.cards[0], take=e.cards[1])


def _swap_all(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    said = (pgettext("your seat", "{p} swapped all three cards with the center and now holds {cards}.") if mine
            else _("{p} swapped all three cards with the center and now holds {cards}."))
    return said.format(p=p, cards=format_cards(e.cards[3:]))


def _take_center(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} took the face-down center hand ({secret}); their old hand {cards} lies "
                                      "face up as the center.") if mine
                else _("{p} took the face-down center hand ({secret}); their old hand {cards} lies face up as the "
                       "center."))
        return said.format(p=p, secret=format_cards(e.secret), cards=format_cards(e.cards))
    return _("{p} took the face-down center hand; their old hand {cards} lies face up as the center.").format(
        p=p, cards=format_cards(e.cards))


def _exchange_hand(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    if see:
        said = (pgettext("your seat", "{p} exchanged their hand for three stock cards and now holds {cards}.")
                if mine else _("{p} exchanged their hand for three stock cards and now holds {cards}."))
        return said.format(p=p, cards=format_cards(e.secret))
    return _("{p} exchanged their hand for three stock cards.").format(p=p)


_WHY_SHOWDOWN: dict[str, tuple[str, str]] = {
    "knock": (N_("{p} knocked and everyone has had one more turn"), ""),
    "all_pass": (N_("everyone passed in a row"), N_("everyone passed in a row")),
    "empty_stock": (N_("the stock ran out"), N_("the stock ran out")),
    "31": (N_("{p} has 31"), N_("31 was shown")),
    "fire": (N_("{p} has three aces: Feuer"), N_("Feuer")),
}
"""How a round ended → why the showdown came, said with the player who ended it, and without one."""


_WHY_YOURS: dict[str, Callable[[], str]] = {
    "knock": lambda: pgettext("your seat", "{p} knocked and everyone has had one more turn"),
    "31": lambda: pgettext("your seat", "{p} has 31"),
    "fire": lambda: pgettext("your seat", "{p} has three aces: Feuer"),
}
"""Why the showdown came, said to the viewer who ended the round (see :data:`YOURS`)."""


def _showdown(e: Event, p: str, see: bool, names: Sequence[str] | None, mine: bool = False) -> str:
    said = _WHY_SHOWDOWN.get(e.note)
    if mine and e.note in _WHY_YOURS:
        why = _WHY_YOURS[e.note]().format(p=p)
    else:
        why = e.note if said is None else _(said[0] if p or not said[1] else said[1]).format(p=p)
    shown = ", ".join(f"{player_name(i, names)} {number(v)}" for i, v in enumerate(e.values) if v is not None)
    return _("Showdown ({why}): {shown}.").format(why=why, shown=shown)


SAYERS: dict[str, Callable[[Event, str, bool, Sequence[str] | None, bool], str]] = {
    "draw stock": _draw_stock, "swap": _swap, "swap all": _swap_all, "take center": _take_center,
    "exchange hand": _exchange_hand, "showdown": _showdown,
}
"""The events whose sentence needs more: a secret, some of the cards, every seat's value."""


def _drew_and_threw(draw: Event, discard: Event, names: Sequence[str] | None, viewer: int | None) -> str:
    """A draw and the discard that followed it, one sentence: ``"Ana took the 9♥ from the discard pile and threw
    the 4♣."`` (the card drawn from the stock named only to its player, as :func:`describe` does)."""
    p = player_name(draw.player, names)
    thrown = discard.cards[0]
    mine = viewer is not None and viewer == draw.player
    if draw.kind == "draw discard":
        said = (pgettext("your seat", "{p} took the {c} from the discard pile and threw the {thrown}.") if mine
                else _("{p} took the {c} from the discard pile and threw the {thrown}."))
        return said.format(p=p, c=format_cards(draw.cards), thrown=thrown)
    if viewer is None or viewer == draw.player:
        said = (pgettext("your seat", "{p} drew the {cards} from the stock and threw the {thrown}.") if mine
                else _("{p} drew the {cards} from the stock and threw the {thrown}."))
        return said.format(p=p, cards=format_cards(draw.secret), thrown=thrown)
    return _("{p} drew from the stock and threw the {thrown}.").format(p=p, thrown=thrown)


def describe(event: Event, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """The event as a plain sentence; ``secret`` cards only when ``viewer`` is the player (or None: all)."""
    p = player_name(event.player, names)
    see = viewer is None or viewer == event.player
    mine = viewer is not None and viewer == event.player  # said to the learner about their own move
    kind = event.kind
    if kind in SAYERS:
        return SAYERS[kind](event, p, see, names, mine)
    if kind in SENTENCES:
        said = YOURS[kind]() if mine and kind in YOURS else _(SENTENCES[kind])
        return said.format(p=p, c=format_cards(event.cards), round=event.round, note=event.note)
    return event.note or kind


def narrate(events: Iterable[Event], names: Sequence[str] | None = None, viewer: int | None = None) -> list[str]:
    """Sentences for a run of events, joining a draw and its discard into one:
    ``"Ana took the 9♥ from the discard pile and threw the 4♣."``"""
    out: list[str] = []
    pending: Event | None = None
    for e in events:
        if pending is not None:
            if e.kind == "discard" and e.player == pending.player:
                out.append(_drew_and_threw(pending, e, names, viewer))
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
