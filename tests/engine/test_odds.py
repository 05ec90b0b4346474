"""Exact odds: each answer is checked against a brute-force count made another way
(the text-based scorer of ``brute31``, ordered draws, explicit deals of disjoint hands)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import pytest
from helpers.brute31 import brute_value

from thirtyone.cards import Card, deck, parse_cards
from thirtyone.odds import beat_chance, best_of, improve_chance, value_counts, value_distribution
from thirtyone.rules import Rules

SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")
BGA_DRAW = Rules.preset("bga-draw")


def brute(hand: object, rules: Rules) -> float:
    return brute_value(hand, rules.three_of_a_kind, rules.three_aces)  # type: ignore[arg-type]


# -- the distribution of hand values -------------------------------------------------------------
@pytest.mark.parametrize("name", ["scat", "schwimmen", "bga-draw"])
def test_value_counts_match_a_brute_force_count(name: str) -> None:
    rules = Rules.preset(name)
    counts = value_counts(rules)
    assert counts == Counter(brute(h, rules) for h in combinations(deck(rules.deck), 3))
    assert list(counts) == sorted(counts)
    assert sum(counts.values()) == comb(rules.deck, 3)


def test_value_distribution_is_counts_over_all_hands() -> None:
    dist = value_distribution(SCHWIMMEN)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    assert dist[32] == Fraction(4, 4960) and dist[30.5] == Fraction(28, 4960)
    assert dist == {v: Fraction(n, 4960) for v, n in value_counts(SCHWIMMEN).items()}
    # presets that score alike share a distribution
    assert value_distribution(Rules.preset("feuer")) == dist
    assert value_distribution(Rules.preset("widow")) == value_distribution(SCAT)


# -- improving with the next card ------------------------------------------------------------------
def brute_improve(hand: tuple[Card, ...], v: float, rules: Rules, unseen: list[Card]) -> Fraction:
    """Every next card, every way to keep three of the four cards in order."""
    good = sum(1 for c in unseen if max(brute(p, rules) for p in permutations((*hand, c), 3)) >= v)
    return Fraction(good, len(unseen))


def test_improve_chance_worked_out_by_hand() -> None:
    # K♥ 9♥ 4♣ reaches 21 with any of the 11 other hearts; nothing reaches 31
    assert improve_chance("K♥ 9♥ 4♣", 21, SCAT) == Fraction(11, 49)
    assert improve_chance("K♥ 9♥ 4♣", 31, SCAT) == 0
    assert improve_chance("K♥ 9♥ 4♣", 19, SCAT) == 1     # already there: keep the hand
    assert improve_chance("K♥ 9♥ 4♣", 21, SCAT, unseen="A♥ 2♣") == Fraction(1, 2)


@pytest.mark.parametrize(("text", "rules"), [("K♥ 9♥ 4♣", SCAT), ("10♠ 10♥ 7♦", BGA_DRAW), ("A♣ A♠ K♦", SCHWIMMEN),
                                              ("7♣ 8♦ 9♥", SCHWIMMEN), ("A♥ K♥ 2♣", BGA_DRAW)])
def test_improve_chance_matches_a_brute_force_count(text: str, rules: Rules) -> None:
    hand = parse_cards(text)
    unseen = [c for c in deck(rules.deck) if c not in hand]
    for v in (11, 20, 21, 25, 28, 30.5, 31, 32):
        assert improve_chance(hand, v, rules) == brute_improve(hand, v, rules, unseen), v


def test_best_of_keeps_the_best_three() -> None:
    assert best_of(parse_cards("A♥ K♥ Q♥ J♥"), SCAT) == 31
    assert best_of(parse_cards("10♣ 10♠ 10♥ 2♦"), BGA_DRAW) == 30.5
    with pytest.raises(ValueError, match="three cards"):
        best_of(parse_cards("A♥ K♥"), SCAT)


def test_improve_chance_refuses_overlapping_or_empty_unseen() -> None:
    with pytest.raises(ValueError, match="unseen cards cannot be in the hand: K♥"):
        improve_chance("K♥ 9♥ 4♣", 21, SCAT, unseen="K♥ 2♣")
    with pytest.raises(ValueError, match="no unseen card"):
        improve_chance("K♥ 9♥ 4♣", 21, SCAT, unseen="")


# -- someone beats you ----------------------------------------------------------------------------
def deal_maxima(k: int, rules: Rules, pool: list[Card]) -> Counter[float]:
    """Deal k hands in order, one combination after another: how many deals have each best value."""
    worth = {frozenset(h): brute(h, rules) for h in combinations(pool, 3)}
    memo: dict[tuple[frozenset[Card], int], Counter[float]] = {}

    def deals(rest: frozenset[Card], k: int) -> Counter[float]:
        if k == 0:
            return Counter({-1.0: 1})
        if (rest, k) not in memo:
            out: Counter[float] = Counter()
            for h in combinations(sorted(rest), 3):
                mine = worth[frozenset(h)]
                for best, n in deals(rest - set(h), k - 1).items():
                    out[max(best, mine)] += n
            memo[rest, k] = out
        return memo[rest, k]

    return deals(frozenset(pool), k)


def brute_beat(v: float, maxima: Counter[float], at_least: bool = False) -> Fraction:
    """The share of the deals whose best hand beats v."""
    hits = sum(n for best, n in maxima.items() if (best >= v if at_least else best > v))
    return Fraction(hits, sum(maxima.values()))


def test_one_hand_from_a_full_deck_follows_the_distribution() -> None:
    for rules in (SCAT, SCHWIMMEN):
        dist = value_distribution(rules)
        for v in (10, 25, 30.5):
            assert beat_chance(v, 1, rules) == sum(p for x, p in dist.items() if x > v)
            assert beat_chance(v, 1, rules, at_least=True) == sum(p for x, p in dist.items() if x >= v)


def test_one_hand_matches_ordered_draws() -> None:
    mine = parse_cards("K♥ 9♥ 4♣")
    pool = [c for c in deck(52) if c not in mine]
    hits = Counter(brute(p, BGA_DRAW) > 19 for p in permutations(pool, 3))
    assert beat_chance(19, 1, BGA_DRAW, known=mine) == Fraction(hits[True], sum(hits.values()))


POOLS = {
    # every suit of three ranks: many three-of-a-kind triples, and two ranks of equal value
    "schwimmen 9 10 J": (SCHWIMMEN, [c for c in deck(32) if c.symbol in ("9", "10", "J")]),
    "bga-draw 2 A K": (BGA_DRAW, [c for c in deck(52) if c.symbol in ("2", "A", "K")]),
    "scat random": (SCAT, random.Random(3).sample(deck(52), 12)),
    "bga-draw random": (BGA_DRAW, random.Random(5).sample(deck(52), 12)),
    "schwimmen random": (SCHWIMMEN, random.Random(8).sample(deck(32), 12)),
}


@pytest.mark.parametrize("pool_name", list(POOLS))
@pytest.mark.parametrize("k", [2, 3])
def test_several_hands_match_explicit_deals(pool_name: str, k: int) -> None:
    rules, pool = POOLS[pool_name]
    known = [c for c in deck(rules.deck) if c not in pool]
    maxima = deal_maxima(k, rules, pool)
    for v in (10, 20, 21, 25, 30, 30.5, 31):
        for at_least in (False, True):
            assert beat_chance(v, k, rules, known, at_least=at_least) == brute_beat(v, maxima, at_least), (v, at_least)


def test_all_twelve_cards_dealt_as_four_hands() -> None:
    rules, pool = POOLS["schwimmen 9 10 J"]
    known = [c for c in deck(32) if c not in pool]
    maxima = deal_maxima(4, rules, pool)
    for v in (19, 20, 29, 30.5):
        assert beat_chance(v, 4, rules, known) == brute_beat(v, maxima)


def test_the_default_stops_early_only_within_the_stated_bound() -> None:
    known = parse_cards("K♥ 9♥ 4♣")
    quick = beat_chance(21, 4, BGA_DRAW, known)
    closer = beat_chance(21, 4, BGA_DRAW, known, max_forced=2)
    assert 0 < quick - closer <= Fraction(1, 10_000)
    # where three of a kind cannot beat v, nothing is left out
    assert beat_chance(30.5, 4, BGA_DRAW, known) == beat_chance(30.5, 4, BGA_DRAW, known, max_forced=4)


def test_edges_of_beat_chance() -> None:
    assert beat_chance(20, 0, SCAT) == 0
    assert beat_chance(31, 5, SCAT) == 0                 # nothing beats 31 without house rules
    assert beat_chance(1, 3, SCAT) == 1                  # every hand is worth at least 2
    assert beat_chance(32, 2, SCHWIMMEN) == 0
    assert beat_chance(31, 1, SCHWIMMEN) == Fraction(4, 4960)   # only three aces beat 31
    with pytest.raises(ValueError, match="only 29 are unseen"):
        beat_chance(20, 10, SCHWIMMEN, known="A♣ A♠ A♥")
    with pytest.raises(ValueError, match="k must be 0 or more"):
        beat_chance(20, -1, SCAT)


def test_more_opponents_beat_you_more_often() -> None:
    known = parse_cards("A♠ K♠ 7♦")
    for rules in (SCAT, SCHWIMMEN):
        chances = [beat_chance(21, k, rules, known) for k in range(1, 6)]
        assert chances == sorted(chances) and chances[0] < chances[-1] < 1


def test_seven_opponents_on_52_cards_are_counted_exactly() -> None:
    # a count of whole deals: times the number of deals, the chance is a whole number
    p = beat_chance(25, 7, SCAT, known="K♥ 9♥ 4♣")
    deals = comb(49, 3) * comb(46, 3) * comb(43, 3) * comb(40, 3) * comb(37, 3) * comb(34, 3) * comb(31, 3)
    assert (p * deals).denominator == 1
    assert Fraction(1, 20) < p < Fraction(1, 5)


def test_rules_that_differ_only_in_three_aces_are_counted_apart() -> None:
    with_aces = Rules.preset("bga-draw")  # three of a kind 30.5, three aces 32
    without = with_aces.replace(three_aces=None)  # three aces are three of a kind like any other
    a, b = value_counts(with_aces), value_counts(without)
    assert a[32.0] == 4 and 32.0 not in b  # C(4, 3) hands of three aces
    assert b[30.5] == a[30.5] + 4
    assert value_counts(with_aces) == a
