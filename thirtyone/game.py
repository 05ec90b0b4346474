"""Game flow: dealing, turns, knocking, showdowns, lives and whole games, as immutable states.

``new_game(rules, players=4, seed=1)`` deals the first round and returns a :class:`State`.
``state.legal_actions()`` lists what the player to act may do; ``state.apply(action)``
returns the next state and leaves ``state`` untouched. An action is an :class:`Action`
or its canonical text: ``draw stock``, ``draw discard``, ``discard K♥``, ``knock``,
``swap 9♥ A♥`` (give, take), ``swap all``, ``pass``, ``keep hand``, ``take center``,
``exchange hand``, ``next round``. The kinds of action, a round's phases and the ways it ends are
closed sets (:class:`ActionKind`, :class:`Phase`, :class:`RoundEnd`) whose members equal their strings.

The game deals in codes, never words: why a seat lost is a :class:`Loss` (a :class:`Reason` and the value it
needs), why a move is illegal an :class:`IllegalMove`, an event its kind, cards and numbers. The one text layer,
:mod:`thirtyone.narration`, says them in the language in use when they are shown; this module imports it only
inside the methods that show something (as python-chess's ``Board._repr_svg_`` imports ``chess.svg``).

In a notebook a state, a player's view and a round's result show themselves as a small table
(``_repr_html_``): seats, lives, hands (face down where the object may not see them), the table, whose turn.

Randomness: a game has one seed. Every shuffle (the deal, a reshuffled stock, a dealer's
exchange) uses a generator seeded from ``(seed, shuffle number)``, so the same seed and
the same actions always give the same game, and a state can be replayed from anywhere.

Every decision of the project's rules (``docs/rules.md``, "Decisions where the sources are silent")
is implemented here; comments cite them by number.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from .cards import ALL_CARDS, Card, deck, format_cards, parse_cards
from .i18n import text
from .policy import Loss, Reason, RoundEnd, judge, knock_allowed
from .rules import Named as _Named
from .rules import Rules
from .scoring import Score, dealt_score, hand_value, score

__all__ = [
    "Action", "ActionKind", "Phase", "RoundEnd", "Reason", "Loss", "Illegal", "IllegalMove", "Event", "RoundResult",
    "State", "PlayerView", "IllegalActionError", "new_game", "parse_action", "narrate", "from_view", "judge",
    "knock_allowed",
]


class IllegalActionError(ValueError):
    """An action that is malformed or not legal in this state; the message says why and what is legal.

    ``why``: the :class:`IllegalMove` (a code and its data) when the action was well formed but not legal now;
    ``None`` for text that names no action."""

    def __init__(self, message: str, why: IllegalMove | None = None) -> None:
        super().__init__(message)
        self.why = why


# --------------------------------------------------------------------------------------
# The closed sets: kinds of action, phases of a round, ways a round ends
# --------------------------------------------------------------------------------------


class ActionKind(_Named):
    """What an :class:`Action` does (its text, before any cards)."""

    DRAW_STOCK = "draw stock"
    DRAW_DISCARD = "draw discard"
    DISCARD = "discard"
    KNOCK = "knock"
    SWAP = "swap"
    SWAP_ALL = "swap all"
    PASS = "pass"
    KEEP_HAND = "keep hand"
    TAKE_CENTER = "take center"
    EXCHANGE_HAND = "exchange hand"
    NEXT_ROUND = "next round"


class Phase(_Named):
    """Where a round stands (:attr:`State.phase`)."""

    CHOICE = "choice"
    """The dealer chooses: keep their hand, or take the center (commerce) / exchange it (draw)."""
    FIRST = "first"
    """Left of the dealer, first turn under ``first_choice="left_of_dealer"``: keep their hand or take the center."""
    TURN = "turn"
    """The player to act takes a turn."""
    DISCARD = "discard"
    """The player to act has drawn and must discard."""
    OVER = "over"
    """The round is over (the only move is ``next round``, none once the game is over)."""


class Illegal(_Named):
    """Why an action is not legal now (:attr:`IllegalMove.code`)."""

    GAME_OVER = "game_over"
    ROUND_OVER = "round_over"
    COMMERCE_ONLY = "commerce_only"
    """A commerce action under draw-and-discard rules."""
    DRAW_ONLY = "draw_only"
    """A draw-and-discard action under commerce rules."""
    ROUND_NOT_OVER = "round_not_over"
    MUST_CHOOSE = "must_choose"
    """The player to act must first keep their hand or take the other one."""
    CHOICE_TOO_LATE = "choice_too_late"
    """Keeping or taking a hand is a choice made only before the first turn."""
    ALREADY_KNOCKED = "already_knocked"
    KNOCK_NOT_YET = "knock_not_yet"
    """The ``first_knock`` option does not allow a knock yet (:attr:`IllegalMove.rule` says which)."""
    MUST_DISCARD = "must_discard"
    DRAW_FIRST = "draw_first"
    TAKEN_CARD = "taken_card"
    """The card just taken from the discard pile may not be thrown back (``discard_taken=False``)."""
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_CENTER = "not_in_center"
    NO_PASSING = "no_passing"
    NO_SWAP_ALL = "no_swap_all"
    NOT_NOW = "not_now"
    """Anything else not allowed at this point."""


@dataclass(frozen=True)
class IllegalMove:
    """Why an action is not legal now: the code and the data its sentence needs
    (:func:`thirtyone.narration.illegal_words` says it)."""

    code: Illegal
    action: str = ""
    """The kind of action, as the API writes it (``"swap all"``)."""
    seat: int | None = None
    """The seat the sentence names (the player to act, or the one who knocked)."""
    card: Card | None = None
    rule: str = ""
    """:attr:`Illegal.KNOCK_NOT_YET`: the rules' ``first_knock``."""


