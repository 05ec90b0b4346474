"""Whole sentences (issue 31): no sentence a learner reads is glued from translated pieces in English order.

A message that takes another translated message into a placeholder ("loses {n} life: {reason}" with "the lowest
hand (19)", "{option}: {value}" with "yes", "{n} {worth}") reads as English with foreign words in each other
language ("bei die genommene Karte wieder ablegen: nein", "19 wert"). Each case is a message of its own instead,
which each language words as it needs; a placeholder holds only a number, a player's name, a card, a rule set's
(or a tour's) name, or a whole sentence.

Two checks:

* Under the pseudo-locale (``use("pseudo")`` wraps every translated message in ``⟦…⟧``) every widget of the
  course, a whole game's narration, and lesson 5's views and the coach are made and driven
  (the walks of ``tests/helpers/pseudo.py``, which ``test_i18n.py`` and ``test_i18n_lesson5.py`` run too): a marker
  inside another marker is a translated piece glued into a sentence. It is allowed only when the piece is of a kind in :data:`ALLOWED`
  (a player's name with "(you)", a card with its article, a rule set's name, a tour's title, a suit's or a rank's
  name, or a whole sentence).
* Every placeholder name in every message of the catalog belongs to a kind in :data:`KINDS`: a number, a player, a
  card, a rule set, a sentence (or a list of these). A new placeholder name has to be given a kind here, which is
  the moment to ask whether it holds a phrase.

:data:`STILL_GLUED` names the few glued messages left, each with why it is still so: the test fails on a new one
and on one that is fixed but still listed, so the list only shrinks.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers.pseudo import _pseudo_views, _pseudo_widgets
from helpers.words import what_a_game_says

from thirtyone import i18n
from thirtyone.i18n import _

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "thirtyone" / "locale" / "messages.pot"

KINDS: dict[str, set[str]] = {
    "number": {
        "n", "value", "percent", "lives", "players", "round", "rounds", "nth", "high", "low", "k", "turn", "turns",
        "total", "other_lives", "late", "chance", "deals", "worth", "max", "fewer", "drop", "deck", "asked", "right",
        "patience", "other_interval", "other_chance", "near", "most", "more", "lost", "last", "interval", "draws",
        "zero", "won", "size", "share", "seed", "saves", "other_n", "other_low", "other_high", "one", "one_low",
        "one_high", "mine_n", "mine_low", "mine_high", "mean", "knocks", "high_low", "high_high", "floor", "diff",
        "above", "threshold", "game", "start", "end", "each", "typed", "place", "played", "mine", "best", "fields",
        "level_n", "sums", "numbers", "values", "thresholds", "compared", "agreed", "followed", "minutes",
        "seconds", "step", "steps", "count", "rollouts", "line", "aces_value", "toak", "full", "lesson_threshold",
    },
    "player": {"p", "name", "who", "seat", "knocker", "dealer", "names", "others", "winner", "player"},
    "card": {"card", "cards", "the_card", "the_thrown", "the_take", "the_give", "queen_or_jack", "rank", "suit",
             "hand", "hands", "secret", "c", "legal", "missing", "banned", "example", "token", "shown", "higher_suits", "faces"},
    "rule set, tour, source or a chart line's legend": {"rules", "tour", "source", "sources", "policy", "other", "head",
                                                         "caption", "kinds", "legend",
                                                         "how"},  # "{policy}: {how}": a chart line's legend
    "an identifier of the API (a review item's kind: “quiz”, “drill”)": {"kind"},
    "a class table's code (five letters and digits: “KX7PA”)": {"code"},
    "sentence": {"why", "text", "said", "advice", "error", "rest", "status", "when", "situation",
                 "sentences", "move", "action", "actions", "order", "rule"},
}
"""Every placeholder name the catalog may use, by what it holds."""


@cache
def _msgids() -> list[str]:
    with POT.open("rb") as f:
        catalog = read_po(f)
    out: list[str] = []
    for m in catalog:
        if m.id:
            out += list(m.id) if isinstance(m.id, tuple) else [m.id]
    return out


def test_every_placeholder_holds_a_number_a_name_a_card_a_rule_set_or_a_sentence():
    known = set().union(*KINDS.values())
    unknown = sorted({(name, m) for m in _msgids() for name in re.findall(r"\{(\w*)\}", m) if name not in known})
    assert unknown == [], "\n".join(f"{{{n}}} in {m!r}: give it a kind in KINDS, or word the message whole"
                                    for n, m in unknown)


# -- glued pieces under the pseudo-locale ------------------------------------------------------------------


def nested(text: str) -> list[tuple[str, str]]:
    """Each translated piece inside another marked message: ``(outer, inner)``, the outer with each piece as
    ``{…}`` and the inner with its own pieces as ``{…}``."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[int, list[tuple[int, int]]]] = []
    for i, ch in enumerate(text):
        if ch == "⟦":
            stack.append((i, []))
        elif ch == "⟧" and stack:
            start, kids = stack.pop()
            if stack:
                stack[-1][1].append((start, i + 1))
            whole = text[start:i + 1]
            outer = whole
            for a, b in reversed(kids):
                outer = outer[:a - start] + "{…}" + outer[b - start:]
            for a, b in kids:
                out.append((outer[1:-1], _flat(text[a + 1:b - 1])))
    return out


