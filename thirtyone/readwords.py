"""What the coach read of the table, in the learner's words (issue 33): the text layer over
:class:`thirtyone.reading.Read` (codes and numbers) and the view's public moves.

* :func:`suit_read` — the one suit read worth saying for a view (:class:`SuitRead`, codes only): another player
  still in whose hidden cards the read worlds put two cards or more of one suit in at least :data:`CLEAR_CHANCE`
  of them, at least :data:`CLEAR_LIFT` more than a random deal of the unseen cards would, with a move of theirs
  everyone saw that says so (a card of that suit taken from the discard pile or the center; in a draw game, at
  least :data:`FEW_THROWS` throws and none of that suit); the player who plays right after the learner first,
  then the clearest. A suit the known cards already show (two taken cards of it) is seen, not read: never said.
* :func:`knock_read` — the one knock read worth saying (:class:`KnockRead`): a player seen playing on in at least
  :data:`KNOCK_SEEN` earlier rounds where a knock was allowed and never knocking, read to knock only
  :data:`KNOCK_LATER` or more above lesson 5's rule; or one who knocked in at least :data:`KNOCK_SEEN` earlier
  rounds, read to knock :data:`KNOCK_LATER` or more below it.
* :func:`tempo_read` — this round's tempo (:class:`TempoRead`): nobody has knocked in at least :data:`TEMPO_TURNS`
  turns of every player still in where a knock was allowed (:func:`quiet_turns`, counted from the view's public
  log), and the coach advises playing on with a hand at or above lesson 5's knock threshold of this turn: the table
  plays on, and that is why a hand the rule would knock with is worth keeping.
* :func:`read_sentences` — those reads in whole sentences of the language in use (each a message of its own): what
  the player did, what the coach reads from it with its numbers (the chance in the read deals against a random
  deal's), and what it means for the learner's move, in agreement with the coach's advice when it is given.

Lesson 6's coach panel (:func:`thirtyone.widgets.play.coach_html`) and lesson 5's exercise
(:mod:`thirtyone.widgets.tableread`) say them. Nothing is translated at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bots import knock_rule
from .cards import SUIT_NAMES, SUITS, Card
from .game import Action, PlayerView
from .i18n import _, card_text, ngettext, number, percent
from .names import and_join
from .narration import player_name, the_card
from .policy import knock_allowed
from .reading import Read, decisions
from .scoring import hand_values

__all__ = ["CLEAR_CHANCE", "CLEAR_LIFT", "FEW_THROWS", "KNOCK_SEEN", "KNOCK_LATER", "TEMPO_TURNS", "SuitRead", "KnockRead",
           "TempoRead", "suit_read", "knock_read", "quiet_turns", "tempo_read", "next_seat", "suit_text", "numbers_sentence", "seat_sentences",
           "tempo_sentence", "read_sentences"]

CLEAR_CHANCE = 0.75
"""A suit read is said only when the read worlds give the player two cards or more of it at least this often."""
CLEAR_LIFT = 0.30
"""… and at least this much more often than a random deal of the unseen cards would."""
FEW_THROWS = 2
"""A read from throws alone (no card of the suit taken) needs at least this many throws this round, none of it."""
KNOCK_SEEN = 2
"""A knock read needs at least this many earlier rounds seen: played on (knock allowed) or knocked in."""
KNOCK_LATER = 2.0
"""… and a threshold read at least this far from lesson 5's rule (the intermediate's) at this turn."""
TEMPO_TURNS = 2
"""A tempo read needs at least this many turns of every player still in (``TEMPO_TURNS × players`` turns) this
round where a knock was allowed, and nobody knocked."""


@dataclass(frozen=True)
class SuitRead:
    """A clear suit read, with what the sentence needs (codes and numbers)."""

    seat: int
    suit: int
    chance: float
    """The chance the read worlds give them two cards or more of :attr:`suit`."""
    uniform: float
    """The same chance were their hidden cards dealt at random."""
    took: Card | None
    """The last card of :attr:`suit` they took this round (from the discard pile or the center), if any."""
    gave: Card | None
    """The card they threw (or gave to the center) on that turn."""
    thrown: tuple[Card, ...]
    """Without a card taken: their throws this round (none of :attr:`suit`), oldest first."""
    next: bool
    """They play right after the learner."""
    mine: tuple[Card, ...]
    """The learner's cards of :attr:`suit`."""


