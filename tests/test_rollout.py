"""A play-out (:class:`thirtyone.rollout.Playout`) ends a round exactly as the full engine does.

The engine is driven move by move with the shared policy functions (the decisions a play-out
makes), and a play-out is started from the same state; both must end with the same hands, the
same knocker and the same lives lost. Many random deals in every preset cover knocks, the
knock restrictions, the knocker's rules, 31, Fire, everyone passing and an empty stock;
staged deals make 31 and Fire come often. A reshuffled stock (decision 17) is shuffled by each
side's own generator, so rounds that reshuffle after the play-out starts are left out (and
counted: most rounds are compared).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from gamekit import stack

from thirtyone import Action, Rules, State, deck, format_cards, new_game, parse_cards
from thirtyone.policy import best_commerce_move, best_discard, keep_table, take_discard
from thirtyone.rollout import Playout
from thirtyone.scoring import value_table


def policy_move(s: State, thresholds: list[float], patience: int) -> Action:
    """The move a play-out makes for the player to act, chosen on the engine's state."""
    r = s.rules
    p = s.current_player
    assert p is not None
    hand = s.hands[p]
    table = value_table(r)
    if s.phase == "discard":
        return Action("discard", (best_discard(keep_table(r), hand, None if r.discard_taken else s.taken),))
    if Action("knock") in s.legal_actions() and (
            table[hand] >= thresholds[p] or s.turns >= patience * len(s.active)):
        return Action("knock")
    if r.family == "draw":
        top = s.discard_pile[-1] if s.discard_pile else None
        if top is not None and take_discard(table, hand, top, bool(r.discard_taken)):
            return Action("draw discard")
        return Action("draw stock")
    value, move = best_commerce_move(table, hand, s.center, bool(r.allow_swap_all))
    if value <= table[hand] and r.allow_pass:
        return Action("pass")
    return Action("swap", move) if move else Action("swap all")


def engine_round(s: State, thresholds: list[float], patience: int, first: Action | None = None) -> State:
    """The engine's end of the round, every move made by the policy (``first`` forced)."""
    if first is not None:
        s = s.apply(first)
    while not s.round_over:
        s = s.apply(policy_move(s, thresholds, patience))
    return s


def reshuffled_after(s: State, start: State) -> bool:
    """Whether the stock was reshuffled between ``start`` and the end ``s`` of its round."""
    return sum(e.kind == "reshuffle" for e in s.round_events()) > sum(
        e.kind == "reshuffle" for e in start.round_events())


def assert_same_end(start: State, end: State, po: Playout, losses: list[int], why: str) -> None:
    res = end.result
    assert res is not None
    assert [None if h is None else tuple(h) for h in po.hands] == list(res.hands), why
    assert po.knocker == res.knocker, why
    assert losses == list(res.losses), f"{why}: play-out {losses}, engine {list(res.losses)} ({res.explain()})"


def staged_deck(rules: Rules, players: int, rng: random.Random) -> str:
    """A deal where one seat is one card short of 31 or Fire and that card lies face up (the first
    discard, or among the center cards; face down under a first choice)."""
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    aces = [c for c in cards if c.rank == 12]
    if rng.random() < 0.5 and rules.deck == 32 or rng.random() < 0.2:  # Fire (or 32, or three of a kind)
        pair, third = aces[:2], aces[2]
    else:  # 31: an ace and a ten-valued card of its suit, the other ten-valued card to take
        ace = aces[0]
        tens = [c for c in cards if c.suit == ace.suit and c.value == 10]
        pair, third = [ace, tens[0]], tens[1]
    rest = [c for c in cards if c not in pair and c != third]
    lucky = rng.randrange(players)
    hands = []
    for seat in range(players):
        own = [*pair, rest.pop()] if seat == lucky else [rest.pop() for _ in range(3)]
        rng.shuffle(own)
        hands.append(format_cards(own))
    face_up = [third] + [rest.pop() for _ in range(2)] if rules.family == "commerce" else [third]
    return stack(hands, format_cards(face_up))


