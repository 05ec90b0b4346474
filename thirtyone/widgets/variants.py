"""The variants side by side: the presets' differences as a table, and a staged round replayed
under several rule sets. The rows and the results come from :mod:`thirtyone.variants`; every word
a learner reads about rule sets, options and sources comes from :mod:`thirtyone.names`."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .. import names as display
from ..cards import format_cards, parse_cards
from ..rules import Rules
from ..variants import SITUATIONS, Replay, Situation, difference_rows, replay
from .card import CardRow
from .charts import STUDY_CSS
from .table import NAMES
from .views import number

__all__ = ["PresetTable", "RuleReplay"]

VARIANTS_CSS = """
<style>
.to-variants, .to-variants .widget-html, .to-variants .widget-html-content { min-width: 0; max-width: 100%; }
.to-variants .widget-html-content { width: 100%; }
.to-scroll { overflow-x: auto; max-width: 100%; }
.to-scroll:focus { outline: 2px solid #1a57c9; outline-offset: 2px; }
.to-scroll table.to-data { margin: 0; }
.to-variants p, .to-variants li { overflow-wrap: break-word; white-space: normal; line-height: 1.45; }
.to-outcomes { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px;
  margin: 6px 0; padding: 0; list-style: none; }
.to-outcome { border: 1px solid #999; border-radius: 8px; padding: 6px 10px; background: #fff; min-width: 0; }
.to-outcome.to-changed { border: 2px solid #8a6d00; background: #fff6c9; }
.to-outcome h4 { margin: 2px 0 4px; font-size: 15px; line-height: 1.3; }
.to-outcome p { margin: 3px 0; line-height: 1.45; font-size: 14px; }
.to-outcome .to-tag { font-weight: 600; color: #5c4700; }
.to-outcome ol { margin: 2px 0; padding-left: 1.4em; font-size: 14px; line-height: 1.4; }
.to-variants .to-seat-head p { margin: 2px 8px 2px 0; }
</style>
"""
"""Lesson 4's own look: prose wraps in the page at any width, only the wide data table scrolls in its box."""


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _data_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An accessible data table in its own scroll box (a focusable region, so the keyboard scrolls it)."""
    head = "".join(f'<th scope="col">{_esc(h)}</th>' for h in header)
    body = "".join("<tr>" + f'<th scope="row">{_esc(r[0])}</th>' + "".join(f"<td>{_esc(c)}</td>" for c in r[1:])
                   + "</tr>" for r in rows)
    return (f'<div class="to-scroll" role="region" tabindex="0" aria-label="{html.escape(caption)}">'
            f'<table class="to-data" style="min-width: {7 * len(header)}em"><caption>{_esc(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


class PresetTable(w.VBox):
    """The presets side by side: one row per option where they differ; below it, what each option
    means, which source plays which value, and where each rule set comes from.

    Tick the presets to compare; "Show every option" adds the options they share.
    """

    def __init__(self, presets: Sequence[str] = Rules.PRESET_NAMES, *, everything: bool = False) -> None:
        self.boxes = {name: w.Checkbox(value=name in presets, description=display.preset_name(name), indent=False,
                                       layout=w.Layout(width="max-content", margin="2px 18px 2px 0"))
                      for name in Rules.PRESET_NAMES}
        self.every_box = w.Checkbox(value=everything, description="Show every option, also those they share",
                                    indent=False, layout=w.Layout(width="auto"))
        self.table = w.HTML()
        super().__init__([w.HTML(STUDY_CSS + VARIANTS_CSS),
                          w.HTML('<p class="to-note">Compare these rule sets:</p>'),
                          w.HBox(list(self.boxes.values()), layout=w.Layout(flex_flow="row wrap")),
                          self.every_box, self.table])
        self.add_class("to-study")
        self.add_class("to-variants")
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
        header = ["Option", *(display.preset_name(n) for n in chosen)]
        cells = [[row.label, *row.values] for row in rows]
        caption = "Every option" if everything else "Where these rule sets differ"
        meanings = "".join(
            f"<li><strong>{_esc(r.label)}</strong>: {_esc(r.meaning)} "
            + _esc(_cap("; ".join(f"{v}: {s}" for v, s in r.played_by))) + ".</li>" for r in rows)
        sources = "".join(f"<li><strong>{_esc(display.preset_name(n))}</strong>: {_esc(display.sources_text(n))}"
                          "</li>" for n in chosen)
        dash = any("—" in row.values for row in rows)
        self.table.value = (_data_table(caption, header, cells)
                            + ('<p class="to-note">A dash (—) marks an option of the other kind of game.</p>'
                               if dash else "")
                            + '<h4>What each option means, and who plays which way</h4>'
                            + f'<ul class="to-meanings">{meanings}</ul>'
                            + f'<h4>Where each rule set comes from</h4><ul class="to-meanings">{sources}</ul>')


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _rest_text(sit: Situation, rules: Rules) -> str:
    """The cards staged under the hands, in words, for the kind of game of ``rules``."""
    rest = sit.rest_cards()
    if not rest:
        return ""
    if rules.family == "commerce":
        text = f"The center: {format_cards(rest[:3])}"
        if sit.script and any(a == "take center" for _s, a in sit.script):
            text += ", dealt face down"
        stock = rest[3:]
    else:
        text = f"The first card of the discard pile: {rest[0]}"
        stock = rest[1:]
    if stock:
        text += f". The stock, from the top: {', '.join(str(c) for c in stock)}, then the rest of the deck, shuffled"
    return text + "."


class RuleReplay(w.VBox):
    """One staged round replayed under several rule sets: the same cards, and how each rule set ends it.

    Choose a situation, or type your own three hands (cards 7 to ace, so every deck holds them);
    Sam deals and knocks at his first chance, the others change nothing.
    """

    def __init__(self, situation: str = "instant-31", *, presets: Sequence[str] = Rules.PRESET_NAMES,
                 names: Sequence[str] = NAMES[:3]) -> None:
        if situation != "own" and situation not in SITUATIONS:
            raise ValueError(f"no situation {situation!r}: choose one of {', '.join(SITUATIONS)} or 'own'")
        self.presets = tuple(presets)
        self.names = tuple(names)
        options = [(s.title, s.key) for s in SITUATIONS.values()] + [("Your own hands", "own")]
        self.menu = w.Dropdown(options=options, value=situation, description="Situation",
                               layout=w.Layout(width="auto", max_width="100%"))
        self.inputs = [w.Text(description=f"{n}{' (deals, knocks)' if i == 0 else ''}", continuous_update=False,
                              style={"description_width": "150px"}, layout=w.Layout(width="350px", max_width="100%"))
                       for i, n in enumerate(self.names)]
        self.own_box = w.VBox(self.inputs)
        self.teaches = w.HTML()
        self.rows = [CardRow(interactive=False, label=f"{n}'s hand") for n in self.names]
        self.row_heads = [w.HTML(layout=w.Layout(width="230px")) for _ in self.names]
        for head in self.row_heads:
            head.add_class("to-seat-head")
        self.rest = w.HTML()
        self.results = w.HTML()
        self.replays: list[Replay] = []
        self.labels: list[str] = []
        hands = w.VBox([w.HBox([h, r], layout=w.Layout(flex_flow="row wrap", align_items="center"))
                        for h, r in zip(self.row_heads, self.rows, strict=True)])
        super().__init__([w.HTML(STUDY_CSS + VARIANTS_CSS), self.menu, self.own_box, self.teaches, hands,
                          self.rest, self.results])
        self.add_class("to-study")
        self.add_class("to-variants")
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
        return Situation("own", "Your own hands", tuple(hands), teaches="Sam deals and knocks at his first turn.",
                         presets=self.presets)

    def _rule_sets(self, sit: Situation) -> list[tuple[str, Rules]]:
        if not sit.option and sit.presets == Rules.PRESET_NAMES:
            return [(display.preset_name(p), Rules.preset(p)) for p in self.presets]
        return sit.rule_sets()

    def update(self) -> list[Replay]:
        """Replay the chosen situation under its rule sets and show how each ends."""
        own = self.menu.value == "own"
        self.own_box.layout.display = "" if own else "none"
        try:
            sit = self._own() if own else SITUATIONS[self.menu.value]
        except ValueError as e:
            self.replays = []
            self.teaches.value = self.rest.value = ""
            self.results.value = f'<p class="to-note" role="status">{_esc(str(e))}.</p>'
            return []
        self.teaches.value = f'<p class="to-note"><strong>{_esc(sit.title)}.</strong> {_esc(sit.teaches)}</p>'
        rule_sets = self._rule_sets(sit)
        for i, (row, head, cards) in enumerate(zip(self.rows, self.row_heads, sit.cards(), strict=True)):
            row.show(cards)
            role = sit.role(i)
            lives = f", {sit.lives[i]} {'life' if sit.lives[i] == 1 else 'lives'} left" if sit.lives else ""
            head.value = (f"<p><strong>{_esc(self.names[i])}</strong>{' ' + _esc(role) if role else ''}"
                          f"{lives}</p>")
        rest = _rest_text(sit, rule_sets[0][1])
        self.rest.value = f'<p class="to-note">{_esc(rest)}</p>' if rest else ""
        self.labels = [label for label, _r in rule_sets]
        self.replays = [replay(sit, r) for _label, r in rule_sets]
        if sit.option:  # one rule set, one option changed: name the rule set once, each result by its value
            label = display.option_label(sit.option)
            shown = [f"{label}: {display.value_short(sit.option, getattr(r, sit.option))}" for _l, r in rule_sets]
            caption = f"The same cards in {display.preset_name(sit.presets[0])}, with each choice of this rule"
        else:
            shown = self.labels
            caption = "The same cards under each rule set"
        first = shown[0][:1].lower() + shown[0][1:] if sit.option else shown[0]
        self.results.value = self._outcomes(shown, caption, first)
        return self.replays

    def _lives_text(self, rp: Replay) -> str:
        if rp.end is None:
            return ""
        return ", ".join(f"{n} {'out' if o else 'swimming' if lv == 0 else lv}"
                         for n, lv, o in zip(self.names, rp.end.lives, rp.end.out))

    def _outcomes(self, labels: Sequence[str], caption: str, first: str) -> str:
        lives = [self._lives_text(rp) for rp in self.replays]
        items = []
        for i, (label, rp) in enumerate(zip(labels, self.replays, strict=True)):
            changed = i > 0 and lives[i] != lives[0]
            tag = (f' <span class="to-tag">(the lives end differently from {_esc(first)})</span>'
                   if changed else "")
            parts = [f"<h4>{_esc(label)}</h4>"]
            if rp.result is not None:
                worth = ", ".join(f"{n} {number(v)}" for n, v in zip(self.names, rp.result.values) if v is not None)
                parts.append(f"<p>Hands at the end: {_esc(worth)}.</p>")
            parts.append(f"<p>{_esc(rp.explain(self.names))}</p>")
            if lives[i]:
                parts.append(f"<p>Lives after the round: {_esc(lives[i])}.{tag}</p>")
            moves = [m for m in rp.moves(self.names) if not m.startswith("Round ")]
            if moves:
                steps = "".join(f"<li>{_esc(m)}</li>" for m in moves)
                parts.append(f"<details><summary>The round move by move</summary><ol>{steps}</ol></details>")
            cls = "to-outcome to-changed" if changed else "to-outcome"
            items.append(f'<li class="{cls}">{"".join(parts)}</li>')
        return (f'<p class="to-caption"><strong>{_esc(caption)}:</strong></p>'
                f'<ul class="to-outcomes">{"".join(items)}</ul>')
