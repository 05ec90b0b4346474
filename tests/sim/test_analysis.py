"""Studies behind the strategy lessons: knock advice, knock-timing cells and tables, the deal study,
the threshold tournament. Sizes are small; what is checked is what a lesson relies on: sound
intervals, advice that follows its own numbers, reproducibility from a seed, tables read without
simulating and in line with a fresh simulation."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

import thirtyone.analysis as analysis
import thirtyone.lockstep as lockstep
from thirtyone import Rules, State, new_game
from thirtyone.analysis import (
    Estimate,
    KnockRuleRow,
    KnockTables,
    best_knock_rule,
    build_knock_tables,
    deal_study,
    knock_advice,
    knock_rule_candidates,
    knock_rule_tournament,
    knock_survival,
    load_knock_tables,
    shipped_knock_rules,
    threshold_tournament,
    wilson,
)
from thirtyone.bots import ThresholdBot
from thirtyone.game import from_view
from thirtyone.policy import KnockSchedule
from thirtyone.scoring import hand_value


def pooled(cell: dict[float, tuple[int, int]], at_least: float = 0.0) -> tuple[int, int]:
    """(knocks, survived) over every value of at least ``at_least``."""
    k = sum(n for v, (n, _) in cell.items() if v >= at_least)
    s = sum(m for v, (_, m) in cell.items() if v >= at_least)
    return k, s


def midround(preset: str, players: int, seed: int, turns: int) -> State:
    """A turn after ``turns`` turns of threshold bots that never knock (the round must not end by 31)."""
    s = new_game(preset, players, seed=seed)
    bots = [ThresholdBot(i, threshold=99, patience=99) for i in range(players)]
    while s.phase != "turn" or s.turns < turns:
        assert not s.round_over, f"{preset} seed {seed} ends before turn {turns}: pick another seed"
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    return s


# -- intervals ----------------------------------------------------------------------------------------
def test_wilson_interval_contains_the_rate_and_narrows() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    for s, n in [(0, 10), (3, 10), (10, 10), (500, 1000)]:
        lo, hi = wilson(s, n)
        assert 0.0 <= lo <= s / n <= hi <= 1.0
    assert wilson(50, 100)[1] - wilson(50, 100)[0] > wilson(500, 1000)[1] - wilson(500, 1000)[0]


def test_wilson_interval_has_the_textbook_values() -> None:
    # Wilson's score interval at 95%: 5 of 10 gives 0.2366 to 0.7634, 0 of 10 gives 0 to 0.2775
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)


def test_a_tables_chance_is_for_the_value_itself() -> None:
    tables = KnockTables({KnockTables.key("scat", "greedy", 3, 1, 0): [[25.0, 10, 5], [26.0, 30, 27]]})
    p, lo, hi, knocks = tables.chance("scat", 3, 1, 0, 25)
    assert (p, knocks) == (0.5, 10) and (lo, hi) == wilson(5, 10)
    assert tables.chance("scat", 3, 1, 0, 26)[::3] == (0.9, 30)
    assert math.isnan(tables.chance("scat", 3, 1, 0, 27)[0])  # no knock at 27: no chance to tell


def test_estimate_from_losses() -> None:
    e = Estimate.from_losses("knock", [0, 0, 1, 2, 0, 1, 0, 0])
    assert (e.rollouts, e.p_lose, e.expected_lives) == (8, 3 / 8, 0.5)
    assert e.p_lose_ci[0] <= e.p_lose <= e.p_lose_ci[1]
    assert e.expected_ci[0] <= e.expected_lives <= e.expected_ci[1]


# -- knock advice -------------------------------------------------------------------------------------
STATES = [("scat", 3, 1, 0), ("scat", 4, 2, 7), ("schwimmen", 3, 3, 4), ("bga-draw", 2, 4, 5), ("widow", 4, 6, 6)]


@pytest.mark.parametrize(("preset", "players", "seed", "turns"), STATES)
def test_knock_advice_fields_intervals_and_advice(preset: str, players: int, seed: int, turns: int) -> None:
    s = midround(preset, players, seed, turns)
    adv = knock_advice(s, rollouts=2000, seed=1)
    p = s.current_player
    assert adv.player == p
    assert adv.value == hand_value(s.hands[p], s.rules)
    assert adv.knock is not None  # every state above allows a knock
    assert adv.knock.rollouts + adv.play_on.rollouts == 2000
    assert adv.knock.action == "knock" and adv.play_on.action != "knock"
    for e in (adv.knock, adv.play_on):
        lo, hi = e.p_lose_ci
        assert 0.0 <= lo <= e.p_lose <= hi <= 1.0
        lo, hi = e.expected_ci
        assert 0.0 <= lo <= e.expected_lives <= hi and e.expected_lives <= 2.0
        assert e.p_lose <= e.expected_lives <= 2 * e.p_lose  # a loss costs one life or two
        assert f"{100 * e.p_lose:.0f}%" in adv.explanation
    assert adv.advice == ("knock" if adv.knock.expected_lives <= adv.play_on.expected_lives else "play on")
    assert adv.explanation.endswith("Knock." if adv.advice == "knock" else "Play on.")


def test_knock_advice_follows_the_hand() -> None:
    """On the first turn against three players: knock with 30, play on with 8."""
    strong = new_game("scat", 4, seed=1, deck="A♥ 2♣ 3♦ 4♠ K♥ 5♣ 6♦ 7♠ 9♥ 8♣ 2♦ 3♠")
    weak = new_game("scat", 4, seed=1, deck="2♣ A♥ 3♦ 4♠ 5♦ K♥ 6♦ 7♠ 8♠ 9♥ 2♦ 3♠")
    assert hand_value(strong.hands[1], strong.rules) == 30 and hand_value(weak.hands[1], weak.rules) == 8
    assert knock_advice(strong, rollouts=2000).advice == "knock"
    assert knock_advice(weak, rollouts=2000).advice == "play on"


@pytest.mark.parametrize(("rules", "why"), [
    (Rules(first_knock="not_first_turn"), "nobody may knock on the round's very first turn"),
    (Rules.preset("bga-draw"), "only the dealer may knock in their own first turn"),
])
def test_knock_advice_when_knocking_is_not_allowed(rules: Rules, why: str) -> None:
    s = new_game(rules, 3, seed=2)
    while s.phase == "choice":
        s = s.apply("keep hand")
    adv = knock_advice(s, rollouts=400, seed=3)
    assert adv.knock is None and adv.advice == "play on"
    assert adv.play_on.rollouts == 400
    assert adv.forbidden == why and adv.explanation.startswith(why[0].upper() + why[1:] + ": play on.")


def test_knock_advice_after_a_knock_names_the_knocker() -> None:
    s = new_game("scat", 3, seed=2).apply("knock")
    adv = knock_advice(s, rollouts=200)
    assert adv.knock is None
    assert adv.explanation.startswith("Player 1 has already knocked, and only one player knocks in a round: play on.")


def test_knock_advice_is_for_the_player_to_act_at_the_start_of_a_turn() -> None:
    s = new_game("scat", 3, seed=2)
    other = (s.current_player + 1) % 3
    with pytest.raises(ValueError, match="whose turn it is"):
        knock_advice(s, player=other)
    with pytest.raises(ValueError, match="phase 'discard'"):
        knock_advice(s.apply("draw stock"))
    with pytest.raises(ValueError, match="rollouts must be at least 2"):
        knock_advice(s, rollouts=1)


def test_knock_advice_reads_only_what_the_player_sees() -> None:
    """Two states with one view, the hidden cards (other hands, stock) placed differently: one advice."""
    s = midround("scat", 3, 7, 5)
    p = s.current_player
    v = s.view(p)
    rng = random.Random(0)
    states = []
    for _ in range(2):
        unseen = list(v.unseen())
        rng.shuffle(unseen)
        hands = []
        for seat, h in enumerate(s.hands):
            k = 0 if seat == p else 3 - len(v.known[seat])
            hands.append(h if seat == p else tuple(v.known[seat]) + tuple(unseen[:k]))
            del unseen[:k]
        states.append(from_view(v, hands, unseen, seed=s.seed))
    a, b = states
    assert a.hands != b.hands and a.view(p) == b.view(p)
    assert knock_advice(a, rollouts=600, seed=4) == knock_advice(b, rollouts=600, seed=4)


def test_knock_advice_late_in_a_round_is_not_too_hopeful() -> None:
    """Other players have been improving their hands: the advice must not take them for a fresh
    deal. Knocking with 19 to 25 after 6 to 11 turns at a table of three threshold players: the
    predicted chance of losing a life matches how often the knocker really loses (when written:
    0.33 predicted, 0.43 seen; it was 0.08 when the others were dealt fresh cards)."""
    predicted, lost = [], []
    for seed in range(150):
        try:
            s = midround("scat", 3, seed, 6 + seed % 6)
        except AssertionError:  # someone made 31
            continue
        p = s.current_player
        if not 19 <= hand_value(s.hands[p], s.rules) <= 25:
            continue
        adv = knock_advice(s, rollouts=400, seed=seed)
        assert adv.knock is not None
        predicted.append(adv.knock.p_lose)
        end = s.apply("knock")
        bots = [ThresholdBot(i) for i in range(3)]
        while not end.round_over:
            q = end.current_player
            end = end.apply(bots[q].choose(end.view(q)))
        assert end.result is not None
        lost.append(end.result.losses[p] > 0)
    n = len(lost)
    seen = sum(lost) / n
    assert n >= 40
    assert abs(sum(predicted) / n - seen) < 3 * math.sqrt(seen * (1 - seen) / n)


# -- reproducible from the seed ----------------------------------------------------------------------
def test_studies_repeat_with_their_seed_and_change_with_another() -> None:
    s = midround("schwimmen", 3, 3, 4)
    runs = {
        "knock_advice": lambda seed: knock_advice(s, rollouts=400, seed=seed),
        "knock_survival": lambda seed: knock_survival("scat", 3, 2, 1, deals=300, seed=seed),
        "random opponents": lambda seed: knock_survival("schwimmen", 3, 1, 2, "random", deals=300, seed=seed),
        "deal_study": lambda seed: deal_study("schwimmen", [2, 3], deals=200, seed=seed),
        "threshold_tournament": lambda seed: threshold_tournament("scat", 3, (22, 27), rounds=200, seed=seed),
    }
    for name, run in runs.items():
        assert run(5) == run(5), name
        assert run(5) != run(6), name


# -- knock-timing cells ------------------------------------------------------------------------------
def test_a_cell_computed_live() -> None:
    """A lesson can ask for a situation the shipped tables do not hold (7 players) with a few deals."""
    cell = knock_survival("scat", 7, 3, turn=2, deals=300, seed=1)
    knocks, survived = pooled(cell)
    assert 0 < knocks <= 300 and 0 < survived < knocks  # rounds that end by 31 before the knock do not count
    assert list(cell) == sorted(cell)
    assert all(0 <= s <= k for k, s in cell.values())
    on_deal = knock_survival("schwimmen", 3, 1, turn=0, deals=300, seed=1)
    assert 290 <= pooled(on_deal)[0] <= 300  # on the deal every deal has its knock, but for a dealt 31


def test_survival_grows_with_the_hand_and_31_never_loses() -> None:
    cell = knock_survival("scat", 4, 2, turn=0, deals=2000, seed=2)
    k_hi, s_hi = pooled(cell, 26)
    k_lo, s_lo = pooled({v: c for v, c in cell.items() if v <= 16})
    assert s_hi / k_hi > 0.8 and s_lo / k_lo < 0.3
    assert 31.0 not in cell  # a dealt 31 ends the round before anyone moves (decision 4): nobody knocks on one


def test_random_opponents_are_easier_to_knock_against() -> None:
    greedy = pooled(knock_survival("scat", 4, 2, 3, "greedy", deals=400, seed=1))
    rand = pooled(knock_survival("scat", 4, 2, 3, "random", deals=400, seed=1))
    assert rand[1] / rand[0] > greedy[1] / greedy[0] + 0.2


@pytest.mark.parametrize(("args", "match"), [
    (("scat", 10, 1), "players must be 2 to 9"),
    (("schwimmen", 9, 1), "players must be 2 to 8"),
    (("scat", 4, 5), "seat must be 1"),
    (("scat", 4, 0), "seat must be 1"),
])
def test_knock_survival_rejects_impossible_situations(args: tuple[str, int, int], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        knock_survival(*args, deals=1)
    with pytest.raises(ValueError, match="opponents must be 'greedy' or 'random'"):
        knock_survival("scat", 3, 1, 1, "expert", deals=1)
    with pytest.raises(ValueError, match="turn must be 0"):
        knock_survival("scat", 3, 1, -1, deals=1)


@pytest.mark.parametrize("study", [
    lambda: deal_study("widow", [3, 10], deals=1),
    lambda: deal_study("scat", [1], deals=1),
    lambda: threshold_tournament("schwimmen", 9, rounds=1),
    lambda: threshold_tournament("scat", 1, rounds=1),
])
def test_studies_reject_tables_the_rules_forbid(study) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="players must be 2 to"):
        study()


def test_in_the_deal_study_a_later_seat_needs_a_higher_hand() -> None:
    """Seat k knocks on its first turn, after the k - 1 players before it have played: the value at which a
    knock survives half the time rises from seat 1 to the dealer (what `python -m thirtyone deal-study` shows)."""
    study = deal_study("scat", [4], deals=3000, seed=1)[4]

    def safe(cell: dict[float, tuple[int, int]]) -> float:
        """The hand value from which at least half the knocks survive."""
        return min(v for v in cell if pooled(cell, v)[1] >= 0.5 * pooled(cell, v)[0])

    assert safe(study[1]) < safe(study[4])
    first, last = pooled(study[1], 20), pooled(study[4], 20)
    assert first[1] / first[0] > last[1] / last[0]


def test_deal_study_covers_every_seat_with_the_same_deals() -> None:
    done = []
    study = deal_study("scat", [2, 4], deals=150, seed=3, progress=done.append)
    assert done == [2, 4]
    assert list(study) == [2, 4]
    for n, seats in study.items():
        assert list(seats) == list(range(1, n + 1))
        counts = [pooled(cell)[0] for cell in seats.values()]
        # seat 1 knocks before anyone moves (only a dealt 31 ends a round first); a later seat's round
        # may end by someone's 31 before its turn
        assert 145 <= counts[0] <= 150 and all(c <= counts[0] for c in counts), counts


# -- shipped tables ------------------------------------------------------------------------------------
def test_the_shipped_tables_exist_and_cover_the_lessons() -> None:
    tables = load_knock_tables()
    situations = set(tables.situations())
    for preset in ("scat", "schwimmen"):
        for n in range(2, 7):
            for seat in range(1, n + 1):
                assert (preset, "greedy", n, seat, 0) in situations
                for turn in (1, 2, 3):
                    assert {(preset, "greedy", n, seat, turn), (preset, "random", n, seat, turn)} <= situations
    assert tables.meta["deals"] >= 1000


def test_the_shipped_tables_answer_without_simulating(monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*args: object, **kw: object) -> None:
        raise AssertionError("the tables must not simulate")
    monkeypatch.setattr(analysis, "knock_survival", no)
    monkeypatch.setattr(lockstep, "play_lockstep", no)
    tables = load_knock_tables()
    p, lo, hi, k = tables.chance("scat", 4, 2, 0, 27)
    assert k > 0 and 0.0 <= lo <= p <= hi <= 1.0
    assert tables.chance("scat", 4, 2, 0, 27) == (p, lo, hi, k)
    p30 = tables.chance("scat", 2, 1, 0, 30)
    assert p30[0] > 0.9 and p30[3] > 0  # a knock on 30 nearly always survives
    p31 = tables.chance("scat", 2, 1, 0, 31)
    assert p31[3] == 0  # a dealt 31 ends the round before anyone moves (decision 4): nobody knocks on one
    nothing = tables.chance("scat", 2, 1, 0, 30.5)  # no such value in scat
    assert math.isnan(nothing[0]) and nothing[1:] == (0.0, 1.0, 0)
    with pytest.raises(KeyError):
        tables.cell("scat", 7, 1, 0)


@pytest.mark.parametrize(("preset", "players", "seat", "turn", "opponents"), [
    ("scat", 3, 1, 0, "greedy"), ("scat", 4, 3, 2, "random"), ("schwimmen", 2, 2, 3, "greedy"),
])
def test_the_shipped_tables_agree_with_a_fresh_simulation(preset: str, players: int, seat: int, turn: int,
                                                          opponents: str) -> None:
    """With another seed, the overall and the strong-hand survival rates agree within 4 standard errors."""
    shipped = load_knock_tables().cell(preset, players, seat, turn, opponents)
    fresh = knock_survival(preset, players, seat, turn, opponents, deals=1500, seed=12345)
    for at_least in (0, 25):
        (k1, s1), (k2, s2) = pooled(shipped, at_least), pooled(fresh, at_least)
        p1, p2 = s1 / k1, s2 / k2
        se = math.sqrt(p1 * (1 - p1) / k1 + p2 * (1 - p2) / k2) or 1 / min(k1, k2)
        assert abs(p1 - p2) < 4 * se, (at_least, p1, p2, se)


def test_tables_round_trip_through_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    keys = []
    built = build_knock_tables(presets=("scat",), players=[2], turns=(0,), opponents=("greedy",), deals=50,
                               progress=keys.append)
    assert sorted(built.situations()) == [("scat", "greedy", 2, 1, 0), ("scat", "greedy", 2, 2, 0)]
    assert keys == ["scat|greedy|2|1|0", "scat|greedy|2|2|0"]
    path = tmp_path / "tables.json"
    path.write_text(built.to_json(), encoding="utf-8")
    loaded = load_knock_tables(path)
    assert loaded.data == built.data and loaded.meta == built.meta
    assert loaded.cell("scat", 2, 1) == knock_survival("scat", 2, 1, 0, deals=50)
    assert 45 <= sum(k for k, _ in loaded.cell("scat", 2, 2).values()) <= 50  # a 31 before its turn: no knock
    assert KnockTables.key("scat", "greedy", 2, 1, 0) in loaded.data


# -- threshold tournament ------------------------------------------------------------------------------
def test_threshold_tournament_rows_come_sorted_by_threshold() -> None:
    seen = []
    rows = threshold_tournament("schwimmen", 3, thresholds=(31, 22, 27), rounds=300, seed=2, progress=seen.append)
    assert sorted(seen) == [22, 27, 31]
    assert [r.threshold for r in rows] == [22.0, 27.0, 31.0]
    for r in rows:
        assert r.rounds == 300
        assert 0.0 <= r.ci[0] <= r.lives_lost <= r.ci[1]
        assert r.lives_lost <= 2.0


# -- the knock-rule tournament: the intermediate's rule ------------------------------------------------
def test_the_intermediate_knocks_by_the_winners_of_the_shipped_knock_rule_tournament() -> None:
    """policy.DEFAULT_THRESHOLDS are no numbers typed in: each is the best rule of its table as shipped, and the
    rule the bots and the lessons state."""
    from thirtyone import shipped
    from thirtyone.bots import knock_rule
    from thirtyone.policy import DEFAULT_THRESHOLDS, default_schedule

    families = shipped.load("knock_rules.json")["families"]
    assert families == {name: Rules.preset(name).family for name in Rules.PRESET_NAMES}  # every preset is shipped
    for preset in families:
        for n in range(2, 7):
            best = best_knock_rule(shipped_knock_rules(preset, n))
            assert DEFAULT_THRESHOLDS[(preset, n)] == default_schedule(Rules.preset(preset), n) == best
            rule = knock_rule("intermediate", preset, n)
            assert (rule.threshold, rule.drop, rule.floor) == (best.start, best.drop, best.floor)
    assert len(DEFAULT_THRESHOLDS) == 5 * len(Rules.PRESET_NAMES)



def test_a_rule_set_that_is_no_preset_gets_its_own_tournament_played_on_the_spot() -> None:
    """Changed single rules: the intermediate knocks by the winner of that rule set's own knock-rule tournament,
    played now (LIVE_KNOCK_RULE_ROUNDS a candidate, once per process), and the lessons' statement says so."""
    from thirtyone.bots import ThresholdBot, knock_rule
    from thirtyone.knockrules import LIVE_KNOCK_RULE_ROUNDS, intermediate_schedule
    from thirtyone.policy import schedule_preset

    custom = dataclasses.replace(Rules.preset("feuer"), lives=5, allow_swap_all=False)
    assert schedule_preset(custom) is None and schedule_preset(Rules.preset("feuer")) == "feuer"
    played = best_knock_rule(knock_rule_tournament(custom, 4, rounds=LIVE_KNOCK_RULE_ROUNDS, seed=0))
    assert intermediate_schedule(custom, 4) == played
    assert intermediate_schedule(custom, 9) == intermediate_schedule(custom, 6)  # beyond the tables: the nearest
    rule = knock_rule("intermediate", custom, 4)
    assert (rule.threshold, rule.drop, rule.floor) == (played.start, played.drop, played.floor)
    view = new_game(custom, 4, seed=2).view(1)
    assert ThresholdBot().threshold_for(view) == played.at(view.turns, 4)


