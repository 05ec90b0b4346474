"""The variants side by side: the presets' differences as a table, and a staged round replayed
under every rule set. The rows and the results come from :mod:`thirtyone.variants`."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..cards import parse_cards
from ..rules import PRESET_SOURCES, Rules
from ..scoring import hand_value
from ..variants import SITUATIONS, Replay, Situation, difference_rows, replay
from .card import CardRow
from .charts import STUDY_CSS, html_table
from .picker import PRESET_LABELS
from .table import NAMES
from .views import number

__all__ = ["PresetTable", "RuleReplay"]

_FIELD_LABELS = {
    "deck": "Deck", "family": "Family", "lives": "Lives", "swimming": "Swimming (on the bus)",
    "three_of_a_kind": "Three of a kind", "three_aces": "Three aces", "fire": "Feuer (Fire)",
    "instant_31": "Instant 31", "ties": "Ties for lowest", "knocker_lowest": "Knocker lowest loses",
    "knocker_wins_ties": "Knocker wins ties", "loser": "Who loses", "first_knock": "First knock",
    "allow_pass": "Pass", "allow_swap_all": "Swap all three", "all_pass": "Everyone passes",
    "first_choice": "First choice of the center", "dealer_exchange": "Dealer exchange",
    "discard_taken": "Throw back the card taken",
}


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


class PresetTable(w.VBox):
    """The presets side by side: one row per option where they differ, with what it means and who plays it.

    Tick the presets to compare; "Show every option" adds the options they share.
    """

    def __init__(self, presets: Sequence[str] = Rules.PRESET_NAMES, *, everything: bool = False) -> None:
        self.boxes = {name: w.Checkbox(value=name in presets, description=PRESET_LABELS[name], indent=False,
                                       layout=w.Layout(width="max-content"))
                      for name in Rules.PRESET_NAMES}
        self.every_box = w.Checkbox(value=everything, description="Show every option, also those they share",
                                    indent=False, layout=w.Layout(width="max-content"))
        self.table = w.HTML()
        super().__init__([w.HTML(STUDY_CSS),
                          w.HTML('<p class="to-note">Compare these rule sets:</p>'),
                          w.HBox(list(self.boxes.values()), layout=w.Layout(flex_flow="row wrap")),
                          self.every_box, self.table])
        self.add_class("to-study")
        self.add_class("to-presets")
        self.rows: list[Any] = []
        self.update()
        for box in [*self.boxes.values(), self.every_box]:
            box.observe(lambda _c: self.update(), "value")

    @property
    def presets(self) -> list[str]:
        """The ticked presets, in the usual order."""
        return [n for n, b in self.boxes.items() if b.value]

    def update(self) -> None:
        """Redraw the table for the ticked presets."""
        chosen = self.presets
        if not chosen:
            self.rows = []
            self.table.value = '<p class="to-note" role="status">Tick at least one rule set.</p>'
            return
        everything = self.every_box.value or len(chosen) == 1
        self.rows = rows = difference_rows(chosen, everything=everything)
        if not rows:
            self.table.value = '<p class="to-note" role="status">These rule sets are the same.</p>'
            return
        header = ["option", *(f"{n} ({PRESET_SOURCES[n]})" for n in chosen), "who plays what"]
        cells = []
        for row in rows:
            by = "; ".join(f"{v}: {s}" for v, s in row.played_by)
            cells.append([f"{_FIELD_LABELS.get(row.field, row.field)}", *row.values, by])
        meanings = "".join(f"<li><strong>{_esc(_FIELD_LABELS.get(r.field, r.field))}</strong>: {_esc(r.meaning)}</li>"
                           for r in rows)
        caption = ("Every option" if everything else "Where these rule sets differ") + \
            " (sources are the seed texts: 000 GameCircle Schwimmen, 001 Board Game Arena, 002 classic 31, 003 Scat)"
        self.table.value = (html_table(caption, header, cells)
                            + f'<h4>What each option means</h4><ul class="to-meanings">{meanings}</ul>')


class RuleReplay(w.VBox):
    """One staged round replayed under every preset: the same cards, and how each rule set ends it.

    Choose a situation, or type your own three hands (cards 7 to ace, so every deck holds them);
    seat 0 deals and knocks at its first chance, the others change nothing.
    """

    def __init__(self, situation: str = "instant-31", *, presets: Sequence[str] = Rules.PRESET_NAMES,
                 names: Sequence[str] = NAMES[:3]) -> None:
        self.presets = tuple(presets)
        self.names = tuple(names)
        options = [(s.title, s.key) for s in SITUATIONS.values()] + [("Your own hands", "own")]
        self.menu = w.Dropdown(options=options, value=situation, description="Situation",
                               layout=w.Layout(width="max-content"))
        self.inputs = [w.Text(description=f"{n}{' (deals, knocks)' if i == 0 else ''}", continuous_update=False,
                              style={"description_width": "130px"}, layout=w.Layout(width="360px"))
                       for i, n in enumerate(self.names)]
        self.own_box = w.VBox(self.inputs)
        self.teaches = w.HTML()
        self.rows = [CardRow(interactive=False, label=f"{n}'s hand") for n in self.names]
        self.row_heads = [w.HTML(layout=w.Layout(width="180px")) for _ in self.names]
        self.results = w.HTML()
        self.replays: list[Replay] = []
        hands = w.VBox([w.HBox([h, r], layout=w.Layout(align_items="center"))
                        for h, r in zip(self.row_heads, self.rows, strict=True)])
        super().__init__([w.HTML(STUDY_CSS), self.menu, self.own_box, self.teaches, hands, self.results])
        self.add_class("to-study")
        self.add_class("to-replay")
        for t, h in zip(self.inputs, SITUATIONS["ties"].hands, strict=False):
            t.value = h
        self.update()
        self.menu.observe(lambda _c: self.update(), "value")
        for t in self.inputs:
            t.observe(lambda _c: self.update(), "value")

    def _own(self) -> Situation:
        hands = []
        for n, t in zip(self.names, self.inputs, strict=True):
            try:
                cards = parse_cards(t.value, 32)
            except ValueError as e:
                raise ValueError(f"{n}: {e} (use cards 7 to ace, like 'K♥ 9♥ 7♣')") from None
            if len(cards) != 3:
                raise ValueError(f"{n}: a hand is three cards, this is {len(cards)}")
            hands.append(" ".join(str(c) for c in cards))
        every = [c for h in hands for c in parse_cards(h)]
        twice = sorted({str(c) for c in every if every.count(c) > 1})
        if twice:
            raise ValueError(f"{twice[0]} is in two hands: a deck holds each card once")
        return Situation("own", "Your own hands", tuple(hands), teaches="Sam deals and knocks at his first turn.")

    def update(self) -> list[Replay]:
        """Replay the chosen situation under every preset and show how each ends."""
        own = self.menu.value == "own"
        self.own_box.layout.display = "" if own else "none"
        try:
            sit = self._own() if own else SITUATIONS[self.menu.value]
        except ValueError as e:
            self.replays = []
            self.teaches.value = ""
            self.results.value = f'<p class="to-note" role="status">{_esc(str(e))}.</p>'
            return []
        self.teaches.value = f'<p class="to-note"><strong>{_esc(sit.title)}.</strong> {_esc(sit.teaches)}</p>'
        for i, (row, head, cards) in enumerate(zip(self.rows, self.row_heads, sit.cards(), strict=True)):
            row.show(cards)
            role = " deals and knocks" if i == 0 and sit.knocker == 0 else " deals" if i == 0 else ""
            lives = f", {sit.lives[i]} {'life' if sit.lives[i] == 1 else 'lives'}" if sit.lives else ""
            head.value = f"<p><strong>{_esc(self.names[i])}</strong>{role}{lives}</p>"
        self.replays = [replay(sit, p) for p in self.presets]
        rows = []
        for p, rp in zip(self.presets, self.replays, strict=True):
            values = ", ".join(number(hand_value(h, rp.rules)) for h in sit.cards())
            after = ""
            if rp.end is not None:
                after = ", ".join("out" if o else "swimming" if lv == 0 else str(lv)
                                  for lv, o in zip(rp.end.lives, rp.end.out))
            rows.append([f"{p}: {PRESET_SOURCES[p]}", values, rp.explain(self.names), after])
        changed = [i for i, r in enumerate(rows) if r[3] != rows[0][3]]
        who = ", ".join(self.names)
        self.results.value = html_table(
            f"The same cards under each rule set (highlighted: lives end differently from {self.presets[0]})",
            ["rules: source", f"hands are worth ({who})", "what happens", f"lives after ({who})"], rows,
            marked=changed)
        return self.replays
