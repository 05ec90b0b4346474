"""Should I knock? The advisor (choose a hand, players, seat, turn and rules) and the knock-or-play-on drill.

Both stage a real game state with :mod:`thirtyone.timing` and ask
:func:`~thirtyone.analysis.knock_advice`; they only show what comes back.
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from ..analysis import Estimate, KnockAdvice, knock_advice
from ..cards import Card
from ..rules import Rules
from ..scoring import hand_value
from ..timing import Spot, advise, drill_spot, mark
from .card import CardRow
from .charts import STUDY_CSS, pct
from .picker import PRESET_LABELS, CardPicker, preset_dropdown
from .views import number

__all__ = ["KnockAdvisor", "KnockDrill", "estimate_html", "situation_html"]


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def estimate_html(title: str, est: Estimate | None, best: bool) -> str:
    """One choice's estimate: the chance of losing a life and the lives lost, with 95% intervals."""
    cls = "to-estimate to-best" if best else "to-estimate"
    if est is None:
        return f'<div class="{cls}"><h4>{_esc(title)}</h4><p>Not allowed now: see below.</p></div>'
    lo, hi = est.p_lose_ci
    elo, ehi = est.expected_ci
    return (f'<div class="{cls}"><h4>{_esc(title)}{" — the better choice" if best else ""}</h4>'
            f"<p>Chance of losing a life: <strong>{pct(est.p_lose)}</strong> (95% interval {pct(lo)} to {pct(hi)})</p>"
            f"<p>Lives lost on average: {est.expected_lives:.2f} ({elo:.2f} to {ehi:.2f})</p>"
            f'<p class="to-note">{est.rollouts:,} simulated continuations</p></div>')


def _seat_text(spot: Spot) -> str:
    n = spot.state.players
    where = ("left of the dealer: you play first" if spot.seat == 1 else
             "you are the dealer: you play last" if spot.seat == n else f"seat {spot.seat} after the dealer")
    return f"{n} players, {where}"


def situation_html(spot: Spot, note: bool = True) -> str:
    """The situation in words: players, seat, turns played (and the staging note)."""
    turns = "on the deal: nobody has moved yet" if spot.turns == 0 else \
        f"{spot.turns} turn{'s' * (spot.turns != 1)} of the table played before yours"
    lines = [f"{_seat_text(spot)}; {turns}."]
    if note and spot.note:
        lines.append(spot.note)
    return '<div class="to-situation">' + "".join(f"<p>{_esc(x)}</p>" for x in lines) + "</div>"


def _face_up_caption(rules: Rules) -> str:
    what = "Top of the discard pile:" if rules.family == "draw" else "The center:"
    return f'<p class="to-face-up">{what}</p>'


def _play_title(advice: KnockAdvice) -> str:
    return f"Play on ({advice.play_on.action})"


def advice_html(advice: KnockAdvice) -> str:
    """Both estimates side by side and the advice in a sentence."""
    knock_best = advice.advice == "knock"
    head = ("Knock." if knock_best else "Play on.") if advice.knock is not None else \
        "You may not knock now: play on."
    return ('<div class="to-advice-box" aria-live="polite">'
            f'<p class="to-advice"><strong>Advice: {_esc(head)}</strong></p>'
            '<div class="to-estimates">'
            + estimate_html("Knock now", advice.knock, knock_best)
            + estimate_html(_play_title(advice), advice.play_on, not knock_best)
            + f'</div><p class="to-explanation">{_esc(advice.explanation)}</p></div>')


