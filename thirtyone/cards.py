"""Cards and decks.

A card is a small int, ``rank * 4 + suit``, wrapped in :class:`Card` (an ``int``
subclass) so it prints as ``K♥``:

* ``rank`` 0..12 stands for 2 3 4 5 6 7 8 9 10 J Q K A;
* ``suit`` 0..3 stands for clubs ♣, spades ♠, hearts ♥, diamonds ♦ — Skat order,
  strongest first, so a lower suit number is the stronger suit in a tie-break.

There are exactly 52 card objects (:data:`ALL_CARDS`); every function returns those,
so cards compare, hash and index like the ints they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .i18n import _, card_name, card_text, text

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_NAMES",
    "RANK_NAMES",
    "Card",
    "ALL_CARDS",
    "card",
    "deck",
    "parse_cards",
    "format_cards",
]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank symbols, weakest first; a card's ``rank`` indexes this tuple."""
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
RANK_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
"""Points of each rank: number cards their face, J Q K ten, the ace eleven."""
SUITS = ("♣", "♠", "♥", "♦")
"""Suit symbols in Skat order (clubs > spades > hearts > diamonds)."""
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
SUIT_LETTERS = ("C", "S", "H", "D")

_RANK_ALIASES = {r.upper(): i for i, r in enumerate(RANKS)} | {"T": 8, "1": 12}
_SUIT_ALIASES = {s: i for i, s in enumerate(SUITS)} | {
    letter: i for i, letter in enumerate(SUIT_LETTERS)
} | {"♤": 1, "♡": 2, "♢": 3, "♧": 0}


class Card(int):
    """One playing card: an int ``rank * 4 + suit`` that prints as ``K♥``."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank index, 0 (two) .. 12 (ace)."""
        return self >> 2

    @property
    def suit(self) -> int:
        """Suit index in Skat order: 0 clubs, 1 spades, 2 hearts, 3 diamonds."""
        return self & 3

    @property
    def value(self) -> int:
        """Points the card is worth in its suit: ace 11, faces 10, numbers their face."""
        return RANK_VALUES[self >> 2]

    @property
    def symbol(self) -> str:
        """The rank as printed: ``"10"``, ``"K"``."""
        return RANKS[self >> 2]

    @property
    def suit_symbol(self) -> str:
        """The suit as printed: ``"♥"``."""
        return SUITS[self & 3]

    @property
    def name(self) -> str:
        """The card's spoken name, for screen readers, in the language in use: ``"king of hearts"``
        (``"rey de corazones"``)."""
        return card_name(RANK_NAMES[self >> 2], SUIT_NAMES[self & 3])

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return (self & 3) >= 2

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _repr_html_(self) -> str:
        """The card as a notebook shows it (:func:`thirtyone.narration.card_html`)."""
        return text().card_html(self)


ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 card objects, indexed by their int value."""


def card(rank: int | str, suit: int | str) -> Card:
    """The card of a rank (index or symbol) and a suit (index, symbol or letter)."""
    r = _RANK_ALIASES.get(str(rank).upper()) if isinstance(rank, str) else rank
    s = _SUIT_ALIASES.get(suit.upper() if isinstance(suit, str) else "") if isinstance(suit, str) else suit
    if r is None or not 0 <= r < 13:
        raise ValueError(f"unknown rank {rank!r}: use one of {' '.join(RANKS)}")
    if s is None or not 0 <= s < 4:
        raise ValueError(f"unknown suit {suit!r}: use one of {' '.join(SUITS)} or C S H D")
    return ALL_CARDS[r * 4 + s]


def deck(size: int = 52) -> tuple[Card, ...]:
    """A fresh, ordered deck: 52 cards (2..A) or 32 (7..A), suit by suit in Skat order."""
    if size not in (32, 52):
        raise ValueError(f"deck must be 32 or 52 cards, not {size!r}")
    low = 0 if size == 52 else 5
    return tuple(ALL_CARDS[r * 4 + s] for s in range(4) for r in range(low, 13))


_TOKEN = re.compile(r"^(10|[2-9]|[AKQJT1])([♣♠♥♦♤♡♢♧CSHD])$", re.IGNORECASE)


def parse_cards(text: str | Iterable[Card | str], deck_size: int | None = None) -> tuple[Card, ...]:
    """Cards from text such as ``"K♥ 9♥ 4♣"`` or ``"kh, 10c th 7d"``.

    Ranks ``2``-``10``, ``T``, ``J``, ``Q``, ``K``, ``A``; suits ``♣♠♥♦`` or ``C S H D``;
    any case; separated by spaces and/or commas. Cards already parsed pass through.
    With ``deck_size`` 32, cards below 7 are rejected. Raises ``ValueError`` naming the
    bad token for an unknown rank or suit, a duplicate, or a card not in the deck.
    """
    if isinstance(text, str):
        tokens: list[Card | str] = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    else:
        tokens = list(text)
    cards: list[Card] = []
    for token in tokens:
        if isinstance(token, Card):
            c = token
        elif isinstance(token, int) and not isinstance(token, bool) and 0 <= token < 52:
            c = ALL_CARDS[token]
        else:
            m = _TOKEN.match(str(token))
            if not m:
                raise ValueError(_(
                    "cannot read {token} as a card: write a rank "
                    "(2-10, T, J, Q, K, A) then a suit (♣ ♠ ♥ ♦ or C S H D), like K♥ or 10c").format(
                        token=repr(str(token))))
            c = card(m.group(1), m.group(2))
        if c in cards:
            raise ValueError(_("{card} appears twice: a deck holds each card once").format(card=card_text(c)))
        if deck_size == 32 and c.rank < 5:
            raise ValueError(_("{card} is not in the 32-card deck, which holds 7 to A only").format(card=card_text(c)))
        cards.append(c)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text: ``"K♥ 9♥ 4♣"``."""
    return " ".join(str(c) for c in cards)
