"""Helpers for the language tests: every text a widget shows, and the words left outside the pseudo-locale's
markers."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import ipywidgets as w

__all__ = ["_visible", "_unmarked", "what_a_game_says", "GERMAN_NEVER", "german_never", "GERMAN_REJECTED",
           "german_rejected"]


class _Text(HTMLParser):
    """The text a person reads (or hears) in an HTML fragment: the content and the accessible attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.data: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        for k, v in attrs:
            if k in ("aria-label", "title", "alt", "placeholder", "data-label") and v:
                self.parts.append(v)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.data.append(data)


def _visible(widget: Any) -> list[str]:
    """Every text a widget tree shows: descriptions, tooltips, placeholders, menu labels, HTML, card rows' names."""
    out: list[str] = []
    stack = [widget]
    while stack:
        x = stack.pop()
        if isinstance(x, (w.HTML, w.HTMLMath)):
            p = _Text()
            p.feed(x.value)
            out += [*p.parts, "".join(p.data)]
        for k in ("description", "tooltip", "placeholder", "label"):
            v = getattr(x, k, None) if k in getattr(x, "keys", ()) else None
            if isinstance(v, str) and v and not (k == "label" and isinstance(x, w.Dropdown)):
                out.append(v)
        if isinstance(x, (w.Dropdown, w.Select, w.ToggleButtons)):
            out += list(x._options_labels)
        stack.extend(getattr(x, "children", ()) or ())
    return out


_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


_NEUTRAL = re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]|[♣♠♥♦]|\d+(?:[.,]\d+)?|Sam|Ana|Ben|Cleo|Dev|Eli|Fay|Gus|Hana")


def _unmarked(texts: list[str], foreign: list[str]) -> list[str]:
    """The words left outside the markers, once numbers, cards, names and the not-yet-translated text are out."""
    bad = []
    foreign = sorted({f for f in foreign if f}, key=len, reverse=True)
    for text in texts:
        rest = text
        for f in foreign:  # first: the engine's sentences may quote translated names ("⟦Sam (you)⟧ knocked")
            rest = rest.replace(f, " ")
        while True:  # markers nest (a translated message holding another): take the innermost first
            new = _MARKED.sub(" ", rest)
            if new == rest:
                break
            rest = new
        rest = _NEUTRAL.sub(" ", rest)
        if re.search(r"[^\W\d_]", rest):
            bad.append(f"{rest.strip()!r} in {text!r}")
    return bad


def what_a_game_says(names: tuple[str, ...], preset: str, seed: int) -> list[str]:
    """Everything the text layer says, in the language in use, of a whole game between ``names`` (one life each,
    random moves with knocks mostly passed over: :func:`helpers.engine.random_game`): every event for every
    viewer, every round's explanation and reasons, and the summary's lives table and its chart's alt text."""
    from helpers.engine import random_game
    from thirtyone import Rules, narrate
    from thirtyone.coach import GameRecord
    from thirtyone.widgets.play import lives_chart

    rules = Rules.preset(preset).replace(lives=1)
    end, ends = random_game(rules, len(names), seed, patience=0.8)
    assert end.game_over and any(end.out), "the game must put someone out"
    said = []
    for viewer in (None, *range(len(names))):
        said += narrate(end.events, names, viewer)
    record = GameRecord(0, names=names)
    for s in ends:
        record.observe(s)
        assert s.result is not None
        said += [s.result.explain(names), *[r for r in s.result.reasons if r]]
    record.observe(end)
    _header, rows = record.lives_table()
    said += [" ".join(row) for row in rows]
    said.append(" ".join(_visible(w.HTML(lives_chart(record, names, rules.swimming)))))
    return said


GERMAN_NEVER = re.compile(
    r"\b(?:zumach\w*|zugemacht\w*|dichtmach\w*|dichtgemacht|schließen|abwerf\w*|abwirf\w*|abgeworfen\w*"
    r"|wechseln|wechselt|gewechselt|Talon|Kartenstapel\w*|Nachziehstapel\w*|Ablagestapel\w*|Abwurfstapel\w*"
    r"|Feuerblatt\w*|Chips|eliminiert\w*|raus|Showdown\w*|Abrechnung\w*|Anzug|austeil\w*|ausgeteilt\w*|Dealer"
    r"|Regelset\w*|Unentschieden|Coach\w*|(?:Ass|König|Dame|Bube|Zehn|Neun|Acht|Sieben|Sechs|Fünf|Vier|Drei|Zwei)"
    r" von (?:Kreuz|Pik|Herz|Karo))\b", re.I)
"""The German words never used (thirtyone/i18n.py's docstring, "Words decided for German"): another word for a thing
that has one.
"zumachen" and "schließen" may stand in German quotation marks („zumachen“) on lesson 3 and the glossary, which say
once that some tables say them (tests/course/test_i18n.py)."""


def german_never(text: str) -> list[str]:
    """The rejected German words in ``text`` (:data:`GERMAN_NEVER`), each once."""
    return sorted({m.group(0) for m in GERMAN_NEVER.finditer(text)}, key=str.lower)


GERMAN_REJECTED = re.compile(
    r"\b(?:(?:Wähl|wähl|Zähl|zähl|Drück|drück|Leg|leg|Schieb|schieb|Schreib|Hol|Mach|Stell|Probier|versuch)(?=[ .,:;\n])"
    r"|Klick auf|klick auf|klick sie|Tausch eine|Vergleich ein|Tipp den|Schlag ein|Spiel (?:weiter|jetzt|noch)"
    r"|Lage|Verteilung\w*(?! der Karten)|Eine Schwelle|1-mal|ein Zug pro Klick|Kein Gleichstand"
    r"|[JQ](?=[♣♠♥♦]))\b")
"""German forms decided against (issue 31; thirtyone/i18n.py's docstring, "Words decided for German"): the short
imperative ("Wähl", "Klick auf", "Leg … ab": always "Wähle", "Klicke auf", "Lege … ab"), "Lage" (always
"Situation"), "Verteilungen" for deals ("Runden"; the unseen cards' layouts are "Kartenverteilungen"), a threshold
that knocks ("ein Bot mit einer Schwelle klopft"), "1-mal" ("einmal"), the pace menu's "ein Zug pro Klick" ("Zug für
Zug (per Klick)"), "Kein Gleichstand" for a tie that is broken, and a queen or a jack written "Q♥", "J♠" (German
decks print "D♥", "B♠": thirtyone.i18n.CARD_LETTERS)."""


def german_rejected(text: str) -> list[str]:
    """The German forms decided against in ``text`` (:data:`GERMAN_REJECTED`), each once."""
    return sorted({m.group(0) for m in GERMAN_REJECTED.finditer(text)}, key=str.lower)