KINDS = tuple(ActionKind)
"""Every kind of action, in the order the docs list them."""


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


class Action(NamedTuple):
    """One move. ``cards`` holds the card to discard, or (give, take) for a swap."""

    kind: str
    """One of :class:`ActionKind` (the engine's actions hold the member; plain text works alike)."""
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.cards:
            return self.kind + " " + format_cards(self.cards)
        return str(self.kind)


_ACTIONS: dict[Any, Action] = {}


def _action(kind: str, *cards: Card) -> Action:
    """The one shared Action object for a kind and cards (legal_actions stays allocation-free)."""
    key = (kind, cards)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(ActionKind(kind), cards)
    return a


_NEEDS = {ActionKind.DISCARD: 1, ActionKind.SWAP: 2}

# The legal-action tuples are built from these shared objects, so legal_actions() allocates little.
_DISCARD_ACTS = tuple(_action(ActionKind.DISCARD, c) for c in ALL_CARDS)
_SWAP_ROWS: list[tuple[Action, ...] | None] = [None] * 52
"""For each card held, the 52 swaps that give it, made the first time a swap with it is legal (a page that
never swaps with the center never holds 2,704 actions)."""


def _swap_row(held: Card) -> tuple[Action, ...]:
    row = _SWAP_ROWS[held]
    if row is None:
        row = _SWAP_ROWS[held] = tuple(_action(ActionKind.SWAP, ALL_CARDS[held], c) for c in ALL_CARDS)
    return row


_DRAW_TURNS = {(stock, pile, knock): tuple(
    a for a, ok in ((_action(ActionKind.DRAW_STOCK), stock), (_action(ActionKind.DRAW_DISCARD), pile), (_action(ActionKind.KNOCK), knock)) if ok)
    for stock in (False, True) for pile in (False, True) for knock in (False, True)}
_COMMERCE_EXTRAS = {(every, pass_, knock): tuple(
    a for a, ok in ((_action(ActionKind.SWAP_ALL), every), (_action(ActionKind.PASS), pass_), (_action(ActionKind.KNOCK), knock)) if ok)
    for every in (False, True) for pass_ in (False, True) for knock in (False, True)}
_RNG = random.Random()
_NEXT_SEATS: dict[tuple[bool, ...], tuple[int, ...]] = {}
"""For each pattern of seats out, every seat's next active seat (at most 2**9 patterns)."""
_DECKS = {32: deck(32), 52: deck(52)}


