"""The variants side by side: the presets' differences as a table, and one staged round replayed
under every rule set, so a lesson can show how the same cards end differently.

* :func:`option_meanings` — what each :class:`~thirtyone.rules.Rules` field means (its docstring).
* :func:`difference_rows` — the fields where the chosen presets differ, each preset's value in
  words, and which source plays which value (from :data:`~thirtyone.rules.PRESET_SOURCES`).
* :data:`SITUATIONS` and :func:`replay` — staged rounds (instant 31, ties, the knocker lowest, Feuer,
  everyone under 21, lives) played through the real engine under any rule set.

Nothing here judges a hand: every result comes from :func:`thirtyone.new_game` and ``State.apply``.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import Card, format_cards, parse_cards
from .game import IllegalActionError, RoundResult, State, new_game
from .rules import PRESET_SOURCES, PRESETS, RULE_FIELDS, Rules

__all__ = ["option_meanings", "describe_value", "OptionRow", "difference_rows", "Situation", "SITUATIONS",
           "Replay", "replay", "replay_all", "staged_deck", "hands_text"]


@cache
def option_meanings() -> dict[str, str]:
    """Each rule field's meaning: the docstring under the field in :class:`Rules`, in one line."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Rules)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for node, nxt in zip(body, body[1:]):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant) and isinstance(nxt.value.value, str)):
            out[node.target.id] = " ".join(nxt.value.value.replace("``", "").split())
    return {f: out.get(f, "") for f in RULE_FIELDS}


_WORDS: dict[str, dict[Any, str]] = {
    "three_of_a_kind": {None: "normal hand", 30.5: "30.5"},
    "three_aces": {None: "three of a kind", 32: "32"},
    "instant_31": {"others_lose": "others lose a life", "showdown": "showdown"},
    "ties": {"all_lose": "all tied lose", "tiebreak": "broken by suit or rank"},
    "knocker_lowest": {"two_lives": "two lives", "two_if_sole": "two if alone lowest", "one_life": "one life"},
    "loser": {"lowest": "the lowest hand", "under_21": "everyone under 21"},
    "first_knock": {"anytime": "any turn", "not_first_turn": "not the very first turn",
                    "not_own_first_turn": "not in your own first turn (but the dealer)",
                    "not_first_orbit": "not in the first orbit"},
    "all_pass": {"new_center": "new center cards", "showdown": "showdown"},
    "first_choice": {"dealer": "the dealer", "left_of_dealer": "left of the dealer"},
    "family": {"draw": "draw and discard", "commerce": "commerce (swap)"},
}


def describe_value(field: str, value: Any, rules: Rules | None = None) -> str:
    """A field's value in words: ``on``/``off``, ``30.5``, ``showdown``; ``—`` for the other family's options."""
    if value is None and rules is not None and field in ("allow_pass", "allow_swap_all", "all_pass",
                                                          "first_choice", "dealer_exchange", "discard_taken"):
        if field != "first_choice" or rules.family == "draw":
            return "—"
    if isinstance(value, bool):
        return "on" if value else "off"
    words = _WORDS.get(field, {})
    if value in words:
        return words[value]
    if value is None:
        return "none"
    return str(value)


@dataclass(frozen=True)
class OptionRow:
    """One line of the presets' table: a rule field, its value in each preset, who plays what."""

    field: str
    meaning: str
    values: tuple[str, ...]
    """The value in words, one per preset, in the order asked for."""
    played_by: tuple[tuple[str, str], ...]
    """``(value in words, sources)`` for each value the presets use, e.g. ``("showdown", "000, 001")``;
    a source is a seed text's number (see RULES.md)."""


def difference_rows(presets: Sequence[str] = Rules.PRESET_NAMES, everything: bool = False) -> list[OptionRow]:
    """The fields where ``presets`` differ (every field with ``everything``), as table rows.

    Which fields differ comes from :meth:`Rules.differences`; the sources from ``PRESET_SOURCES``.
    """
    rules = [Rules.preset(p) for p in presets]
    names = [r.name for r in rules]
    differ: set[str] = set()
    for r in rules[1:]:
        differ |= set(rules[0].differences(r))
    meanings = option_meanings()
    rows = []
    for f in RULE_FIELDS:
        if not everything and f not in differ:
            continue
        values = tuple(describe_value(f, getattr(r, f), r) for r in rules)
        by: dict[str, list[str]] = {}
        for name, text in zip(names, values):
            if text != "—":
                by.setdefault(text, []).extend(src[:3] for src in PRESET_SOURCES[name].split(", "))
        rows.append(OptionRow(f, meanings[f], values, tuple((v, ", ".join(sorted(set(s)))) for v, s in by.items())))
    return rows