class KnockAdvisor(w.VBox):
    """Should I knock? Pick a hand, the players, your seat, the turn and the rules; see the chance of
    losing a life if you knock now and if you play on, with 95% intervals, and the advice.

    Every change asks again (``rollouts`` simulated continuations, split between the two choices).
    Bad input (fewer than three cards, a card the rules' deck lacks) shows a message, never an error.
    """

    def __init__(self, rules: Rules | str = "scat", hand: str | Iterable[Card] = "K♥ Q♥ 7♣", *, players: int = 4,
                 seat: int = 2, turn: int = 3, rollouts: int = 10_000, seed: int = 0) -> None:
        r = Rules.preset(rules) if isinstance(rules, str) else rules
        self.rollouts = rollouts
        self.seed = seed
        self.spot: Spot | None = None
        self.advice: KnockAdvice | None = None
        self._rules = r
        self.rules_menu = preset_dropdown(r)
        self.picker = CardPicker(r, seed=seed)
        self.players_menu = w.Dropdown(options=[(str(n), n) for n in range(2, 9)], value=players,
                                         description="Players", layout=w.Layout(width="160px"))
        self.seat_menu = w.Dropdown(description="Your seat", layout=w.Layout(width="max-content"))
        self.turn_menu = w.Dropdown(options=[("0: on the deal", 0)] + [(str(t), t) for t in range(1, 13)],
                                      value=turn, description="Turns played before yours",
                                      style={"description_width": "initial"}, layout=w.Layout(width="max-content"))
        self.again_button = w.Button(description="Deal the other players again", layout=w.Layout(width="max-content"))
        self.again_button.on_click(lambda _b: self._again())
        self.hand_row = CardRow(interactive=False, label="your hand")
        self.hand_text = w.HTML()
        self.situation = w.HTML()
        self.table_row = CardRow(interactive=False, label="face up on the table")
        self.table_caption = w.HTML()
        self.result = w.HTML()
        self._busy = False
        self._seat_options(seat)
        super().__init__([
            w.HTML(STUDY_CSS), self.rules_menu, self.picker,
            w.HBox([self.players_menu, self.seat_menu, self.turn_menu], layout=w.Layout(flex_flow="row wrap")),
            w.HTML("<h3>Your turn</h3>"), w.HBox([self.hand_row, self.hand_text], layout=w.Layout(align_items="center")),
            self.situation, w.HBox([self.table_caption, self.table_row], layout=w.Layout(align_items="center")),
            self.again_button, self.result])
        self.add_class("to-study")
        self.add_class("to-advisor")
        if hand:
            self.picker.pick(hand)
        self.update()
        self.rules_menu.observe(self._rules_chosen, "value")
        self.picker.observe(lambda _c: self.update(), "hand")
        self.players_menu.observe(self._players_changed, "value")
        self.seat_menu.observe(lambda _c: self.update(), "value")
        self.turn_menu.observe(lambda _c: self.update(), "value")

    # -- controls ----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    def _seat_options(self, seat: int) -> None:
        n = self.players_menu.value
        self.seat_menu.options = [(("1: left of the dealer, plays first" if s == 1 else
                                    f"{s}: the dealer, plays last" if s == n else f"{s}"), s) for s in range(1, n + 1)]
        self.seat_menu.value = min(max(seat, 1), n)

    def _rules_chosen(self, change: Any) -> None:
        self._rules = Rules.preset(change["new"])
        self._busy = True  # the picker may put back cards the new deck lacks: ask once, below
        try:
            self.picker.rules = self._rules  # 2 to 8 players suit both decks: the players menu stays
        finally:
            self._busy = False
        self.update()

    def _players_changed(self, _change: Any) -> None:  # the seats follow the number of players
        self._busy = True
        try:
            self._seat_options(self.seat_menu.value or 1)
        finally:
            self._busy = False
        self.update()

    def _again(self) -> None:
        self.seed += 1
        self.update()

    def choose(self, *, rules: str | None = None, hand: str | None = None, players: int | None = None,
               seat: int | None = None, turn: int | None = None) -> KnockAdvice | None:
        """Set several controls at once, as a learner would one by one, and ask once."""
        self._busy = True
        try:
            if rules is not None:
                self.rules_menu.value = Rules.preset(rules).name
            if hand is not None:
                self.picker.pick(hand)
            if players is not None:
                self.players_menu.value = players
            if seat is not None:
                self.seat_menu.value = seat
            if turn is not None:
                self.turn_menu.value = turn
        finally:
            self._busy = False
        return self.update()

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
        if len(cards) != 3:
            self.hand_text.value = ""
            self.situation.value = ""
            self.table_row.show(())
            self._say(f"Pick three cards for your hand ({len(cards)} picked so far).")
            return None
        try:
            spot, advice = advise(self._rules, cards, self.players_menu.value, self.seat_menu.value,
                                  self.turn_menu.value, rollouts=self.rollouts, seed=self.seed)
        except ValueError as e:
            self.situation.value = ""
            self.table_row.show(())
            self._say(str(e)[:1].upper() + str(e)[1:] + ".")
            return None
        self.spot, self.advice = spot, advice
        self.hand_text.value = f'<p class="to-value">Worth <strong>{number(advice.value)}</strong></p>'
        self.situation.value = situation_html(spot)
        s = spot.state
        self.table_row.show(s.discard_pile[-1:] if s.rules.family == "draw" else s.center)
        self.table_caption.value = _face_up_caption(s.rules)
        self.result.value = advice_html(advice)
        return advice