def _flat(text: str) -> str:
    """A marked message with its own pieces as ``{…}``."""
    while True:
        new = re.sub(r"⟦[^⟦⟧]*⟧", "{…}", text)
        if new == text:
            return text
        text = new


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Each message of the catalog as a pattern its filled-in text matches (a placeholder: anything)."""
    out = []
    for m in set(_msgids()):
        parts = re.split(r"\{\w*\}", re.sub(r"<[^>]*>", "", m))  # as read: the markup is not text
        out.append((m, re.compile("(?s)" + ".*?".join(re.escape(p) for p in parts) + r"\Z")))
    return sorted(out, key=lambda x: -len(re.sub(r"\{\w*\}", "", x[0])))  # the most literal message first


def message_of(shown: str) -> str | None:
    """The catalog's message ``shown`` was made from (the one with most words of its own), or None."""
    for m, pattern in _patterns():
        if pattern.match(shown):
            return m
    return None


def _rule_set_names() -> set[str]:
    from thirtyone import names
    from thirtyone.rules import Rules
    from thirtyone.widgets.guide import TOURS

    with i18n.using("en"):
        found = {names.preset_name(p) for p in Rules.PRESET_NAMES} | {names.source_name(s) for s in names.SOURCES}
        found |= {_(g) for g in names.SOURCE_GAMES.values()}  # a source's own game: "Board Game Arena's Blitz"
    return found | {t.title for t in TOURS.values()}


ALLOWED_INNER = {
    "{name} (you)": "the learner's name on the table: a player's name",
    "the {card}": "a card with its article (Spanish: el 9♥, la Q♥): a card",
    "the {queen_or_jack}": "a card with its article: a card",
    "{rank} of {suit}": "a card's spoken name, whose order each language sets",
    "{rest} and {last}": "a list (the course's one joiner): each item is checked on its own, as a piece of the list",
    "{source}'s {game}": "a source's game by name (\"Board Game Arena's Blitz\"): a name made of two names",
    **{w: "an ordinal: a number as the language writes it (\"2nd\", Spanish \"2.º\", German \"2.\"); every sentence "
          "that takes one says a turn or a place (masculine in Spanish: turno, lugar)"
       for w in ("{n}st", "{n}nd", "{n}rd", "{n}th")},
    **{w: "a chart line's name, as its legend shows it (a sentence quotes it: “{legend}”: …)"
       for w in ("{players} players, on the deal", "{players} players, on the deal (its first turn, after {n} turn)",
                 "{players} players, on the deal (its first turn, after {n} turns)",
                 "{players} players, after {n} turn played", "{players} players, after {n} turns played",
                 "seat {seat}, on the deal", "seat {seat}, on the deal (its first turn, after {n} turn)",
                 "seat {seat}, on the deal (its first turn, after {n} turns)", "seat {seat}, after {n} turn played",
                 "seat {seat}, after {n} turns played", "on the deal", "on the deal (its first turn, after {n} turn)",
                 "on the deal (its first turn, after {n} turns)", "after {n} turn played", "after {n} turns played")},
    **{w: "a suit's or a rank's name (Skat order: clubs ♣ > spades ♠ …)" for w in i18n.ENGINE_WORDS},
}
"""Pieces that may stand in another message: each is a name (of a player, a card, a suit), not a phrase."""


