"""Pickers: three cards from the rule set's deck, and a rule set from the presets."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as w
import traitlets

from .. import names
from ..cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, deck, parse_cards
from ..i18n import _, cards_text, typed_cards
from ..rules import Rules
from ._html import esc, number
from .card import CardRow

__all__ = ["CardPicker", "RulePicker", "PRESET_LABELS", "FollowsRules", "preset_dropdown"]

PRESET_LABELS = {key: names.PRESET_INFO[key].label for key in Rules.PRESET_NAMES}
"""What the preset drop-down shows for each preset (from :mod:`thirtyone.names`), in English: a menu shows
``names.preset_label(key)``, in the page's language."""


def preset_dropdown(start: Rules, presets: Sequence[str] | None = None, *, short: bool = False) -> w.Dropdown:
    """The preset drop-down, showing ``start`` (or the first preset for a rule set it does not offer).

    ``presets``: the presets offered (all six by default); ``short``: their names only ("Scat"), not
    the longer labels ("Scat (52 cards, draw and discard)")."""
    keys = list(presets) if presets is not None else list(Rules.PRESET_NAMES)
    for key in keys:
        if key not in PRESET_LABELS:
            raise ValueError(f"unknown preset {key!r}: choose from {', '.join(Rules.PRESET_NAMES)}")
    label = names.preset_name if short else names.preset_label
    return w.Dropdown(options=[(label(n), n) for n in keys],
                      value=start.name if start.name in keys else keys[0],
                      description=_("Rules"), layout=w.Layout(width="max-content", max_width="100%"))


class FollowsRules:
    """A widget drawn for one rule set: assigning ``rules`` redraws it (``_rules_changed``)."""

    _rules: Rules

    @property
    def rules(self) -> Rules:
        """The rule set the widget follows."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules
        self._rules_changed()

    def _rules_changed(self) -> None:
        raise NotImplementedError


class CardPicker(FollowsRules, w.VBox):
    """The rule set's deck laid out by suit: click (or Enter/Space) three cards, or deal a random hand.

    ``hand`` holds the picked cards in the order picked. Clicking a picked card puts it back;
    a fourth card is refused with a message, never an error.
    """

    hand = traitlets.List(traitlets.Int())
    """The picked cards as ints (``Card(i)``), at most :attr:`size`."""
    message = traitlets.Unicode("")

    def __init__(self, rules: Rules | str | None = None, hand: str | Iterable[Card] = (), *,
                 size: int = 3, seed: int | None = None, four_colour: bool = False) -> None:
        self.size = size
        self._rng = random.Random(seed)
        self._rules = Rules.coerce(rules)
        self.rows = [CardRow(label=_(SUIT_NAMES[s]), four_colour=four_colour) for s in range(4)]
        for row in self.rows:
            row.on_activate(self.toggle)
        labels = [w.HTML(f'<span class="to-suit-label" aria-hidden="true">{SUITS[s]}</span>',
                         layout=w.Layout(width="28px")) for s in range(4)]
        self.deal_button = w.Button(description=_("Deal a random hand"), icon="random", layout=w.Layout(width="auto"))
        self.clear_button = w.Button(description=_("Put the cards back"), layout=w.Layout(width="auto"))
        self.deal_button.on_click(lambda _b: self.deal())
        self.clear_button.on_click(lambda _b: self.clear())
        self.status = w.HTML(layout=w.Layout(min_height="1.6em"))
        super().__init__([*(w.HBox([lab, row]) for lab, row in zip(labels, self.rows, strict=True)),
                          w.HBox([self.deal_button, self.clear_button]), self.status])
        self.add_class("to-picker")
        self._rules_changed()
        if hand:
            self.pick(hand)

    def _rules_changed(self) -> None:
        """Lay out the rule set's deck; picked cards it does not hold go back."""
        cards = deck(self._rules.deck)
        with self.hold_trait_notifications():
            for s, row in enumerate(self.rows):
                row.cards = [int(c) for c in cards if c.suit == s][::-1]  # ace first
            keep = [c for c in self.hand if c in cards]
            if keep != list(self.hand):
                self.hand = keep

    # -- picking -------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The picked cards."""
        return tuple(ALL_CARDS[c] for c in self.hand)

    def toggle(self, card: int) -> None:
        """Pick a card, or put it back if it is already picked."""
        if not isinstance(card, int) or not 0 <= card < 52 or ALL_CARDS[card] not in deck(self._rules.deck):
            return
        if card in self.hand:
            self.hand = [c for c in self.hand if c != card]
            self.message = ""
        elif len(self.hand) >= self.size:
            self.message = _("You hold {n} cards: click one of them to put it back first.").format(n=self.size)
        else:
            self.hand = [*self.hand, card]
            self.message = ""

    def pick(self, cards: str | Iterable[Card]) -> bool:
        """Pick exactly these cards (text like ``"K♥ 9♥ 4♣"``); bad input leaves the hand and says why."""
        try:
            parsed = parse_cards(typed_cards(cards) if isinstance(cards, str) else cards, self._rules.deck)
            if len(parsed) > self.size:
                raise ValueError(_("a hand holds {size} cards, not {n}").format(size=self.size, n=len(parsed)))
        except ValueError as e:
            self.message = str(e)
            return False
        self.hand = [int(c) for c in parsed]
        self.message = ""
        return True

    def deal(self) -> tuple[Card, ...]:
        """Pick a random hand from the deck."""
        self.hand = [int(c) for c in self._rng.sample(deck(self._rules.deck), self.size)]
        self.message = ""
        return self.cards

    def clear(self) -> None:
        """Put every picked card back."""
        self.hand = []
        self.message = ""

    @traitlets.observe("hand")
    def _show_hand(self, _change: Any) -> None:
        for row in self.rows:
            row.selected = [c for c in self.hand if c in row.cards]
        picked = cards_text(self.cards)
        self.status.value = "<span>" + _("Your hand: {cards}").format(cards=picked or _("no cards yet")) + "</span>"

    @traitlets.observe("message")
    def _show_message(self, _change: Any) -> None:
        if self.message:
            self.status.value = f'<span class="to-note" role="status">{esc(self.message)}</span>'
        else:
            self._show_hand(None)