@dataclass(frozen=True)
class KnockRead:
    """A clear knock read (codes and numbers)."""

    seat: int
    later: bool
    """They knock later than lesson 5's rule (they play on); else earlier."""
    threshold: float
    """The hand value they are read to knock at on their next turn."""
    rule: float
    """Lesson 5's rule's threshold at this turn (the intermediate's)."""
    rounds: int
    """The earlier rounds that say so: played on (:attr:`later`) or knocked in."""


@dataclass(frozen=True)
class TempoRead:
    """This round's tempo, when the table plays on and the coach plays on with it (codes and numbers)."""

    turns: int
    """Turns this round in which the player to move could have knocked and did not (the learner's own among them)."""
    players: int
    """Players still in."""
    value: float
    """The learner's hand value."""
    threshold: float
    """Lesson 5's rule's threshold at this turn (the intermediate's), which :attr:`value` reaches."""


def next_seat(view: PlayerView) -> int | None:
    """The seat still in that plays right after the viewer (``None`` when nobody else is in)."""
    active = view.active
    for k in range(1, view.players):
        s = (view.player + k) % view.players
        if s in active and s != view.player:
            return s
    return None


def suit_text(suit: int) -> str:
    """A suit's name and sign in the language in use, as a plural noun a sentence takes: ``"spades ♠"``."""
    return f"{_(SUIT_NAMES[suit])} {SUITS[suit]}"


def suit_read(view: PlayerView, read: Read | None, seat: int | None = None) -> SuitRead | None:
    """The one clear suit read of ``read`` worth saying for ``view`` (see the module's docstring), or ``None``;
    ``seat``: of that player only."""
    if read is None:
        return None
    moves = decisions(view)
    after = next_seat(view)
    found: list[tuple[bool, float, SuitRead]] = []
    for o in read.seats:
        if (seat is not None and o.seat != seat) or o.suit is None or o.chance < CLEAR_CHANCE or o.chance - o.uniform < CLEAR_LIFT:
            continue
        s = o.suit
        if sum(1 for c in view.known[o.seat] if c & 3 == s) >= 2:
            continue  # seen, not read
        took = gave = None
        thrown: list[Card] = []
        for d in moves.get(o.seat, []):
            if d.kind == "draw" and d.took and d.top is not None and d.top & 3 == s:
                took, gave = d.top, d.give
            elif d.kind == "swap" and d.take is not None and d.take & 3 == s:
                took, gave = d.take, d.give
            if d.kind == "draw" and d.give is not None:
                thrown.append(d.give)
        if took is None:
            if view.rules.family != "draw" or len(thrown) < FEW_THROWS or any(c & 3 == s for c in thrown):
                continue
        mine = tuple(c for c in view.hand if c & 3 == s)
        r = SuitRead(o.seat, s, o.chance, o.uniform, took, gave, tuple(thrown) if took is None else (),
                     o.seat == after, mine)
        found.append((o.seat == after, o.chance - o.uniform, r))
    if not found:
        return None
    return max(found, key=lambda x: (x[0], x[1]))[2]


def knock_read(view: PlayerView, read: Read | None) -> KnockRead | None:
    """The one clear knock read of ``read`` worth saying for ``view`` (see the module's docstring), or ``None``."""
    if read is None:
        return None
    rule = knock_rule("intermediate", view.rules, len(view.active)).threshold_at(view.turns)
    if rule is None:
        return None
    found: list[tuple[float, KnockRead]] = []
    for o in read.seats:
        if o.knocks == 0 and o.declines >= KNOCK_SEEN and o.knock_at >= rule + KNOCK_LATER:
            found.append((o.knock_at - rule, KnockRead(o.seat, True, o.knock_at, float(rule), o.declines)))
        elif o.knocks >= KNOCK_SEEN and o.knock_at <= rule - KNOCK_LATER:
            found.append((rule - o.knock_at, KnockRead(o.seat, False, o.knock_at, float(rule), o.knocks)))
    return max(found, key=lambda x: x[0])[1] if found else None


_TURN_KINDS = frozenset({"discard", "pass", "swap", "swap all", "knock"})
"""The moves that end a turn in the turn phase (a draw ends it with the throw that follows)."""