# --------------------------------------------------------------------------------------------
# One staged round under every rule set
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """A staged round: the hands dealt, who knocks, the lives before it.

    Seat 0 deals; play starts at seat 1. Only cards 7 to ace are used, so the same cards can be
    dealt from the 32-card deck and the 52-card deck. The other players' turns change nothing
    (they draw a card and throw it back, or pass), so the showdown compares the hands as dealt.
    """

    key: str
    title: str
    hands: tuple[str, ...]
    """Each seat's three cards, seat 0 (the dealer) first."""
    knocker: int | None = 0
    """The seat that knocks at its first chance; ``None``: the deal itself ends the round (31, Fire)."""
    lives: tuple[int, ...] | None = None
    """Lives before the round (default: the rule set's)."""
    teaches: str = ""
    """What to look for, in a sentence."""

    @property
    def players(self) -> int:
        return len(self.hands)

    def cards(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as cards."""
        return tuple(parse_cards(h, 32) for h in self.hands)


SITUATIONS: dict[str, Situation] = {s.key: s for s in (
    Situation("instant-31", "Instant 31", ("9♣ 8♦ 7♠", "A♥ K♥ 10♥", "Q♠ J♠ 7♦"), knocker=None,
              teaches="Ana is dealt 31. Does everyone else lose a life, or only the lowest hand?"),
    Situation("ties", "A tie for the lowest hand", ("A♦ Q♦ 10♠", "K♣ 9♣ 8♦", "K♥ 9♥ 7♠"),
              teaches="Ana and Ben both hold 19. Do both lose, or does the suit break the tie?"),
    Situation("knocker-lowest", "The knocker is lowest", ("J♦ 8♦ 7♣", "A♣ K♣ 7♥", "Q♠ J♠ 7♠"),
              teaches="Sam knocks with 18 and is the only one below. One life or two?"),
    Situation("knocker-tie", "The knocker ties for lowest", ("K♦ 9♦ 7♣", "K♠ 9♠ 8♥", "Q♣ J♣ 8♣"),
              teaches="Sam knocks with 19 and Ana holds 19 too. Who pays, and how much?"),
    Situation("feuer", "Three aces", ("A♦ K♦ 8♣", "Q♥ 10♥ 7♠", "A♣ A♠ A♥"),
              teaches="Ben is dealt three aces: worth 11, 30.5, 32, or Fire that ends the round at once?"),
    Situation("under-21", "Everyone under 21", ("A♠ K♠ 7♦", "K♥ J♦ 10♦", "Q♣ 7♣ 8♥"),
              teaches="Ana holds 20 and Ben 17. Does only the lowest lose, or everyone under 21?"),
    Situation("lives", "The last life", ("A♠ K♠ 7♦", "J♦ 8♦ 7♣", "Q♣ J♣ 8♣"), lives=(3, 1, 3),
              teaches="Ana has one life left and the lowest hand: is she swimming now, or out of the game?"),
)}
"""The staged rounds of lesson 4, by key."""


def staged_deck(hands: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """The top of a deck that deals ``hands`` (seat 0 the dealer) when seat 0 deals (decision 1)."""
    n = len(hands)
    order = [(k % n) for k in range(1, n + 1)]  # seat 1 first, the dealer last
    return tuple(hands[seat][i] for i in range(3) for seat in order)


@dataclass(frozen=True)
class Replay:
    """One staged round played under one rule set."""

    rules: Rules
    start: State | None
    """The state after the deal (``None`` if the situation cannot be dealt with these rules)."""
    end: State | None
    """The state once the round is over."""
    error: str = ""
    """Why the situation could not be played with these rules ('' when it could)."""

    @property
    def result(self) -> RoundResult | None:
        return self.end.result if self.end is not None else None

    def explain(self, names: Sequence[str] | None = None) -> str:
        """The engine's own account of the round, or why it could not be played."""
        if self.result is None or self.end is None:
            return self.error
        after = [e.describe(names) for e in self.end.round_events() if e.kind in ("swimming", "out", "winner")]
        return " ".join([self.result.explain(names), *after])


def _null_move(s: State, situation: Situation, dealt: Sequence[Sequence[Card]]) -> str:
    """A move that leaves the player's hand as dealt: keep, knock when it is the knocker's chance,
    draw a card and throw it back, or pass."""
    p = s.current_player
    assert p is not None
    legal = [str(a) for a in s.legal_actions()]
    if s.phase in ("choice", "first"):
        return "keep hand"
    if s.phase == "discard":
        drawn = [c for c in s.hands[p] if c not in dealt[p]]
        return f"discard {drawn[0]}"
    if p == situation.knocker and "knock" in legal:
        return "knock"
    if s.rules.family == "draw":
        return "draw stock"
    if "pass" in legal:
        return "pass"
    raise IllegalActionError("this situation needs a player to pass, and these rules do not allow passing")


def replay(situation: Situation | str, rules: Rules | str, seed: int = 0) -> Replay:
    """Play a staged situation under a rule set with the real engine, to the end of the round."""
    sit = SITUATIONS[situation] if isinstance(situation, str) else situation
    r = Rules.preset(rules) if isinstance(rules, str) else rules
    dealt = sit.cards()
    try:
        s = new_game(r, players=sit.players, seed=seed, deck=staged_deck(dealt), lives=sit.lives)
    except ValueError as e:
        return Replay(r, None, None, f"These rules cannot deal this situation: {e}.")
    start = s
    for _ in range(12 * sit.players):
        if s.phase == "over":
            return Replay(r, start, s)
        try:
            s = s.apply(_null_move(s, sit, dealt))
        except IllegalActionError as e:
            return Replay(r, start, None, f"This situation cannot be played with these rules: {e}.")
    return Replay(r, start, None, "The knocker never had a turn where knocking is allowed.")


def replay_all(situation: Situation | str, presets: Sequence[str] = Rules.PRESET_NAMES) -> list[Replay]:
    """:func:`replay` under each preset, in order."""
    return [replay(situation, PRESETS[Rules.preset(p).name]) for p in presets]


def hands_text(situation: Situation) -> str:
    """The hands as text, seat by seat."""
    return "; ".join(format_cards(h) for h in situation.cards())

