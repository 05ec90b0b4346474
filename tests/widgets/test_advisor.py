"""Lesson 5: staged turns, curves from the tables, the strategy studies, the advisor, the drill, the charts."""

from __future__ import annotations

import html
import math
import random
import re

import pytest
from helpers.charts import chart_alt

from thirtyone import Rules, names, parse_cards
from thirtyone.analysis import Estimate, KnockAdvice, wilson
from thirtyone.game import Action
from thirtyone.strategy import Mean, TakeRate, discard_study, suit_study
from thirtyone.timing import (
    LIVE_ROUNDS,
    ThresholdPoint,
    advice_words,
    break_even,
    drill_spot,
    knock_turn,
    live_curve,
    mark,
    shipped_thresholds,
    staged_turn,
    survival_curve,
    table_curve,
    threshold_curve,
    turn_choices,
)
from thirtyone.widgets import (
    DiscardStudyView,
    KnockAdvisor,
    KnockDrill,
    SuitStudyChart,
    SurvivalChart,
    ThresholdChart,
)
from thirtyone.widgets.advisor import advice_html, lives_digits, situation_html
from thirtyone.widgets.charts import shipped_tables
from thirtyone.widgets.study import html_table, pct

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
    assert advice.knock is None and advice.explanation.startswith(
        "Only the dealer may knock in their own first turn: play on.")


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


def test_a_curve_the_tables_do_not_hold_is_simulated_with_their_deals_and_seed() -> None:
    """Any preset, table size or turn has its curve: the one `python -m thirtyone build-data` would ship."""
    from thirtyone.analysis import knock_survival

    tables = shipped_tables()
    deals, seed = tables.meta["deals"], tables.meta["seed"]
    live = table_curve(tables, "feuer", 4, 1, 1)
    assert live == survival_curve(knock_survival("feuer", 4, 1, 1, "greedy", deals, seed))  # type: ignore[arg-type]
    assert sum(p.knocks for p in table_curve(tables, "bga-draw", 7, 3, 2, min_knocks=1)) > 0.9 * deals  # type: ignore[operator]
    # a shipped cell is the same simulation: tables that hold nothing compute what the shipped ones hold
    from thirtyone.analysis import KnockTables

    empty = KnockTables({}, tables.meta)
    assert table_curve(empty, "scat", 3, 2, 1) == table_curve(tables, "scat", 3, 2, 1)


def pooled(curve: list) -> tuple[int, int]:
    return sum(p.knocks for p in curve), sum(p.survived for p in curve)


@pytest.mark.parametrize(("players", "seat"), [(3, 2), (4, 3), (4, 4)])
def test_knocking_on_the_deal_is_the_seats_real_first_turn(players: int, seat: int) -> None:
    """'On the deal' from seat 3 is seat 3's first turn, after seats 1 and 2 have moved (never a knock before
    anyone has moved, which only seat 1 can make): the tables agree with the cell 'first chance after 2 turns'."""
    tables = shipped_tables()
    assert knock_turn(players, seat, 0) == seat - 1
    (k0, s0), (k1, s1) = (pooled(table_curve(tables, "scat", players, seat, t, min_knocks=1)) for t in (0, seat - 1))
    p0, p1 = s0 / k0, s1 / k1
    se = (p0 * (1 - p0) / k0 + p1 * (1 - p1) / k1) ** 0.5
    assert abs(p0 - p1) < 4 * se
    # the seats before have moved, so how they play matters (it did not when every seat 'knocked first')
    assert table_curve(tables, "scat", players, seat, 0, "random") != table_curve(tables, "scat", players, seat, 0)


