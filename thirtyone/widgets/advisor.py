"""Should I knock? The advisor (choose a hand, the rules, players, seat and turn) and the knock-or-play-on drill.

Both stage a real game state with :mod:`thirtyone.timing` and ask :func:`~thirtyone.analysis.knock_advice`
(through :func:`~thirtyone.timing.advise`, so the drill's verdict is the very estimate the advisor would
show for the same situation); they only show what comes back, each number once. The advisor offers only
turns the chosen seat really has (:func:`~thirtyone.timing.turn_choices`); any rule set can be chosen
(:class:`~thirtyone.widgets.ruleset.RuleEditor`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from .. import names
from ..analysis import Estimate, KnockAdvice
from ..cards import Card, parse_cards
from ..coach import describe_move
from ..game import parse_action
from ..i18n import _, fixed, grouped, ngettext, percent
from ..rules import Rules
from ..scoring import hand_value
from ..timing import Spot, advice_words, advise, drill_spot, mark, ordinal, spot_fields, turn_choices, turn_sentence
from ._html import number, tally
from .card import CardRow
from .failure import failure_html, smaller_rule_sentence
from .memory import follow_score
from .picker import CardPicker
from .ruleset import RuleEditor
from .study import STUDY_CSS, pct

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["KnockAdvisor", "KnockDrill", "estimate_html", "situation_html", "advice_html", "rules_name",
           "lives_digits", "seems_to_disagree"]

_CSS = """
<style>
.to-study .to-advice-head { font-size: 17px; margin: 6px 0 2px; }
.to-study .to-reason, .to-study .to-situation p, .to-study .to-feedback, .to-study .to-turn-note {
  overflow-wrap: anywhere; max-width: 860px; line-height: 1.45; }
