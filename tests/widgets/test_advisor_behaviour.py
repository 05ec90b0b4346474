"""Lesson 5's advisor and drill as a learner uses them, whatever mistake might break them (not only the named ones).

Every control changes what the advisor shows as a learner expects: the hand (picked, put back, dealt), the number
of players, the seat, the rule set and the turn; what it shows is the engine's and the analysis's answer for those
very inputs (the staged state, the hand's worth, each estimate); bad input shows a message or raises a clear
``ValueError`` and changes nothing; the drill marks each answer as the advisor's estimate says and counts it once.
An exception in any callback fails the test (``tests/conftest.py``).
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from thirtyone import Rules, parse_cards
from thirtyone.analysis import knock_advice
from thirtyone.i18n import fixed
from thirtyone.scoring import hand_value
from thirtyone.timing import advise, mark, staged_turn, turn_choices
from thirtyone.widgets import KnockAdvisor, KnockDrill
from thirtyone.widgets._html import number
from thirtyone.widgets.advisor import lives_digits, situation_html
from thirtyone.widgets.study import pct

R = 120
"""Simulated deals a question: enough to have numbers, few enough to ask often."""


def shown(a: KnockAdvisor) -> dict[str, Any]:
    """Everything the advisor shows a learner, to compare before and after a change."""
    return {"hand": list(a.hand_row.cards), "worth": a.hand_text.value, "situation": a.situation.value,
            "table": list(a.table_row.cards), "caption": a.table_caption.value, "result": a.result.value,
            "players": a.players_menu.value, "seat": a.seat_menu.value, "turn": a.turn_menu.value,
            "seats": list(a.seat_menu.options), "turns": list(a.turn_menu.options), "rules": a.rules,
            "picked": list(a.picker.hand), "advice": a.advice, "spot": a.spot}


def assert_shows_the_analysis(a: KnockAdvisor) -> None:
    """What the advisor shows is the analysis's answer for the controls' values, each number as it is."""
    spot, advice = a.spot, a.advice
    assert spot is not None and advice is not None
    cards = a.picker.cards
    assert len(cards) == 3
    n, seat, turn = a.players_menu.value, a.seat_menu.value, a.turn_menu.value
    assert (spot.rules, spot.state.players, spot.seat, spot.turns) == (a.rules, n, seat, turn)
    assert spot.player == seat % n and spot.state.current_player == spot.player
    assert sorted(spot.hand) == sorted(cards) and list(a.hand_row.cards) == [int(c) for c in cards]
    assert (spot, advice) == advise(a.rules, cards, n, seat, turn, rollouts=a.rollouts, seed=a.seed)
    assert advice.value == hand_value(cards, a.rules)
    assert f"<strong>{number(advice.value)}</strong>" in a.hand_text.value
    assert a.situation.value == situation_html(spot)
    s = spot.state
    if a.rules.family == "draw":
        assert list(a.table_row.cards) == [int(s.discard_pile[-1])] and "Top of the discard pile" in a.table_caption.value
    else:
        assert list(a.table_row.cards) == [int(c) for c in s.center] and len(s.center) == 3
        assert "The center" in a.table_caption.value
    page = html.unescape(a.result.value)
    digits = lives_digits(advice)
    for est in (advice.knock, advice.play_on):
        if est is None:
            continue
        lo, hi = est.expected_ci
        plo, phi = est.p_lose_ci
        in_order(page, f"<strong>{fixed(est.expected_lives, digits)}</strong>", fixed(lo, digits), fixed(hi, digits),
                 pct(est.p_lose), pct(plo), pct(phi), f"{est.rollouts:,}")
    assert (advice.knock is None) == (not spot.may_knock)
    assert page.count('class="to-compared"') == (advice.knock is not None) + 1  # numbers for allowed choices only


def in_order(page: str, *parts: str) -> None:
    """Each of ``parts`` appears in ``page``, one after the other."""
    at = 0
    for part in parts:
        found = page.find(part, at)
        assert found >= 0, f"{part!r} not found after position {at} in {page!r}"
        at = found + len(part)


# -- the hand -------------------------------------------------------------------------------------------
def test_each_hand_picked_is_the_hand_staged_valued_and_advised_on() -> None:
    a = KnockAdvisor(rollouts=R)
    for hand in ("K♥ Q♥ 7♣", "A♠ 10♠ 2♦", "7♣ 4♦ 2♥", "J♦ 10♦ 9♦", "A♣ A♦ 5♥"):
        a.picker.pick(hand)
        assert a.picker.cards == parse_cards(hand)
        assert_shows_the_analysis(a)


def test_putting_a_card_back_asks_for_three_and_clears_what_was_shown_then_picking_it_again_answers() -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", rollouts=R)
    seven = int(parse_cards("7♣")[0])
    a.picker.toggle(seven)
    assert a.advice is None and a.spot is None
    assert "Pick three cards for your hand (2 picked so far)." in a.result.value
    assert list(a.hand_row.cards) == [int(c) for c in parse_cards("K♥ Q♥")]
    assert (a.hand_text.value, a.situation.value, list(a.table_row.cards), a.table_caption.value) == ("", "", [], "")
    a.picker.toggle(seven)
    assert_shows_the_analysis(a)
    a.picker.clear()
    assert "(0 picked so far)" in a.result.value and list(a.hand_row.cards) == []


def test_dealing_a_random_hand_answers_for_it() -> None:
    a = KnockAdvisor("schwimmen", "A♥ K♥ 7♠", players=3, seat=2, turn=1, rollouts=R)
    for _ in range(3):
        a.picker.deal_button.click()
        if a.advice is None:  # a dealt 31 or three aces: nothing to decide
            assert "nothing to decide" in a.result.value
            continue
        assert_shows_the_analysis(a)


def test_a_hand_that_ends_the_round_on_the_deal_shows_its_own_worth_not_the_last_hands() -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", rollouts=R)
    a.picker.pick("A♥ K♥ Q♥")
    assert a.advice is None and a.spot is None and "nothing to decide" in a.result.value
    assert list(a.hand_row.cards) == [int(c) for c in parse_cards("A♥ K♥ Q♥")]
    assert "<strong>20</strong>" not in a.hand_text.value and "<strong>31</strong>" in a.hand_text.value
    assert a.situation.value == "" and list(a.table_row.cards) == []


# -- players, seat, turn ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_choosing_the_players_offers_their_seats_keeps_the_seat_when_it_can_and_answers(players: int) -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", players=4, seat=4, turn=3, rollouts=R)
    label = dict((v, k) for k, v in a.turn_menu.options)[a.turn_menu.value]
    assert label.startswith("your 1st turn")
    a.players_menu.value = players
    assert [v for _label, v in a.seat_menu.options] == list(range(1, players + 1))
    assert a.seat_menu.value == min(4, players)  # the dealer's seat of 4 is kept, or the last seat there is
    assert [v for _label, v in a.turn_menu.options] == [c.turns for c in turn_choices("scat", players, a.seat_menu.value)]
    assert dict((v, k) for k, v in a.turn_menu.options)[a.turn_menu.value].startswith("your 1st turn")
    assert_shows_the_analysis(a)


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "bga-draw"])
def test_every_seat_offers_its_own_turns_and_the_advice_is_for_that_seat(preset: str) -> None:
    a = KnockAdvisor(preset, "K♥ Q♥ 8♣", players=3, seat=1, turn=0 if preset != "widow" else 3, rollouts=R)
    for seat in (1, 2, 3):
        a.seat_menu.value = seat
        turns = [v for _label, v in a.turn_menu.options]
        assert turns == [c.turns for c in turn_choices(preset, 3, seat)]
        assert all((t - (seat - 1)) % 3 == 0 for t in turns)
        assert_shows_the_analysis(a)
        for t in turns[1:3]:
            a.turn_menu.value = t
            assert_shows_the_analysis(a)
            assert f"{t} turns" in html.unescape(a.situation.value)


def test_the_seats_turn_number_stays_when_the_seat_changes() -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", players=4, seat=2, turn=5, rollouts=R)  # seat 2's 2nd turn
    a.seat_menu.value = 3
    assert a.turn_menu.value == 6  # seat 3's 2nd turn
    a.seat_menu.value = 1
    assert a.turn_menu.value == 4
    assert_shows_the_analysis(a)


# -- the rule set --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_choosing_a_rule_set_answers_under_it_and_shows_its_table_and_its_turns(preset: str) -> None:
    """Seat 1 on the deal: under the widow rule that turn is only the choice of the center (the menu starts at the
    next one); under BGA's rules nobody knocks on their own first turn (the menu says so)."""
    a = KnockAdvisor("scat", "A♥ K♥ 9♣", players=3, seat=1, turn=0, rollouts=R)
    a.rules_menu.value = preset
    assert a.rules == Rules.preset(preset)
    choices = turn_choices(preset, 3, 1)
    assert list(a.turn_menu.options) == [(c.label, c.turns) for c in choices]
    assert a.turn_menu.value == choices[0].turns
    assert_shows_the_analysis(a)