def test_knocking_on_the_deal_is_safer_in_seat_1_than_in_the_last_seat() -> None:
    tables = shipped_tables()
    # hands worth 16 to 22: by the dealer's first turn the others have improved once more
    (k1, s1), (k4, s4) = (pooled([p for p in table_curve(tables, "scat", 4, seat, 0) if 16 <= p.value <= 22])
                          for seat in (1, 4))
    assert wilson(s1, k1)[0] > wilson(s4, k4)[1]


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
    assert shipped_thresholds("feuer", 4, live_rounds=None) is None
    live = shipped_thresholds("feuer", 4, live_rounds=60)  # a rule set the file does not hold: played now
    assert live is not None and [p.threshold for p in live] == list(range(20, 32)) and live[0].rounds == 60


# -- the drill -----------------------------------------------------------------------------------
def test_drill_spots_allow_a_knock_on_a_turn_the_seat_really_has() -> None:
    rng = random.Random(5)
    for preset in ("scat", "bga-commerce", "bga-draw", "widow"):
        for _ in range(5):
            spot = drill_spot(preset, rng)
            n = spot.state.players
            assert spot.may_knock and 2 <= n <= 5 and spot.note == ""
            assert spot.turns in [c.turns for c in turn_choices(preset, n, spot.seat) if c.may_knock]


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
    assert not wrong.right and wrong.text.startswith("Not this time: knock here.")
    close = advice((0.3, 0.2, 0.4), (0.35, 0.25, 0.45))
    assert mark(close, "play on").right and mark(close, "knock").right
    assert mark(close, "play on").text.startswith("Too close to tell")
    apart = advice((0.3, 0.2, 0.299), (0.35, 0.3, 0.45))  # intervals that only nearly touch are not close
    assert not apart.close and not mark(apart, "play on").right
    touching = advice((0.3, 0.2, 0.3), (0.35, 0.3, 0.45))
    assert touching.close
    with pytest.raises(ValueError, match="knock"):
        mark(clear, "maybe")
    for a in (clear, close, apart):  # the words never repeat a number: the estimates are shown once, beside them
        words = " ".join(advice_words(a)) + mark(a, "knock").text
        assert not re.search(r"\d", words.replace("95% interval", ""))


# -- strategy studies ----------------------------------------------------------------------------
def test_suit_study_keeping_a_suit_beats_keeping_high_cards() -> None:
    first = suit_study("scat", draws=4, deals=300)
    assert first["one suit"][0].mean == first["high cards"][0].mean  # the same deals
    assert first["one suit"][4].ci[0] > first["high cards"][4].ci[1]
    pooled = suit_study("scat", draws=4, deals=100, seed=1, previous=first)
    assert pooled["one suit"][4].n == 400
    assert (Mean() + Mean(2, 4.0, 10.0)).mean == 2.0


def test_a_means_interval_is_the_normal_one_from_the_sample_variance() -> None:
    m = Mean().add(0.0).add(2.0).add(4.0)  # mean 2, sample variance 4: half-width 1.96 * sqrt(4 / 3)
    assert m.mean == 2.0
    assert m.ci == pytest.approx((2.0 - 1.96 * (4 / 3) ** 0.5, 2.0 + 1.96 * (4 / 3) ** 0.5), abs=1e-3)
    assert all(math.isnan(x) for x in Mean().add(1.0).ci)  # one value: no interval


def test_discard_study_counts_throws() -> None:
    c = discard_study("scat", players=3, rounds=20)
    assert c["their suit"].offered + c["another suit"].offered > 20
    assert all(0 <= r.taken <= r.offered for r in c.values())
    assert (TakeRate(2, 1) + TakeRate(2, 2)).rate == 0.75
    with pytest.raises(ValueError, match="draw-and-discard"):
        discard_study("schwimmen")


# -- widgets ---------------------------------------------------------------------------------------
def image_alt(html_text: str) -> str:
    """The chart's accessible name (its SVG's aria-label and <title>)."""
    return chart_alt(html_text)


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
    t.rules_menu.value = "feuer"  # not in the shipped tables: simulated now, with their deals
    assert "Feuer" in image_alt(t.figure.value) and t.message.value == ""
    t.live_button.click()
    assert "Simulated now" in image_alt(t.figure.value) and "Simulated now" in t.message.value
    with pytest.raises(ValueError):
        SurvivalChart(compare="moon")


