"""Lesson 5: staged turns, curves from the tables, the strategy studies, the advisor, the drill, the charts."""

from __future__ import annotations

import random
import re

import pytest

from thirtyone import Rules, parse_cards
from thirtyone.analysis import Estimate, KnockAdvice, wilson
from thirtyone.game import Action
from thirtyone.strategy import Mean, TakeRate, discard_study, suit_study
from thirtyone.timing import (
    break_even,
    drill_spot,
    live_curve,
    mark,
    shipped_thresholds,
    staged_turn,
    survival_curve,
    table_curve,
    threshold_curve,
)
from thirtyone.widgets import (
    DiscardStudyView,
    KnockAdvisor,
    KnockDrill,
    SuitStudyChart,
    SurvivalChart,
    ThresholdChart,
)
from thirtyone.widgets.charts import shipped_tables

ROLLOUTS = 300


# -- staged turns --------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
@pytest.mark.parametrize(("players", "seat", "turn", "expected"), [
    (4, 1, 0, 0), (4, 3, 0, 2), (4, 3, 2, 2), (4, 3, 3, 6), (4, 4, 0, 3), (2, 2, 4, 5), (6, 1, 5, 6)])
def test_staged_turn_is_the_learners_turn_with_their_hand(preset: str, players: int, seat: int, turn: int,
                                                            expected: int) -> None:
    hand = parse_cards("A♥ K♥ 7♠")
    spot = staged_turn(preset, hand, players, seat, turn, seed=3)
    s = spot.state
    assert s.current_player == spot.player == seat % players and s.phase == "turn"
    assert sorted(spot.hand) == sorted(hand)
    assert s.knocker is None and s.dealer == 0
    first_is_a_choice = preset == "widow" and seat == 1 and expected == 0
    assert spot.turns == s.turns == (expected + players if first_is_a_choice else expected)
    assert (spot.note == "") == (spot.turns == turn)


def test_staged_turn_knock_not_allowed_is_reported_by_the_advice() -> None:
    spot = staged_turn("bga-draw", "A♥ K♥ 7♠", 4, 2, 1)
    assert not spot.may_knock
    from thirtyone.analysis import knock_advice

    advice = knock_advice(spot.state, spot.player, rollouts=ROLLOUTS)
    assert advice.knock is None and "may not knock" in advice.explanation


@pytest.mark.parametrize(("args", "message"), [
    (("scat", "A♥ K♥", 4, 1, 0), "three cards"),
    (("schwimmen", "2♥ K♥ A♥", 4, 1, 0), "not in the 32-card deck"),
    (("scat", "A♥ K♥ 7♠", 10, 1, 0), "players must be 2 to 9"),
    (("scat", "A♥ K♥ 7♠", 4, 5, 0), "seat must be 1"),
    (("scat", "A♥ K♥ 7♠", 4, 1, 99), "turn must be 0"),
    (("scat", "A♥ K♥ Q♥", 4, 1, 0), "ends the round on the deal"),
    (("feuer", "A♥ A♣ A♠", 4, 1, 0), "ends the round on the deal"),
    (("schwimmen", "A♥ K♥ 7♠", 4, 3, 6, 0), ""),
])
def test_staged_turn_bad_input_says_why(args: tuple, message: str) -> None:
    if not message:
        assert staged_turn(*args).turns == 6
        return
    with pytest.raises(ValueError, match=message):
        staged_turn(*args)


def test_staged_turn_without_pass_cannot_wait() -> None:
    rules = Rules.preset("schwimmen").replace(allow_pass=False)
    with pytest.raises(ValueError, match="passing"):
        staged_turn(rules, "A♥ K♥ 7♠", 3, 1, 5)


# -- curves ----------------------------------------------------------------------------------------
def test_survival_curve_points_are_wilson_intervals() -> None:
    curve = survival_curve({10.0: (100, 20), 20.0: (50, 45), 25.0: (5, 5)}, min_knocks=20)
    assert [p.value for p in curve] == [10.0, 20.0]
    assert (curve[0].p, (curve[0].low, curve[0].high)) == (0.2, wilson(20, 100))
    assert break_even(curve) == 20.0 and break_even(curve, 0.95) is None