class RulePicker(w.VBox):
    """A preset drop-down with the preset's summary, and the scoring options to toggle.

    ``scoring_only``: the summary says only what decides a hand's value and a tie (three of a kind,
    three aces, the tie-break; lesson 1), not the whole game (knocking, lives, the center...).
    ``presets``: the presets offered (all six by default).
    """

    rules = traitlets.Instance(Rules)
    """The rule set chosen; observe it to follow changes."""

    def __init__(self, rules: Rules | str | None = None, *, scoring_only: bool = False,
                 presets: Sequence[str] | None = None) -> None:
        start = Rules.coerce(rules)
        self.scoring_only = scoring_only
        self.dropdown = preset_dropdown(start, presets, short=scoring_only)
        def checkbox(text: str) -> w.Checkbox:
            return w.Checkbox(description=text, indent=False, layout=w.Layout(width="max-content", margin="0 18px 0 0"))

        self.toak = checkbox(_("Three of a kind counts {value}").format(value=number(30.5)))
        self.aces = checkbox(_("Three aces count 32"))
        self.tiebreak = checkbox(_("Ties for the lowest hand are broken"))
        self.summary = w.HTML()
        self._syncing = False
        super().__init__([self.dropdown, self.summary,
                          w.HBox([self.toak, self.aces, self.tiebreak],
                                 layout=w.Layout(flex_flow="row wrap"))])
        self.add_class("to-rule-picker")
        self.rules = start
        self.dropdown.observe(self._preset_chosen, "value")
        for box in (self.toak, self.aces, self.tiebreak):
            box.observe(self._option_toggled, "value")

    def choose(self, preset: str) -> None:
        """Choose a preset by name, as the drop-down does (a preset the menu does not offer too)."""
        rules = Rules.preset(preset)
        if rules.name in {v for _, v in self.dropdown.options}:
            self.dropdown.value = rules.name
        else:
            self.rules = rules

    def _preset_chosen(self, change: Any) -> None:
        if change["new"] in PRESET_LABELS:
            self.rules = Rules.preset(change["new"])

    def _option_toggled(self, _change: Any) -> None:
        if self._syncing:
            return
        self.rules = self.rules.replace(
            three_of_a_kind=30.5 if self.toak.value else None,
            three_aces=32 if self.aces.value else None,
            ties="tiebreak" if self.tiebreak.value else "all_lose")

    def summary_parts(self, rules: Rules | None = None) -> tuple[str, str]:
        """The summary shown for a rule set: its name, and the whole game or only its scoring."""
        r = rules if rules is not None else self.rules
        name = names.preset_name(r.name) if r.name in PRESET_LABELS else \
            _("{rules}, with your changes").format(rules=names.preset_name(self.dropdown.value))
        if not self.scoring_only:
            return name, r.summary()
        parts = [names.value_short("deck", r.deck) + ".",
                 names.value_text("three_of_a_kind", r.three_of_a_kind),
                 names.value_text("three_aces", r.three_aces),
                 names.value_text("ties", r.ties)]
        return name, " ".join(parts)

    @traitlets.observe("rules")
    def _show_rules(self, change: Any) -> None:
        r: Rules = change["new"]
        self._syncing = True
        try:
            self.toak.value = r.three_of_a_kind is not None
            self.aces.value = r.three_aces is not None
            self.tiebreak.value = r.ties == "tiebreak"
            if r.name in {v for _, v in self.dropdown.options}:
                self.dropdown.value = r.name
        finally:
            self._syncing = False
        name, text = self.summary_parts(r)
        self.summary.value = f'<p class="to-summary"><strong>{esc(name)}</strong>: {esc(text)}</p>'
