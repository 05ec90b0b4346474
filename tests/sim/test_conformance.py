"""The one simulation engine (:mod:`thirtyone.lockstep`) ends every round exactly as the reference game does.

The reference: a :class:`~thirtyone.game.State` driven move by move with the shared policy decisions of
:mod:`thirtyone.policy` (greedy draws, throws and swaps; knocking at a per-seat threshold, fixed or falling each time round the table, or after
``patience`` orbits, when the rules allow it). The same start states go to
:func:`~thirtyone.lockstep.play_lockstep`, all at once; each play-out must end with the same hands, the
same knocker, the same way of ending, the same lives lost and the same reasons, play-out by play-out. A
rebuilt stock (decision 17) is ordered as the reference game orders it (the ``reshuffle`` hook), so
rounds that reshuffle are compared too.

Covered: every preset with every value of every option (one parametrized test), random rule sets
(hypothesis), every legal first move, and staged spots for the rare paths: fractional, non-default and
falling thresholds, the no-throw-back rule, three aces worth 32, a new center from exactly three stock cards,
and a rebuilt stock that leaves the top discard on the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from helpers.engine import rule_sets, stack
from helpers.sim import Knock, assert_same, lockstep, reference_end, reference_move, starts_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirtyone import Action, Rules, State, new_game, parse_cards
from thirtyone.lockstep import How, play_lockstep
from thirtyone.policy import best_discard, keep_table
from thirtyone.rules import _CHOICES, COMMERCE_ONLY, DRAW_ONLY, PRESETS, RULE_FIELDS

# -- the reference: the game itself, driven by the policy ------------------------------------------


def compare(starts: list[tuple[State, list[Knock], int]], every_first_move: bool = True,
            knock_at: tuple[int, int] | None = None) -> Counter[str]:
    """Each start (with its thresholds and patience) played by the reference and by the lockstep, with no
    forced move and with each legal first move; grouped by turn order and patience."""
    groups: dict[tuple[object, ...], list[tuple[State, list[Knock], Action | None]]] = {}
    for s, thresholds, patience in starts:
        firsts: list[Action | None] = [None]
        if every_first_move:
            firsts += [a for a in s.legal_actions()]
        for a in firsts:
            key = (s.current_player, s.turns, s.played, s.passes, s.knocker, s.out, len(s.stock),
                   len(s.discard_pile), len(s.hands), patience)
            groups.setdefault(key, []).append((s, thresholds, a))
    hows: Counter[str] = Counter()
    for key, group in groups.items():
        patience = int(key[-1])  # type: ignore[call-overload]
        res = lockstep([s for s, _, _ in group], [t for _, t, _ in group], patience, [a for _, _, a in group],
                       knock_at)
        for r, (s, thresholds, a) in enumerate(group):
            end = reference_end(s, thresholds, patience, a, knock_at)
            how = assert_same(end, res, r, f"{s.rules!r} seed {s.seed}, turn {s.turns}, first move {a}, "
                                           f"thresholds {thresholds}, patience {patience}")
            hows[how] += 1
            hows["reshuffle"] += sum(e.kind == "reshuffle" for e in end.round_events()) > sum(
                e.kind == "reshuffle" for e in s.round_events())
            hows["knocker loses 2"] += 2 in (end.result.losses if end.result else ())
    return hows


def option_cases() -> list[tuple[str, str, object]]:
    """Every preset with every value of every option of its family (lives: 1 and 5)."""
    cases = []
    for name, preset in PRESETS.items():
        other = COMMERCE_ONLY if preset.family == "draw" else DRAW_ONLY + ("first_choice",) * 0
        for field in RULE_FIELDS:
            if field in other or field == "family" or (field == "first_choice" and preset.family == "draw"):
                continue
            if field in _CHOICES:
                values: tuple[object, ...] = _CHOICES[field]
            elif field == "lives":
                values = (1, 5)
            else:
                values = (False, True)
            for v in values:
                if getattr(preset, field) != v:
                    cases.append((name, field, v))
    return cases


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_ends_every_round_as_the_game_does(preset: str) -> None:
    rules = Rules.preset(preset)
    hows = compare(starts_for(rules, 60, preset))
    expected = {"knock", "31", "knocker loses 2" if rules.knocker_lowest != "one_life" else "knock"}
    if rules.fire and rules.family == "commerce":
        expected.add("fire")
    if rules.family == "commerce" and rules.all_pass == "showdown":
        expected.add("all_pass")  # an empty stock at everyone passing: test_a_new_center_needs_three_stock_cards
    if rules.family == "draw":
        expected.add("reshuffle")
    assert expected <= {k for k, v in hows.items() if v}, hows


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "field", "value"), option_cases(),
                         ids=[f"{p}-{f}={v}" for p, f, v in option_cases()])
def test_every_option_value_ends_every_round_as_the_game_does(preset: str, field: str, value: object) -> None:
    rules = Rules.preset(preset).replace(**{field: value})
    hows = compare(starts_for(rules, 25, f"{preset}:{field}:{value}"))
    assert sum(hows[h] for h in ("knock", "31", "fire", "all_pass", "empty_stock")) >= 25


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), key=st.integers(0, 10**6))
def test_random_rule_sets_end_every_round_as_the_game_does(rules: Rules, key: int) -> None:
    compare(starts_for(rules, 4, f"random:{key}"))


# -- staged spots: the rare paths -------------------------------------------------------------------


def staged(rules: Rules | str, hands: Sequence[str], rest: str, **changes: object) -> State:
    s = new_game(rules, len(hands), seed=7, deck=stack(list(hands), rest))
    while s.phase in ("choice", "first"):
        s = s.apply("keep hand")
    return s._evolve(**changes) if changes else s


@pytest.mark.parametrize(("hand", "threshold", "knocks"), [
    ("10♠ 10♥ 10♦", 30.5, True),   # 30.5 reaches 30.5
    ("10♠ 10♥ 10♦", 31.0, False),
    ("A♠ K♠ 9♠", 30.5, False),     # 30 does not
    ("A♠ K♠ 9♠", 30.0, True),
    ("K♥ 9♥ 4♣", 20.0, False),     # 19
    ("K♥ 10♥ 4♣", 20.0, True),     # 20
    ("K♥ 10♥ 4♣", 21.0, False),
    ("A♥ 10♥ K♣", 21.0, True),     # 21
    ("A♥ 10♥ K♣", 20.5, True),
    ("K♥ 10♥ 3♣", 20.5, False),    # 20: a threshold taken a half point too low would knock here
])
def test_a_knock_comes_exactly_at_its_threshold(hand: str, threshold: float, knocks: bool) -> None:
    for preset, rest in (("schwimmen", "2♥ 3♠ 4♦ 5♣ 6♣ 7♣ 8♦ 9♦ 2♠ 3♥ 4♠ 5♥ 6♥"),
                         ("bga-draw", "2♥ 3♠ 4♦ 5♣ 6♣ 7♣ 8♦ 9♦ 2♠ 3♥ 4♠ 5♥ 6♥")):
        rules = Rules.preset(preset).replace(deck=52, first_knock="anytime")
        s = staged(rules, ["2♣ 5♦ 7♠", hand, "3♦ 6♠ 8♣"], rest)
        assert s.current_player == 1 and s.phase == "turn", s
        # seat 2 knocks on its first turn unless seat 1 has knocked already
        compare([(s, [99.0, threshold, 0.0], 50)], every_first_move=False)
        res = lockstep([s], [[99.0, threshold, 0.0]], 50, [None])
        assert (int(res.knocker[0]) == 1) == knocks, (preset, hand, threshold)


def test_a_card_taken_from_the_pile_is_not_thrown_back() -> None:
    # bga-draw: discard_taken=False. Seat 1 is made to take the 2♣, the card it would throw first if it could
    # (every first move is compared, "draw discard" among them); seat 2 knocks at once.
    rules = Rules.preset("bga-draw").replace(first_knock="anytime")
    s = staged(rules, ["3♦ 4♦ 6♠", "K♥ Q♥ J♥", "3♣ 5♦ 7♠"], "2♣ 8♣ 9♣ 10♣ 4♠ 5♠ 6♦ 7♦ 8♦ 9♦ 10♦")
    assert s.current_player == 1 and s.phase == "turn", s
    hows = compare([(s, [99.0, 99.0, 0.0], 99)])
    assert hows["knock"] == len(s.legal_actions()) + 1
    after = s.apply("draw discard")
    assert after.taken == parse_cards("2♣")[0]
    assert best_discard(keep_table(rules), after.hands[1]) == after.taken  # it would throw it back if it could


@pytest.mark.parametrize("three_aces", [None, 32])
def test_three_aces_worth_32_are_not_31(three_aces: int | None) -> None:
    # schwimmen without Feuer: seat 1 swaps the A♣ in. At 32 (or 11 as plain aces) the round goes on.
    rules = Rules.preset("schwimmen").replace(three_aces=three_aces, three_of_a_kind=None)
    s = staged(rules, ["7♠ 8♥ 9♦", "A♠ A♥ 7♦", "8♠ 9♥ 10♦"], "A♣ 8♦ 9♣ 10♣ J♣ Q♣ K♣ 7♥ 10♥")
    assert s.current_player == 1
    hows = compare([(s, [99.0, 99.0, 99.0], 2)])
    swap = Action("swap", tuple(parse_cards("7♦ A♣")))
    res = lockstep([s], [[99.0] * 3], 2, [swap])
    assert int(res.how[0]) != How.THIRTY_ONE and sum(hows.values())


@pytest.mark.parametrize(("stock", "laid"), [(2, False), (3, True), (4, True)])
def test_a_new_center_needs_three_stock_cards(stock: int, laid: bool) -> None:
    # everyone passes (no center card helps); with three stock cards or more a new center is laid, and its
    # 10♠ makes seat 0 a 31; with two the round goes to the showdown at once (decision 5)
    rules = Rules.preset("schwimmen").replace(allow_swap_all=False)
    s = staged(rules, ["A♠ K♠ 9♠", "A♥ K♥ 9♥", "A♦ K♦ 9♦"], "7♣ 8♣ 9♣ 10♠ J♣ Q♣ K♣ A♣ 7♠ 8♠")
    assert s.phase == "turn", s
    s = s._evolve(stock=s.stock[:stock])
    hows = compare([(s, [99.0] * 3, 99)], every_first_move=False)
    assert hows["31" if laid else "empty_stock"] == 1, hows
    end = reference_end(s, [99.0] * 3, 99)
    assert (sum(e.kind == "new center" for e in end.round_events()) > 0) == laid


def test_a_rebuilt_stock_leaves_the_top_discard_on_the_pile() -> None:
    # one card left in the stock, a long pile: the next turn rebuilds the stock from all but the top card
    rules = Rules.preset("scat")
    s = new_game(rules, 3, seed=11)
    for _ in range(12):
        s = s.apply(reference_move(s, [99.0] * 3, 99))
    s = s._evolve(stock=s.stock[:1])
    hows = compare([(s, [99.0] * 3, 3)])
    assert hows["reshuffle"] == len(s.legal_actions()) + 1


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer"])
def test_the_studies_knocker_and_a_dealt_31_end_rounds_as_the_game_does(preset: str) -> None:
    """What the knock studies play: fresh deals, one seat knocking at its first turn once some turns have
    been played (``knock_at``), nobody else knocking; a 31 or Feuer dealt ends the round before anyone moves."""
    rules = Rules.preset(preset).replace(first_choice=None) if Rules.preset(preset).family == "commerce" \
        else Rules.preset(preset)
    dealt = Counter[str]()
    for players in (2, 3, 4, 6):
        starts = [new_game(rules, players, seed=1000 * players + i) for i in range(150)]
        for seat, turn in ((1, 0), (0, 0), (2 % players, 3)):  # seat indices: 0 deals, 1 plays first
            played = [s for s in starts if not s.round_over]
            res = lockstep(played, [[99.0] * players] * len(played), 10**6, [None] * len(played), (seat, turn))
            for r, s in enumerate(played):
                end = reference_end(s, [99.0] * players, 10**6, knock_at=(seat, turn))
                dealt[assert_same(end, res, r, f"{preset} seed {s.seed}, knocker {seat} at {turn}")] += 1
        over = [s for s in starts if s.round_over]  # a dealt 31 or Feuer
        if over:
            s0 = over[0]
            hands = np.array([s.hands for s in over], dtype=np.int64)
            center = np.array([s.center for s in over], dtype=np.int64) if rules.family == "commerce" else None
            res = play_lockstep(rules, hands, np.zeros((len(over), 0), dtype=np.int64), center,
                                current=1 % players, dealer=s0.dealer, thresholds=99.0, patience=10**6, deal=True)
            for r, s in enumerate(over):
                assert s.result is not None
                assert How(int(res.how[r])).word == s.result.how
                assert [int(x) for x in res.losses[r]] == list(s.result.losses), (preset, s.seed)
                dealt["dealt " + s.result.how] += 1
    assert dealt["knock"] > 1000 and dealt["dealt 31"] > 0, dealt