def test_threshold_chart_shows_shipped_then_pools_more() -> None:
    c = ThresholdChart(rounds=10)
    assert "knock threshold 20 to 31" in image_alt(c.figure.value)
    shipped = c.points[0].rounds
    c.run_button.click()
    assert c.points[0].rounds == shipped + 10
    c.rules_menu.value = "feuer"  # not in the shipped file: played now
    assert "knock threshold 20 to 31" in image_alt(c.figure.value) and c.points[0].rounds == LIVE_ROUNDS


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
    head, reason = advice_words(a.advice)
    assert head in a.result.value and reason in a.result.value
    got = a.choose(rules="scat", hand="A♠ K♠ Q♥", players=3, seat=3, turn=2)
    assert got is a.advice and got is not None and got.value == 21
    assert a.spot is not None and a.spot.state.players == 3 and a.spot.player == 0
    assert "you are the dealer" in a.situation.value
    assert list(a.table_row.cards) == [int(a.spot.state.discard_pile[-1])]
    with pytest.raises(ValueError, match="your turns come after 2, 5, 8"):
        a.choose(turn=0)


def test_advisor_shows_each_estimate_once() -> None:
    """The numbers are in the two boxes only: the sentence above them has none, and the long sentence of
    knock_advice (the same numbers again) is not shown."""
    a = KnockAdvisor(rollouts=ROLLOUTS)
    assert a.advice is not None and a.advice.knock is not None
    page = a.result.value
    reason = re.search(r'<p class="to-reason[^"]*">([^<]*)</p>', page)
    assert reason and not re.search(r"\d", reason.group(1).replace("95% interval", ""))
    digits = lives_digits(a.advice)
    for est in (a.advice.knock, a.advice.play_on):
        assert page.count(f"<strong>{est.expected_lives:.{digits}f}</strong>") == 1
    assert a.advice.explanation not in page


def test_advisor_says_too_close_exactly_when_the_intervals_overlap() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    seen = set()
    for hand in ("K♥ Q♥ 7♣", "A♠ K♠ 9♠", "7♣ 4♦ 2♥", "K♥ Q♥ 9♥", "A♣ 10♣ 3♦"):
        adv = a.choose(hand=hand)
        assert adv is not None and adv.knock is not None
        k, p = adv.knock.expected_ci, adv.play_on.expected_ci
        overlap = k[0] <= p[1] and p[0] <= k[1]
        assert adv.close == overlap
        assert ("Too close to tell" in a.result.value) == overlap
        assert ("fewer lives lost" in a.result.value) == (not overlap)
        seen.add(overlap)
    assert seen == {True, False}


SHOWN_LIVES = re.compile(r"Lives lost on average: <strong>([\d.]+)</strong> \(95% interval ([\d.]+) to ([\d.]+)\)")


def shown_lives(page: str) -> list[tuple[float, float, float]]:
    """The lives lost on average as the page shows them, box by box: (mean, low, high)."""
    return [(float(m), float(lo), float(hi)) for m, lo, hi in SHOWN_LIVES.findall(page)]


