"""Views that explain scores with the engine's own words: one hand, a sandbox, several hands compared."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as w

from ..cards import ALL_CARDS, RANK_VALUES, SUIT_NAMES, SUITS, Card, deck, parse_cards
from ..i18n import _, card_text, cards_text, shown_cards, typed_cards
from ..names import and_join
from ..rules import Rules
from ..scoring import Score, compare_hands, score
from ._html import number
from .card import CardRow
from .picker import CardPicker, FollowsRules, RulePicker, preset_dropdown

__all__ = ["ScoreView", "CardValues", "Sandbox", "HandComparison", "number", "shorten", "sentence"]


def sentence(text: str) -> str:
    """An explanation as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


_LONG_WORD = re.compile(r"\S{25,}")


def shorten(text: str, limit: int = 160) -> str:
    """A message that may quote what the learner typed, cut to a readable length: a word longer
    than 24 characters keeps its first 20, and the whole at most ``limit`` characters."""
    text = _LONG_WORD.sub(lambda m: m.group(0)[:20] + "…", text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class ScoreView(FollowsRules, w.VBox):
    """A hand with its value and the engine's explanation; the cards that count are highlighted."""

    def __init__(self, hand: str | Iterable[Card] = (), rules: Rules | str | None = None, *,
                 deal_button: bool = False, seed: int | None = None, size: int = 3) -> None:
        self._rules = Rules.coerce(rules)
        self._rng = random.Random(seed)
        self.size = size
        self.row = CardRow(interactive=False, label=_("the hand"))
        self.value_html = w.HTML()
        children: list[w.Widget] = [self.row, self.value_html]
        if deal_button:
            self.deal_button = w.Button(description=_("Deal another hand"), layout=w.Layout(width="max-content"))
            self.deal_button.on_click(lambda _b: self.deal())
            children.append(self.deal_button)
        super().__init__(children)
        self.add_class("to-score-view")
        self.score: Score | None = None
        self.show(hand)

    def _rules_changed(self) -> None:
        self.show(self.row.cards if -1 not in self.row.cards else ())

    def deal(self) -> None:
        """Show a random hand from the rule set's deck."""
        self.show(self._rng.sample(deck(self._rules.deck), self.size))

    def show(self, hand: str | Iterable[Any]) -> Score | None:
        """Show a hand (cards or text); bad text shows what is wrong instead."""
        try:
            cards = parse_cards(typed_cards(hand), self._rules.deck) if isinstance(hand, str) else \
                tuple(ALL_CARDS[int(c)] for c in hand)
            result = score(cards, self._rules) if cards else None
        except (ValueError, IndexError, TypeError) as e:
            self.score = None
            self.value_html.value = f'<p class="to-note" role="status">{html.escape(shorten(str(e)))}</p>'
            return None
        self.score = result
        self.row.show(cards, highlighted=result.counting if result else ())
        if result is None:
            text = _("Pick three cards to see what they are worth.")
            self.value_html.value = f'<div class="to-score" aria-live="polite"><p>{text}</p></div>'
            return None
        missing = self.size - len(cards)
        more = " " + _("(so far: pick {n} more)").format(n=missing) if missing > 0 else ""
        self.value_html.value = (
            '<div class="to-score" aria-live="polite">'
            '<p class="to-value">' + _("Worth {value}").format(value=f"<strong>{number(result.value)}</strong>")
            + f"{more}</p>"
            f'<p class="to-explanation">{html.escape(sentence(result.explanation))}</p></div>')
        return result


class CardValues(w.VBox):
    """One suit of the deck: click a card to read what it is worth."""

    def __init__(self, suit: int = 2, rules: Rules | str | None = None) -> None:
        r = Rules.coerce(rules)
        self.row = CardRow([c for c in deck(r.deck) if c.suit == suit][::-1], label=_(SUIT_NAMES[suit]))
        self.row.on_activate(self.explain)
        self.text = w.HTML('<p class="to-note" aria-live="polite">' + _("Click a card to see its value.") + "</p>")
        super().__init__([self.row, self.text])
        self.add_class("to-card-values")

    def explain(self, card: int) -> None:
        c = ALL_CARDS[card]
        if c.rank == 12:  # one whole sentence a kind of card, never "K♥ is worth 10" and a reason glued
            said = _("<strong>{card} is worth {value}</strong>: an ace is worth 11.")
        elif c.rank in (9, 10, 11):
            said = _("<strong>{card} is worth {value}</strong>: every face card is worth 10.")
        elif c.rank == 8:
            said = _("<strong>{card} is worth {value}</strong>: a ten is worth 10.")
        else:
            said = _("<strong>{card} is worth {value}</strong>: a number card is worth its number.")
        self.row.selected = [card]
        self.text.value = ('<p class="to-note" aria-live="polite">'
                           + said.format(card=html.escape(card_text(c)), value=RANK_VALUES[c.rank]) + "</p>")


def _hands_table(rows: Sequence[tuple[str, str]]) -> str:
    """Each hand's name beside what is said of it (its score, or what is wrong with it), a row a hand: the name
    is a row's header, never glued before the text in one sentence."""
    return ('<table class="to-hands-said" role="table"><tbody>'
            + "".join(f'<tr role="row"><th scope="row" role="rowheader" style="white-space: nowrap">{html.escape(name)}</th>'
                      f'<td role="cell">{html.escape(text)}</td></tr>' for name, text in rows)
            + "</tbody></table>")


class Sandbox(w.VBox):
    """The rule picker, the card picker and the score view, wired together.

    The rule picker says only what decides a hand's value (``scoring_only``, lesson 1); pass
    ``scoring_only=False`` for the whole rule set's summary. ``presets``: the presets offered."""

    def __init__(self, rules: Rules | str | None = None, hand: str | Iterable[Card] = (), *,
                 seed: int | None = None, four_colour: bool = False, scoring_only: bool = True,
                 presets: Sequence[str] | None = None) -> None:
        self.rule_picker = RulePicker(rules, scoring_only=scoring_only, presets=presets)
        self.picker = CardPicker(self.rule_picker.rules, seed=seed, four_colour=four_colour)
        self.view = ScoreView((), self.rule_picker.rules)
        super().__init__([self.rule_picker, self.picker, self.view])
        self.add_class("to-sandbox")
        self.picker.observe(lambda _c: self.view.show(self.picker.hand), "hand")
        self.rule_picker.observe(self._rules_changed, "rules")
        if hand:
            self.picker.pick(hand)

    def _rules_changed(self, change: Any) -> None:
        self.picker.rules = change["new"]
        self.view.rules = change["new"]
        self.view.show(self.picker.hand)

    @property
    def value(self) -> float | None:
        """The picked hand's value, or ``None`` with no cards."""
        return self.view.score.value if self.view.score else None


class HandComparison(FollowsRules, w.VBox):
    """Two or more hands side by side: which is lowest, and why, with the tie-break explained."""

    def __init__(self, hands: Sequence[str] = ("K♥ 9♥ 4♣", "10♠ 10♥ 10♦"),
                 rules: Rules | str | None = None, *, seed: int | None = None,
                 presets: Sequence[str] | None = None) -> None:
        self._rng = random.Random(seed)
        self._rules = Rules.coerce(rules)
        self.dropdown = preset_dropdown(self._rules, presets, short=True)
        n = max(2, len(hands))
        self.inputs = [w.Text(description=_("Hand {n}").format(n=i + 1), continuous_update=False,
                              layout=w.Layout(width="230px")) for i in range(n)]
        self.rows = [CardRow(interactive=False, label=_("hand {n}").format(n=i + 1)) for i in range(n)]
        self.values = [w.HTML() for _i in range(n)]
        self.result = w.HTML()
        self.deal_button = w.Button(description=_("Deal new hands"), layout=w.Layout(width="max-content"))
        self.deal_button.on_click(lambda _b: self.deal())
        lines = [w.HBox([t, r, v], layout=w.Layout(align_items="center", flex_flow="row wrap"))
                 for t, r, v in zip(self.inputs, self.rows, self.values, strict=True)]
        super().__init__([self.dropdown, *lines, self.result, self.deal_button])
        self.add_class("to-compare")
        self.outcome: dict[str, Any] | None = None
        self._changed: int | None = None
        """The box the learner changed last (``None``: the hands were set or dealt together)."""
        for i, t in enumerate(list(hands) + [""] * (n - len(hands))):
            self.inputs[i].value = shown_cards(t)
        self.update()
        for i, t in enumerate(self.inputs):
            t.observe(lambda _c, i=i: self._typed(i), "value")
        self.dropdown.observe(self._preset_chosen, "value")

    def _typed(self, i: int) -> None:
        """Box ``i`` was changed: a card it shares with another hand is its mistake, not the other's."""
        self._changed = i
        self.update()

    def _preset_chosen(self, change: Any) -> None:
        self.rules = Rules.preset(change["new"])

    def _rules_changed(self) -> None:
        self.update()

    def set_hands(self, hands: Sequence[str]) -> None:
        """Type these hands into the boxes (extra boxes are left as they are)."""
        with self.hold_trait_notifications():
            for t, text in zip(self.inputs, hands, strict=False):
                t.value = shown_cards(text)
        self._changed = None
        self.update()

    def deal(self) -> None:
        """Deal a fresh hand into every box from one shuffled deck."""
        cards = self._rng.sample(deck(self.rules.deck), 3 * len(self.inputs))
        self.set_hands([cards_text(cards[3 * i:3 * i + 3]) for i in range(len(self.inputs))])

    def update(self) -> dict[str, Any] | None:
        """Read every box, score the hands and say which is lowest."""
        read: dict[int, tuple[Card, ...]] = {}
        wrong: dict[int, str] = {}
        for i, t in enumerate(self.inputs):
            try:
                cards = parse_cards(typed_cards(t.value), self.rules.deck)
                if len(cards) != 3:
                    raise ValueError(_("a hand is three cards, this is {n}").format(n=len(cards)))
                read[i] = cards
            except ValueError as e:
                wrong[i] = shorten(str(e))
        # a card in two hands is the mistake of the hand just changed (else of the later hand): it is checked last
        changed = self._changed
        order = [i for i in read if i != changed] + ([changed] if changed in read else [])
        holder: dict[Card, int] = {}
        for i in order:
            cards = read[i]
            twice = [c for c in cards if c in holder]
            if twice:
                wrong[i] = _("{card} is also in hand {other}: a deck holds each card once").format(
                    card=card_text(twice[0]), other=holder[twice[0]] + 1)
                continue
            holder.update((c, i) for c in cards)
        hands: list[tuple[Card, ...]] = []
        problems = [(_("Hand {n}").format(n=i + 1), wrong[i]) for i in sorted(wrong)]
        for i in range(len(self.inputs)):
            if i in wrong:
                self.rows[i].show(())
                self.values[i].value = '<span class="to-note">?</span>'
                continue
            cards = read[i]
            hands.append(cards)
            s = score(cards, self.rules)
            self.rows[i].show(cards, highlighted=s.counting)
            self.values[i].value = f'<span class="to-value"><strong>{number(s.value)}</strong></span>'
        if problems:
            self.outcome = None
            self.result.value = '<div class="to-result" aria-live="polite">' + _hands_table(problems) + "</div>"
            return None
        out = compare_hands(hands, self.rules)
        self.outcome = out
        scores: list[Score] = out["scores"]  # type: ignore[assignment]
        lowest: list[int] = out["lowest"]  # type: ignore[assignment]
        why = _hands_table([(_("Hand {n}").format(n=i + 1), str(s)) for i, s in enumerate(scores)])
        ties = (_("With these rules every hand tied for lowest loses.")
                if self.rules.ties == "all_lose" else
                _("With these rules a tie is broken: three of a kind by rank, other hands by the scoring suit "
                  "in Skat order, {order}.").format(order=" > ".join(f"{_(SUIT_NAMES[s])} {SUITS[s]}"
                                                                     for s in range(4))))
        lowest_said = (_("Lowest: hand {n}.").format(n=lowest[0] + 1) if len(lowest) == 1 else
                       _("Lowest: hands {hands}.").format(hands=and_join([str(i + 1) for i in lowest])))
        self.result.value = (
            '<div class="to-result" aria-live="polite">'
            "<p><strong>" + lowest_said + "</strong> "
            f"{html.escape(str(out['explanation']))}</p>"
            f"{why}<p class=\"to-note\">{html.escape(ties)}</p></div>")
        for i, v in enumerate(self.values):
            if i in lowest:
                v.value += ' <span class="to-lowest">' + _("lowest") + "</span>"
        return out