class KnockDrill(w.VBox):
    """Knock or play on? A random situation; the learner answers; the simulation marks the answer.

    A right answer is the better choice, or either choice when the two are too close to tell apart.
    Each situation counts once; the score keeps running.
    """

    def __init__(self, rules: Rules | str = "scat", *, seed: int | None = None, rollouts: int = 4000) -> None:
        r = Rules.preset(rules) if isinstance(rules, str) else rules
        self._rules = r
        self._rng = random.Random(seed)
        self.rollouts = rollouts
        self.right = 0
        self.asked = 0
        self.spot: Spot | None = None
        self.answered = False
        self.rules_menu = preset_dropdown(r)
        self.question = w.HTML()
        self.hand_row = CardRow(interactive=False, label="your hand")
        self.hand_text = w.HTML()
        self.table_row = CardRow(interactive=False, label="face up on the table")
        self.table_caption = w.HTML()
        self.knock_button = w.Button(description="Knock", button_style="primary")
        self.play_button = w.Button(description="Play on", button_style="primary")
        self.next_button = w.Button(description="Next situation", layout=w.Layout(width="max-content"))
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.knock_button.on_click(lambda _b: self.answer("knock"))
        self.play_button.on_click(lambda _b: self.answer("play on"))
        self.next_button.on_click(lambda _b: self.next_situation())
        super().__init__([w.HTML(STUDY_CSS), self.rules_menu, self.question,
                          w.HBox([self.hand_row, self.hand_text], layout=w.Layout(align_items="center")),
                          w.HBox([self.table_caption, self.table_row], layout=w.Layout(align_items="center")),
                          w.HBox([self.knock_button, self.play_button, self.next_button]),
                          self.feedback, self.tally])
        self.add_class("to-study")
        self.add_class("to-drill")
        self.rules_menu.observe(self._rules_chosen, "value")
        self.next_situation()

    def _rules_chosen(self, change: Any) -> None:
        self._rules = Rules.preset(change["new"])
        self.next_situation()

    def next_situation(self) -> Spot:
        """Deal a new situation where knocking is allowed."""
        self.spot = spot = drill_spot(self._rules, self._rng)
        self.answered = False
        s = spot.state
        self.play_button.description = "Play on (draw)" if self._rules.family == "draw" else "Play on (swap or pass)"
        self.question.value = (f"<p><strong>Knock or play on?</strong> {_esc(PRESET_LABELS.get(self._rules.name, 'custom rules'))}."
                               "</p>" + situation_html(spot, note=False))
        self.hand_row.show(spot.hand)
        self.hand_text.value = f'<p class="to-value">Worth <strong>{number(hand_value(spot.hand, spot.rules))}</strong></p>'
        self.table_row.show(s.discard_pile[-1:] if s.rules.family == "draw" else s.center)
        self.table_caption.value = _face_up_caption(s.rules)
        self.feedback.value = ""
        self._show_tally()
        return spot

    def answer(self, choice: str) -> bool | None:
        """Mark ``"knock"`` or ``"play on"``: True right, False wrong, None if already answered."""
        if self.answered or self.spot is None:
            return None
        advice = knock_advice(self.spot.state, self.spot.player, rollouts=self.rollouts, seed=self.asked)
        verdict = mark(advice, choice)
        self.answered = True
        self.asked += 1
        self.right += verdict.right
        tick = '<strong class="to-right">✔</strong> ' if verdict.right else '<strong class="to-wrong">✘</strong> '
        self.feedback.value = (f'<div role="status"><p class="to-feedback">{tick}{_esc(verdict.text)}</p>'
                               '<div class="to-estimates">'
                               + estimate_html("Knock now", advice.knock, advice.advice == "knock")
                               + estimate_html(_play_title(advice), advice.play_on, advice.advice != "knock")
                               + "</div></div>")
        self._show_tally()
        return verdict.right

    def _show_tally(self) -> None:
        self.tally.value = f'<p class="to-tally">Score: {self.right} right out of {self.asked}</p>'