def random_advices(n: int) -> list[KnockAdvice]:
    """Advices from estimates of every kind: far apart, overlapping, and intervals that nearly touch (which
    two decimals would show touching), with chances that order the choices either way."""
    rng = random.Random(7)
    out = []
    for i in range(n):
        m = rng.uniform(0.06, 0.6)
        half = rng.uniform(0.005, 0.05)
        gap = rng.choice([-0.02, -0.0005, 0.0, 0.0003, 0.0009, 0.004, 0.03]) if i % 3 else rng.uniform(-0.1, 0.1)
        k_ci = (m - half, m + half)
        p_lo = max(0.0, k_ci[1] + gap)
        p_ci = (p_lo, p_lo + 2 * rng.uniform(0.005, 0.05))
        k_p = rng.uniform(0.02, 0.5)
        p_p = rng.uniform(0.02, 0.5)
        knock = Estimate("knock", 1000, k_p, (k_p - 0.01, k_p + 0.01), m, k_ci)
        play = Estimate("draw stock", 1000, p_p, (p_p - 0.01, p_p + 0.01), sum(p_ci) / 2, p_ci)
        if i % 2:
            knock, play = (Estimate("knock", 1000, p_p, play.p_lose_ci, play.expected_lives, p_ci),
                           Estimate("draw stock", 1000, k_p, knock.p_lose_ci, m, k_ci))
        best = "knock" if knock.expected_lives <= play.expected_lives else "play on"
        out.append(KnockAdvice(0, 24.0, knock, play, best, ""))
    return out


def test_the_verdict_and_the_lives_lost_it_shows_agree() -> None:
    """The verdict is made on lives lost on average, and the page shows those with their intervals: "too
    close to tell" exactly when the intervals shown overlap; otherwise the box marked with fewer lives lost
    shows an interval wholly below the other's. When the chances of losing a life would suggest otherwise,
    a note beside the verdict says the advice goes by lives lost."""
    seen = {"close": 0, "apart": 0, "nearly touching": 0, "note": 0}
    for a in random_advices(600):
        page = advice_html(a)
        (km, klo, khi), (pm, plo, phi) = shown_lives(page)
        assert klo <= km <= khi and plo <= pm <= phi
        shown_overlap = klo <= phi and plo <= khi
        assert shown_overlap == a.close, (page, a)
        assert ("Too close to tell" in page) == a.close
        if not a.close:
            best, other = ((klo, khi), (plo, phi)) if a.advice == "knock" else ((plo, phi), (klo, khi))
            assert best[1] < other[0]
            assert html.unescape(page).count("fewer lives lost") == 1
            seen["nearly touching"] += (float(f"{a.knock.expected_ci[1]:.2f}") >= float(f"{a.play_on.expected_ci[0]:.2f}")  # type: ignore[union-attr]
                                        and a.knock.expected_ci[1] < a.play_on.expected_ci[0])  # type: ignore[union-attr]
        k, p = a.knock, a.play_on
        assert k is not None
        chances_overlap = k.p_lose_ci[0] <= p.p_lose_ci[1] and p.p_lose_ci[0] <= k.p_lose_ci[1]
        advised, rest = (k, p) if a.advice == "knock" else (p, k)
        chances_disagree = (chances_overlap != a.close) or (not a.close and advised.p_lose > rest.p_lose)
        assert ("not by the chance of losing a life" in page) == chances_disagree
        seen["close" if a.close else "apart"] += 1
        seen["note"] += chances_disagree
    assert all(seen.values()), seen


def test_the_advisor_explains_a_verdict_the_chances_seem_to_contradict() -> None:
    """Lesson 5's case: too close to tell by lives lost, while knocking loses a life less often (a knocker
    with the lowest hand loses two lives in Scat): the note says the advice goes by lives lost."""
    a = KnockAdvisor(rollouts=4000)  # the page's seed: enough deals for the chances to come apart
    adv = a.choose(rules="scat", hand="K♥ Q♥ 7♣", players=4, seat=2, turn=5)
    assert adv is not None and adv.knock is not None
    k, p = adv.knock.p_lose_ci, adv.play_on.p_lose_ci
    assert adv.close and k[1] < p[0]  # too close by lives lost; knocking loses a life less often
    assert "Too close to tell" in a.result.value
    assert "a knocker whose hand is the lowest can lose two lives" in a.result.value
    (km, klo, khi), (pm, plo, phi) = shown_lives(a.result.value)
    assert (klo <= phi and plo <= khi) == adv.close