def test_every_knock_rule_candidate_plays_the_same_deals_and_reshuffles() -> None:
    """Common random numbers: two schedules that knock alike (a drop to a floor no lower than the start) lose
    the very same lives, reshuffles of Scat included; of equal rules the flatter one wins."""
    same = [KnockSchedule(26.0, 0.0, 26.0), KnockSchedule(26.0, 1.0, 26.0), KnockSchedule(29.0, 2.0, 23.0)]
    rows = knock_rule_tournament("scat", 2, same, rounds=300, seed=3, batch=2)
    assert [r.rule for r in rows] == same
    assert rows[0].lives_lost == rows[1].lives_lost and rows[0].ci == rows[1].ci
    assert rows[2].lives_lost != rows[0].lives_lost
    tied = [KnockRuleRow(KnockSchedule(27.0, 1.0, 25.0), 9, 0.3, (0.2, 0.4)),
            KnockRuleRow(KnockSchedule(28.0, 0.0, 28.0), 9, 0.3, (0.2, 0.4)),
            KnockRuleRow(KnockSchedule(26.0, 0.0, 26.0), 9, 0.3, (0.2, 0.4)),
            KnockRuleRow(KnockSchedule(30.0, 3.0, 21.0), 9, 0.29, (0.2, 0.4))]
    assert best_knock_rule(tied) == KnockSchedule(30.0, 3.0, 21.0)
    assert best_knock_rule(tied[:3]) == KnockSchedule(26.0, 0.0, 26.0)


def test_a_knock_rule_tournament_not_shipped_is_played_on_the_spot() -> None:
    """Another rule set gets the same tournament, computed now with fewer rounds; Scat and Schwimmen as
    shipped."""
    rows = shipped_knock_rules(Rules.preset("scat").replace(first_knock="not_first_orbit"), 3, live_rounds=40)
    assert [r.rule for r in rows] == knock_rule_candidates() and {r.rounds for r in rows} == {40}
    assert {r.rounds for r in shipped_knock_rules("schwimmen", 4)} == {analysis.KNOCK_RULE_ROUNDS}
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        knock_rule_tournament("scat", 3, rounds=0)