def test_a_card_the_new_deck_lacks_goes_back_and_the_advisor_asks_for_a_third() -> None:
    a = KnockAdvisor("scat", "A♥ K♥ 2♣", rollouts=R)
    assert a.advice is not None
    a.rules_menu.value = "schwimmen"
    assert a.picker.cards == parse_cards("A♥ K♥")
    assert a.advice is None and "(2 picked so far)" in a.result.value
    a.picker.pick("A♥ K♥ 7♣")
    assert_shows_the_analysis(a)
    a.rules_menu.value = "scat"  # every card of the 32 is in the 52: the hand stays
    assert a.picker.cards == parse_cards("A♥ K♥ 7♣")
    assert_shows_the_analysis(a)


def test_an_option_changed_in_the_editor_is_the_rule_set_the_advice_is_for() -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", players=4, seat=2, turn=1, rollouts=R)
    assert a.advice is not None and a.advice.knock is not None
    a.rule_editor.set("first_knock", "not_first_orbit")  # nobody knocks before everyone has had a turn
    assert a.rules.first_knock == "not_first_orbit" and a.turn_menu.value == 1
    assert_shows_the_analysis(a)
    assert a.advice is not None and a.advice.knock is None


# -- the other players dealt again -------------------------------------------------------------------------
def test_dealing_the_others_again_keeps_the_hand_and_the_turn_and_answers_for_the_new_deal() -> None:
    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", rollouts=R)
    before = a.spot
    for k in (1, 2):
        a.again_button.click()
        assert a.seed == k and a.picker.cards == parse_cards("K♥ Q♥ 7♣")
        assert_shows_the_analysis(a)
    assert before is not None and a.spot is not None and a.spot.state.hands != before.state.hands