@pytest.mark.parametrize("preset", ["scat", "widow", "bga-draw"])
def test_advisor_offers_only_turns_that_happen_and_answers_about_them(preset: str) -> None:
    """Every number of players and every seat: each turn the menu offers is a turn that seat has, and the
    advisor answers about exactly that turn (no note that it moved the turn), knocking allowed or not as
    the menu said."""
    a = KnockAdvisor(preset, "K♥ Q♥ 7♣", rollouts=20)
    for n in range(2, 9):
        a.players_menu.value = n
        assert [v for _label, v in a.seat_menu.options] == list(range(1, n + 1))
        for seat in range(1, n + 1):
            a.seat_menu.value = seat
            offered = list(a.turn_menu.options)
            assert offered, (n, seat)
            for label, turns in offered:
                assert (turns - (seat - 1)) % n == 0, (n, seat, turns)  # the seat's own turn
                a.turn_menu.value = turns
                assert a.spot is not None and a.advice is not None, (n, seat, turns, a.result.value)
                assert a.spot.turns == turns and a.spot.note == "" and a.spot.seat == seat
                assert a.spot.state.current_player == seat % n
                assert f"{turns} turn" in a.situation.value or (turns == 0 and "nobody has moved" in a.situation.value)
                assert (a.advice.knock is None) == ("no knocking yet" in label), (n, seat, turns, label)
                assert "not " + str(turns) not in a.result.value  # never "your turn comes after 5, not 3"


def test_advisor_explains_turns_the_rules_change() -> None:
    a = KnockAdvisor("widow", "K♥ Q♥ 7♣", players=4, seat=1, turn=4, rollouts=20)
    assert a.turn_menu.options[0][1] == 4  # seat 1's first turn is only the choice of the face-down center
    assert "face-down center" in a.turn_note.value
    a.rule_editor.choose("bga-draw")
    assert "no knocking yet" in a.turn_menu.options[0][0]
    assert names.value_text("first_knock", a.rules.first_knock) in a.turn_note.value
    a.rule_editor.choose("schwimmen")
    a.rule_editor.set("allow_pass", False)
    assert len(a.turn_menu.options) == 1 and "forbid passing" in a.turn_note.value
    assert a.spot is not None and a.spot.turns == a.turn_menu.value


def test_advisor_takes_any_rule_set_from_the_rule_editor() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    a.rule_editor.set("first_knock", "not_first_orbit")
    assert a.rules.first_knock == "not_first_orbit" and a.rules.name == "custom"
    assert a.spot is not None and a.spot.rules == a.rules
    assert "Your own rules, 4 players." in a.situation.value
    a.choose(seat=2, turn=1)
    assert a.advice is not None and a.advice.knock is None
    assert "Nobody may knock until everyone has had a turn" in a.result.value


def test_advisor_controls_and_bad_input() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    a.players_menu.value = 6
    assert [v for _l, v in a.seat_menu.options] == list(range(1, 7))
    a.seat_menu.value = 6
    assert a.spot is not None and a.spot.player == 0
    a.rules_menu.value = "bga-draw"
    a.choose(seat=2, turn=1)
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


def test_the_drill_marks_against_the_advisors_estimate_and_names_the_situation() -> None:
    d = KnockDrill(seed=4, rollouts=ROLLOUTS)
    for _ in range(3):
        spot = d.spot
        assert spot is not None
        d.answer("knock")
        assert d.advice is not None
        n = spot.state.players
        shown = KnockAdvisor(spot.rules, spot.hand, players=n, seat=spot.seat, turn=spot.turns, seed=spot.seed,
                             rollouts=ROLLOUTS)
        assert shown.advice == d.advice  # the very estimate the advisor shows for this situation
        text = d.feedback.value
        assert f"{n} players" in text and f"Seat {spot.seat}" in text and "Scat" in text
        assert (f"{spot.turns} turn" in text) or "nobody has moved" in text
        assert f"worth {int(d.advice.value)}" in text
        assert ("Too close to tell" in text) == d.advice.close
        d.next_situation()


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
    d.rule_editor.set("lives", 5)  # any rule set: a new situation under it
    assert d.spot.rules.lives == 5 and "Your own rules" in d.question.value