def quiet_turns(view: PlayerView) -> int:
    """The turns of this round, as the view's public log shows them, in which the player to move could have knocked
    (the rules' first-knock option, :func:`thirtyone.policy.knock_allowed`) and did not: every such turn so far,
    whoever played it, the viewer too; 0 once somebody has knocked. The dealer's choice at the deal is not a turn;
    the first player's keep-or-take under ``first_choice="left_of_dealer"`` is one, in which no knock is allowed."""
    r = view.rules
    active = len(view.active)
    played = [False] * view.players
    turns = quiet = 0
    opening = (r.family == "commerce" and r.first_choice is not None) or (r.family == "draw" and bool(r.dealer_exchange))
    for e in view.round_events():
        k, p = e.kind, e.player
        if p is None:
            continue
        if k == "knock":
            return 0
        if opening and k in ("keep hand", "take center", "exchange hand"):
            opening = False
            if r.first_choice == "left_of_dealer":  # the first player's first turn: no knock allowed in it
                turns, played[p] = turns + 1, True
            continue
        if k in _TURN_KINDS:
            if knock_allowed(r.first_knock, turns, played[p], p == view.dealer, active):
                quiet += 1
            turns, played[p] = turns + 1, True
    return quiet


def tempo_read(view: PlayerView, best: Action | None) -> TempoRead | None:
    """This round's tempo worth saying for ``view`` (see the module's docstring) when the coach's advised move is
    ``best``, or ``None``: only when a knock is legal now, ``best`` is not a knock, the learner's hand reaches lesson
    5's threshold of this turn, and nobody knocked in :data:`TEMPO_TURNS` turns of every player still in where a
    knock was allowed."""
    if (best is None or best.kind == "knock" or view.phase != "turn" or view.knocker is not None
            or Action("knock") not in view.legal_actions or len(view.hand) != 3):
        return None
    players = len(view.active)
    rule = knock_rule("intermediate", view.rules, players).threshold_at(view.turns)
    value = hand_values(view.rules)[tuple(view.hand)]
    if rule is None or value < rule:
        return None
    quiet = quiet_turns(view)
    if quiet < TEMPO_TURNS * players:
        return None
    return TempoRead(quiet, players, float(value), float(rule))


def tempo_sentence(r: TempoRead) -> str:
    """The tempo read in one whole sentence: the turns nobody knocked in, and that the learner's hand is worth
    keeping (said only with advice to play on)."""
    return ngettext("Nobody has knocked in {n} turn where a knock was allowed: this table plays on, so your {value} "
                    "is worth keeping rather than knocking now, though lesson 5's knock rule says knock at "
                    "{threshold} or more.",
                    "Nobody has knocked in {n} turns where a knock was allowed: this table plays on, so your {value} "
                    "is worth keeping rather than knocking now, though lesson 5's knock rule says knock at "
                    "{threshold} or more.", r.turns).format(
        n=r.turns, value=number(r.value), threshold=number(r.threshold))


def _cards(cards: Sequence[Card]) -> str:
    return and_join([the_card(c) for c in cards])


def _suit_sentences(view: PlayerView, r: SuitRead, name: str, best: Action | None) -> list[str]:
    suit = suit_text(r.suit)
    if r.took is not None and view.rules.family == "draw":
        did = _("{name} took {the_take} from the discard pile and threw {the_thrown}: {name} is likely collecting "
                "{suit}.").format(name=name, the_take=the_card(r.took), the_thrown=the_card(r.gave or r.took),
                                  suit=suit)
    elif r.took is not None:
        did = _("{name} swapped {the_give} for {the_take} from the center: {name} is likely collecting {suit}."
                ).format(name=name, the_give=the_card(r.gave or r.took), the_take=the_card(r.took), suit=suit)
    else:
        did = _("This round {name} has thrown {the_thrown} and no card of {suit}: {name} is likely collecting "
                "{suit}.").format(name=name, the_thrown=_cards(r.thrown), suit=suit)
    return [did, numbers_sentence(name, r.suit, r.chance, r.uniform), _meaning(view, r, name, best)]


def numbers_sentence(name: str, suit: int, chance: float, uniform: float) -> str:
    """The read's numbers in a whole sentence: how often the read deals give the player two cards or more of
    ``suit``, against a random deal."""
    return _("{name} holds two cards or more of {suit} in {chance} of the deals the coach read from the moves so "
             "far, against {other_chance} in a random deal of the cards you cannot see.").format(
        name=name, suit=suit_text(suit), chance=percent(round(100 * chance)),
        other_chance=percent(round(100 * uniform)))