def deals(preset: str, count: int, staged: bool):
    """``count`` first rounds of ``preset`` at 2..6 players, random play-out settings, and a start
    somewhere in the round: after the first choice, or after some policy moves (maybe mid-turn)."""
    rules = Rules.preset(preset)
    rng = random.Random(f"{preset}:{staged}")
    for i in range(count):
        n = rng.randrange(2, 7)
        s = new_game(rules, n, seed=i, deck=staged_deck(rules, n, rng) if staged else None)
        while s.phase in ("choice", "first"):
            s = s.apply(rng.choice(s.legal_actions()))
        if rng.random() < 0.3:  # nobody knocks: everyone passing, an empty stock
            thresholds, patience = [99.0] * n, 1000
        else:
            thresholds, patience = [float(rng.randrange(18, 34)) for _ in range(n)], rng.randrange(1, 6)
        for _ in range(rng.choice((0, 0, 1, 2, 5, 9))):
            if s.round_over:
                break
            s = s.apply(policy_move(s, thresholds, patience))
        if not s.round_over:
            yield s, thresholds, patience


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_playout_ends_a_round_as_the_engine_does(preset: str) -> None:
    hows: Counter[str] = Counter()
    compared = skipped = 0
    for staged in (False, True):
        for s, thresholds, patience in deals(preset, 250, staged):
            end = engine_round(s, thresholds, patience)
            if reshuffled_after(end, s):
                skipped += 1
                continue
            po = Playout.from_state(s, thresholds=thresholds, patience=patience, rng=random.Random(0))
            assert_same_end(s, end, po, po.run(), f"{preset} seed {s.seed}, {s.phase} at turn {s.turns}")
            compared += 1
            assert end.result is not None
            hows[end.result.how] += 1
            if 2 in end.result.losses:
                hows["knocker loses 2"] += 1
    assert compared >= 300, (compared, skipped)
    rules = Rules.preset(preset)
    expected = {"knock", "31", "knocker loses 2" if rules.knocker_lowest != "one_life" else "knock"}
    if rules.fire:
        expected.add("fire")
    if rules.family == "commerce":
        expected.add("all_pass" if rules.all_pass == "showdown" else "empty_stock")
    assert expected <= set(hows), hows


@pytest.mark.parametrize("preset", ["scat", "bga-draw", "schwimmen", "bga-commerce"])
def test_forced_first_move_matches_the_engine(preset: str) -> None:
    """``run(first_move)`` (what the expert and the studies ask) plays that legal move, then the policy."""
    compared = 0
    kinds: Counter[str] = Counter()
    for s, thresholds, patience in deals(preset, 150, staged=False):
        if s.phase != "turn":
            continue
        for a in s.legal_actions():
            end = engine_round(s, thresholds, patience, first=a)
            if reshuffled_after(end, s):
                continue
            po = Playout.from_state(s, thresholds=thresholds, patience=patience, rng=random.Random(0))
            assert_same_end(s, end, po, po.run(first_move=a), f"{preset} seed {s.seed}, first move {a}")
            compared += 1
            kinds[a.kind] += 1
    assert compared >= 150
    assert {"knock"} <= set(kinds) and ({"draw stock", "draw discard"} <= set(kinds) or {"swap", "pass"} <= set(kinds))


def test_a_playout_does_not_change_the_state_it_starts_from() -> None:
    s = new_game("schwimmen", 4, seed=3)
    s = s.apply("keep hand")
    before = (s.hands, s.stock, s.center, s.turns, s.knocker)
    po = Playout.from_state(s)
    po.run("knock")
    assert (s.hands, s.stock, s.center, s.turns, s.knocker) == before


def test_a_playout_starts_only_at_a_turn() -> None:
    s = new_game("schwimmen", 3, seed=1)
    assert s.phase == "choice"
    with pytest.raises(ValueError, match="phase 'choice'"):
        Playout.from_state(s)


def test_feuer_in_a_play_out_costs_a_sampled_31_a_life():
    # decision 14: Feuer beats 31. A play-out from sampled hands may give another seat 31; when
    # seat 1 swaps into three aces, that 31 loses a life like everyone else but the aces.
    feuer = Rules.preset("feuer")
    hands = [parse_cards(h) for h in ("K♥ 9♥ 8♣", "A♠ A♥ 7♦", "A♦ K♦ 10♦")]
    po = Playout(feuer, hands, parse_cards("7♣ 8♦ 9♣ 10♣"), center=parse_cards("A♣ 8♥ 9♦"), current=1, dealer=0)
    assert po.run() == [1, 0, 1]
    po = Playout(feuer.replace(fire=False), hands, parse_cards("7♣ 8♦ 9♣ 10♣"), center=parse_cards("A♣ 8♥ 9♦"),
                 current=1, dealer=0)
    assert po.run()[2] == 0  # without Feuer nobody holding 31 loses
