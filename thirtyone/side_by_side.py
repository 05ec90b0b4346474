"""The variants side by side: the presets' differences as a table, and staged rounds replayed
under any rule set, so a lesson can show how the same cards end differently.

* :func:`option_meanings` — what each :class:`~thirtyone.rules.Rules` field decides, in words
  (from the registry of display names, :mod:`thirtyone.names`).
* :func:`difference_rows` — the fields where the chosen presets differ, each preset's value in
  words, and which source plays which value, by the sources' names.
* :data:`SITUATIONS` and :func:`replay` — staged rounds, one for every rule the sources give
  (instant 31, two 31s, ties, the knocker's rules, Feuer, everyone under 21, lives, the deal passing
  left, the first knock, no pass, no swap-all, the face-down center, the dealer's new hand,
  throwing back the card taken), played through the real engine under any rule set.

Nothing here judges a hand: every result comes from :func:`thirtyone.new_game` and ``State.apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import names
from .cards import Card, format_cards, parse_cards
from .game import Action, IllegalActionError, RoundResult, State, narrate, new_game
from .i18n import N_, _, ngettext
from .policy import best_commerce_move, best_discard, hand_keeps, take_discard
from .rules import COMMERCE_ONLY, DRAW_ONLY, RULE_FIELDS, Rules
from .scoring import hand_values

__all__ = ["option_meanings", "describe_value", "OptionRow", "difference_rows", "Situation", "SITUATIONS", "GROUPS",
           "group_of", "Replay", "replay", "replay_all", "staged_deck", "hands_text", "join_words"]


def option_meanings() -> dict[str, str]:
    """What each rule field decides, in a sentence a learner reads (from :data:`thirtyone.names.OPTIONS`)."""
    return {f: names.option_meaning(f) for f in RULE_FIELDS}


def join_words(words: Sequence[str]) -> str:
    """``"GameCircle"``, ``"GameCircle and Board Game Arena"``, ``"A, B and C"``."""
    return names.and_join(list(words))


def describe_value(field: str, value: Any, rules: Rules | None = None) -> str:
    """A field's value in a few words (the registry's short text): ``yes``/``no``, ``30.5``,
    ``everyone else loses``; ``—`` for an option of the other kind of game."""
    if value is None and rules is not None and field in DRAW_ONLY + COMMERCE_ONLY + ("first_choice",):
        if field != "first_choice" or rules.family == "draw":
            return "—"
    return names.value_short(field, value)


@dataclass(frozen=True)
class OptionRow:
    """One line of the presets' table: a rule field, its value in each preset, who plays what."""

    field: str
    meaning: str
    values: tuple[str, ...]
    """The value in words, one per preset, in the order asked for."""
    played_by: tuple[tuple[str, str], ...]
    """``(value in words, sources)`` for each value the presets use, e.g.
    ``("ends the round: the lowest loses", "GameCircle and Board Game Arena")``: the sources by name."""
    also: tuple[str, ...] = ()
    """What some tables play that no preset does, as the sources say it (a sentence each)."""

    @property
    def label(self) -> str:
        """The option's name as a learner reads it."""
        return names.option_label(self.field)


def difference_rows(presets: Sequence[str] = Rules.PRESET_NAMES, everything: bool = False) -> list[OptionRow]:
    """The fields where ``presets`` differ (every field with ``everything``), as table rows.

    Which fields differ comes from :meth:`Rules.differences`; who plays which way from :func:`thirtyone.names.who_plays`
    (a source by name, or its game by name where its games play the option two ways), and what some tables play
    that no preset does from :data:`thirtyone.names.OPTIONAL_RULES`.
    """
    rules = [Rules.preset(p) for p in presets]
    keys = [r.name for r in rules]
    differ: set[str] = set()
    for r in rules[1:]:
        differ |= set(rules[0].differences(r))
    meanings = option_meanings()
    rows = []
    for f in RULE_FIELDS:
        if not everything and f not in differ:
            continue
        values = tuple(describe_value(f, getattr(r, f), r) for r in rules)
        played = [(k, v) for k, v in zip(keys, values) if v != "—"]
        by = names.who_plays([k for k, _v in played], f, [v for _k, v in played])
        rows.append(OptionRow(f, meanings[f], values, tuple((v, join_words(who)) for v, who in by.items()),
                              tuple(_(t) for t in names.OPTIONAL_RULES.get(f, ()))))
    return rows


