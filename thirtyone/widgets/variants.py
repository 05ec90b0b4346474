"""The variants side by side: the presets' differences as a table, and a staged round replayed
under several rule sets. The rows and the results come from :mod:`thirtyone.side_by_side`; every word
a learner reads about rule sets, options and sources comes from :mod:`thirtyone.names`."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from .. import names as display
from ..cards import Card, parse_cards
from ..i18n import N_, _, card_text, cards_text, ngettext, shown_cards, typed_cards
from ..rules import Rules
from ..side_by_side import SITUATIONS, Replay, Situation, describe_value, difference_rows, group_of, replay
from ._html import esc, number, static_text, style_tag
from .card import CardRow
from .study import STUDY_CSS
from .table import NAMES

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["PresetTable", "RuleReplay"]

VARIANTS_CSS = style_tag(static_text("variants.css"))
"""Lesson 4's own look (``static/variants.css``): prose wraps in the page at any width, only the wide data table scrolls in its box."""


def _data_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An accessible data table in its own scroll box (a focusable region, so the keyboard scrolls it)."""
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in header)
    body = "".join("<tr>" + f'<th scope="row">{esc(r[0])}</th>' + "".join(f"<td>{esc(c)}</td>" for c in r[1:])
                   + "</tr>" for r in rows)
    return (f'<div class="to-scroll" role="region" tabindex="0" aria-label="{html.escape(caption)}">'
            f'<table class="to-data" style="min-width: {10 + 8 * (len(header) - 1)}em"><caption>{esc(caption)}</caption>'
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
        self.every_box = w.Checkbox(value=everything, description=_("Show every option"),
                                    indent=False, layout=w.Layout(width="auto"))
        self.table = w.HTML()
        super().__init__([w.HTML(STUDY_CSS + VARIANTS_CSS),
                          w.HTML('<p class="to-note">' + _("Compare these rule sets:") + "</p>"),
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
            self.table.value = ('<p class="to-note" role="status">' + _("Tick at least one rule set.") + "</p>")
            return
        everything = self.every_box.value or len(chosen) == 1
        self.rows = rows = difference_rows(chosen, everything=everything)
        if not rows:
            self.table.value = ('<p class="to-note" role="status">' + _("These rule sets are the same.") + "</p>")
            return
        header = [_("Option"), *(display.preset_name(n) for n in chosen)]
        cells = [[row.label, *row.values] for row in rows]
        caption = _("Every option") if everything else _("Where these rule sets differ")
        meanings = "".join(
            f"<li><strong>{esc(r.label)}</strong>: {esc(r.meaning)} "
            + esc(" ".join(_played_by(r, chosen)))
            + "".join(" " + esc(also) for also in r.also) + "</li>" for r in rows)
        sources = "".join(f"<li><strong>{esc(display.preset_name(n))}</strong>: {esc(display.sources_text(n))}"
                          "</li>" for n in chosen)
        dash = any("—" in row.values for row in rows)
        self.table.value = (_data_table(caption, header, cells)
                            + ('<p class="to-note">' + _("A dash (—) marks an option of the other kind of game.") + "</p>"
                               if dash else "")
                            + '<details class="to-meanings-box"><summary>'
                            + _("What each option means, and who plays which way")
                            + f'</summary><ul class="to-meanings">{meanings}</ul></details>'
                            + "<h4>" + _("Where each rule set comes from") + f'</h4><ul class="to-meanings">{sources}</ul>')


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _played_by(row: Any, chosen: Sequence[str]) -> list[str]:
    """Who plays an option which way, a sentence each: the sources by name, then the rule they play as a whole
    sentence (never a value's few words glued after them: "bei … : nein")."""
    values: dict[str, Any] = {}
    for name in chosen:
        r = Rules.preset(name)
        values.setdefault(describe_value(row.field, getattr(r, row.field), r), getattr(r, row.field))
    out = []
    for words, sources in row.played_by:
        try:
            rule = display.value_text(row.field, values[words])
        except (KeyError, ValueError):
            rule = _cap(words) + "."
        out.append(_("{sources}: {rule}").format(sources=_cap(sources), rule=rule))
    return out


def _rest_text(sit: Situation, rules: Rules) -> str:
    """The cards staged under the hands, in words, for the kind of game of ``rules``."""
    rest = sit.rest_cards()
    if not rest:
        return ""
    if rules.family == "commerce":
        text = _("The center: {cards}").format(cards=cards_text(rest[:3]))
        if sit.script and any(a == "take center" for _s, a in sit.script):
            text += _(", dealt face down")
        stock = rest[3:]
    else:
        text = _("The first card of the discard pile: {card}").format(card=card_text(rest[0]))
        stock = rest[1:]
    if stock:
        text += _(". The stock, from the top: {cards}, then the rest of the deck, shuffled").format(
            cards=", ".join(card_text(c) for c in stock))
    return text + "."


_FIXED: dict[Any, w.Widget] = {}


def _fixed_layout(**layout: str) -> w.Layout:
    """One layout shared by every replay's widgets that show it and never change it: lesson 4 shows 17
    replays, and each widget's own layout and style would be one more widget for the kernel to open, the
    server to pass on and the browser to draw (ipywidgets lets widgets share a layout or a style)."""
    key = tuple(sorted(layout.items()))
    shared = _FIXED.get(key)
    if shared is None:
        shared = _FIXED[key] = w.Layout(**layout)
    assert isinstance(shared, w.Layout)
    return shared


def _fixed_html(value: str = "", classes: Sequence[str] = (), **layout: str) -> w.HTML:
    """An HTML widget whose layout and style are shared (see :func:`_fixed_layout`)."""
    style = _FIXED.get("html-style")
    if style is None:
        style = _FIXED["html-style"] = HTMLStyle()
    return w.HTML(value, layout=_fixed_layout(**layout), style=style, _dom_classes=tuple(classes))


class _Shown(NamedTuple):
    """What a :class:`RuleReplay` shows: the own hands' box display, each text, the hands (``None``: keep
    the cards shown), the results and the replays."""

    own: str
    teaches: str
    cards: list[tuple[Card, ...]] | None
    heads: list[str] | None
    rest: str
    results: str
    replays: list[Replay]
    labels: list[str]


class RuleReplay(w.VBox):
    """One staged round replayed under several rule sets: the same cards, and how each rule set ends it.

    The menu offers the situations of ``situation``'s group (:data:`thirtyone.side_by_side.GROUPS`), one at a
    time, and the heading above the cards names the one chosen. ``"own"``: type your own three hands (cards 7 to
    ace, so every deck holds them; no menu); Sam deals and knocks at his first chance, the others change nothing.
    With the page's ``memory`` (:class:`~thirtyone.widgets.memory.Memory`), each situation shown is told to it
    (:meth:`~thirtyone.widgets.memory.Memory.saw`: lesson 4 is done when every one was seen).
    """

    def __init__(self, situation: str = "instant-31", *, presets: Sequence[str] = Rules.PRESET_NAMES,
                 names: Sequence[str] = NAMES[:3], memory: Memory | None = None) -> None:
        self.memory = memory
        if situation != "own" and situation not in SITUATIONS:
            raise ValueError(f"no situation {situation!r}: choose one of {', '.join(SITUATIONS)} or 'own'")
        self.presets = tuple(presets)
        self.names = tuple(names)
        options = ([(_("Your own hands"), "own")] if situation == "own"
                   else [(_(SITUATIONS[k].title), k) for k in group_of(situation)])
        self.menu = w.Dropdown(options=options, value=situation, description=_("Example"),
                               layout=w.Layout(width="auto", max_width="100%",
                                               display="none" if len(options) == 1 else ""))
        ties = SITUATIONS["ties"].hands  # the own hands start as a staged tie, to change
        texts = [shown_cards(ties[i]) if i < len(ties) else "" for i in range(len(self.names))]
        self.replays: list[Replay] = []
        self.labels: list[str] = []
        shown = self._view(situation, texts)  # every widget is made with what it shows: no update to send
        self.inputs = [w.Text(value=text, description=_("{name} (deals, knocks)").format(name=n) if i == 0 else n,
                              continuous_update=False, style={"description_width": "150px"},
                              layout=w.Layout(width="350px", max_width="100%"))
                       for i, (n, text) in enumerate(zip(self.names, texts, strict=True))]
        self.own_box = w.VBox(self.inputs, layout=w.Layout(display=shown.own))
        self.teaches = _fixed_html(shown.teaches)
        self.rows = [CardRow(cards, interactive=False, label=_("{name}'s hand").format(name=n), layout=_fixed_layout())
                     for n, cards in zip(self.names, shown.cards or [()] * len(self.names), strict=True)]
        self.row_heads = [_fixed_html(head, ("to-seat-head",), flex="1 1 120px", max_width="230px")
                          for head in shown.heads or [""] * len(self.names)]
        self.rest = _fixed_html(shown.rest)
        self.results = _fixed_html(shown.results)
        self.replays, self.labels = shown.replays, shown.labels
        hands = w.VBox([w.HBox([h, r], layout=_fixed_layout(flex_flow="row wrap", align_items="center"))
                        for h, r in zip(self.row_heads, self.rows, strict=True)], layout=_fixed_layout())
        super().__init__([_fixed_html(STUDY_CSS + VARIANTS_CSS), self.menu, self.own_box, self.teaches, hands,
                          self.rest, self.results], _dom_classes=("to-study", "to-variants", "to-replay"))
        self.menu.observe(lambda _c: self.update(), "value")
        if memory is not None:
            memory.saw(situation)
            self.menu.observe(lambda c: memory.saw(c["new"]), "value")
        for t in self.inputs:
            t.observe(lambda _c: self.update(), "value")

    def _own(self, texts: Sequence[str] | None = None) -> Situation:
        hands = []
        if texts is None:
            texts = [t.value for t in self.inputs]
        for n, text in zip(self.names, texts, strict=True):
            try:
                cards = parse_cards(typed_cards(text), 32)
            except ValueError as e:
                raise ValueError(_("{name}: {error} (use cards 7 to ace, like 'K♥ 9♥ 7♣')").format(name=n, error=e)) from None
            if len(cards) != 3:
                raise ValueError(_("{name}: a hand is three cards, this is {n}").format(name=n, n=len(cards)))
            hands.append(" ".join(str(c) for c in cards))
        every = [c for h in hands for c in parse_cards(h)]
        twice = sorted({str(c) for c in every if every.count(c) > 1})
        if twice:
            raise ValueError(_("{card} is in two hands: a deck holds each card once").format(card=card_text(twice[0])))
        return Situation("own", "Your own hands", tuple(hands), teaches=N_("Sam deals and knocks at the first chance."),
                         presets=self.presets)

    def _rule_sets(self, sit: Situation) -> list[tuple[str, Rules]]:
        if not sit.option and sit.presets == Rules.PRESET_NAMES:
            return [(display.preset_name(p), Rules.preset(p)) for p in self.presets]
        return sit.rule_sets()

    def _view(self, key: str, texts: Sequence[str]) -> _Shown:
        """What the replay shows for situation ``key`` (and the own hands typed, ``texts``)."""
        own = key == "own"
        try:
            sit = self._own(texts) if own else SITUATIONS[key]
        except ValueError as e:
            return _Shown("" if own else "none", "", None, None, "",
                          f'<p class="to-note" role="status">{esc(str(e))}.</p>', [], [])
        heading = "" if own else f'<h3 class="to-situation">{esc(_(sit.title))}</h3>'  # (the page's own heading names it)
        teaches = f'{heading}<p class="to-note">{esc(_(sit.teaches))}</p>'
        rule_sets = self._rule_sets(sit)
        cards, heads = [], []
        for i, hand in enumerate(sit.cards()):
            cards.append(hand)
            role = sit.role(i)
            lives = ngettext(", {n} life left", ", {n} lives left", sit.lives[i]).format(n=sit.lives[i]) \
                if sit.lives else ""
            heads.append(f"<p><strong>{esc(self.names[i])}</strong>{' ' + esc(role) if role else ''}"
                         f"{lives}</p>")
        rest = _rest_text(sit, rule_sets[0][1])
        labels = [label for label, _r in rule_sets]
        replays = [replay(sit, r) for _label, r in rule_sets]
        if sit.option:  # one rule set, one option changed: name the rule set once, each result by its rule, a sentence
            shown = [display.value_text(sit.option, getattr(r, sit.option)) for _l, r in rule_sets]
            caption = _("The same cards in {rules}, with each choice of this rule:").format(
                rules=display.preset_name(sit.presets[0]))
            differ = _("(the lives end differently from the first rule above)")
        else:
            shown = labels
            caption = _("The same cards under each rule set:")
            differ = _("(the lives end differently from {rules})").format(rules=shown[0])
        return _Shown("" if own else "none", teaches, cards, heads,
                      f'<p class="to-note">{esc(rest)}</p>' if rest else "",
                      self._outcomes(shown, caption, differ, replays), replays, labels)

    def update(self) -> list[Replay]:
        """Replay the chosen situation under its rule sets and show how each ends."""
        shown = self._view(self.menu.value, [t.value for t in self.inputs])
        self.own_box.layout.display = shown.own
        self.teaches.value = shown.teaches
        if shown.cards is not None and shown.heads is not None:
            for row, head, cards, text in zip(self.rows, self.row_heads, shown.cards, shown.heads, strict=True):
                row.show(cards)
                head.value = text
            self.labels = shown.labels  # (a message keeps the labels of the last replay shown)
        self.rest.value = shown.rest
        self.replays = shown.replays
        self.results.value = shown.results
        return self.replays

    def _lives_text(self, rp: Replay) -> str:
        if rp.end is None:
            return ""
        said = []  # a whole sentence a player: "Ana is swimming.", never a word glued after a name ("Ana swimming")
        for n, lv, o in zip(self.names, rp.end.lives, rp.end.out, strict=True):
            if o:
                said.append(_("{name} is out of the game.").format(name=n))
            elif lv == 0:
                said.append(_("{name} is swimming.").format(name=n))
            else:
                said.append(ngettext("{name} has {n} life left.", "{name} has {n} lives left.", lv).format(name=n, n=lv))
        return " ".join(said)

    def _outcomes(self, labels: Sequence[str], caption: str, differ: str, replays: Sequence[Replay]) -> str:
        """One box per way the round ends: the rule sets whose hands, account and lives read the same share a
        box, named together (a phone shows two or three boxes, not six alike); ``differ`` tags a box whose lives
        end otherwise than the first's."""
        lives = [self._lives_text(rp) for rp in replays]
        ends: dict[tuple[str, str, str], list[int]] = {}
        for i, rp in enumerate(replays):
            worth = (", ".join(f"{n} {number(v)}" for n, v in zip(self.names, rp.result.values) if v is not None)
                     if rp.result is not None else "")
            ends.setdefault((worth, rp.explain(self.names), lives[i]), []).append(i)
        items = []
        for (worth, account, life), members in ends.items():
            changed = life != lives[0]
            tag = f' <span class="to-tag">{esc(differ)}</span>' if changed else ""
            parts = ([f"<h4>{esc(display.and_join([labels[i] for i in members]))}</h4>"] if len(members) == 1
                     or not labels[0].endswith(".") else
                     ["<h4>" + "<br>".join(esc(labels[i]) for i in members) + "</h4>"])  # sentences: one a line
            if worth:
                parts.append("<p>" + _("Hands at the end: {values}.").format(values=esc(worth)) + "</p>")
            parts.append(f"<p>{esc(account)}</p>")
            if life:
                parts.append("<p>" + _("Lives after the round: {lives}").format(lives=esc(life)) + f"{tag}</p>")
            moves = {i: [m for m in replays[i].moves(self.names) if not m.startswith("Round ")] for i in members}
            if any(moves.values()):
                alike = all(moves[i] == moves[members[0]] for i in members)
                steps = "".join(
                    ("" if alike else f"<p><strong>{esc(labels[i])}</strong></p>")
                    + "<ol>" + "".join(f"<li>{esc(m)}</li>" for m in moves[i]) + "</ol>"
                    for i in (members[:1] if alike else members))
                parts.append("<details><summary>" + _("The round move by move") + f"</summary>{steps}</details>")
            cls = "to-outcome to-changed" if changed else "to-outcome"
            items.append(f'<li class="{cls}">{"".join(parts)}</li>')
        return ('<p class="to-caption"><strong>' + esc(caption) + "</strong></p>"
                f'<ul class="to-outcomes">{"".join(items)}</ul>')
