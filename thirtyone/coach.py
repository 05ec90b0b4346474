"""The coach of lesson 6: the best move for the player to act, with its numbers, and a record of a whole game.

* :func:`coach` — for the player whose turn it is, from their view only (``state.view(player)``,
  never the hidden cards): every sensible move (the expert bot's candidates; every throw) is played
  on in the same sampled continuations (the unseen cards dealt consistently with the view and read from the
  others' moves, everyone then playing greedy moves and knocking as their earlier knocks suggest, as
  :class:`~thirtyone.bots.ExpertBot` assumes: :mod:`thirtyone.reading`); the move with the fewest expected lives
  lost is the advice, with a 95% interval for each. What it read is :attr:`Advice.read`.
* When a knock is legal, the coach's knock verdict (:attr:`Advice.knock`) is read off **the same
  table**: the knock's row against the best other move's row. Lesson 5's
  :func:`~thirtyone.analysis.knock_advice` estimates the same thing (knock now against playing on,
  everyone then playing that policy) from other samples; asking both showed two numbers for one
  knock (16% in the table, 18% in the sentence), so the coach no longer asks it: every number the
  coach shows is one of its table's, but what its move saves against the second best (:attr:`Advice.saves`,
  lives per 100 rounds): the two rows' difference, with the paired 95% interval of the same play-outs. When the two rows' 95% intervals overlap, the verdict is that
  the moves are about as good, never that one is wrong; it names the situation it judged (the
  hand's value, the players still in, the turns played, and that each other player has one more
  turn to improve after a knock).
* :class:`GameRecord` — fed every state of a game (:meth:`GameRecord.observe`): the lives of every
  seat after each round, the learner's knocks with the coach's verdict at that moment, and how often
  the learner asked the coach and followed it; :meth:`GameRecord.summary` says it in sentences.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import names
from .analysis import Estimate, KnockAdvice
from .bots import Bot, ExpertBot, knock_rule
from .cards import Card
from .game import Action, PlayerView, State
from .i18n import N_, _, card_text, fixed, grouped, ngettext, number, percent
from .narration import the_card
from .policy import best_discard, hand_keeps
from .reading import Read, TableRead
from .scoring import hand_values
from .stats import paired

__all__ = ["MoveEstimate", "Advice", "Departure", "coach", "coach_losses", "CoachBot", "COACH_ROLLOUTS", "describe_move",
           "throws_back", "move_sentence", "keep_text", "keep_headline", "departure_text", "KnockRecord", "GameRecord"]


@dataclass(frozen=True)
class MoveEstimate:
    """One candidate move and what it costs over the sampled continuations."""

    action: Action
    words: str
    """The move in plain words: ``"take the 9♥ from the discard pile"``."""
    estimate: Estimate
    """Expected lives lost (with a 95% interval) and the chance of losing a life."""
    ing: str = ""
    """The move as a noun (``"drawing from the stock"``; Spanish ``"robar del mazo"``): ``describe_move(...,
    ing=True)``."""


@dataclass(frozen=True)
class Departure:
    """Where the coach's advice departs from the knock rule lesson 5 teaches (the intermediate bots' rule for this
    rule set and the players still in, :func:`thirtyone.bots.knock_rule`), with the numbers that say why. Codes and
    numbers only: :func:`departure_text` says it in the language in use."""

    rule: str
    """``"knock"``: the rule says knock now and the coach advises another move; ``"wait"``: the rule says not yet
    and the coach advises knocking."""
    why: str
    """What in the rule decides: ``"threshold"`` (the hand's value against the threshold) or ``"patience"`` (every
    player still in has had ``patience`` turns: the rule knocks whatever the hand)."""
    threshold: float
    """The rule's threshold at this turn."""
    patience: int
    """Turns each player still in has before the rule knocks whatever the hand."""
    players: int
    """Players still in (the rule depends on them)."""
    value: float
    """The learner's hand value."""
    turns: int
    """Turns played this round."""
    saves: float
    """Lives per 100 rounds the coach's move saves against the rule's move (knocking, or for ``"wait"`` the best
    move other than a knock), in the same play-outs."""
    half: float
    """Half the paired 95% interval of ``saves``."""
    rollouts: int
    """Play-outs of each of the two moves."""

    @property
    def close(self) -> bool:
        """The saving's interval includes 0: the rule's move is about as good."""
        return self.saves - self.half <= 0


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one moment of a game."""

    player: int
    round: int
    turns: int
    """Turns taken in the round when the advice was given (with ``round`` and ``phase``: which moment it is for)."""
    phase: str
    best: Action
    moves: tuple[MoveEstimate, ...]
    """Every move compared, fewest expected lives lost first (the best is first)."""
    knock: KnockAdvice | None
    """The knock verdict, when a knock is legal now: the table's knock row (``knock.knock``) against its
    best other move (``knock.play_on``), with the situation and the verdict in ``knock.explanation``."""
    explanation: str
    """Why the best move (named in :attr:`headline`), in whole sentences quoting the table's numbers: the next best
    move, what each loses, what the best saves against it."""
    seconds: float
    """How long the coach thought."""
    situation: str = ""
    """When a knock is legal: the situation the knock verdict judged, in sentences (see :func:`situation`)."""
    verdict_text: str = ""
    """When a knock is legal: the best move other than a knock and the verdict, in whole sentences without numbers
    (they are the table's)."""
    saves: tuple[float, float] | None = None
    """Lives per 100 rounds the best move saves against the second best, in the same play-outs, with half its
    paired 95% interval (``None`` with one move): what following the coach is worth here."""
    throw_back: Card | None = None
    """The discard pile's top card when taking it is, in the play-outs, followed by throwing that same card straight
    back: the hand stays as it is (:func:`throws_back`); else ``None``."""
    value: float | None = None
    """The learner's hand value (``None`` while a hand is not whole)."""
    departure: Departure | None = None
    """Where the advice departs from lesson 5's knock rule, and why (``None`` where it does not)."""
    headline: str = ""
    """The advice in one whole sentence, naming the move: ``"The coach advises you to draw from the stock."``
    (:func:`move_sentence`; :func:`keep_headline` says advice that keeps the hand)."""
    read: Read | None = None
    """What the coach read of the table (:class:`thirtyone.reading.Read`, codes and numbers): for each other player
    still in, the suit they most likely collect with its chance against a random deal's, and when they knock."""

    @property
    def keeps_hand(self) -> bool:
        """The advice is to take the discard pile's top card and throw it straight back: keep the hand."""
        return self.throw_back is not None and self.best.kind == "draw discard"

    @property
    def best_move(self) -> MoveEstimate:
        return next(m for m in self.moves if m.action == self.best)

    @property
    def knock_move(self) -> MoveEstimate | None:
        """The knock's row of the table (``None`` when a knock is not legal)."""
        return next((m for m in self.moves if m.action.kind == "knock"), None)

    @property
    def other_move(self) -> MoveEstimate | None:
        """The best move other than a knock (``None`` when there is none)."""
        return next((m for m in self.moves if m.action.kind != "knock"), None)

    @property
    def knock_verdict(self) -> str | None:
        """``"knock"``, ``"play on"`` or ``"about as good"`` (the two rows' 95% intervals overlap);
        ``None`` when a knock is not legal or there is no other move."""
        k, o = self.knock_move, self.other_move
        if k is None or o is None:
            return None
        if overlap(k.estimate, o.estimate):
            return "about as good"
        return "knock" if k.estimate.expected_lives < o.estimate.expected_lives else "play on"

    def is_for(self, state: State) -> bool:
        """Whether this advice was given for the moment ``state`` shows."""
        return (state.current_player == self.player and state.round == self.round and state.turns == self.turns
                and state.phase == self.phase)


def overlap(a: Estimate, b: Estimate) -> bool:
    """Whether two estimates' 95% intervals for lives lost overlap: then the moves are about as good."""
    return a.expected_ci[0] <= b.expected_ci[1] and b.expected_ci[0] <= a.expected_ci[1]


def lives_text(x: float) -> str:
    """Expected lives lost as the coach's table shows it (``"0.35"``; Spanish ``"0,35"``)."""
    return fixed(x, 2)


def interval_text(e: Estimate) -> str:
    """A 95% interval for lives lost as the table shows it (``"0.30 to 0.40"``)."""
    return _("{low} to {high}").format(low=lives_text(e.expected_ci[0]), high=lives_text(e.expected_ci[1]))


def chance_text(x: float) -> str:
    """A chance as the table shows it (``"31%"``)."""
    return percent(100 * x)


_MOVE_WORDS = {
    "knock": (N_("knock"), N_("knocking")),
    "swap all": (N_("swap all three cards"), N_("swapping all three cards")),
    "pass": (N_("pass"), N_("passing")),
    "keep hand": (N_("keep your hand"), N_("keeping your hand")),
    "take center": (N_("take the center hand"), N_("taking the center hand")),
    "exchange hand": (N_("exchange your hand"), N_("exchanging your hand")),
}
"""The moves without cards in words: as a verb (``describe_move``) and as a noun (``ing=True``)."""


def describe_move(action: Action, view: PlayerView, ing: bool = False, back: bool = False) -> str:
    """A move in plain words, for the learner whose view it is; ``ing``: as a noun, ``"drawing from the stock"``
    (what a sentence compares: "knocking and drawing from the stock are about as good"); ``back``: taking the
    discard is followed by throwing it straight back (:func:`throws_back`)."""
    k = action.kind
    if k == "draw stock":
        return _("drawing from the stock") if ing else _("draw from the stock")
    if k == "draw discard":
        if not view.discard_pile:
            return _("taking the discard") if ing else _("take the discard")
        top = the_card(view.discard_pile[-1])
        if back:
            return (_("taking {the_card} from the discard pile and throwing it straight back") if ing else
                    _("take {the_card} from the discard pile and throw it straight back")).format(the_card=top)
        return (_("taking {the_card} from the discard pile") if ing else _("take {the_card} from the discard pile")
                ).format(the_card=top)
    if k == "discard":
        return (_("throwing {the_card}") if ing else _("throw {the_card}")).format(the_card=the_card(action.cards[0]))
    if k == "swap":
        return (_("swapping your {mine} for {the_card}") if ing else _("swap your {mine} for {the_card}")).format(
            mine=card_text(action.cards[0]), the_card=the_card(action.cards[1]))
    if k in _MOVE_WORDS:
        return _(_MOVE_WORDS[k][ing])
    return k


_SAID: dict[str, dict[str, str]] = {
    "advise": {
        "draw stock": N_("The coach advises you to draw from the stock."),
        "draw discard": N_("The coach advises you to take {the_card} from the discard pile."),
        "draw discard back": N_("The coach advises you to take {the_card} from the discard pile and throw it "
                                "straight back."),
        "draw discard empty": N_("The coach advises you to take the discard."),
        "discard": N_("The coach advises you to throw {the_card}."),
        "swap": N_("The coach advises you to swap your {mine} for {the_card}."),
        "knock": N_("The coach advises you to knock."),
        "swap all": N_("The coach advises you to swap all three cards."),
        "pass": N_("The coach advises you to pass."),
        "keep hand": N_("The coach advises you to keep your hand."),
        "take center": N_("The coach advises you to take the center hand."),
        "exchange hand": N_("The coach advises you to exchange your hand."),
    },
    "next": {
        "draw stock": N_("The next best move is to draw from the stock."),
        "draw discard": N_("The next best move is to take {the_card} from the discard pile."),
        "draw discard back": N_("The next best move is to take {the_card} from the discard pile and throw it "
                                "straight back."),
        "draw discard empty": N_("The next best move is to take the discard."),
        "discard": N_("The next best move is to throw {the_card}."),
        "swap": N_("The next best move is to swap your {mine} for {the_card}."),
        "knock": N_("The next best move is to knock."),
        "swap all": N_("The next best move is to swap all three cards."),
        "pass": N_("The next best move is to pass."),
        "keep hand": N_("The next best move is to keep your hand."),
        "take center": N_("The next best move is to take the center hand."),
        "exchange hand": N_("The next best move is to exchange your hand."),
    },
    "play on": {
        "draw stock": N_("If you play on, your best move is to draw from the stock."),
        "draw discard": N_("If you play on, your best move is to take {the_card} from the discard pile."),
        "draw discard back": N_("If you play on, your best move is to take {the_card} from the discard pile and "
                                "throw it straight back."),
        "draw discard empty": N_("If you play on, your best move is to take the discard."),
        "discard": N_("If you play on, your best move is to throw {the_card}."),
        "swap": N_("If you play on, your best move is to swap your {mine} for {the_card}."),
        "swap all": N_("If you play on, your best move is to swap all three cards."),
        "pass": N_("If you play on, your best move is to pass."),
        "keep hand": N_("If you play on, your best move is to keep your hand."),
        "take center": N_("If you play on, your best move is to take the center hand."),
        "exchange hand": N_("If you play on, your best move is to exchange your hand."),
    },
    "had played on": {
        "draw stock": N_("If you had played on, your best move would have been to draw from the stock."),
        "draw discard": N_("If you had played on, your best move would have been to take {the_card} from the "
                           "discard pile."),
        "draw discard back": N_("If you had played on, your best move would have been to take {the_card} from the "
                                "discard pile and throw it straight back."),
        "draw discard empty": N_("If you had played on, your best move would have been to take the discard."),
        "discard": N_("If you had played on, your best move would have been to throw {the_card}."),
        "swap": N_("If you had played on, your best move would have been to swap your {mine} for {the_card}."),
        "swap all": N_("If you had played on, your best move would have been to swap all three cards."),
        "pass": N_("If you had played on, your best move would have been to pass."),
        "keep hand": N_("If you had played on, your best move would have been to keep your hand."),
        "take center": N_("If you had played on, your best move would have been to take the center hand."),
        "exchange hand": N_("If you had played on, your best move would have been to exchange your hand."),
    },
}
"""The coach's sentences that name a move, one whole sentence per kind of move for each thing the coach says of
it (so that each language words the move as that sentence needs, never a move's words glued into a frame):
``"advise"`` its advice (the headline), ``"next"`` the runner-up, ``"play on"`` the best move other than a
knock, ``"had played on"`` the same said afterwards of a knock the learner made (:meth:`GameRecord.knock_lines`)."""


def move_sentence(role: str, action: Action, top: Card | None = None, back: bool = False) -> str:
    """A whole sentence of :data:`_SAID` naming ``action``: ``role`` is one of its keys; ``top``: the discard
    pile's top card when the move was weighed (what taking the discard takes); ``back``: taking the discard is
    followed by throwing it straight back (:func:`throws_back`)."""
    k = action.kind
    fields: dict[str, str] = {}
    if k == "draw discard":
        if top is None:
            k = "draw discard empty"
        else:
            fields["the_card"] = the_card(top)
            k = "draw discard back" if back else k
    elif k == "discard":
        fields["the_card"] = the_card(action.cards[0])
    elif k == "swap":
        fields.update(mine=card_text(action.cards[0]), the_card=the_card(action.cards[1]))
    said = _SAID[role]
    if k not in said:
        raise ValueError(f"the coach has no {role!r} sentence for {str(action)!r}")
    return _(said[k]).format(**fields)


def throws_back(view: PlayerView) -> bool:
    """Whether taking the discard pile's top card now is followed, in the coach's play-outs, by throwing that same
    card straight back (the play-outs throw as :func:`thirtyone.policy.best_discard` does): the hand stays as it
    is. Only at the start of a turn of a draw game whose rules let the taken card go back (``discard_taken``)."""
    r = view.rules
    if (r.family != "draw" or view.phase != "turn" or not view.discard_pile or not r.discard_taken
            or len(view.hand) != 3):
        return False
    top = view.discard_pile[-1]
    return best_discard(hand_keeps(r), tuple(view.hand) + (top,)) == top


def _candidates(bot: ExpertBot, view: PlayerView) -> list[Action]:
    """The moves to compare: every throw, every draw and knock, the commerce moves worth comparing."""
    legal = list(view.legal_actions)
    if view.phase in ("discard", "choice", "first") or view.rules.family == "draw":
        return legal
    return bot.candidates(view)


def coach(state: State, player: int | None = None, rollouts: int = 200, seed: int = 0,
          knock_rollouts: int = 500) -> Advice:
    """The best move for ``player`` (the player to act), from their view only, with its numbers.

    Every move is compared over the same ``rollouts`` sampled continuations; when a knock is legal,
    over ``max(rollouts, knock_rollouts)`` of them (a knock verdict needs narrower intervals), and the
    knock verdict is read off that one table. Seeded: the same state and seed give the same advice.
    Raises ``ValueError`` when it is not ``player``'s turn (or the round is over).
    """
    t0 = time.perf_counter()
    p = state.current_player if player is None else player
    if p is None or p != state.current_player or state.phase == "over":
        raise ValueError("the coach advises the player whose turn it is"
                         f" (now: player {state.current_player}, phase {state.phase!r})")
    if rollouts < 2:
        raise ValueError(f"rollouts must be at least 2, not {rollouts}")
    view = state.view(p)
    cands, losses = coach_losses(view, rollouts, knock_rollouts, seed)
    read = TableRead(view).summary(seed)
    back = throws_back(view)
    order = sorted(range(len(cands)), key=lambda i: (sum(losses[cands[i]]), i))
    moves = tuple(MoveEstimate(cands[i], describe_move(cands[i], view, back=back),
                               Estimate.from_losses(str(cands[i]), losses[cands[i]]),
                               describe_move(cands[i], view, True, back=back))
                  for i in order)
    best = moves[0]
    top = view.discard_pile[-1] if view.discard_pile else None
    knock, where, verdict = (_knock_verdict(state, p, moves, top, back) if Action("knock") in cands
                             else (None, "", ""))
    saves = None
    if len(moves) > 1:
        diff, half = paired(losses[moves[1].action], losses[best.action])
        saves = (100 * diff, 100 * half)
    value = hand_values(view.rules)[tuple(view.hand)] if len(view.hand) == 3 else None
    departure = _departure(view, moves, losses, value) if value is not None else None
    return Advice(p, state.round, state.turns, state.phase, best.action, moves, knock,
                  _explain(moves, saves, top, back), time.perf_counter() - t0, where, verdict, saves,
                  top if back else None, value, departure, move_sentence("advise", best.action, top, back), read)


def _departure(view: PlayerView, moves: Sequence[MoveEstimate], losses: dict[Action, list[int]], value: float
               ) -> Departure | None:
    """Where the table's best move departs from lesson 5's knock rule (the intermediate bots' rule for these rules
    and the players still in), with the paired saving of the coach's move against the rule's move."""
    knock = Action("knock")
    if view.phase != "turn" or knock not in losses or len(moves) < 2:
        return None
    players = len(view.active)
    rule = knock_rule("intermediate", view.rules, players)
    says = bool(rule.says_knock(value, view.turns))
    best = moves[0].action
    if says == (best == knock):
        return None
    if says:  # the rule knocks; the coach's move saves this much against the knock
        rival, why = knock, ("patience" if rule.patience_over(view.turns) else "threshold")
    else:  # the rule waits; the knock saves this much against the best other move
        rival, why = next(m.action for m in moves if m.action != knock), "threshold"
    diff, half = paired(losses[rival], losses[best])
    threshold = rule.threshold_at(view.turns)
    return Departure("knock" if says else "wait", why, float(threshold if threshold is not None else 0.0),
                     rule.patience, players, value, view.turns, 100 * diff, 100 * half, len(losses[best]))


COACH_ROLLOUTS = 1000
"""Play-outs per move of the coach a learner meets in lesson 6 (:class:`thirtyone.widgets.play.PlayGame`) and of
:class:`CoachBot`, every move the same number. With 200 (500 when a knock is legal) the coach, always followed,
lost 0.013 ± 0.013 lives a round more than the expert bot (Scat, 4 players, 4,000 deals against intermediates):
it compares every throw, where the expert compares the best two, and a few hundred play-outs cannot tell four
throws apart."""


def coach_losses(view: PlayerView, rollouts: int = 200, knock_rollouts: int = 500, seed: int = 0
                 ) -> tuple[list[Action], dict[Action, list[int]]]:
    """The moves the coach compares for the player of ``view`` and the lives lost in each play-out after each:
    ``rollouts`` play-outs in the same sampled worlds, ``max(rollouts, knock_rollouts)`` when a knock is legal.
    The move that lost the fewest (the first listed of equals) is the coach's advice (:func:`coach`)."""
    bot = ExpertBot(seed=seed)
    cands = _candidates(bot, view)
    n = max(rollouts, knock_rollouts) if Action("knock") in cands else rollouts
    return cands, bot.evaluate(view, cands, n)


class CoachBot(Bot):
    """The coach as a player: on each turn it makes the move :func:`coach` advises (:func:`coach_losses`, the same
    play-outs), seeded afresh for each decision from its own generator; what a learner who always follows the
    coach plays. ``python -m thirtyone strength --bots coach`` (``thirtyone.strength``) measures it."""

    name = "coach"

    def __init__(self, seed: int | None = None, rollouts: int = COACH_ROLLOUTS,
                 knock_rollouts: int = COACH_ROLLOUTS) -> None:
        super().__init__(seed)
        self.rollouts = rollouts
        self.knock_rollouts = knock_rollouts

    def choose(self, view: PlayerView) -> Action:
        only = self.only_move(view)
        if only is not None:
            return only
        cands, losses = coach_losses(view, self.rollouts, self.knock_rollouts, self.rng.randrange(2**32))
        return min(cands, key=lambda a: (sum(losses[a]), cands.index(a)))


def _explain(moves: Sequence[MoveEstimate], saves: tuple[float, float] | None = None, top: Card | None = None,
             back: bool = False) -> str:
    """Why the best move (the headline names it), in the table's own numbers: the next best move in a sentence of
    its own, what each loses, and what the best saves against it in lives per 100 rounds (``saves``: mean and
    half its paired interval). ``top`` and ``back``: the discard pile's top card and whether taking it throws it
    straight back (:func:`move_sentence`)."""
    best = moves[0]
    e = best.estimate
    if len(moves) == 1:
        return _("It is your only sensible move: it loses {lives} lives on average.").format(
            lives=lives_text(e.expected_lives))
    nxt = moves[1]
    ne = nxt.estimate
    text = move_sentence("next", nxt.action, top, back) + " " + _(
        "The coach's move loses the fewest lives on average, {lives} ({percent} interval {low} to {high}); the "
        "next best loses {other_lives} ({other_low} to {other_high}).").format(
        lives=lives_text(e.expected_lives), percent=percent(95, compound=True), low=lives_text(e.expected_ci[0]),
        high=lives_text(e.expected_ci[1]), other_lives=lives_text(ne.expected_lives),
        other_low=lives_text(ne.expected_ci[0]), other_high=lives_text(ne.expected_ci[1]))
    if saves is None:
        if overlap(e, ne):
            text += " " + _("The intervals overlap: the two moves are about as good.")
        return text
    mean, half = saves
    text += " " + _("In the same simulation the coach's move saves {saves} lives per 100 rounds against the next "
                    "best ({percent} interval {low} to {high}).").format(
        saves=fixed(mean, 1), percent=percent(95, compound=True), low=fixed(mean - half, 1),
        high=fixed(mean + half, 1))
    if mean - half <= 0:
        text += " " + _("That interval includes 0: the two moves are about as good.")
    return text


def keep_headline(advice: Advice) -> str:
    """The headline of advice that keeps the hand, a whole sentence: keep it, take the top card and throw it straight
    back (``""`` for other advice)."""
    card = advice.throw_back
    if card is None or not advice.keeps_hand:
        return ""
    text = card_text(card)  # as the page's decks print it ("D♥" in German)
    if str(card)[:1] in ("Q", "J"):  # a queen and a jack are feminine in Spanish: a sentence of their own
        return _("The coach: Keep your hand. Take the {queen_or_jack} from the discard pile and throw it straight "
                 "back.").format(queen_or_jack=text)
    return _("The coach: Keep your hand. Take the {card} from the discard pile and throw it straight back."
             ).format(card=text)


def keep_text(advice: Advice) -> str:
    """What keeping the hand is for, a whole sentence (``""`` unless the advice keeps the hand)."""
    if not advice.keeps_hand or advice.value is None:
        return ""
    return _("Your hand stays worth {value} and the others learn nothing new about it; a card from the stock might "
             "better it, but you would then throw a new card onto the pile for the next player, while this way the "
             "pile stays as it was.").format(value=number(advice.value))


def departure_text(d: Departure | None) -> str:
    """Why the coach's advice departs from lesson 5's knock rule: one whole sentence with its numbers (``""`` for
    ``None``)."""
    if d is None:
        return ""
    nums = {"threshold": number(d.threshold), "players": d.players, "value": number(d.value),
            "patience": d.patience, "turns": d.turns, "saves": fixed(d.saves, 1), "low": fixed(d.saves - d.half, 1),
            "high": fixed(d.saves + d.half, 1), "n": grouped(d.rollouts), "percent": percent(95, compound=True)}
    if d.rule == "wait":
        text = (ngettext("Lesson 5's knock rule says knock only at {threshold} or more with {players} player still "
                         "in, and you hold {value}; here knocking loses {saves} fewer lives per 100 rounds than your "
                         "best other move, but the {percent} interval, {low} to {high} over the same {n} deals, "
                         "includes 0: that move is about as good.",
                         "Lesson 5's knock rule says knock only at {threshold} or more with {players} players still "
                         "in, and you hold {value}; here knocking loses {saves} fewer lives per 100 rounds than your "
                         "best other move, but the {percent} interval, {low} to {high} over the same {n} deals, "
                         "includes 0: that move is about as good.", d.players) if d.close else
                ngettext("Lesson 5's knock rule says knock only at {threshold} or more with {players} player still "
                         "in, and you hold {value}, but here knocking loses {saves} fewer lives per 100 rounds than "
                         "your best other move ({percent} interval {low} to {high}, over the same {n} deals).",
                         "Lesson 5's knock rule says knock only at {threshold} or more with {players} players still "
                         "in, and you hold {value}, but here knocking loses {saves} fewer lives per 100 rounds than "
                         "your best other move ({percent} interval {low} to {high}, over the same {n} deals).",
                         d.players))
    elif d.why == "patience":
        text = (ngettext("Lesson 5's knock rule says knock once every player still in has had {patience} turns this "
                         "round, and {turns} turn has been played with {players} players; here the coach's move loses "
                         "{saves} fewer lives per 100 rounds than knocking, but the {percent} interval, {low} to "
                         "{high} over the same {n} deals, includes 0: knocking is about as good.",
                         "Lesson 5's knock rule says knock once every player still in has had {patience} turns this "
                         "round, and {turns} turns have been played with {players} players; here the coach's move "
                         "loses {saves} fewer lives per 100 rounds than knocking, but the {percent} interval, {low} "
                         "to {high} over the same {n} deals, includes 0: knocking is about as good.", d.turns)
                if d.close else
                ngettext("Lesson 5's knock rule says knock once every player still in has had {patience} turns this "
                         "round, and {turns} turn has been played with {players} players, but here the coach's move "
                         "loses {saves} fewer lives per 100 rounds than knocking ({percent} interval {low} to {high}, "
                         "over the same {n} deals).",
                         "Lesson 5's knock rule says knock once every player still in has had {patience} turns this "
                         "round, and {turns} turns have been played with {players} players, but here the coach's "
                         "move loses {saves} fewer lives per 100 rounds than knocking ({percent} interval {low} to "
                         "{high}, over the same {n} deals).", d.turns))
    else:
        text = (ngettext("Lesson 5's knock rule says knock at {threshold} or more with {players} player still in, "
                         "and you hold {value}; here the coach's move loses {saves} fewer lives per 100 rounds than "
                         "knocking, but the {percent} interval, {low} to {high} over the same {n} deals, "
                         "includes 0: knocking is about as good.",
                         "Lesson 5's knock rule says knock at {threshold} or more with {players} players still in, "
                         "and you hold {value}; here the coach's move loses {saves} fewer lives per 100 rounds than "
                         "knocking, but the {percent} interval, {low} to {high} over the same {n} deals, "
                         "includes 0: knocking is about as good.", d.players) if d.close else
                ngettext("Lesson 5's knock rule says knock at {threshold} or more with {players} player still in, "
                         "and you hold {value}, but here the coach's move loses {saves} fewer lives per 100 rounds "
                         "than knocking ({percent} interval {low} to {high}, over the same {n} deals).",
                         "Lesson 5's knock rule says knock at {threshold} or more with {players} players still in, "
                         "and you hold {value}, but here the coach's move loses {saves} fewer lives per 100 rounds "
                         "than knocking ({percent} interval {low} to {high}, over the same {n} deals).",
                         d.players))
    return text.format(**nums)


def situation(state: State, player: int) -> str:
    """The knock's situation in whole sentences: the hand, the players still in, the turns played, what a knock
    means."""
    view = state.view(player)
    value = number(state.values()[player] or 0.0)
    others = len(view.active) - 1
    t = view.turns
    each = t // len(view.active)
    said = [ngettext("You hold {value} with {n} other player still in.",
                     "You hold {value} with {n} other players still in.", others).format(value=value, n=others)]
    if t == 0:
        said.append(_("Nobody has played yet this round."))
    else:
        said.append(ngettext("{n} turn has been played this round.", "{n} turns have been played this round.", t
                             ).format(n=t))
        if each >= 1:
            said.append(ngettext("Everyone has had at least {n} turn.", "Everyone has had at least {n} turns.",
                                 each).format(n=each))
    said.append(_("If you knock, the other player has one more turn to improve, then comes the showdown.")
                if others == 1 else
                _("If you knock, each of the {n} others has one more turn to improve, then comes the showdown."
                  ).format(n=others))
    said.append(names.value_text("knocker_lowest", state.rules.knocker_lowest))
    return " ".join(said)


def _knock_verdict(state: State, player: int, moves: Sequence[MoveEstimate], top: Card | None = None,
                   back: bool = False) -> tuple[KnockAdvice, str, str]:
    """Knock or play on, read off the coach's table: the knock's row against the best other move's row.
    Returns the verdict, the situation and the verdict's sentences (the best other move, then the verdict);
    ``top`` and ``back`` as for :func:`move_sentence`."""
    k = next(m for m in moves if m.action.kind == "knock")
    others = [m for m in moves if m.action.kind != "knock"]
    value = state.values()[player] or 0.0
    where = situation(state, player)
    if not others:  # only a knock is sensible (never with the engine's moves; kept for safety)
        verdict = _("Knocking is your only sensible move.")
        return KnockAdvice(player, value, k.estimate, k.estimate, "knock", f"{where} {verdict}"), where, verdict
    o = others[0]
    ke, oe = k.estimate, o.estimate
    move = move_sentence("play on", o.action, top, back)
    numbers = _("Knocking loses {lives} lives on average ({low} to {high}) and a life {chance} of the time; "
                "playing on loses {other_lives} ({other_low} to {other_high}).").format(
        lives=lives_text(ke.expected_lives), low=lives_text(ke.expected_ci[0]), high=lives_text(ke.expected_ci[1]),
        chance=chance_text(ke.p_lose), other_lives=lives_text(oe.expected_lives),
        other_low=lives_text(oe.expected_ci[0]), other_high=lives_text(oe.expected_ci[1]))
    if overlap(ke, oe):
        verdict = _("The intervals overlap: knocking and that move are about as good.")
    elif ke.expected_lives < oe.expected_lives:
        verdict = _("Knock: it loses fewer lives than that move, and the intervals do not overlap.")
    else:
        verdict = _("Play on with that move: it loses fewer lives than a knock, and the intervals do not overlap.")
    advice = "knock" if ke.expected_lives <= oe.expected_lives else "play on"
    return (KnockAdvice(player, value, ke, oe, advice, f"{where} {numbers} {move} {verdict}"), where,
            f"{move} {verdict}")


# --------------------------------------------------------------------------------------------
# A whole game, recorded
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnockRecord:
    """One knock of the learner, and what the coach said at that moment (moves and numbers, no words: the record
    says them in the language in use when it is read)."""

    round: int
    turns: int
    """Turns taken in the round before the knock."""
    value: float
    """The learner's hand value when knocking."""
    advised: bool
    """The coach's best move at that moment was to knock."""
    knock_lives: float
    """Expected lives lost by knocking, as the coach estimated."""
    verdict: str = ""
    """The coach's knock verdict: ``"knock"``, ``"play on"`` or ``"about as good"`` (see :attr:`Advice.knock_verdict`;
    ``""``: only whether the coach advised the knock is known)."""
    other: Action | None = None
    """The best move other than the knock (``None``: there was none)."""
    other_lives: float = float("nan")
    """Its expected lives lost."""
    others: int = 0
    """Other players still in at the knock (each had one more turn)."""
    top: Card | None = None
    """The discard pile's top card at the knock (what taking the discard would have taken)."""
    back: bool = False
    """Taking that card would have been followed by throwing it straight back (:func:`throws_back`)."""


@dataclass
class GameRecord:
    """A whole game as the learner at ``seat`` played it: feed it every state with :meth:`observe`."""

    seat: int
    names: tuple[str, ...] = ()
    start: tuple[int, ...] = ()
    """Everyone's lives at the start of the game."""
    rounds: list[tuple[int, tuple[int, ...], tuple[bool, ...]]] = field(default_factory=list)
    """After each round: its number, everyone's lives and who is out."""
    knocks: list[KnockRecord] = field(default_factory=list)
    asked: int = 0
    """Moves for which the learner asked the coach."""
    followed: int = 0
    """Moves where the learner then played the coach's best move."""
    lost: dict[int, int] = field(default_factory=dict)
    """Lives the learner lost in each finished round, by round number."""
    winner: int | None = None
    rollouts: int = 200
    """The coach's sampled continuations when it judges a knock the learner made without asking."""

    def observe(self, state: State) -> None:
        """Note a state shown in the game (any order of calls is fine; each round is noted once)."""
        if not self.start:
            self.start = state.lives
        if state.round_over and state.round not in self.lost:
            self.rounds.append((state.round, state.lives, state.out))
            self.lost[state.round] = state.result.losses[self.seat] if state.result is not None else 0
        if state.game_over:
            self.winner = state.winner

    def note_move(self, state: State, action: Action, advice: Advice | None) -> None:
        """Note the learner's move ``action`` in ``state``; ``advice``: the coach's, if asked for this moment
        (a knock without it is judged by asking the coach now)."""
        if advice is not None and advice.is_for(state):
            self.asked += 1
            self.followed += action == advice.best
        if action.kind == "knock":
            if advice is None or not advice.is_for(state):
                advice = coach(state, self.seat, rollouts=self.rollouts, knock_rollouts=self.rollouts)
            knock, other = advice.knock_move, advice.other_move
            value = state.values()[self.seat] or 0.0
            view = state.view(self.seat)
            self.knocks.append(KnockRecord(
                state.round, state.turns, value, advice.best.kind == "knock",
                knock.estimate.expected_lives if knock is not None else float("nan"), advice.knock_verdict or "",
                other.action if other is not None else None,
                other.estimate.expected_lives if other is not None else float("nan"),
                len(state.active) - 1, view.discard_pile[-1] if view.discard_pile else None, throws_back(view)))

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else _("Player {n}").format(n=seat + 1)

    def lives_table(self) -> tuple[list[str], list[list[str]]]:
        """Header and rows: one row per seat, its lives at the start and after each round ("out" once out)."""
        header = [_("Player"), _("Start")] + [_("Round {n}").format(n=r) for r, _l, _o in self.rounds]
        rows = []
        for s in range(len(self.start)):
            cells = [self.name(s), str(self.start[s])]
            for _r, lives, out in self.rounds:
                cells.append(_("out") if out[s] else str(lives[s]))
            rows.append(cells)
        return header, rows

    def knock_lines(self) -> list[str]:
        """A few whole sentences per knock of the learner: when and on what, who still played, what the coach said
        with its numbers, the coach's best other move, what came of it."""
        lines = []
        for k in self.knocks:
            said = [ngettext("Round {round}, after {turns} turn: you knocked on {value}.",
                             "Round {round}, after {turns} turns: you knocked on {value}.", k.turns).format(
                round=k.round, turns=k.turns, value=number(k.value))]
            if k.others:
                said.append(ngettext("The other player still had one turn.", "The {n} others each still had one turn.",
                                     k.others).format(n=k.others))
            nums = {"lives": lives_text(k.knock_lives), "other_lives": lives_text(k.other_lives)}
            if k.other is None or not k.verdict:  # no other move, or only whether the coach advised the knock
                said.append(_("The coach agreed.") if k.advised else _("The coach would rather you had played on."))
            elif k.verdict == "about as good":
                said.append((_("The coach rated the knock best, but about as good as playing on: knocking lost "
                               "{lives} lives on average, playing on {other_lives}; the intervals overlap.")
                             if k.advised else
                             _("The coach found the knock about as good as playing on: knocking lost {lives} lives "
                               "on average, playing on {other_lives}; the intervals overlap.")).format(**nums))
            elif k.verdict == "knock":
                said.append(_("The coach agreed: knocking lost {lives} lives on average, playing on {other_lives}."
                              ).format(**nums))
            else:
                said.append(_("The coach would rather you had played on: knocking lost {lives} lives on average, "
                              "playing on {other_lives}.").format(**nums))
            if k.other is not None:
                said.append(move_sentence("had played on", k.other, k.top, k.back))
            lost = self.lost.get(k.round)
            if lost is not None:
                said.append(_("You kept every life.") if lost == 0 else
                            ngettext("You lost {n} life.", "You lost {n} lives.", lost).format(n=lost))
            lines.append(" ".join(said))
        return lines

    def summary(self) -> str:
        """The game in a few whole sentences: who won, the learner's rounds, knocks and the coach."""
        parts = []
        if self.winner is not None:
            parts.append(_("You win the game!") if self.winner == self.seat else
                         _("{name} wins the game.").format(name=self.name(self.winner)))
        played = len(self.rounds)
        lost = sum(1 for n in self.lost.values() if n)
        lives = sum(self.lost.values())  # a knocker's lowest hand costs two lives in one round
        parts.append(ngettext("You played {n} round.", "You played {n} rounds.", played).format(n=played))
        if lost:
            parts.append(ngettext("You lost {lives} life in {lost} of them.", "You lost {lives} lives in {lost} of them.",
                                  lives).format(lives=lives, lost=lost))
        elif played:
            parts.append(ngettext("You kept all your lives in it.", "You kept all your lives in every one of them.",
                                  played))
        n = len(self.knocks)
        if n:
            agreed = sum(k.advised for k in self.knocks)
            even = sum(k.verdict == "about as good" and not k.advised for k in self.knocks)
            rather = n - agreed - even
            parts.append(ngettext("You knocked once.", "You knocked {n} times.", n).format(n=n))
            for k, said in ((agreed, _AGREED), (even, _EVEN), (rather, _RATHER)):
                if k:
                    parts.append(_count(k, n, said))
        else:
            parts.append(_("You never knocked."))
        if self.asked:
            parts.append(ngettext("You asked the coach once.", "You asked the coach {n} times.", self.asked
                                  ).format(n=self.asked))
            if self.asked == 1:
                parts.append(_("You played its move.") if self.followed else _("You did not play its move."))
            else:
                parts.append(ngettext("You played its move {n} of those times.",
                                      "You played its move {n} of those times.", self.followed
                                      ).format(n=self.followed) if self.followed else
                             _("You never played its move."))
        return " ".join(parts)


_AGREED = (lambda: _("The coach agreed."),
           lambda: _("The coach agreed both times."),
           lambda n: ngettext("The coach agreed all {n} times.", "The coach agreed all {n} times.", n),
           lambda k: ngettext("The coach agreed with {n} of them.", "The coach agreed with {n} of them.", k))
_EVEN = (lambda: _("The coach found the knock about as good as playing on."),
         lambda: _("The coach found both knocks about as good as playing on."),
         lambda n: ngettext("The coach found all {n} knocks about as good as playing on.",
                            "The coach found all {n} knocks about as good as playing on.", n),
         lambda k: ngettext("The coach found {n} of them about as good as playing on.",
                            "The coach found {n} of them about as good as playing on.", k))
_RATHER = (lambda: _("The coach would rather you had played on."),
           lambda: _("The coach would rather you had played on both times."),
           lambda n: ngettext("The coach would rather you had played on all {n} times.",
                              "The coach would rather you had played on all {n} times.", n),
           lambda k: ngettext("For {n} of them the coach would rather you had played on.",
                              "For {n} of them the coach would rather you had played on.", k))
"""What the coach said of ``k`` of the learner's ``n`` knocks, a whole sentence for each way: the one knock,
both, all of them, or some (so that a language gives the knocks or the times their number and gender: "las dos
veces", "beide Male")."""


def _count(k: int, n: int, said: tuple[Callable[..., str], ...]) -> str:
    """The sentence of ``said`` for ``k`` of ``n`` knocks: the one, "both times", "all 3 times", "with 1 of them"."""
    one, both, every, some = said
    if n == 1:
        return one()
    if k == n == 2:
        return both()
    return every(n).format(n=n) if k == n else some(k).format(n=k)