def test_table_curves_read_the_shipped_tables() -> None:
    tables = shipped_tables()
    curve = table_curve(tables, "scat", 4, 1, 1)
    cell = tables.cell("scat", 4, 1, 1)
    assert all(cell[p.value] == (p.knocks, p.survived) for p in curve)
    assert curve[-1].p > curve[0].p
    assert table_curve(tables, "scat", 3, 2, 0, "random") == table_curve(tables, "scat", 3, 2, 0, "greedy")
    with pytest.raises(ValueError, match="cover the rules scat, schwimmen"):
        table_curve(tables, "feuer", 4, 1, 1)


def test_live_curve_and_threshold_curve_pool() -> None:
    curve = live_curve("feuer", 3, 1, 0, deals=200, min_knocks=5)
    assert curve and all(0 <= p.low <= p.p <= p.high <= 1 for p in curve)
    first = threshold_curve("scat", 3, rounds=20, thresholds=(22, 26))
    both = threshold_curve("scat", 3, rounds=20, seed=1, thresholds=(22, 26), previous=first)
    assert [p.rounds for p in both] == [40, 40]
    assert all(p.low <= p.mean <= p.high for p in both)


def test_shipped_thresholds() -> None:
    pts = shipped_thresholds("scat", 4)
    assert pts is not None and [p.threshold for p in pts] == list(range(20, 32))
    assert shipped_thresholds("feuer", 4) is None


# -- the drill -----------------------------------------------------------------------------------
def test_drill_spots_allow_a_knock() -> None:
    rng = random.Random(5)
    for preset in ("scat", "bga-commerce"):
        for _ in range(5):
            spot = drill_spot(preset, rng)
            assert spot.may_knock and 2 <= spot.state.players <= 5


def advice(knock: tuple[float, float, float] | None, play: tuple[float, float, float]) -> KnockAdvice:
    def est(name: str, m: tuple[float, float, float]) -> Estimate:
        return Estimate(name, 100, m[0], (m[0], m[0]), m[0], (m[1], m[2]))

    k = est("knock", knock) if knock else None
    p = est("draw stock", play)
    best = "knock" if k is not None and k.expected_lives <= p.expected_lives else "play on"
    return KnockAdvice(0, 20.0, k, p, best, "Because.")


def test_mark_right_wrong_and_close() -> None:
    clear = advice((0.1, 0.05, 0.15), (0.5, 0.4, 0.6))
    assert mark(clear, "knock").right and not mark(clear, "knock").close
    wrong = mark(clear, "draw")
    assert not wrong.right and wrong.text.startswith("Not this time: the simulation says knock.")
    close = advice((0.3, 0.2, 0.4), (0.35, 0.25, 0.45))
    assert mark(close, "play on").right and mark(close, "play on").text.startswith("Close call")
    with pytest.raises(ValueError, match="knock"):
        mark(clear, "maybe")


# -- strategy studies ----------------------------------------------------------------------------
def test_suit_study_keeping_a_suit_beats_keeping_high_cards() -> None:
    first = suit_study("scat", draws=4, deals=300)
    assert first["one suit"][0].mean == first["high cards"][0].mean  # the same deals
    assert first["one suit"][4].ci[0] > first["high cards"][4].ci[1]
    pooled = suit_study("scat", draws=4, deals=100, seed=1, previous=first)
    assert pooled["one suit"][4].n == 400
    assert (Mean() + Mean(2, 4.0, 10.0)).mean == 2.0


def test_discard_study_counts_throws() -> None:
    c = discard_study("scat", players=3, rounds=20)
    assert c["their suit"].offered + c["another suit"].offered > 20
    assert all(0 <= r.taken <= r.offered for r in c.values())
    assert (TakeRate(2, 1) + TakeRate(2, 2)).rate == 0.75
    with pytest.raises(ValueError, match="draw-and-discard"):
        discard_study("schwimmen")


# -- widgets ---------------------------------------------------------------------------------------
def image_alt(html_text: str) -> str:
    m = re.search(r'<img src="data:image/png;base64,[A-Za-z0-9+/=]+" alt="([^"]+)">', html_text)
    assert m, "no inline PNG with alt text"
    return m.group(1)