def test_the_numbers_are_the_analysis_own_for_the_staged_turn() -> None:
    a = KnockAdvisor("schwimmen", "A♥ K♥ 7♠", players=3, seat=3, turn=2, rollouts=R, seed=5)
    spot = staged_turn("schwimmen", "A♥ K♥ 7♠", 3, 3, 2, seed=5)
    assert a.spot is not None and (a.spot.player, a.spot.seat, a.spot.turns) == (spot.player, spot.seat, spot.turns)
    assert a.spot.state.hands == spot.state.hands and a.spot.state.view(spot.player) == spot.state.view(spot.player)
    direct = knock_advice(spot.state, spot.player, rollouts=R, seed=5)
    assert a.advice is not None
    assert (a.advice.knock, a.advice.play_on, a.advice.advice, a.advice.value) == \
        (direct.knock, direct.play_on, direct.advice, direct.value)


# -- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "says"), [
    ("K♥ K♥ 2♣", "K♥ appears twice"), ("XX QH 2C", "cannot read 'XX' as a card"),
    ("A♥ K♥ Q♥ J♥", "a hand holds 3 cards, not 4"),
])
def test_a_bad_hand_typed_in_says_why_and_changes_nothing(text: str, says: str) -> None:
    a = KnockAdvisor(rollouts=R)
    before = shown(a)
    assert a.picker.pick(text) is False
    assert says in html.unescape(a.picker.status.value) and 'role="status"' in a.picker.status.value
    assert shown(a) == before