@cache
def _swaps(n: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of ``random.shuffle`` on ``n`` items: (index, bound, bits of the bound), the last index first."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


def fast_shuffle(rng: random.Random, order: list[Any]) -> None:
    """``rng.shuffle(order)``, inlined: the same algorithm, the same result and the generator left in the same
    place, about twice as fast (the game's reshuffles, and the expert's play-outs: 50,000 lists a round)."""
    getrandbits = rng.getrandbits
    for i, n, k in _swaps(len(order)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]


def parse_action(text: str | Action) -> Action:
    """An :class:`Action` from its text (``"discard K♥"``, ``"swap 9h ah"``, ``"Knock"``).

    Raises :class:`IllegalActionError` for text that names no action.
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is an Action or text such as 'draw stock', not {text!r}")
    cached = _ACTIONS.get(text)
    if cached is not None:
        return cached
    words = text.strip().split()
    low = [w.lower() for w in words]
    for kind in sorted(KINDS, key=len, reverse=True):
        kw = kind.split()
        if low[: len(kw)] == kw:
            rest = " ".join(words[len(kw):])
            need = _NEEDS.get(kind, 0)
            if kind == ActionKind.SWAP and low[1:2] == ["all"]:
                continue
            try:
                cards = parse_cards(rest) if rest else ()
            except ValueError as exc:
                raise IllegalActionError(f"cannot read the cards in {text!r}: {exc}") from None
            if len(cards) != need:
                form = {ActionKind.DISCARD: "discard K♥", ActionKind.SWAP: "swap 9♥ A♥ (give, take)"}.get(kind, kind)
                raise IllegalActionError(f"{text!r}: '{kind}' takes {need} card{'s' * (need != 1)}, as in '{form}'")
            a = _action(kind, *cards)
            if len(_ACTIONS) < 10_000:
                _ACTIONS[text] = a
            return a
    raise IllegalActionError(f"unknown action {text!r}: actions are {', '.join(KINDS)}")


# --------------------------------------------------------------------------------------
# Events and results
# --------------------------------------------------------------------------------------


class Event(NamedTuple):
    """Something that happened, for the log a lesson narrates."""

    round: int
    kind: str
    """``deal``, ``center``, ``first discard``, an action kind, ``reshuffle``, ``new center``,
    ``31``, ``fire``, ``showdown``, ``lose``, ``swimming``, ``out``, ``void``, ``winner``."""
    player: int | None = None
    cards: tuple[Card, ...] = ()
    """Cards everyone sees."""
    secret: tuple[Card, ...] = ()
    """Cards only ``player`` sees (a card drawn from the stock, a face-down hand taken)."""
    note: str = ""
    """A ``showdown``: how the round ended (a :class:`RoundEnd`)."""
    values: tuple[float | None, ...] = ()
    """At a showdown: every seat's hand value (``None`` for seats that are out)."""
    loss: Loss | None = None
    """A ``lose`` event: why, and how many lives."""

    def describe(self, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
        """The event as a plain sentence; ``secret`` cards only when ``viewer`` is the player (or None: all).
        The words are :func:`thirtyone.narration.describe`'s."""
        return text().describe(self, names, viewer)


def narrate(events: Iterable[Event], names: Sequence[str] | None = None, viewer: int | None = None) -> list[str]:
    """Sentences for a run of events (:func:`thirtyone.narration.narrate`, in the language in use)."""
    return text().narrate(events, names, viewer)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: every hand's value, who lost how many lives and why."""

    round: int
    how: str
    """``knock``, ``all_pass``, ``empty_stock``, ``31`` or ``fire``."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's final hand (``None`` for seats already out)."""
    scores: tuple[Score | None, ...]
    """Each seat's score with its explanation."""
    knocker: int | None
    winner: int | None
    """The one highest hand after tie-breaks (the 31 or Fire holder); ``None`` if the top is shared."""
    lowest: tuple[int, ...]
    """Seats with the lowest hand after the rule set's tie-breaks."""
    losses: tuple[int, ...]
    """Lives each seat loses this round (0 for most)."""
    why: tuple[Loss | None, ...]
    """Why each seat lost what it lost (``None`` for none): codes; :attr:`reasons` says them."""
    void: bool = False
    """Everyone left would have been out: nobody loses and the round is dealt again (decision 3)."""
    holders: tuple[int, ...] = ()
    """The seats that showed 31 (``how == "31"``) or three aces (``"fire"``); empty for other ends.
    A result made without it (older code) is read from the hands: the 31s, or the winner under Feuer."""

    @property
    def values(self) -> tuple[float | None, ...]:
        """Each seat's hand value."""
        return tuple(None if s is None else s.value for s in self.scores)

    @property
    def losers(self) -> tuple[int, ...]:
        """Seats that lose at least one life."""
        return tuple(i for i, n in enumerate(self.losses) if n)

    def shown_by(self) -> tuple[int, ...]:
        """The seats that showed 31 or three aces (:attr:`holders`, or read from the hands)."""
        if self.holders or self.how not in ("31", "fire"):
            return self.holders
        if self.how == "fire":
            return () if self.winner is None else (self.winner,)
        return tuple(i for i, sc in enumerate(self.scores) if sc is not None and sc.value == 31)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why each seat lost what it lost, in words of the language in use ('' for none)."""
        return tuple("" if w is None else text().loss_words(w) for w in self.why)

    def explain(self, names: Sequence[str] | None = None) -> str:
        """A short paragraph: why the round ended, and who lost what and why (:func:`thirtyone.narration.explain`).

        The round's end names who did it: the knocker, or the players who showed 31 or three aces
        (never the highest hand in their place: under a showdown a 32 may beat the 31 that ended it)."""
        return text().explain(self, names)

    def _repr_html_(self) -> str:
        """The result as a notebook shows it: every hand, its value, who loses what and why."""
        return text().result_html(self)


# --------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------

_PHASES = tuple(Phase)


class State:
    """One moment of a game of 31. Immutable: :meth:`apply` returns a new state.

    Seats are numbered 0..n-1 and play passes to the next active seat (decision 11).
    """

    # the attributes, all set once by _make/_evolve:
    rules: Rules
    seed: int
    round: int
    """Round number, from 1."""
    dealer: int
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    """Seats that are out of the game."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """The stock, top card first."""
    discard_pile: tuple[Card, ...]
    """Draw family: the discard pile, bottom first; its top card is the last."""
    center: tuple[Card, ...]
    """Commerce: the three center cards (face down until :attr:`center_face_up`)."""
    center_face_up: bool
    out_of_play: tuple[Card, ...]
    """Cards set aside until the next deal (old centers after everyone passed)."""
    phase: Phase
    current_player: int | None
    """Whose move it is; ``None`` once the round is over (decision 13)."""
    knocker: int | None
    turns: int
    """Turns taken this round (the first choice and the dealer's exchange are not turns)."""
    played: tuple[bool, ...]
    """Seats that have had a turn this round."""
    passes: int
    """Passes in a row (commerce; decision 16)."""
    taken: Card | None
    """The card just taken from the discard pile, while its taker must discard."""
    result: RoundResult | None
    """The showdown result of the round once it is over."""
    known: tuple[tuple[Card, ...], ...]
    """Cards in each hand that every player has seen go there (from the discard pile or the center)."""
    shuffles: int
    _log: Any

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a game state is immutable: use apply() for a new one (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a game state is immutable")

    def _evolve(self, **changes: Any) -> State:
        new = object.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        d["_legal"] = None
        return new

    # -- read-only views ------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.lives)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, o in enumerate(self.out) if not o)

    @property
    def round_over(self) -> bool:
        """The round has ended (the only legal action is ``next round``, none at game over)."""
        return self.phase == Phase.OVER

    @property
    def game_over(self) -> bool:
        """One player is left."""
        return self.out.count(False) <= 1

    @property
    def winner(self) -> int | None:
        """The last player left, once the game is over."""
        if not self.game_over:
            return None
        left = self.active
        return left[0] if left else None

    @property
    def swimming(self) -> tuple[bool, ...]:
        """Seats that have no lives left but are still in ("swimming" / "on the bus")."""
        return tuple(lv == 0 and not o for lv, o in zip(self.lives, self.out))

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the game so far, oldest first."""
        return _walk(self._log)

    def round_events(self) -> tuple[Event, ...]:
        """The events of the current round."""
        return _walk(self._log, self.round)

    def values(self) -> tuple[float | None, ...]:
        """Each seat's hand value now (``None`` for seats that are out)."""
        return tuple(None if self.out[i] else hand_value(h, self.rules) for i, h in enumerate(self.hands))

    def __repr__(self) -> str:
        return (f"<State {self.rules.name} round {self.round} {self.phase} "
                f"player={self.current_player} lives={self.lives}>")

    def _repr_html_(self) -> str:
        """The game as a notebook shows it: every seat's lives and hand (all face up: a state sees
        everything; a player's :meth:`view` shows what they may see), the table, whose turn it is."""
        return text().game_html(self, list(self.hands), len(self.stock), self.center, self.center_face_up,
                                self.legal_actions(), None)

    def _next_seat(self, seat: int) -> int:
        """The next active seat left of ``seat`` (decision 11)."""
        out = self.out
        nxt = _NEXT_SEATS.get(out)
        if nxt is None:
            n = len(out)
            nxt = _NEXT_SEATS[out] = tuple(
                next(((s + k) % n for k in range(1, n + 1) if not out[(s + k) % n]), s) for s in range(n))
        return nxt[seat]

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Everything the player to act may do now (``next round`` after a round; nothing at game over)."""
        cached = self.__dict__.get("_legal")
        if cached is not None:
            return cached
        legal = self._legal_actions()
        self.__dict__["_legal"] = legal
        return legal

    def _legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == Phase.OVER:
            return () if self.game_over else (_action(ActionKind.NEXT_ROUND),)
        p = self.current_player
        assert p is not None
        rules = self.rules
        if phase == Phase.CHOICE:
            other = ActionKind.TAKE_CENTER if rules.family == "commerce" else ActionKind.EXCHANGE_HAND
            return (_action(ActionKind.KEEP_HAND), _action(other))
        if phase == Phase.FIRST:
            return (_action(ActionKind.KEEP_HAND), _action(ActionKind.TAKE_CENTER))
        hand = self.hands[p]
        if phase == Phase.DISCARD:
            forbidden = None if rules.discard_taken else self.taken
            return tuple([_DISCARD_ACTS[c] for c in hand if c != forbidden])
        knock = self.knocker is None and self._may_knock(p)
        if rules.family == "draw":
            return _DRAW_TURNS[bool(self.stock), bool(self.discard_pile), knock]
        center = self.center
        return tuple([row[c] for row in [_swap_row(h) for h in hand] for c in center]) + _COMMERCE_EXTRAS[
            bool(rules.allow_swap_all), bool(rules.allow_pass), knock]

    def _may_knock(self, p: int) -> bool:
        if self.knocker is not None:
            return False
        first_knock = self.rules.first_knock
        return first_knock == "anytime" or knock_allowed(
            first_knock, self.turns, self.played[p], p == self.dealer, self.out.count(False))

    def why_illegal(self, action: Action | str) -> IllegalMove:
        """Why ``action`` is not legal now, as a code with its data (:func:`thirtyone.narration.illegal_words`
        says it); for a legal action, the reason it would have if it were not (:attr:`Illegal.NOT_NOW`)."""
        a = parse_action(action)
        k = a.kind
        if self.phase == Phase.OVER:
            return IllegalMove(Illegal.GAME_OVER if self.game_over else Illegal.ROUND_OVER)
        p = self.current_player
        fam = self.rules.family
        if k in ("swap", "swap all", "pass", "take center") and fam == "draw":
            return IllegalMove(Illegal.COMMERCE_ONLY, action=k)
        if k in ("draw stock", "draw discard", "exchange hand", "discard") and fam == "commerce":
            return IllegalMove(Illegal.DRAW_ONLY, action=k)
        if k == "next round":
            return IllegalMove(Illegal.ROUND_NOT_OVER)
        if self.phase in (Phase.CHOICE, Phase.FIRST):
            return IllegalMove(Illegal.MUST_CHOOSE, seat=p)
        if k in ("keep hand", "take center", "exchange hand"):
            return IllegalMove(Illegal.CHOICE_TOO_LATE, action=k)
        if k == "knock":
            if self.knocker is not None:
                return IllegalMove(Illegal.ALREADY_KNOCKED, seat=self.knocker)
            if self.phase == Phase.TURN:
                return IllegalMove(Illegal.KNOCK_NOT_YET, rule=self.rules.first_knock)
        if self.phase == Phase.DISCARD and k != ActionKind.DISCARD:
            return IllegalMove(Illegal.MUST_DISCARD, seat=p)
        if self.phase == Phase.TURN and k == ActionKind.DISCARD:
            return IllegalMove(Illegal.DRAW_FIRST)
        if k == "discard" and a.cards and a.cards[0] == self.taken and not self.rules.discard_taken:
            return IllegalMove(Illegal.TAKEN_CARD)
        if k in ("discard", "swap") and a.cards and a.cards[0] not in self.hands[p or 0]:
            return IllegalMove(Illegal.NOT_IN_HAND, seat=p, card=a.cards[0])
        if k == "swap" and len(a.cards) == 2 and a.cards[1] not in self.center:
            return IllegalMove(Illegal.NOT_IN_CENTER, card=a.cards[1])
        if k == "pass" and not self.rules.allow_pass:
            return IllegalMove(Illegal.NO_PASSING)
        if k == "swap all" and not self.rules.allow_swap_all:
            return IllegalMove(Illegal.NO_SWAP_ALL)
        return IllegalMove(Illegal.NOT_NOW)

    # -- applying actions -----------------------------------------------------------------
    def apply(self, action: Action | str) -> State:
        """The state after the player to act makes ``action``; this state is left unchanged.

        Raises :class:`IllegalActionError` (a ``ValueError``) saying why and what is legal.
        Each kind of action is one step below (``_draw_stock`` .. ``_exchange_hand``), found in ``_STEPS``.
        """
        a = action if type(action) is Action else parse_action(action)
        legal = self.__dict__.get("_legal") or self.legal_actions()
        if a not in legal:
            why = self.why_illegal(a)
            raise IllegalActionError(text().illegal_message(a, why, legal), why)  # words made now: shown as raised
        if a.kind == ActionKind.NEXT_ROUND:
            return self._next_round()
        p = self.current_player
        assert p is not None
        return _STEPS[a.kind](self, p, a)

    # -- the steps, one per kind of action: (state, player to act, a legal action) -> next state ----------
    def _draw_stock(self, p: int, a: Action) -> State:
        c = self.stock[0]
        hands = _set(self.hands, p, self.hands[p] + (c,))
        return self._evolve(hands=hands, stock=self.stock[1:], phase=Phase.DISCARD, taken=None,
                            _log=(self._log, Event(self.round, a.kind, p, (), (c,))))

    def _draw_discard(self, p: int, a: Action) -> State:
        c = self.discard_pile[-1]
        hands = _set(self.hands, p, self.hands[p] + (c,))
        return self._evolve(hands=hands, discard_pile=self.discard_pile[:-1], phase=Phase.DISCARD, taken=c,
                            known=_set(self.known, p, self.known[p] + (c,)),
                            _log=(self._log, Event(self.round, a.kind, p, (c,))))

    def _discard(self, p: int, a: Action) -> State:
        c = a.cards[0]
        hand = tuple([x for x in self.hands[p] if x != c])
        known = self.known
        if known[p]:
            known = _set(known, p, tuple([x for x in known[p] if x != c]))
        return self._end_turn(p, True, hands=_set(self.hands, p, hand), discard_pile=self.discard_pile + (c,),
                              taken=None, known=known, _log=(self._log, Event(self.round, a.kind, p, (c,))))

    def _knock(self, p: int, a: Action) -> State:
        return self._end_turn(p, False, knocker=p, _log=(self._log, Event(self.round, a.kind, p)))

    def _swap(self, p: int, a: Action) -> State:
        give, take = a.cards
        hand = self.hands[p]
        i = hand.index(give)
        hand = hand[:i] + (take,) + hand[i + 1:]
        center = self.center
        i = center.index(take)
        center = center[:i] + (give,) + center[i + 1:]
        mine = tuple([x for x in self.known[p] if x != give]) + (take,)
        return self._end_turn(p, True, hands=_set(self.hands, p, hand), center=center, passes=0,
                              known=_set(self.known, p, mine),
                              _log=(self._log, Event(self.round, a.kind, p, (give, take))))

    def _swap_all(self, p: int, a: Action) -> State:
        old = self.hands[p]
        return self._end_turn(p, True, hands=_set(self.hands, p, self.center), center=old, passes=0,
                              known=_set(self.known, p, self.center),
                              _log=(self._log, Event(self.round, a.kind, p, old + self.center)))

    def _pass(self, p: int, a: Action) -> State:
        passes = self.passes + 1 if self.knocker is None else self.passes
        log = (self._log, Event(self.round, a.kind, p))
        if self.knocker is None and passes >= self.out.count(False):
            return self._evolve(passes=passes, _log=log)._after_pass(p)
        return self._end_turn(p, False, passes=passes, _log=log)

    def _keep_hand(self, p: int, a: Action) -> State:
        log = (self._log, Event(self.round, a.kind, p))
        if self.phase == Phase.CHOICE:
            if self.rules.family == "commerce":
                log = (log, Event(self.round, "center", None, self.center))
            s = self._evolve(center_face_up=True, _log=log)
            return s._start_turn(self._next_seat(self.dealer))
        # first turn under left_of_dealer: counts as a pass and as that player's turn (decision 16)
        log = (log, Event(self.round, "center", None, self.center))
        s = self._evolve(center_face_up=True, passes=1, _log=log)
        return s._after_pass(p)

    def _take_center(self, p: int, a: Action) -> State:
        old = self.hands[p]
        log = (self._log, Event(self.round, a.kind, p, old, self.center))
        s = self._evolve(hands=_set(self.hands, p, self.center), center=old, center_face_up=True,
                         passes=0, _log=log)
        if self.phase == Phase.CHOICE:
            return s._after_choice(p)
        return s._after_turn(p, check=True)

    def _exchange_hand(self, p: int, a: Action) -> State:
        old = self.hands[p]
        new = self.stock[:3]
        stock = self._shuffled(self.stock[3:] + old)
        s = self._evolve(hands=_set(self.hands, p, new), stock=stock, shuffles=self.shuffles + 1,
                         _log=(self._log, Event(self.round, a.kind, p, (), new)))
        return s._after_choice(p)

    def _after_choice(self, p: int) -> State:
        """After the dealer took the other hand: 31 or Fire ends the round, else left of the dealer starts."""
        s = self._check_instant(p)
        return s if s.phase == Phase.OVER else s._start_turn(self._next_seat(self.dealer))

    def _shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        _RNG.seed(f"{self.seed}:{self.shuffles}")  # as random.Random(that string) would be
        order = list(cards)
        fast_shuffle(_RNG, order)
        return tuple(order)

    # -- turn flow ------------------------------------------------------------------------
    def _end_turn(self, p: int, check: bool, **changes: Any) -> State:
        """``p`` ends a turn with ``changes``: ``_evolve(**changes)._after_turn(p, check)``, in one
        step when the turn neither ends the round nor empties the stock (the common case)."""
        played = self.played
        changes["turns"] = self.turns + 1
        changes["played"] = played if played[p] else _set(played, p, True)
        changes["phase"] = Phase.TURN
        r = self.rules
        if check:
            hand = changes["hands"][p] if "hands" in changes else self.hands[p]
            if ((r.fire and len(hand) == 3 and hand[0] >= 48 and hand[1] >= 48 and hand[2] >= 48)
                    or (len(hand) == 3 and hand_value(hand, r) == 31)):
                return self._evolve(**changes)._check_instant(p)
        nxt = self._next_seat(p)
        knocker = changes["knocker"] if "knocker" in changes else self.knocker
        if knocker is not None and nxt == knocker:
            return self._evolve(**changes)._showdown(RoundEnd.KNOCK)
        if r.family == "draw" and not self.stock:
            return self._evolve(**changes)._start_turn(nxt)
        changes["current_player"] = nxt
        changes["taken"] = None
        changes["_legal"] = None
        new = object.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    def _after_turn(self, p: int, check: bool) -> State:
        s = self._evolve(turns=self.turns + 1, played=_set(self.played, p, True), phase=Phase.TURN)
        if check:
            s = s._check_instant(p)
            if s.phase == Phase.OVER:
                return s
        nxt = s._next_seat(p)
        if s.knocker is not None and nxt == s.knocker:
            return s._showdown(RoundEnd.KNOCK)
        return s._start_turn(nxt)

    def _after_pass(self, p: int) -> State:
        if self.knocker is None and self.passes >= self.out.count(False):
            if self.rules.all_pass == "showdown":
                s = self._evolve(turns=self.turns + 1, played=_set(self.played, p, True))
                return s._showdown(RoundEnd.ALL_PASS)
            if len(self.stock) < 3:  # decision 5: no new center to lay
                s = self._evolve(turns=self.turns + 1, played=_set(self.played, p, True))
                return s._showdown(RoundEnd.EMPTY_STOCK)
            new = self.stock[:3]
            s = self._evolve(out_of_play=self.out_of_play + self.center, center=new, stock=self.stock[3:],
                             passes=0, _log=(self._log, Event(self.round, "new center", None, new)))
            return s._after_turn(p, check=False)
        return self._after_turn(p, check=False)

    def _start_turn(self, p: int) -> State:
        s = self._evolve(current_player=p, phase=Phase.TURN, taken=None)
        if s.rules.family == "draw" and not s.stock:  # decision 17
            if len(s.discard_pile) <= 1:
                return s._showdown(RoundEnd.EMPTY_STOCK)
            stock = s._shuffled(s.discard_pile[:-1])
            s = s._evolve(stock=stock, discard_pile=s.discard_pile[-1:], shuffles=s.shuffles + 1,
                          _log=(s._log, Event(s.round, "reshuffle", None)))
        return s

    def _check_instant(self, p: int) -> State:
        """Fire, then 31, for a player who holds three cards (decision 14)."""
        hand = self.hands[p]
        r = self.rules
        if r.fire and len(hand) == 3 and all(c.rank == 12 for c in hand):
            return self._evolve(_log=(self._log, Event(self.round, "fire", p, hand)))._end_instant(RoundEnd.FIRE, [p])
        if hand_value(hand, r) == 31:
            return self._evolve(_log=(self._log, Event(self.round, "31", p, hand)))._end_instant(
                RoundEnd.THIRTY_ONE, [p])
        return self

    def _check_deal(self) -> State:
        """31 or Fire on the deal ends the round before the first turn (decisions 4 and 14)."""
        r = self.rules
        seats = self.active
        if r.fire:
            for p in seats:
                if all(c.rank == 12 for c in self.hands[p]):
                    s = self._evolve(_log=(self._log, Event(self.round, "fire", p, self.hands[p])))
                    return s._end_instant(RoundEnd.FIRE, [p])
        holders = [p for p in seats if hand_value(self.hands[p], r) == 31]
        if not holders:
            return self
        s = self
        for p in holders:
            s = s._evolve(_log=(s._log, Event(s.round, "31", p, s.hands[p])))
        return s._end_instant(RoundEnd.THIRTY_ONE, holders)

    def _end_instant(self, how: str, holders: list[int]) -> State:
        """A round ended at once by a 31 or Feuer: ``holders`` hold it (the judge reads ``instant_31``)."""
        return self._judge(how, holders)

    def _scores(self) -> tuple[Score | None, ...]:
        r = self.rules
        return tuple([None if o else (dealt_score(h, r) if len(h) == 3 else score(h, r))
                      for o, h in zip(self.out, self.hands)])

    def _showdown(self, how: str) -> State:
        """Compare hands: the lowest (or everyone under 21) loses, with the knocker's rules (decision 15)."""
        return self._judge(how, ())

    def _judge(self, how: str, holders: Sequence[int]) -> State:
        scores = self._scores()
        winner, lowest, losses, reasons = judge(self.rules, scores, self.knocker, how, holders)
        return self._finish(how, scores, winner, lowest, losses, reasons, tuple(holders))

    def _finish(self, how: str, scores: tuple[Score | None, ...], winner: int | None, lowest: tuple[int, ...],
                losses: list[int], reasons: list[Loss | None], holders: tuple[int, ...] = ()) -> State:
        lives = list(self.lives)
        out = list(self.out)
        swim = self.rules.swimming
        for seat, n in enumerate(losses):
            for _life in range(n):  # decision 2: one life at a time
                if out[seat]:
                    break
                if lives[seat] > 0:
                    lives[seat] -= 1
                    if lives[seat] == 0 and not swim:
                        out[seat] = True
                else:
                    out[seat] = True
        void = all(out[s] for s in self.active)  # decision 3
        hands = tuple(None if self.out[i] else h for i, h in enumerate(self.hands))
        result = RoundResult(self.round, how, hands, scores, self.knocker, winner, lowest,
                             tuple(0 for _ in losses) if void else tuple(losses),
                             tuple(None for _ in reasons) if void else tuple(reasons), void, holders)
        # the showdown names who ended the round: the knocker, or the one player who showed 31 or Feuer
        who = self.knocker if how == RoundEnd.KNOCK else (holders[0] if len(holders) == 1 else None)
        log = (self._log, Event(self.round, "showdown", who, note=how, values=result.values))
        if void:
            log = (log, Event(self.round, "void", None))
            return self._evolve(phase=Phase.OVER, current_player=None, result=result, _log=log)
        for seat, n in enumerate(losses):
            if n:
                log = (log, Event(self.round, "lose", seat, loss=reasons[seat]))
                if out[seat]:
                    log = (log, Event(self.round, "out", seat))
                elif lives[seat] == 0 and self.lives[seat] > 0 and swim:
                    log = (log, Event(self.round, "swimming", seat))
        left = [s for s in range(len(out)) if not out[s]]
        if len(left) == 1:
            log = (log, Event(self.round, "winner", left[0]))
        return self._evolve(phase=Phase.OVER, current_player=None, result=result, lives=tuple(lives),
                            out=tuple(out), _log=log)

    def _next_round(self) -> State:
        void = self.result is not None and self.result.void
        dealer = self.dealer if void else self._next_seat(self.dealer)  # decisions 3, 11
        return self._deal(self._shuffled(_DECKS[self.rules.deck]), self.shuffles + 1, self.round + 1, dealer)

    def _deal(self, order: Sequence[Card], shuffles: int, round_: int | None = None,
              dealer: int | None = None) -> State:
        """Deal a full deck given top card first (decision 1), for round ``round_`` dealt by ``dealer``."""
        rnd = self.round if round_ is None else round_
        dealer = self.dealer if dealer is None else dealer
        out = self.out
        n = len(out)
        seats = [s for s in [(dealer + k) % n for k in range(1, n + 1)] if not out[s]]
        m = len(seats)
        hands: list[tuple[Card, ...]] = [()] * n
        for j, seat in enumerate(seats):
            hands[seat] = tuple(order[j:3 * m:m])
        i = 3 * m
        r = self.rules
        log: Any = (self._log, Event(rnd, "deal", dealer))
        center: tuple[Card, ...] = ()
        discard: tuple[Card, ...] = ()
        commerce = r.family == "commerce"
        if commerce:
            center = tuple(order[i:i + 3])
            i += 3
        else:
            discard = (order[i],)
            i += 1
            log = (log, Event(rnd, "first discard", None, discard))
        face_up = commerce and r.first_choice is None
        if face_up:
            log = (log, Event(rnd, "center", None, center))
        if (commerce and r.first_choice == "dealer") or (not commerce and r.dealer_exchange):
            phase, first = Phase.CHOICE, dealer
        elif commerce and r.first_choice == "left_of_dealer":
            phase, first = Phase.FIRST, seats[0]
        else:  # the stock cannot be empty at the deal, so no reshuffle (decision 17) is due
            phase, first = Phase.TURN, seats[0]
        st = self._evolve(
            round=rnd, dealer=dealer,
            hands=tuple(hands), stock=tuple(order[i:]), discard_pile=discard, center=center,
            center_face_up=face_up, out_of_play=(), phase=phase, current_player=first, knocker=None,
            turns=0, played=(False,) * n, passes=0, taken=None, result=None, known=((),) * n,
            shuffles=shuffles, _log=log)
        return st._check_deal()

    # -- what a player may see ---------------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (decision 19): bots and the card table decide from this alone."""
        if not 0 <= player < self.players:
            raise ValueError(f"player must be a seat from 0 to {self.players - 1}, not {player!r}")
        over = self.phase == Phase.OVER
        return PlayerView(
            player=player, rules=self.rules, round=self.round, dealer=self.dealer, lives=self.lives,
            out=self.out, current_player=self.current_player, phase=self.phase,
            hand=self.hands[player],
            hands=self.hands if over else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            center=self.center if self.center_face_up else None,
            discard_pile=self.discard_pile, stock_count=len(self.stock), out_of_play=self.out_of_play,
            knocker=self.knocker, turns=self.turns, played=self.played, passes=self.passes,
            known=self.known, taken=self.taken, result=self.result, _log=self._log,
            legal_actions=self.legal_actions() if self.current_player == player else (),
        )


_STEPS: dict[str, Any] = {
    ActionKind.DRAW_STOCK: State._draw_stock, ActionKind.DRAW_DISCARD: State._draw_discard,
    ActionKind.DISCARD: State._discard, ActionKind.KNOCK: State._knock, ActionKind.SWAP: State._swap,
    ActionKind.SWAP_ALL: State._swap_all, ActionKind.PASS: State._pass, ActionKind.KEEP_HAND: State._keep_hand,
    ActionKind.TAKE_CENTER: State._take_center, ActionKind.EXCHANGE_HAND: State._exchange_hand,
}
"""Each kind of action (but ``next round``) → the :class:`State` step that applies it."""


def _walk(log: Any, round_: int | None = None, viewer: int | None = None,
          shown: int | None = None) -> tuple[Event, ...]:
    """The events of a log, oldest first; only round ``round_`` if given. With ``viewer``: the
    secrets of other players hidden, except those of round ``shown`` (a round that is over)."""
    out = []
    node = log
    while node is not None:
        node, e = node
        if round_ is not None and e.round != round_:
            break
        if viewer is not None and e.secret and e.player != viewer and e.round != shown:
            e = e._replace(secret=())
        out.append(e)
    out.reverse()
    return tuple(out)



def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


@dataclass(frozen=True)
class PlayerView:
    """What one player may see of a state (docs/rules.md decision 19)."""

    player: int
    rules: Rules
    round: int
    dealer: int
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    current_player: int | None
    phase: str
    hand: tuple[Card, ...]
    """This player's own hand."""
    hands: tuple[tuple[Card, ...], ...] | None
    """Every hand, once the round is over; otherwise ``None``."""
    hand_sizes: tuple[int, ...]
    center: tuple[Card, ...] | None
    """The center cards when face up; ``None`` while face down."""
    discard_pile: tuple[Card, ...]
    stock_count: int
    out_of_play: tuple[Card, ...]
    knocker: int | None
    turns: int
    played: tuple[bool, ...]
    """Seats that have had a turn this round."""
    passes: int
    known: tuple[tuple[Card, ...], ...]
    """Cards everyone saw go into each hand (from the discard pile or the center) and still there."""
    taken: Card | None
    result: RoundResult | None
    legal_actions: tuple[Action, ...]
    """What this player may do now (empty when it is not their turn)."""
    _log: Any = field(default=None, repr=False, compare=False)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, without what a stock draw or a face-down center showed someone else
        (all hands are shown once the round is over)."""
        return _walk(self._log, None, self.player, self.round if self.phase == Phase.OVER else None)

    def round_events(self) -> tuple[Event, ...]:
        """The events of this round, as :attr:`events` shows them."""
        return _walk(self._log, self.round, self.player, self.round if self.phase == Phase.OVER else None)

    @property
    def players(self) -> int:
        return len(self.lives)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.out) if not o)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this player cannot place: in the stock, in other hands (bar known cards) or a face-down center."""
        seen = set(self.hand) | set(self.discard_pile) | set(self.out_of_play)
        if self.center is not None:
            seen |= set(self.center)
        for i, k in enumerate(self.known):
            if i != self.player:
                seen |= set(k)
        return tuple(c for c in deck(self.rules.deck) if c not in seen)

    def collected(self) -> dict[int, tuple[Card, ...]]:
        """Cards each other player picked up from the discard pile or the center this round (the Scat rule page's advice)."""
        got: dict[int, tuple[Card, ...]] = {}
        for e in self.round_events():
            if e.player is None or e.player == self.player:
                continue
            if e.kind == "draw discard":
                got[e.player] = got.get(e.player, ()) + e.cards
            elif e.kind == "swap":
                got[e.player] = got.get(e.player, ()) + e.cards[1:]
            elif e.kind == "swap all":
                got[e.player] = got.get(e.player, ()) + e.cards[3:]
        return got

    def _repr_html_(self) -> str:
        """What this player sees, as a notebook shows it: their own hand face up, the others face down
        (all face up once the round is over), the table, whose turn it is."""
        hands: list[tuple[Card, ...] | None] = (
            list(self.hands) if self.hands is not None
            else [self.hand if i == self.player else None for i in range(self.players)])
        return text().game_html(self, hands, self.stock_count, self.center or (), self.center is not None,
                                self.legal_actions, self.player)


def new_game(rules: Rules | str | None = None, players: int = 4, seed: int | None = None,
             deck: Sequence[Card] | str | None = None, lives: Sequence[int] | None = None) -> State:
    """Deal the first round of a game.

    ``rules``: a :class:`Rules` or a preset name (default ``scat``). ``players``: 2..8 with 32
    cards, 2..9 with 52 (decision 12). ``seed``: every shuffle of the game follows from it
    (random if ``None``). ``deck``: cards to put on top of the deck, top first, the rest
    shuffled under them by the seed; dealing follows decision 1, so a lesson can stage any
    situation. Seat 0 deals the first round.
    """
    r = Rules.preset(rules) if isinstance(rules, str) else (rules if rules is not None else Rules())
    if not isinstance(r, Rules):
        raise ValueError(f"rules must be a Rules or a preset name, not {rules!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= r.max_players:
        raise ValueError(f"players must be 2 to {r.max_players} with the {r.deck}-card deck, not {players!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    top = parse_cards(deck, r.deck) if deck is not None else ()
    full = _deck(r.deck)
    rest = [c for c in full if c not in top]
    random.Random(f"{seed}:0").shuffle(rest)
    if lives is None:
        start_lives = (r.lives,) * players
    else:
        start_lives = tuple(lives)
        if len(start_lives) != players or any(not isinstance(x, int) or x < 0 for x in start_lives):
            raise ValueError(f"lives must give {players} whole numbers ≥ 0, not {lives!r}")
    s = object.__new__(State)
    s.__dict__.update(
        rules=r, seed=seed, round=1, dealer=0, lives=start_lives, out=(False,) * players,
        hands=((),) * players, stock=(), discard_pile=(), center=(), center_face_up=False, out_of_play=(),
        phase=Phase.TURN, current_player=None, knocker=None, turns=0, played=(False,) * players, passes=0,
        taken=None, result=None, known=((),) * players, shuffles=0, _log=None)
    return s._deal(top + tuple(rest), 1)


_deck = deck


def from_view(view: PlayerView, hands: Sequence[Sequence[Card]], stock: Sequence[Card],
              center: Sequence[Card] | None = None, seed: int = 0) -> State:
    """A full state consistent with what ``view`` shows, with the hidden cards filled in.

    Bots use it to sample ("determinize") the cards they cannot see: ``hands`` gives every
    seat's hand (the viewer's own must match), ``stock`` the stock top first, ``center`` the
    face-down center. The new state has no event history.
    """
    if tuple(hands[view.player]) != view.hand:
        raise ValueError("from_view: the viewer's own hand must stay as the view shows it")
    s = object.__new__(State)
    s.__dict__.update(
        rules=view.rules, seed=seed, round=view.round, dealer=view.dealer, lives=view.lives, out=view.out,
        hands=tuple(tuple(h) for h in hands), stock=tuple(stock), discard_pile=view.discard_pile,
        center=tuple(center) if center is not None else (view.center or ()),
        center_face_up=view.center is not None, out_of_play=view.out_of_play, phase=Phase(view.phase),
        current_player=view.current_player, knocker=view.knocker, turns=view.turns, played=view.played,
        passes=view.passes, taken=view.taken, result=view.result, known=view.known, shuffles=0, _log=None)
    return s