.to-study .to-estimate { max-width: 100%; box-sizing: border-box; }
.to-advisor .widget-dropdown, .to-drill .widget-dropdown { max-width: 100%; }
.to-advisor .widget-dropdown > select, .to-drill .widget-dropdown > select { max-width: 100%; }
.to-study .to-estimate p.to-compared { font-size: 15px; }
.to-study .to-estimate p.to-chance { font-size: 14px; color: #3d3d3d; }
.to-study .to-compared-note { max-width: 860px; line-height: 1.45; }
</style>
"""


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def rules_name(rules: Rules) -> str:
    """A rule set as a learner calls it: the preset's name, or "your own rules"."""
    return names.preset_name(rules.name) if rules.name in Rules.PRESET_NAMES else _("your own rules")


def estimate_html(title: str, est: Estimate | None, best: bool, digits: int = 2, best_title: str = "",
                  move: str = "") -> str:
    """One choice's estimate: the lives lost on average (what the advice compares, first and marked) and
    the chance of losing a life, each with its 95% interval; lives lost with ``digits`` decimals
    (:func:`lives_digits`). ``title``: the choice ("Knock now"); ``best_title``: its whole heading when it is
    the better one ("Knock now — fewer lives lost"); ``move``: the move it plays, on a line of its own."""
    cls = "to-estimate to-best" if best else "to-estimate"
    moved = f'<p class="to-move">{_esc(move[:1].upper() + move[1:])}</p>' if move else ""
    if est is None:
        return f'<div class="{cls}"><h4>{_esc(title)}</h4>{moved}<p>' + _esc(_("Not allowed now.")) + "</p></div>"
    lo, hi = est.p_lose_ci
    elo, ehi = est.expected_ci
    head = (best_title or title) if best else title
    lives = _esc(_("Lives lost on average: {lives} ({percent} interval {low} to {high})")).format(percent=percent(95, compound=True),
        lives=f"<strong>{fixed(est.expected_lives, digits)}</strong>", low=fixed(elo, digits),
        high=fixed(ehi, digits))
    chance = _("Chance of losing a life: {chance} ({percent} interval {low} to {high})").format(percent=percent(95, compound=True),
        chance=pct(est.p_lose), low=pct(lo), high=pct(hi))
    deals = ngettext("{n} simulated deal", "{n} simulated deals", est.rollouts).format(n=grouped(est.rollouts))
    return (f'<div class="{cls}"><h4>{_esc(head)}</h4>{moved}<p class="to-compared">{lives}</p>'
            f'<p class="to-chance">{_esc(chance)}</p><p class="to-note">{_esc(deals)}</p></div>')


def lives_digits(advice: KnockAdvice) -> int:
    """Decimals for lives lost, so that the intervals shown agree with the verdict: two, or more when two
    intervals that do not overlap would seem to touch once rounded (rounding never pulls overlapping
    intervals apart)."""
    k, p = advice.knock, advice.play_on
    if k is None or advice.close:
        return 2
    for digits in range(2, 8):
        (a, b), (c, d) = (tuple(float(f"{x:.{digits}f}") for x in ci) for ci in (k.expected_ci, p.expected_ci))
        if b < c or d < a:
            return digits
    return 8


def seems_to_disagree(advice: KnockAdvice) -> bool:
    """The chances of losing a life, read alone, would suggest another verdict than the lives lost on
    average: their intervals overlap where those of lives lost do not, or the other way round, or the
    choice advised loses a life more often."""
    k, p = advice.knock, advice.play_on
    if k is None:
        return False
    overlap = k.p_lose_ci[0] <= p.p_lose_ci[1] and p.p_lose_ci[0] <= k.p_lose_ci[1]
    if advice.close:
        return not overlap
    advised, other = (k, p) if advice.advice == "knock" else (p, k)
    return overlap or advised.p_lose > other.p_lose


def _compared_note(advice: KnockAdvice, spot: Spot | None) -> str:
    """Why the chances of losing a life may seem to say otherwise, when they do."""
    if not seems_to_disagree(advice):
        return ""
    if spot is not None and spot.rules.knocker_lowest != "one_life":
        why = _("The advice goes by lives lost on average, not by the chance of losing a life: with these rules "
                "a knocker whose hand is the lowest can lose two lives, so knocking may lose a life less often "
                "and still cost as many lives on average, or more.")
    else:
        why = _("The advice goes by lives lost on average, not by the chance of losing a life: the two are "
                "estimated each with its own {percent} interval, and they need not tell the same story.").format(
                    percent=percent(95, compound=True))
    return f'<p class="to-note to-compared-note">{_esc(why)}</p>'


def _seat_text(seat: int, players: int) -> str:
    if seat == 1:
        return _("Seat 1, left of the dealer: you play first.")
    if seat == players:
        return _("Seat {seat}: you are the dealer and play last.").format(seat=seat)
    return _("Seat {seat}: you play {nth}.").format(seat=seat, nth=ordinal(seat))


def _turn_text(turns: int, seat: int, players: int) -> str:
    return turn_sentence((turns - (seat - 1)) // players + 1, turns)


def _situation_text(spot: Spot) -> str:
    """The rules and players, the seat and the turn: three whole sentences."""
    n, rules = spot.state.players, spot.rules
    first = (_("{rules}, {n} players.").format(rules=names.preset_name(rules.name), n=n)
             if rules.name in Rules.PRESET_NAMES else _("Your own rules, {n} players.").format(n=n))
    return " ".join([first, _seat_text(spot.seat, n), _turn_text(spot.turns, spot.seat, n)])


def situation_html(spot: Spot, note: bool = True) -> str:
    """The situation in words: the rules, players, seat and turn (and the staging note)."""
    lines = [_situation_text(spot)]
    if note and spot.note:
        lines.append(spot.note)
    return '<div class="to-situation">' + "".join(f"<p>{_esc(x)}</p>" for x in lines) + "</div>"


def _face_up_caption(rules: Rules) -> str:
    what = _("Top of the discard pile:") if rules.family == "draw" else _("The center:")
    return f'<p class="to-face-up">{_esc(what)}</p>'


def _play_move(advice: KnockAdvice, spot: Spot | None) -> str:
    """The move that playing on plays, in words ("draw from the stock"; ``""`` without a spot)."""
    if spot is None:
        return ""
    try:
        return describe_move(parse_action(advice.play_on.action), spot.state.view(spot.player))
    except ValueError:  # pragma: no cover - the play-on move is always a move of the game
        return advice.play_on.action


def _estimates(advice: KnockAdvice, spot: Spot | None) -> str:
    knock_best = advice.knock is not None and not advice.close and advice.advice == "knock"
    play_best = not advice.close and advice.advice == "play on"
    digits = lives_digits(advice)
    return (_compared_note(advice, spot) + '<div class="to-estimates">'
            + estimate_html(_("Knock now"), advice.knock, knock_best, digits, _("Knock now — fewer lives lost"))
            + estimate_html(_("Play on"), advice.play_on, play_best, digits, _("Play on — fewer lives lost"),
                            _play_move(advice, spot)) + "</div>")


def advice_html(advice: KnockAdvice, spot: Spot | None = None) -> str:
    """The advice in words, then both estimates side by side (each number shown once)."""
    head, reason = advice_words(advice)
    return ('<div class="to-advice-box" aria-live="polite">'
            '<p class="to-advice to-advice-head"><strong>' + _esc(_("Advice: {advice}").format(advice=head))
            + "</strong></p>"
            f'<p class="to-reason to-explanation">{_esc(reason)}</p>' + _estimates(advice, spot) + "</div>")


def _smaller(rules: Rules) -> str:
    """The sentence on a smaller size played in a browser (:func:`~thirtyone.widgets.failure.smaller_rule_sentence`)."""
    said = smaller_rule_sentence(rules)
    return f'<p class="to-note">{_esc(said)}</p>' if said else ""


def _worth_html(value: float) -> str:
    return '<p class="to-value">' + _esc(_("Worth {value}")).format(value=f"<strong>{number(value)}</strong>") + "</p>"


class KnockAdvisor(w.VBox):
    """Should I knock? Pick the rules (any rule set), a hand, the players, your seat and one of your
    turns; see the lives lost on average and the chance of losing a life if you knock now and if you
    play on, with 95% intervals, and the advice.

    The turn menu offers only the turns your seat really has (after ``seat - 1``, ``seat - 1 + players``,
    ... turns), marking those on which the rules forbid a knock. Every change asks again (``rollouts``
    simulated deals, split between the two choices). Bad input (fewer than three cards, a card the
    rules' deck lacks, a hand that ends the round on the deal) shows a message, never an error.
    """

    def __init__(self, rules: Rules | str = "scat", hand: str | Iterable[Card] = "K♥ Q♥ 7♣", *, players: int = 4,
                 seat: int = 2, turn: int = 5, rollouts: int = 10_000, seed: int = 0) -> None:
        r = Rules.coerce(rules)
        self.rollouts = rollouts
        self.seed = seed
        self.spot: Spot | None = None
        self.advice: KnockAdvice | None = None
        self._rules = r
        self._busy = True
        self.rule_editor = RuleEditor(r)
        self.rules_menu = self.rule_editor.preset_menu
        """The preset menu (the editor's): choosing a preset sets every rule."""
        self.picker = CardPicker(r, seed=seed)
        self.players_menu = w.Dropdown(options=[(str(n), n) for n in range(2, 9)], value=players,
                                       description=_("Players"), layout=w.Layout(width="160px"))
        self.seat_menu = w.Dropdown(description=_("Your seat"), layout=w.Layout(width="max-content", max_width="100%"))
        self.turn_menu = w.Dropdown(description=_("Your turn"), layout=w.Layout(width="max-content", max_width="100%"))
        self.turn_note = w.HTML()
        self.again_button = w.Button(description=_("Deal the other players again"),
                                     layout=w.Layout(width="max-content"))
        self.again_button.on_click(lambda _b: self._again())
        self.hand_row = CardRow(interactive=False, label=_("your hand"))
        self.hand_text = w.HTML()
        self.situation = w.HTML()
        self.table_row = CardRow(interactive=False, label=_("face up on the table"))
        self.table_caption = w.HTML()
        self.result = w.HTML()
        self._seat_options(seat)
        self._turn_options(turn, strict=True)
        self._busy = False
        super().__init__([
            w.HTML(STUDY_CSS + _CSS), self.rule_editor, self.picker,
            w.HBox([self.players_menu, self.seat_menu, self.turn_menu], layout=w.Layout(flex_flow="row wrap")),
            self.turn_note,
            w.HTML("<h3>" + _esc(_("Your turn")) + "</h3>"), w.HBox([self.hand_row, self.hand_text], layout=w.Layout(align_items="center")),
            self.situation, w.HBox([self.table_caption, self.table_row], layout=w.Layout(align_items="center")),
            self.again_button, self.result])
        self.add_class("to-study")
        self.add_class("to-advisor")
        if hand:
            self.picker.pick(hand)
        self.update()
        self.rule_editor.observe(self._rules_chosen, "rules")
        self.picker.observe(lambda _c: self.update(), "hand")
        self.players_menu.observe(self._players_changed, "value")
        self.seat_menu.observe(self._seat_changed, "value")
        self.turn_menu.observe(lambda _c: self.update(), "value")

    # -- controls ----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Change several controls without asking the simulation for each (nested: the outermost decides)."""
        before, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = before

    def _seat_options(self, seat: int) -> None:
        n = self.players_menu.value
        self.seat_menu.options = [(_("1: left of the dealer, plays first") if s == 1 else
                                   _("{seat}: the dealer, plays last").format(seat=s) if s == n else
                                   _("{seat}: plays {nth}").format(seat=s, nth=ordinal(s)), s)
                                  for s in range(1, n + 1)]
        self.seat_menu.value = min(max(seat, 1), n)

    def _turn_options(self, turn: int | None = None, strict: bool = False, number: int | None = None) -> None:
        """Offer the turns the chosen seat has under the chosen rules. Keep ``turn`` if given and offered
        (``strict``: a turn not offered is an error); else the seat's ``number``-th turn (default: the
        number of the turn chosen now), or the nearest one offered."""
        n, seat = self.players_menu.value, self.seat_menu.value
        old = getattr(self, "_choices", {}).get(self.turn_menu.value)
        choices = turn_choices(self._rules, n, seat)
        self._choices = {c.turns: c for c in choices}
        if turn is not None and strict and turn not in self._choices:
            raise ValueError(self._not_offered(turn))
        if turn is not None and turn in self._choices:
            pick = self._choices[turn]
        else:
            k = number if number is not None else old.number if old is not None else 1
            pick = min(choices, key=lambda c: (abs(c.number - k), c.number))
        self.turn_menu.options = [(c.label, c.turns) for c in choices]
        self.turn_menu.value = pick.turns
        self.turn_note.value = self._note(choices)

    def _not_offered(self, turn: int, players: int | None = None, seat: int | None = None,
                     turns: Iterable[int] | None = None) -> str:
        n = self.players_menu.value if players is None else players
        seat = self.seat_menu.value if seat is None else seat
        offered = ", ".join(str(t) for t in (self._choices if turns is None else turns))
        return (f"in seat {seat} of {n} your turns come after {offered} turns played, not after {turn}"
                if turn is not None else "choose a turn")

    def _note(self, choices: list[Any]) -> str:
        r, seat = self._rules, self.seat_menu.value
        notes = []
        if r.family == "commerce" and r.first_choice == "left_of_dealer" and seat == 1:
            notes.append(_("With these rules your first turn in seat 1 is only the choice between your hand and the "
                           "face-down center, so the menu starts at your 2nd turn."))
        if r.family == "commerce" and not r.allow_pass:
            notes.append(_("These rules forbid passing, so your hand changes on every turn: the advisor asks about "
                           "the first turn you play with these cards."))
        if any(not c.may_knock for c in choices):
            why = names.value_text("first_knock", r.first_knock)
            notes.append(_("{why} On a turn marked “no knocking yet” the advisor shows only playing on.").format(
                why=why))
        return "".join(f'<p class="to-note to-turn-note">{_esc(x)}</p>' for x in notes)

    def _rules_chosen(self, change: Any) -> None:
        self._rules = change["new"]
        with self._quiet():
            self.picker.rules = self._rules  # 2 to 8 players suit both decks: the players menu stays
            self._turn_options()
        self.update()

    def _number(self) -> int | None:
        """Which of the seat's turns is chosen now (1 for its first)."""
        choice = getattr(self, "_choices", {}).get(self.turn_menu.value)
        return choice.number if choice is not None else None

    def _players_changed(self, _change: Any) -> None:  # the seats and turns follow the number of players
        with self._quiet():
            k = self._number()
            self._seat_options(self.seat_menu.value or 1)
            self._turn_options(number=k)
        self.update()

    def _seat_changed(self, _change: Any) -> None:
        with self._quiet():
            self._turn_options(number=self._number())
        self.update()

    def _again(self) -> None:
        self.seed += 1
        self.update()

    def choose(self, *, rules: str | None = None, hand: str | None = None, players: int | None = None,
               seat: int | None = None, turn: int | None = None) -> KnockAdvice | None:
        """Set several controls at once, as a learner would one by one, and ask once. ``turn`` must be
        one the seat has (``ValueError`` names them). A choice the controls cannot take (an unknown preset, a hand
        that cannot be read or holds a card the rules' deck lacks, players or a seat the menus do not offer, a turn
        the seat does not have) is a ``ValueError`` that says what is allowed, and changes nothing: every value is
        checked before any control is set."""
        self._check_choice(rules, hand, players, seat, turn)
        with self._quiet():
            if rules is not None:
                self.rule_editor.choose(rules)
            if hand is not None:
                self.picker.pick(hand)
            if players is not None:
                self.players_menu.value = players
                self._seat_options(self.seat_menu.value or 1)
            if seat is not None:
                self.seat_menu.value = seat
            self._turn_options(turn, strict=turn is not None)
        return self.update()

    def _check_choice(self, rules: str | None, hand: str | None, players: int | None, seat: int | None,
                      turn: int | None) -> None:
        """``ValueError`` for a :meth:`choose` the controls cannot take, before any of them is set."""
        r = Rules.preset(rules) if rules is not None else self._rules
        if hand is not None:
            cards = parse_cards(hand, r.deck)
            if len(cards) > self.picker.size:
                raise ValueError(f"a hand holds {self.picker.size} cards, not {len(cards)}")
        offered = [v for _label, v in self.players_menu.options]
        n = self.players_menu.value if players is None else players
        if isinstance(n, bool) or n not in offered:
            raise ValueError(f"players must be {offered[0]} to {offered[-1]}, not {n!r}")
        s = min(max(self.seat_menu.value or 1, 1), n) if seat is None else seat
        if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= n:
            raise ValueError(f"seat must be 1 (left of the dealer) to {n} (the dealer), not {s!r}")
        if turn is not None:
            turns = [c.turns for c in turn_choices(r, n, s)]
            if turn not in turns:
                raise ValueError(self._not_offered(turn, n, s, turns))

    # -- asking -------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.advice = None
        self.result.value = f'<p class="to-note" role="status">{_esc(text)}</p>'

    def update(self) -> KnockAdvice | None:
        """Stage the chosen turn and ask the simulation; returns the advice (``None`` with a message)."""
        if self._busy:
            return None
        cards = self.picker.cards
        self.hand_row.show(cards)
        self.spot = None
        if len(cards) != 3:
            self.hand_text.value = ""
            self.situation.value = ""
            self.table_row.show(())
            self.table_caption.value = ""
            self._say(_("Pick three cards for your hand ({n} picked so far).").format(n=len(cards)))
            return None
        try:
            spot, advice = advise(self._rules, cards, self.players_menu.value, self.seat_menu.value,
                                  self.turn_menu.value, rollouts=self.rollouts, seed=self.seed)
        except Exception as e:
            self.hand_text.value = _worth_html(hand_value(cards, self._rules))  # this hand's, not the last one's
            self.situation.value = ""
            self.table_row.show(())
            self.table_caption.value = ""
            if isinstance(e, ValueError):
                self._say(str(e)[:1].upper() + str(e)[1:] + ".")
            else:  # the simulation failed: said to the learner, not only logged
                self.advice = None
                self.result.value = failure_html(e)
            return None
        self.spot, self.advice = spot, advice
        self.hand_text.value = _worth_html(advice.value)
        self.situation.value = situation_html(spot)
        s = spot.state
        self.table_row.show(s.discard_pile[-1:] if s.rules.family == "draw" else s.center)
        self.table_caption.value = _face_up_caption(s.rules)
        self.result.value = advice_html(advice, spot) + _smaller(self._rules)
        return advice


class KnockDrill(w.VBox):
    """Knock or play on? A random situation under any rule set; the learner answers; the answer is marked
    against the advisor's own estimate (:func:`~thirtyone.timing.advise` with ``rollouts``, the advisor's
    10,000 by default): right is the choice with fewer lives lost on average, or either choice when the
    two 95% intervals overlap. The feedback names the situation judged. Each situation counts once; the
    score keeps running. With the page's ``memory`` (:class:`~thirtyone.widgets.memory.Memory`), each answer is
    counted as exercise ``"drill"`` and a situation missed under a preset's rules is kept for the Review (kind
    ``"drill"``, the situation as :func:`~thirtyone.timing.spot_fields`).
    """

    def __init__(self, rules: Rules | str = "scat", *, seed: int | None = None, rollouts: int = 10_000,
                 memory: Memory | None = None) -> None:
        self.memory = memory
        r = Rules.coerce(rules)
        self._rules = r
        self._rng = random.Random(seed)
        self.rollouts = rollouts
        self.right = 0
        self.asked = 0
        self.spot: Spot | None = None
        self.advice: KnockAdvice | None = None
        self.answered = False
        self.rule_editor = RuleEditor(r)
        self.rules_menu = self.rule_editor.preset_menu
        self.question = w.HTML()
        self.hand_row = CardRow(interactive=False, label=_("your hand"))
        self.hand_text = w.HTML()
        self.table_row = CardRow(interactive=False, label=_("face up on the table"))
        self.table_caption = w.HTML()
        self.knock_button = w.Button(description=_("Knock"), button_style="primary")
        self.play_button = w.Button(description=_("Play on"), button_style="primary",
                                     layout=w.Layout(width="auto", min_width="148px"))
        self.next_button = w.Button(description=_("Next situation"), layout=w.Layout(width="max-content"))
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.knock_button.on_click(lambda _b: self.answer("knock"))
        self.play_button.on_click(lambda _b: self.answer("play on"))
        self.next_button.on_click(lambda _b: self.next_situation())
        super().__init__([w.HTML(STUDY_CSS + _CSS), self.rule_editor, self.question,
                          w.HBox([self.hand_row, self.hand_text], layout=w.Layout(align_items="center")),
                          w.HBox([self.table_caption, self.table_row], layout=w.Layout(align_items="center")),
                          w.HBox([self.knock_button, self.play_button, self.next_button],
                                 layout=w.Layout(flex_flow="row wrap")),
                          self.feedback, self.tally])
        self.add_class("to-study")
        self.add_class("to-drill")
        self.rule_editor.observe(self._rules_chosen, "rules")
        self.next_situation()
        follow_score(self, "drill")  # after a reload the score goes on where it was

    def _rules_chosen(self, change: Any) -> None:
        self._rules = change["new"]
        self.next_situation()

    def next_situation(self) -> Spot:
        """Deal a new situation where knocking is allowed."""
        return self.pose(drill_spot(self._rules, self._rng))

    def pose(self, spot: Spot) -> Spot:
        """Ask about ``spot`` (a dealt situation, or a missed one the Review page brings back), judged under its
        own rules."""
        self.spot = spot
        self.advice = None
        self.answered = False
        s = spot.state
        self.play_button.description = _("Play on (draw)") if spot.rules.family == "draw" else \
            _("Play on (swap or pass)")
        self.question.value = ("<p><strong>" + _esc(_("Knock or play on?")) + "</strong></p>"
                               + situation_html(spot, note=False))
        self.hand_row.show(spot.hand)
        self.hand_text.value = _worth_html(hand_value(spot.hand, spot.rules))
        self.table_row.show(s.discard_pile[-1:] if s.rules.family == "draw" else s.center)
        self.table_caption.value = _face_up_caption(s.rules)
        self.feedback.value = ""
        self._show_tally()
        return spot

    def judge(self) -> KnockAdvice:
        """The estimate the answer is marked against: the advisor's, for this very situation."""
        spot = self.spot
        assert spot is not None
        staged, advice = advise(spot.rules, spot.hand, spot.state.players, spot.seat, spot.turns,
                                rollouts=self.rollouts, seed=spot.seed)
        if staged.state.view(staged.player) != spot.state.view(spot.player):  # pragma: no cover - deterministic
            raise AssertionError("the drill's situation could not be staged again")
        return advice

    def answer(self, choice: str) -> bool | None:
        """Mark ``"knock"`` or ``"play on"``: True right, False wrong, None if already answered."""
        if self.answered or self.spot is None:
            return None
        try:
            self.advice = advice = self.judge()
        except Exception as e:  # the simulation failed: said to the learner, not only logged
            self.feedback.value = failure_html(e)
            return None
        verdict = mark(advice, choice)
        self.answered = True
        self.asked += 1
        self.right += verdict.right
        if self.memory is not None:
            rules = self.spot.rules
            self.memory.answered("drill", verdict.right, kind="drill" if rules.name in names.PRESET_INFO else None,
                                 rules=rules.name, cards=spot_fields(self.spot), given=verdict.answer,
                                 answer=verdict.best)
        tick = '<strong class="to-right">✔</strong> ' if verdict.right else '<strong class="to-wrong">✘</strong> '
        judged = _("The simulation judged this situation: {situation} Your hand is worth {value}.").format(
            situation=_situation_text(self.spot), value=number(advice.value))
        self.feedback.value = (f'<div role="status"><p class="to-feedback">{tick}{_esc(verdict.text)}</p>'
                               f'<p class="to-feedback">{_esc(judged)}</p>'
                               + _estimates(advice, self.spot) + "</div>")
        self._show_tally()
        return verdict.right

    def _show_tally(self) -> None:
        score = tally(self.right, self.asked)
        self.tally.value = f'<p class="to-tally">{_esc(score)}</p>'