# -- what a learner reads ----------------------------------------------------------------------------
def visible_text(widget: object) -> str:
    """The words a widget tree shows: HTML without its tags and styles, labels, options, buttons."""
    import ipywidgets as w

    parts: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, w.HTML):
            text = re.sub(r"<style>.*?</style>", " ", x.value, flags=re.S)
            text = re.sub(r'<img [^>]*alt="([^"]*)"[^>]*>', r" \1 ", text)  # alt text is read out too
            parts.append(re.sub(r"<[^>]+>", " ", text))
        if isinstance(x, (w.Dropdown, w.ToggleButton, w.Button)):
            parts.append(getattr(x, "description", ""))
        if isinstance(x, w.Dropdown):
            parts.extend(label for label, _v in x.options)
        for child in getattr(x, "children", ()):
            walk(child)

    walk(widget)
    return " ".join(parts)


INTERNAL = re.compile(r"(?<![\d,.])00[0-3]\b|\b(None|True|False|greedy|commerce|others_lose|two_if_sole|two_lives|not_first_orbit|"
                      r"not_own_first_turn|draw stock|draw discard|scat|schwimmen|bga-\w+|feuer|custom|cell|"
                      r"turns? of the table)\b")


def test_lesson_5_widgets_show_words_not_identifiers() -> None:
    a = KnockAdvisor(rollouts=ROLLOUTS)
    a.rule_editor.set("first_knock", "not_first_orbit")
    a.choose(seat=2, turn=1)
    d = KnockDrill(seed=3, rollouts=ROLLOUTS)
    d.answer("play on")
    t = SurvivalChart(compare="turn", players=4, seat=2, live_deals=100)
    t.rules_menu.value = "bga-commerce"
    t.live_button.click()
    shown = [a, d, SurvivalChart(compare="players"), SurvivalChart(compare="seat", turn=0), t, ThresholdChart(rounds=5),
             SuitStudyChart(deals=50), DiscardStudyView(rounds=5, players=3)]
    for widget in shown:
        text = visible_text(widget)
        found = [m.group(0) for m in INTERNAL.finditer(text)]
        assert not found, f"{type(widget).__name__} shows {found}"