@pytest.mark.parametrize(("args", "says"), [
    ({"turn": 0}, "your turns come after 1, 5, 9"),
    ({"players": 3, "seat": 3, "turn": 0}, "in seat 3 of 3 your turns come after 2, 5, 8"),
    ({"players": 9}, "players must be 2 to 8, not 9"),
    ({"players": 3, "seat": 4}, "seat must be 1 (left of the dealer) to 3 (the dealer), not 4"),
    ({"rules": "nope", "players": 5}, "unknown preset 'nope'"),
    ({"rules": "schwimmen", "hand": "2♥ K♥ A♥"}, "2♥ is not in the 32-card deck"),
    ({"hand": "K♥ K♥ 2♣", "seat": 3}, "K♥ appears twice"),
    ({"rules": "widow", "players": 4, "seat": 1, "turn": 0}, "your turns come after 4, 8"),
])
def test_a_choice_the_advisor_cannot_make_raises_a_clear_error_and_changes_nothing(args: dict, says: str) -> None:
    a = KnockAdvisor(rollouts=R)  # scat, K♥ Q♥ 7♣, 4 players, seat 2, turn 5
    before = shown(a)
    with pytest.raises(ValueError, match=re.escape(says)):
        a.choose(**args)
    assert shown(a) == before
    a.choose(players=3, seat=2, turn=4)  # it still answers afterwards, for what it shows
    assert_shows_the_analysis(a)


# -- the drill --------------------------------------------------------------------------------------------
class Ledger:
    """A page's memory, as far as the drill uses it: each answer counted."""

    def __init__(self) -> None:
        self.answers: list[dict[str, Any]] = []

    def answered(self, exercise: str, right: bool, **fields: Any) -> None:
        self.answers.append({"exercise": exercise, "right": right, **fields})

    def on_record(self, callback: Any) -> None:
        """The browser's record never arrives here: the drill's score is its own answers'."""


def test_the_drill_marks_each_answer_as_the_advisors_estimate_says_and_counts_it_once() -> None:
    ledger = Ledger()
    d = KnockDrill(seed=11, rollouts=R, memory=ledger)  # type: ignore[arg-type]
    right = 0
    for k, choice in enumerate(("knock", "play on", "knock", "play on")):
        spot = d.spot
        assert spot is not None and spot.may_knock and d.feedback.value == "" and not d.answered
        _staged, expected = advise(spot.rules, spot.hand, spot.state.players, spot.seat, spot.turns, rollouts=R,
                                   seed=spot.seed)
        verdict = mark(expected, choice)
        (d.knock_button if choice == "knock" else d.play_button).click()
        assert d.advice == expected
        right += verdict.right
        assert (d.asked, d.right) == (k + 1, right)
        assert f"Score: {right} right out of {k + 1}" in d.tally.value
        assert ("✔" in d.feedback.value) == verdict.right and ("✘" in d.feedback.value) == (not verdict.right)
        assert html.escape(verdict.text, quote=False) in d.feedback.value
        # a second answer to the same situation is not counted
        (d.play_button if choice == "knock" else d.knock_button).click()
        assert (d.asked, d.right) == (k + 1, right) and len(ledger.answers) == k + 1
        assert ledger.answers[-1]["exercise"] == "drill" and ledger.answers[-1]["right"] == verdict.right
        assert ledger.answers[-1]["given"] == verdict.answer and ledger.answers[-1]["answer"] == verdict.best
        d.next_button.click()
        assert d.spot is not spot


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_the_drill_shows_the_situation_it_asks_about(preset: str) -> None:
    d = KnockDrill(preset, seed=3, rollouts=R)
    for _ in range(2):
        spot = d.spot
        assert spot is not None and spot.rules == Rules.preset(preset)
        s = spot.state
        assert list(d.hand_row.cards) == [int(c) for c in spot.hand]
        assert f"<strong>{number(hand_value(spot.hand, spot.rules))}</strong>" in d.hand_text.value
        if spot.rules.family == "draw":
            assert list(d.table_row.cards) == [int(s.discard_pile[-1])] and "Top of the discard pile" in d.table_caption.value
            assert d.play_button.description == "Play on (draw)"
        else:
            assert list(d.table_row.cards) == [int(c) for c in s.center] and "The center" in d.table_caption.value
            assert d.play_button.description == "Play on (swap or pass)"
        assert situation_html(spot, note=False) in d.question.value
        d.next_situation()