def _meaning(view: PlayerView, r: SuitRead, name: str, best: Action | None) -> str:
    """What the read means for the learner's move, a whole sentence in agreement with the coach's ``best`` move."""
    suit = suit_text(r.suit)
    if len(r.mine) >= 2:
        return _("You collect {suit} too: {name} keeps those that come by, so fewer are left for you.").format(
            suit=suit, name=name)
    if view.rules.family != "draw":
        return _("A card of {suit} you give to the center is one {name} would take.").format(suit=suit, name=name)
    if not r.next:
        return _("{name} does not play right after you: the card you throw now will not reach {name}.").format(
            name=name)
    if r.mine and best is not None and best.kind == "discard":
        mine = r.mine[0]
        if best.cards[0] == mine:
            return _("{name} plays right after you and would take your {card}, but the coach throws it all the "
                     "same: keeping it would cost your own hand more.").format(name=name, card=card_text(mine))
        return _("{name} plays right after you: your {card} is worth more to {name} than to you, so the coach keeps "
                 "your {card} and throws {the_card} instead.").format(name=name, card=card_text(mine),
                                                                     the_card=the_card(best.cards[0]))
    return _("{name} plays right after you: a card of {suit} you throw is one {name} would take.").format(
        name=name, suit=suit)


def _knock_sentence(r: KnockRead, name: str, best: Action | None) -> str:
    th = number(round(r.threshold))
    if r.later:
        if r.threshold >= 31.5:
            said = ngettext("{name} has played on in {n} earlier round where a knock was allowed and never knocked: "
                            "the coach reckons {name} hardly ever knocks.",
                            "{name} has played on in {n} earlier rounds where a knock was allowed and never knocked: "
                            "the coach reckons {name} hardly ever knocks.", r.rounds)
        else:
            said = ngettext("{name} has played on in {n} earlier round where a knock was allowed and never knocked: "
                            "the coach reckons {name} knocks only at {threshold} or more, later than lesson 5's "
                            "rule ({lesson_threshold}).",
                            "{name} has played on in {n} earlier rounds where a knock was allowed and never knocked: "
                            "the coach reckons {name} knocks only at {threshold} or more, later than lesson 5's "
                            "rule ({lesson_threshold}).", r.rounds)
        text = said.format(name=name, n=r.rounds, threshold=th, lesson_threshold=number(r.rule))
        if best is not None and best.kind != "knock":
            text += " " + _("So the coach expects more turns before this round ends, and plays on.")
        return text
    text = ngettext("{name} has knocked in {n} earlier round: the coach reckons {name} knocks already at {threshold}, "
                    "earlier than lesson 5's rule ({lesson_threshold}).",
                    "{name} has knocked in {n} earlier rounds: the coach reckons {name} knocks already at {threshold}, "
                    "earlier than lesson 5's rule ({lesson_threshold}).", r.rounds).format(
        name=name, n=r.rounds, threshold=th, lesson_threshold=number(r.rule))
    return text + " " + _("So the coach expects this round to end soon.")


def seat_sentences(view: PlayerView, read: Read, seat: int, names: Sequence[str] | None = None,
                   best: Action | None = None) -> list[str]:
    """What the coach read of the player at ``seat``: the sentences of :func:`read_sentences` when the read is
    clear, else only the numbers of the suit they most likely collect (empty when they hold no hidden card)."""
    name = player_name(seat, names)
    s = suit_read(view, read, seat)
    if s is not None:
        return _suit_sentences(view, s, name, best)
    o = read.seat(seat)
    return [] if o is None or o.suit is None else [numbers_sentence(name, o.suit, o.chance, o.uniform)]


def read_sentences(view: PlayerView, read: Read | None, names: Sequence[str] | None = None,
                   best: Action | None = None) -> list[str]:
    """What the coach read, in whole sentences of the language in use (empty when nothing is clear): the suit read
    (what the player did, the read with its numbers, what it means for the learner's move), the knock read, and
    with advice to play on, this round's tempo (:func:`tempo_read`). ``names``: the players' names by seat (lesson 6's); ``best``: the coach's advised move, which the meaning
    agrees with."""
    out: list[str] = []
    s = suit_read(view, read)
    if s is not None:
        out += _suit_sentences(view, s, player_name(s.seat, names), best)
    k = knock_read(view, read)
    if k is not None:
        out.append(_knock_sentence(k, player_name(k.seat, names), best))
    t = tempo_read(view, best)
    if t is not None:
        out.append(tempo_sentence(t))
    return out