def test_one_change_asks_the_simulation_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players change the seats and the turns too: still one question to the simulation, for the final choice."""
    from thirtyone.widgets import advisor as advisor_module

    a = KnockAdvisor(rollouts=ROLLOUTS)
    asked: list[tuple[int, int, int]] = []
    real = advisor_module.advise

    def counting(rules, hand, players, seat, turn, **kw):  # type: ignore[no-untyped-def]
        asked.append((players, seat, turn))
        return real(rules, hand, players, seat, turn, **kw)

    monkeypatch.setattr(advisor_module, "advise", counting)
    a.players_menu.value = 3
    a.rule_editor.choose("schwimmen")
    a.choose(players=5, seat=4, turn=3)
    assert asked == [(3, 2, 4), (3, 2, 4), (5, 4, 3)]  # your 2nd turn stays your 2nd turn


def test_turning_the_shipped_answers_off_computes_every_one_afresh() -> None:
    """``precomputed.enabled(False)`` (what the freshness test and the builder rely on) makes every shipped
    result unanswered, and returns the setting before it, so that it can be put back."""
    from thirtyone import precomputed

    shipped = []
    for kind, recipe in precomputed.RECIPES:
        args = dict(recipe, rules=Rules.preset(recipe["rules"]))
        if "hand" in args:
            args["hand"] = parse_cards(args["hand"])
        shipped.append((kind, args))
    assert all(precomputed.lookup(kind, **args) is not None for kind, args in shipped)
    before = precomputed.enabled(False)
    try:
        assert before is True
        assert all(precomputed.lookup(kind, **args) is None for kind, args in shipped)
        assert precomputed.enabled(False) is False  # the setting before this call
    finally:
        assert precomputed.enabled(before) is False
    assert precomputed.enabled() is True
    assert all(precomputed.lookup(kind, **args) is not None for kind, args in shipped)


def test_break_even_is_where_every_higher_value_survives_often_enough() -> None:
    from thirtyone.timing import CurvePoint

    def curve(*ps: float) -> list[CurvePoint]:
        return [CurvePoint(25.0 + i, 100, round(100 * p), p, p - 0.1, p + 0.1) for i, p in enumerate(ps)]

    assert break_even(curve(0.6, 0.4, 0.7, 0.9)) == 27.0  # 25 survives often, but 26 does not
    assert break_even(curve(0.5, 0.6)) == 25.0
    assert break_even(curve(0.6, 0.3)) is None  # the best hand does not survive half the time


@pytest.mark.parametrize(("k", "text"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                                         (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (112, "112th")])
def test_turns_are_counted_in_ordinals(k: int, text: str) -> None:
    from thirtyone.timing import ordinal

    assert ordinal(k) == text


def test_neither_choice_is_marked_better_when_the_two_are_too_close_to_tell() -> None:
    knock = Estimate.from_losses("knock", [0] * 70 + [1] * 30)
    play = Estimate.from_losses("draw stock", [0] * 72 + [1] * 28)
    close = KnockAdvice(0, 24.0, knock, play, "play on", "")
    assert close.close
    assert "fewer lives lost" not in advice_html(close) and "to-best" not in advice_html(close)
    apart = KnockAdvice(0, 24.0, knock, Estimate.from_losses("draw stock", [0] * 99 + [1]), "play on", "")
    assert not apart.close and html.unescape(advice_html(apart)).count("fewer lives lost") == 1


def test_the_situation_names_each_seat_as_the_table_has_it() -> None:
    words = [html.unescape(situation_html(staged_turn("scat", "K♥ Q♥ 7♣", 4, seat, seat - 1), note=False))
             for seat in (1, 2, 4)]
    assert "Seat 1, left of the dealer: you play first." in words[0]
    assert "Seat 2: you play 2nd." in words[1]
    assert "Seat 4: you are the dealer and play last." in words[2]


def test_comparing_table_sizes_for_the_dealer_draws_the_dealers_seat() -> None:
    chart = SurvivalChart(compare="players", seat=0, turn=1)
    assert chart.seat_menu.value == 0
    tables = shipped_tables()
    assert [curve for _label, curve in chart.curves()] == [table_curve(tables, "scat", n, n, 1) for n in range(2, 7)]


def test_the_tournament_names_the_thresholds_inside_the_best_ones_interval() -> None:
    chart = ThresholdChart("scat", 4)
    chart.points = [ThresholdPoint(24.0, 100, 0.50, 0.40, 0.60), ThresholdPoint(25.0, 100, 0.45, 0.35, 0.55),
                    ThresholdPoint(26.0, 100, 0.52, 0.42, 0.62), ThresholdPoint(27.0, 100, 0.70, 0.60, 0.80)]
    chart.draw()
    shown = html.unescape(chart.figure.value)
    assert "Fewest lives lost at 25; thresholds whose means lie inside its interval (24, 25, 26) do about as well" \
        in shown


def test_numbers_are_rounded_and_aligned_in_their_own_column() -> None:
    assert [pct(x) for x in (0.299, 0.234, 0.005, 1.0)] == ["30%", "23%", "0%", "100%"]  # 0.5% rounds to even
    table = html_table("c", ["name", "count", "note"], [["a", "12", "few"]], numeric=[1])
    assert '<td class="to-num" role="cell" data-label="count">12</td>' in table
    assert '<td role="cell" data-label="note">few</td>' in table