# --------------------------------------------------------------------------------------------
# Staged rounds under every rule set
# --------------------------------------------------------------------------------------------

PLAYS = ("still", "best")
"""How the players move when nothing else is asked of them (see :attr:`Situation.play`)."""


@dataclass(frozen=True)
class Situation:
    """A staged round: the hands dealt, the cards under them, who knocks, the lives before it, and
    the rule sets to compare.

    Seat 0 deals; play starts at seat 1. The situations that compare the six presets use only
    cards 7 to ace, so the same cards can be dealt from the 32-card deck and the 52-card deck.
    """

    key: str
    title: str
    hands: tuple[str, ...]
    """Each seat's three cards, seat 0 (the dealer) first."""
    knocker: int | None = 0
    """The seat that knocks at its first chance; ``None``: nobody knocks (the deal may end the round)."""
    lives: tuple[int, ...] | None = None
    """Lives before the round (default: the rule set's)."""
    teaches: str = ""
    """What to look for, in a sentence."""
    rest: str = ""
    """Cards dealt after the hands, top first: the center (swap with the center) or the first card of
    the discard pile (draw and discard), then the top of the stock. The rest is shuffled by the seed."""
    play: str = "still"
    """How the players move: ``"still"`` keeps every hand as dealt (draw a card and throw it back, or
    pass; a player who may not pass makes the swap that leaves the best hand); ``"best"``: every move
    leaves the best hand it can (take the discard only if it helps, keep a drawn card only if it helps,
    swap only to improve, else pass), as the bots choose (:mod:`thirtyone.policy`: among equal hands the
    one with fewer suits, then the cheaper card thrown or given)."""
    eager: bool = False
    """Every player knocks at their first chance (what :attr:`knocker` does for one player)."""
    script: tuple[tuple[int, str], ...] = ()
    """Moves a player makes at their first chance, if the rules allow it before that player's first turn
    is over: ``(1, "take center")``, ``(0, "exchange hand")``, ``(1, "draw discard")``."""
    presets: tuple[str, ...] = Rules.PRESET_NAMES
    """The rule sets to compare (preset keys), or the one rule set an :attr:`option` changes."""
    option: str = ""
    """A rule option to compare: the first preset of :attr:`presets` with each of :attr:`values`."""
    values: tuple[Any, ...] = ()
    next_round: bool = False
    """Say who deals the next round (the deal passes left, past players who are out)."""
    roles: tuple[str, ...] = field(default=(), compare=False)
    """What each seat does, in words (``"deals and knocks"``); worked out when empty."""

    def __post_init__(self) -> None:
        if self.play not in PLAYS:
            raise ValueError(f"Situation.play must be one of {', '.join(PLAYS)}, not {self.play!r}")
        if self.option and self.option not in RULE_FIELDS:
            raise ValueError(f"Situation.option must be a rule option, not {self.option!r}")
        if self.option and not self.values:
            raise ValueError(f"Situation.values must give the values of {self.option!r} to compare")
        if not self.presets:
            raise ValueError("Situation.presets must name at least one rule set")

    @property
    def players(self) -> int:
        return len(self.hands)

    def cards(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as cards."""
        return tuple(parse_cards(h) for h in self.hands)

    def rest_cards(self) -> tuple[Card, ...]:
        """The cards staged under the hands, top first."""
        return parse_cards(self.rest) if self.rest else ()

    def rule_sets(self) -> list[tuple[str, Rules]]:
        """The rule sets this situation compares, each with its name as a learner reads it."""
        if not self.option:
            return [(names.preset_name(p), Rules.preset(p)) for p in self.presets]
        base = self.presets[0]  # each choice named by its whole sentence, never "option: yes" glued from pieces
        return [(names.value_text(self.option, v), Rules.preset(base).replace(**{self.option: v}))
                for v in self.values]

    def role(self, seat: int) -> str:
        """What ``seat`` does in the staged round, in words ('' for nothing special)."""
        if self.roles:
            return _(self.roles[seat]) if self.roles[seat] else ""
        knocks = "eager" if self.eager else "first" if seat == self.knocker else ""
        if seat == 0:  # one whole message a role, never "deals" and a knock joined as a list
            return {"eager": _("deals and knocks as soon as the rules allow"),
                    "first": _("deals and knocks at the first chance"), "": _("deals")}[knocks]
        return {"eager": _("knocks as soon as the rules allow"), "first": _("knocks at the first chance"), "": ""}[knocks]


SITUATIONS: dict[str, Situation] = {s.key: s for s in (
    Situation("under-21", N_("Everyone under 21"), ("A♠ K♠ 7♦", "K♥ J♦ 10♦", "Q♣ 7♣ 8♥"),
              teaches=N_("Ana holds 20 and Ben 17. Does only the lowest lose, or everyone under 21?")),
    Situation("ties", N_("A tie for the lowest hand"), ("A♦ Q♦ 10♠", "K♣ 9♣ 8♦", "K♥ 9♥ 7♠"),
              teaches=N_("Ana and Ben both hold 19. Do both lose, or does the suit break the tie?")),
    Situation("knocker-lowest", N_("The knocker is lowest"), ("J♦ 8♦ 7♣", "A♣ K♣ 7♥", "Q♠ J♠ 7♠"),
              teaches=N_("Sam knocks with 18 and is the only one below. One life or two?")),
    Situation("knocker-tie", N_("The knocker ties for lowest"), ("A♦ K♦ 7♠", "A♥ K♥ 7♣", "A♠ Q♠ 9♠"),
              teaches=N_("Sam knocks with 21 and Ana holds 21 too; nobody is under 21. Who pays, and how much?")),
    Situation("instant-31", N_("Instant 31"), ("9♣ 8♦ 7♠", "A♥ K♥ 10♥", "Q♠ J♠ 7♦"), knocker=None,
              teaches=N_("Ana is dealt 31. Does everyone else lose a life, or only the lowest hand?")),
    Situation("two-31s", N_("Two 31s on the deal"), ("A♠ K♠ 10♠", "A♥ Q♥ J♥", "Q♣ J♣ 7♦"), knocker=None,
              teaches=N_("Sam and Ana are both dealt 31. Is either of them in danger?")),
    Situation("feuer", N_("Three aces"), ("A♦ K♦ 8♣", "Q♥ 10♥ 7♠", "A♣ A♠ A♥"),
              teaches=N_("Ben is dealt three aces: worth 11, 30.5, 32, or Feuer that ends the round at once?")),
    Situation("feuer-31", N_("Feuer against a 31"), ("9♣ 8♦ 7♠", "A♥ K♥ 10♥", "A♣ A♠ A♦"), knocker=None,
              teaches=N_("Ana is dealt 31 and Ben three aces, at the same time. Who is safe?")),
    Situation("lives", N_("The last life"), ("A♠ K♠ 7♦", "J♦ 8♦ 7♣", "Q♣ J♣ 8♣"), lives=(3, 1, 3),
              teaches=N_("Ana has one life left and the lowest hand: is she swimming now, or out of the game?")),
    Situation("deal-left", N_("Who deals next"), ("A♠ K♠ 7♦", "J♦ 8♦ 7♣", "Q♣ J♣ 8♣"), lives=(3, 1, 3),
              next_round=True,
              teaches=N_("Sam dealt this round. The deal passes to the left, to Ana, unless she is out of the game.")),
    Situation("first-knock", N_("Knocking at once"), ("K♠ Q♠ 6♦", "A♥ K♥ 9♥", "J♣ 8♣ 2♠"),
              rest="Q♦ 10♠ 10♣ 2♥ 3♦ 8♥ 10♦", play="best", eager=True, presets=("scat",), option="first_knock",
              values=("anytime", "not_first_turn", "not_own_first_turn", "not_first_orbit"),
              teaches=N_("Everyone knocks as soon as the rules allow, even Ben on 18. Who knocks first, and "
                      "how many turns do the others get to improve?")),
    Situation("no-pass", N_("No passing"), ("K♦ Q♦ 7♦", "A♠ K♠ 8♠", "A♥ Q♥ 7♥"), knocker=0, rest="7♣ 9♦ 8♣",
              presets=("schwimmen",), option="allow_pass", values=(True, False),
              roles=(N_("deals and knocks at the first chance"), "", ""),
              teaches=N_("Ana holds 29 and Ben 28, and the center helps neither: they would pass. What if every "
                      "turn must swap a card?")),
    Situation("no-swap-all", N_("No swapping all three"), ("Q♣ 8♣ 9♠", "7♠ 8♦ 9♥", "8♥ 9♣ 10♦"), knocker=0,
              rest="A♦ K♦ Q♦", play="best", presets=("schwimmen",), option="allow_swap_all", values=(True, False),
              teaches=N_("The center holds 31. Ana would swap all three cards for it. May she?")),
    Situation("discard-taken", N_("Throwing back the card taken"), ("A♠ K♠ 9♠", "K♥ 10♥ 9♥", "Q♣ J♣ 8♣"),
              rest="Q♦", script=((1, "draw discard"),), presets=("bga-draw",), option="discard_taken",
              values=(False, True), roles=(N_("deals and knocks at the first chance"), N_("takes the Q♦ and would "
                                           "throw it back"), ""),
              teaches=N_("Ana takes the Q♦ from the discard pile, then would throw it straight back.")),
    Situation("widow", N_("The face-down center"), ("K♠ 9♠ 7♦", "8♣ 9♦ 7♥", "Q♣ J♣ 7♣"), knocker=None,
              rest="A♥ K♥ Q♥", play="best", script=((1, "take center"),),
              presets=("schwimmen", "widow"),
              teaches=N_("The face-down center holds 31. Ana sits left of the dealer and would take it unseen.")),
    Situation("dealer-exchange", N_("The dealer's new hand"), ("7♦ 8♣ 9♥", "A♠ K♠ 9♠", "K♥ 10♥ 7♣"),
              rest="2♣ A♣ K♣ Q♣", script=((0, "exchange hand"),), presets=("bga-draw",),
              option="dealer_exchange", values=(True, False),
              roles=(N_("deals, trades the hand if allowed, and knocks at the first chance"), "", ""),
              teaches=N_("Sam is dealt 9. He would trade his hand for the three cards on top of the stock.")),
)}
"""The staged rounds of lesson 4, by key, in the lesson's order: the first ones compare the six presets, the
others one rule (or two presets)."""

GROUPS: dict[str, tuple[str, ...]] = {
    "showdown": ("under-21", "ties", "knocker-lowest", "knocker-tie"),
    "deal": ("instant-31", "two-31s", "feuer", "feuer-31"),
    "lives": ("lives", "deal-left"),
    "turns": ("first-knock", "no-pass", "no-swap-all", "discard-taken"),
    "start": ("widow", "dealer-exchange"),
}
"""Lesson 4's situations grouped by what they show, one section of the lesson each: who loses at the showdown;
a 31 or three aces on the deal; the last life and the next deal; what a turn allows; a new hand before play.
Each situation is in one group; a section's menu offers its group's situations, one at a time."""


def group_of(key: str) -> tuple[str, ...]:
    """The situations shown with ``key`` (its group, in the lesson's order)."""
    for group in GROUPS.values():
        if key in group:
            return group
    raise ValueError(f"no situation {key!r}: choose one of {', '.join(SITUATIONS)}")


def staged_deck(hands: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """The top of a deck that deals ``hands`` (seat 0 the dealer) when seat 0 deals (docs/rules.md, decision 1)."""
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
    next: State | None = None
    """The next round's deal, when the situation asks who deals it."""

    @property
    def result(self) -> RoundResult | None:
        return self.end.result if self.end is not None else None

    def explain(self, names: Sequence[str] | None = None) -> str:
        """The engine's own account of the round, or why it could not be played."""
        if self.result is None or self.end is None:
            return self.error
        after = [e.describe(names) for e in self.end.round_events() if e.kind in ("swimming", "out", "winner")]
        return " ".join([self.result.explain(names), *after, self.next_dealer(names)]).strip()

    def next_dealer(self, names: Sequence[str] | None = None) -> str:
        """Who deals the next round, in a sentence ('' when the situation does not ask)."""
        if self.next is None or self.end is None:
            return ""
        end, nxt = self.end, self.next
        n = end.players
        skipped = []
        seat = (end.dealer + 1) % n
        while seat != nxt.dealer:
            skipped.append(seat)
            seat = (seat + 1) % n
        who = [_seat_name(s, names) for s in skipped]
        dealer = _seat_name(nxt.dealer, names)
        if who:
            return ngettext("The deal passes to the left, past {who}, who is out: {dealer} deals the next round.",
                            "The deal passes to the left, past {who}, who are out: {dealer} deals the next round.",
                            len(who)).format(who=join_words(who), dealer=dealer)
        return _("The deal passes to the left: {dealer} deals the next round.").format(dealer=dealer)

    def moves(self, names: Sequence[str] | None = None) -> list[str]:
        """The round move by move, in the engine's words."""
        if self.end is None:
            return []
        return narrate(self.end.round_events(), names)


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names is not None and seat < len(names) else _("Player {seat}").format(seat=seat)


def _best_discard(s: State, p: int) -> str:
    """The shared policy's throw (:func:`~thirtyone.policy.best_discard`): the three kept worth most, then
    fewer suits, then the cheaper card thrown; not the card just taken under ``discard_taken=False``."""
    r = s.rules
    card = best_discard(hand_keeps(r), s.hands[p], None if r.discard_taken else s.taken)
    return str(Action("discard", (card,)))


def _best_swap(s: State, p: int, legal: Sequence[str], must: bool) -> str | None:
    """The shared policy's swap (:func:`~thirtyone.policy.best_commerce_move`): only if it betters the hand,
    unless ``must``; ``None`` when no swap is legal."""
    if not any(a.startswith("swap") for a in legal):
        return None
    r = s.rules
    hand = s.hands[p]
    values = hand_values(r)
    value, move = best_commerce_move(values, hand, s.center, bool(r.allow_swap_all))
    if value <= values[hand] and not must:
        return None
    return str(Action("swap", move)) if move else "swap all"


def _move(s: State, sit: Situation, dealt: Sequence[Sequence[Card]], script: list[tuple[int, str]]) -> str:
    """The next move of the staged round: a scripted move the rules allow, else a knock when it is
    the knocker's chance, else the situation's way of playing (:attr:`Situation.play`)."""
    p = s.current_player
    assert p is not None
    legal = [str(a) for a in s.legal_actions()]
    if s.phase != "discard":
        for i, (seat, action) in enumerate(script):
            if seat == p and action in legal:
                del script[i]
                return action
    if s.phase in ("choice", "first"):
        return "keep hand"
    if s.phase == "discard":
        if sit.play == "still":
            drawn = [f"discard {c}" for c in s.hands[p] if c not in dealt[p]]
            if drawn and drawn[-1] in legal:
                return drawn[-1]
        return _best_discard(s, p)
    if "knock" in legal and (sit.eager or p == sit.knocker):
        return "knock"
    if s.rules.family == "draw":
        if sit.play == "best" and "draw discard" in legal and take_discard(
                hand_keeps(s.rules), s.hands[p], s.discard_pile[-1]):
            return "draw discard"
        return "draw stock" if "draw stock" in legal else "draw discard"
    swap = _best_swap(s, p, legal, must=False) if sit.play == "best" else None
    if swap is not None:
        return swap
    if "pass" in legal:
        return "pass"
    swap = _best_swap(s, p, legal, must=True)
    if swap is None:
        raise IllegalActionError("no move is left to this player")
    return swap


def replay(situation: Situation | str, rules: Rules | str, seed: int = 0) -> Replay:
    """Play a staged situation under a rule set with the real engine, to the end of the round."""
    sit = SITUATIONS[situation] if isinstance(situation, str) else situation
    r = Rules.coerce(rules)
    dealt = sit.cards()
    try:
        s = new_game(r, players=sit.players, seed=seed, deck=staged_deck(dealt) + sit.rest_cards(), lives=sit.lives)
    except ValueError as e:
        return Replay(r, None, None, _("These rules cannot deal this situation: {error}.").format(error=e))
    start = s
    script = list(sit.script)
    for _turn in range(30 * sit.players):
        if s.phase == "over":
            nxt = s.apply("next round") if sit.next_round and not s.game_over else None
            return Replay(r, start, s, next=nxt)
        try:
            s = s.apply(_move(s, sit, dealt, script))
        except IllegalActionError as e:
            return Replay(r, start, None, _("This situation cannot be played with these rules: {error}.").format(error=e))
    return Replay(r, start, None, _("The round did not end: nobody had a turn where knocking is allowed."))


def replay_all(situation: Situation | str, presets: Sequence[str] | None = None) -> list[Replay]:
    """:func:`replay` under each of ``presets``, in order; by default under the rule sets the
    situation compares (:meth:`Situation.rule_sets`)."""
    sit = SITUATIONS[situation] if isinstance(situation, str) else situation
    if presets is None:
        return [replay(sit, r) for _label, r in sit.rule_sets()]
    return [replay(sit, Rules.preset(p)) for p in presets]


def hands_text(situation: Situation) -> str:
    """The hands as text, seat by seat."""
    return "; ".join(format_cards(h) for h in situation.cards())