def allowed(inner: str, names: set[str]) -> bool:
    """A piece that may stand in another message: a name of :data:`ALLOWED_INNER`, a rule set's or tour's
    name, or a whole sentence (it ends in a full stop, a question or an exclamation mark)."""
    if inner in names or inner.rstrip(".") in names:
        return True
    if re.fullmatch(r"\{…\}(?:, \{…\})* and \{…\}", inner):  # a list of pieces, each checked on its own
        return True
    m = message_of(inner)
    if m in ALLOWED_INNER or m in names:
        return True
    return inner.rstrip().endswith((".", "?", "!")) and (inner[:1].isupper() or inner[:1].isdigit()
                                                         or inner.startswith("{…}"))


STILL_GLUED: dict[str, str] = {}
"""Glued messages not yet made whole (the outer message's English as in the catalog), each with the module that
builds it. Empty is the aim: the test fails on a fixed one still listed, so the list only shrinks."""


def _texts() -> list[tuple[str, list[str]]]:
    made = [(name, shown) for name, shown, _f in _pseudo_widgets()]
    made += [(name, shown) for name, shown, _f in _pseudo_views()]
    for preset in ("scat", "schwimmen"):
        made.append((f"a game of {preset}", what_a_game_says(("Ana", "Ben", "Cleo"), preset, seed=3)))
    return made


@pytest.fixture(scope="module")
def glued() -> dict[str, set[str]]:
    """Every glued piece the course shows: the outer message (``{…}`` for the pieces) → where it was seen."""
    with i18n.using(i18n.PSEUDO):
        made = _texts()
        names = _rule_set_names()
    found: dict[str, set[str]] = {}
    for where, shown in made:
        for text in shown:
            for outer, inner in nested(text):
                if not allowed(inner, names):
                    key = message_of(outer) or outer
                    found.setdefault(key, set()).add(f"{where}: {inner!r} in {outer!r}")
    return found


def test_no_sentence_is_glued_from_translated_pieces(glued: dict[str, set[str]]) -> None:
    new = {k: v for k, v in glued.items() if k not in STILL_GLUED}
    assert new == {}, "\n".join(f"{k!r}: {sorted(v)[0]}" for k, v in sorted(new.items()))


def test_the_list_of_glued_messages_only_shrinks(glued: dict[str, set[str]]) -> None:
    assert sorted(set(STILL_GLUED) - set(glued)) == []


def test_the_check_finds_a_glued_piece_and_allows_a_name() -> None:
    names = {"Scat"}
    assert nested("⟦Ben ⟦loses 1 life: ⟦the lowest hand (19)⟧⟧.⟧") == [
        ("loses 1 life: {…}", "the lowest hand (19)"), ("Ben {…}.", "loses 1 life: {…}")]
    assert not allowed("the lowest hand (19)", names)
    assert not allowed("yes", names)
    assert allowed("Sam (you)", names)  # a player's name
    assert allowed("the Q♥", names)  # a card with its article
    assert allowed("Scat", names)  # a rule set's name
    assert allowed("You may not knock just now.", names)  # a whole sentence
    assert message_of("Sam (you)") == "{name} (you)"