def test_a_wrong_answer_is_marked_wrong_counted_as_such_and_kept_for_the_review() -> None:
    """Scat, 2♣ 4♦ 7♥ (7) on the deal: a knocker with the lowest hand loses two lives, so knocking is clearly
    worse than playing on."""
    ledger = Ledger()
    d = KnockDrill("scat", seed=1, rollouts=R, memory=ledger)  # type: ignore[arg-type]
    spot = staged_turn("scat", "2♣ 4♦ 7♥", 3, 1, 0, seed=4)
    d.pose(spot)
    assert d.answer("knock") is False
    assert d.advice is not None and d.advice.advice == "play on" and not d.advice.close
    assert (d.asked, d.right) == (1, 0) and "Score: 0 right out of 1" in d.tally.value
    assert "✘" in d.feedback.value and "✔" not in d.feedback.value
    assert ledger.answers == [{"exercise": "drill", "right": False, "kind": "drill", "rules": "scat",
                               "cards": {"hand": ["2♣", "4♦", "7♥"], "players": 3, "seat": 1, "turns": 0, "seed": 4},
                               "given": "knock", "answer": "play on"}]
    d.pose(spot)  # the same situation again: answerable again, and playing on is right
    assert d.answer("play on") is True and (d.asked, d.right) == (2, 1) and "✔" in d.feedback.value
    assert ledger.answers[-1]["right"] is True


def test_each_change_asks_the_simulation_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from thirtyone.widgets import advisor as advisor_module

    a = KnockAdvisor("scat", "K♥ Q♥ 7♣", rollouts=R)
    asked: list[tuple[Any, ...]] = []
    real = advisor_module.advise

    def counting(*args: Any, **kw: Any) -> Any:
        asked.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(advisor_module, "advise", counting)
    changes = [lambda: setattr(a.rules_menu, "value", "widow"),
               lambda: setattr(a.players_menu, "value", 6), lambda: setattr(a.seat_menu, "value", 1),
               lambda: setattr(a.turn_menu, "value", a.turn_menu.options[-1][1]), lambda: a.picker.pick("A♠ K♠ 9♦"),
               lambda: a.again_button.click(), lambda: a.choose(rules="schwimmen", hand="A♥ K♥ 7♠", players=3,
                                                                seat=2, turn=4)]
    for k, change in enumerate(changes, 1):
        change()
        assert len(asked) == k, k
        assert_shows_the_analysis(a)


def test_the_drill_poses_a_situation_brought_back_and_judges_it_under_its_own_rules() -> None:
    d = KnockDrill("scat", seed=1, rollouts=R)
    spot = staged_turn("bga-commerce", "A♥ K♥ 7♠", 3, 2, 4, seed=9)
    assert spot.may_knock
    d.pose(spot)
    assert d.spot is spot and d.play_button.description == "Play on (swap or pass)"
    d.answer("knock")
    assert d.advice == advise("bga-commerce", spot.hand, 3, 2, 4, rollouts=R, seed=9)[1]
    assert d.asked == 1
    d.rules_menu.value = "schwimmen"  # a new situation under the menu's rules, answerable again
    assert d.spot is not None and d.spot.rules.name == "schwimmen" and not d.answered and d.feedback.value == ""