def test_survival_chart_modes_controls_and_live_cell() -> None:
    c = SurvivalChart(compare="players")
    assert "one line per number of players" in image_alt(c.figure.value)
    assert "<figcaption>" in c.figure.value and "The numbers behind the chart" in c.figure.value
    c.seat_menu.value = 0
    assert "dealer" in image_alt(c.figure.value)
    s = SurvivalChart(compare="seat", turn=0, players=3)
    assert [v for _l, v in s.seat_menu.options] == [1, 2, 3]
    s.players_menu.value = 5
    assert [v for _l, v in s.seat_menu.options] == [1, 2, 3, 4, 5]
    assert image_alt(s.figure.value).count("seat") >= 5
    t = SurvivalChart(compare="turn", players=4, seat=2, live_deals=150)
    t.rules_menu.value = "feuer"
    assert t.figure.value == "" and "compute this one live" in t.message.value
    t.live_button.click()
    assert "Computed live" in image_alt(t.figure.value) and "Computed live" in t.message.value
    with pytest.raises(ValueError):
        SurvivalChart(compare="moon")


def test_threshold_chart_shows_shipped_then_pools_more() -> None:
    c = ThresholdChart(rounds=10)
    assert "knock threshold 20 to 31" in image_alt(c.figure.value)
    shipped = c.points[0].rounds
    c.run_button.click()
    assert c.points[0].rounds == shipped + 10
    c.rules_menu.value = "feuer"
    assert c.figure.value == "" and "press the button" in c.message.value


def test_strategy_widgets_draw_and_add_more() -> None:
    s = SuitStudyChart(deals=100)
    assert "Keeping one suit climbs" in image_alt(s.figure.value)
    s.more_button.click()
    assert s.sums is not None and s.sums["one suit"][0].n == 200
    d = DiscardStudyView(rounds=10, players=3)
    assert "Bar chart" in image_alt(d.figure.value)
    d.more_button.click()
    assert "20 rounds" in d.figure.value


def test_advisor_answers_for_a_chosen_hand() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    assert a.advice is not None and a.advice.knock is not None
    assert "Chance of losing a life" in a.result.value and "95% interval" in a.result.value
    assert a.advice.explanation in a.result.value.replace("&#x27;", "'")
    got = a.choose(rules="scat", hand="A♠ K♠ Q♥", players=3, seat=3, turn=0)
    assert got is a.advice and got is not None and got.value == 21
    assert a.spot is not None and a.spot.state.players == 3 and a.spot.player == 0
    assert "you are the dealer" in a.situation.value
    assert list(a.table_row.cards) == [int(a.spot.state.discard_pile[-1])]


def test_advisor_controls_and_bad_input() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    a.players_menu.value = 6
    assert [v for _l, v in a.seat_menu.options] == list(range(1, 7))
    a.seat_menu.value = 6
    assert a.spot is not None and a.spot.player == 0
    a.rules_menu.value = "bga-draw"
    a.choose(seat=2, turn=0)
    assert a.advice is not None and a.advice.knock is None
    assert "Not allowed now" in a.result.value and "may not knock" in a.result.value
    a.picker.clear()
    assert a.advice is None and "Pick three cards" in a.result.value
    a.picker.pick("A♥ K♥ Q♥")
    assert a.advice is None and "nothing to decide" in a.result.value
    a.rules_menu.value = "schwimmen"  # the 32-card deck: low cards go back, no error
    a.picker.pick("A♥ K♥ 7♠")
    assert a.advice is not None and a.spot is not None and a.spot.rules.name == "schwimmen"
    before = a.spot.state.hands
    a.again_button.click()
    assert a.spot.state.hands != before and a.seed == 1


def test_drill_marks_once_and_keeps_score() -> None:
    d = KnockDrill(seed=2, rollouts=ROLLOUTS)
    assert d.spot is not None and d.spot.may_knock
    assert "Knock or play on?" in d.question.value and d.play_button.description == "Play on (draw)"
    first = d.answer("knock")
    assert first is not None and d.answer("play on") is None  # a situation counts once
    assert d.asked == 1 and f"{int(first)} right out of 1" in d.tally.value
    assert "Knock now" in d.feedback.value
    d.next_button.click()
    d.play_button.click()
    assert d.asked == 2
    d.rules_menu.value = "schwimmen"
    assert d.play_button.description == "Play on (swap or pass)" and d.spot.rules.family == "commerce"
    d.knock_button.click()
    assert d.asked == 3 and Action("knock") in d.spot.state.legal_actions()
