"""Scoring: every example of the sources and docs/rules.md, tie-breaks, and the exact distribution
of hand values over every three-card hand, checked against an independent brute-force count."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from helpers.brute31 import brute_value
from hypothesis import given, settings
from hypothesis import strategies as st

from thirtyone.cards import deck, parse_cards
from thirtyone.rules import Rules
from thirtyone.scoring import compare_hands, hand_value, score, value_table

SCAT = Rules.preset("scat")              # 52 cards, no house rules, every tied player loses
SCHWIMMEN = Rules.preset("schwimmen")    # 32 cards, 30.5 and 32, Skat-order tie-break
BGA_DRAW = Rules.preset("bga-draw")      # 52 cards, 30.5 and 32, tie-break
PRESET_NAMES = ("scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow")


def value(text: str, rules: Rules) -> float:
    return hand_value(parse_cards(text), rules)


# -- the examples of the sources ----------------------------------------------------------------
def test_a_hand_is_worth_its_best_suit() -> None:
    s = score("K♥ 9♥ 4♣", SCAT)
    assert value("K♥ 9♥ 4♣", SCAT) == s.value == 19
    assert s.explanation == "K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing"
    assert (s.suit_symbol, s.rule) == ("♥", "suit")
    assert [str(c) for c in s.counting] == ["K♥", "9♥"]
    assert [str(c) for c in s.others] == ["4♣"]
    assert str(s) == "19: K♥ + 9♥ = 19; the other suit makes less (4♣ = 4) and counts nothing"


@pytest.mark.parametrize(("text", "explanation"), [
    ("A♠ 3♦ 2♦", "A♠ = 11; the other suit makes less (3♦ + 2♦ = 5) and counts nothing"),
    ("A♠ K♥ 7♦", "all suits differ, so only the best card counts: A♠ = 11; "
                 "the other suits make less (K♥ = 10, 7♦ = 7) and count nothing"),
    ("10♠ 10♥ 10♦", "all suits differ, so only the best card counts: 10♠ = 10; "
                    "the other suits make no more (10♥ = 10, 10♦ = 10) and count nothing"),
    ("K♥ 9♥ 4♣ 2♦", "K♥ + 9♥ = 19; the other suits make less (4♣ = 4, 2♦ = 2) and count nothing"),
    ("2♦ A♠ K♠", "A♠ + K♠ = 21; the other suit makes less (2♦ = 2) and counts nothing"),
])
def test_the_explanation_gives_the_losing_suits_sums_too(text: str, explanation: str) -> None:
    assert score(text, SCAT).explanation == explanation


def test_every_explanation_adds_up_every_card() -> None:
    """No hand hides a sum: every card of the hand is in the explanation, in a sum with its suit's total."""
    import re

    for hand in combinations(deck(52), 3):
        s = score(hand, SCAT)
        if s.rule == "thirty_one":
            continue
        sums = re.findall(r"((?:\d+|[JQKA])[♣♠♥♦](?: \+ (?:\d+|[JQKA])[♣♠♥♦])*) = (\d+)", s.explanation)
        assert sorted(c for cards, _ in sums for c in cards.split(" + ")) == sorted(str(c) for c in hand)
        for cards, total in sums:
            assert sum(c.value for c in parse_cards(cards.replace("+", " "))) == int(total)


def test_three_tens_of_three_suits_are_worth_ten() -> None:
    s = score("10♣ 10♠ 10♥", SCAT)
    assert s.value == 10
    assert s.explanation.startswith("all suits differ, so only the best card counts")
    assert len(s.counting) == 1 and len(s.others) == 2


@pytest.mark.parametrize("text", ["A♠ K♠ Q♠", "A♥ 10♥ J♥", "Q♦ A♦ K♦", "J♣ A♣ 10♣"])
@pytest.mark.parametrize("rules", [SCAT, SCHWIMMEN], ids=["scat", "schwimmen"])
def test_an_ace_and_two_ten_valued_cards_of_one_suit_are_31(text: str, rules: Rules) -> None:
    s = score(text, rules)
    assert s.value == 31 and s.rule == "thirty_one"
    assert "the best a hand of one suit can be" in s.explanation


@pytest.mark.parametrize(("text", "worth"), [("A♣ K♠ 7♥", 11), ("9♣ 8♠ 7♦", 9), ("2♣ 5♠ 3♥", 5), ("K♦ J♠ 8♥", 10)])
def test_all_suits_different_only_the_best_card_counts(text: str, worth: int) -> None:
    s = score(text, SCAT)
    assert s.value == worth
    assert s.explanation.startswith("all suits differ, so only the best card counts")


def test_two_cards_of_a_suit_can_beat_a_higher_single() -> None:
    assert value("K♦ 9♣ 2♣", SCAT) == 11       # 9 + 2 beats the king
    assert value("A♠ K♠ 4♣", SCAT) == 21


@pytest.mark.parametrize("rules", [SCHWIMMEN, BGA_DRAW, Rules.preset("feuer"), Rules.preset("bga-commerce")],
                         ids=["schwimmen", "bga-draw", "feuer", "bga-commerce"])
def test_three_of_a_kind_is_30_5_and_three_aces_32_with_the_house_rules(rules: Rules) -> None:
    for rank in ("7", "10", "J", "K"):
        s = score(f"{rank}♣ {rank}♠ {rank}♦", rules)
        assert (s.value, s.rule, s.suit) == (30.5, "three_of_a_kind", None)
        assert s.explanation.endswith("three of a kind counts 30.5")
    aces = score("A♣ A♥ A♦", rules)
    assert (aces.value, aces.rule) == (32, "three_aces")
    assert aces.explanation.endswith("three aces count 32")


def test_without_house_rules_three_of_a_kind_is_an_ordinary_hand() -> None:
    assert value("7♣ 7♠ 7♥", SCAT) == 7
    assert value("A♣ A♠ A♥", SCAT) == 11
    assert value("2♣ 2♠ 2♦", Rules.preset("widow")) == 2


def test_each_house_rule_alone() -> None:
    only_30_5 = SCAT.replace(three_of_a_kind=30.5)
    assert value("A♣ A♠ A♥", only_30_5) == 30.5
    assert score("A♣ A♠ A♥", only_30_5).rule == "three_of_a_kind"
    only_32 = SCAT.replace(three_aces=32)
    assert value("A♣ A♠ A♥", only_32) == 32
    assert value("K♣ K♠ K♥", only_32) == 10


def test_a_card_outside_the_rule_sets_deck_is_refused_when_scoring_text() -> None:
    with pytest.raises(ValueError, match="6♥ is not in the 32-card deck"):
        score("K♥ 9♥ 6♥", SCHWIMMEN)
    with pytest.raises(ValueError, match="twice"):
        score(parse_cards("K♥ 9♥") + parse_cards("K♥"), SCAT)


def test_fewer_or_more_than_three_cards_count_their_best_suit() -> None:
    assert hand_value(parse_cards("A♥ K♥ Q♥ J♥"), SCAT) == 41
    assert hand_value(parse_cards("A♥ 9♣"), SCAT) == 11
    assert hand_value((), SCAT) == 0


def test_hand_value_takes_lists_and_defaults_to_scat() -> None:
    assert hand_value(list(parse_cards("K♥ 9♥ 4♣"))) == 19
    assert score("10♣ 10♠ 10♥").value == 10
    assert len(value_table(SCAT)) == 52 * 51 * 50


# -- ties ------------------------------------------------------------------------------------------
def test_gamecircle_tie_king_ten_against_queen_jack_of_one_suit_both_lose() -> None:
    hands = [parse_cards("K♥ 10♥ 8♣"), parse_cards("Q♥ J♥ 9♠")]
    assert score(hands[0], SCHWIMMEN).key(SCHWIMMEN) == score(hands[1], SCHWIMMEN).key(SCHWIMMEN) == (20, 1)
    result = compare_hands(hands, SCHWIMMEN)
    assert result["lowest"] == [0, 1] and result["highest"] is None
    assert "tie on value and suit" in str(result["explanation"])


def test_gamecircle_tie_king_nine_six_against_ten_eight_seven_on_52_cards() -> None:
    rules = SCHWIMMEN.replace(deck=52)       # the 6 is not in the 32-card deck
    a, b = score("K♠ 9♠ 6♠", rules), score("10♠ 8♠ 7♠", rules)
    assert a.value == b.value == 25
    assert a.key(rules) == b.key(rules)
    assert compare_hands([a.cards, b.cards], rules)["lowest"] == [0, 1]


def test_triples_break_ties_by_rank_ace_highest() -> None:
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    keys = [score(f"{r}♣ {r}♠ {r}♥", BGA_DRAW).key(BGA_DRAW) for r in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert all(k[0] == 30.5 for k in keys)
    aces_as_triple = BGA_DRAW.replace(three_aces=None)
    assert score("A♣ A♠ A♥", aces_as_triple).key(aces_as_triple) > score("K♣ K♠ K♥", aces_as_triple).key(aces_as_triple)
    result = compare_hands([parse_cards("K♣ K♠ K♥"), parse_cards("7♦ 7♠ 7♥")], BGA_DRAW)
    assert result["lowest"] == [1] and result["highest"] == 0
    assert "its rank (7) is the lowest of the tied triples" in str(result["explanation"])


def test_regular_hands_break_ties_by_suit_clubs_spades_hearts_diamonds() -> None:
    hands = [parse_cards(t) for t in ("K♦ Q♦ 9♠", "K♥ Q♥ 9♣", "K♠ Q♠ 9♦", "K♣ Q♣ 9♥")]
    keys = [score(h, SCHWIMMEN.replace(deck=52)).key(SCHWIMMEN.replace(deck=52)) for h in hands]
    assert keys == sorted(keys) and len(set(keys)) == 4
    result = compare_hands(hands, SCHWIMMEN.replace(deck=52))
    assert result["lowest"] == [0] and result["highest"] == 3
    assert ("hand 1 loses the tie-break: its suit, diamonds ♦, comes below clubs ♣, spades ♠ and hearts ♥ "
            "in Skat order") in str(result["explanation"])
    pair = compare_hands([parse_cards("K♣ 9♣ 8♦"), parse_cards("K♥ 9♥ 7♠")], SCHWIMMEN)
    assert pair["explanation"] == ("Hands 1 and 2 tie on 19; hand 2 loses the tie-break: its suit, hearts ♥, comes "
                                   "below clubs ♣ in Skat order (clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦).")


def test_without_the_tie_break_every_tied_player_loses() -> None:
    hands = [parse_cards("K♣ Q♣ 8♥"), parse_cards("K♦ Q♦ 9♠"), parse_cards("A♠ K♠ Q♠")]
    assert score(hands[0], SCAT).key(SCAT) == score(hands[1], SCAT).key(SCAT)
    result = compare_hands(hands, SCAT)
    assert result["lowest"] == [0, 1] and result["highest"] == 2
    assert result["explanation"] == "Hands 1 and 2 tie for lowest on 20: with these rules they all lose."


def test_compare_hands_names_a_sole_lowest() -> None:
    result = compare_hands([parse_cards("K♥ 9♥ 4♣"), parse_cards("A♠ K♠ 4♦")], SCAT)
    assert result["lowest"] == [0] and result["highest"] == 1
    assert result["explanation"] == "Hand 1 is lowest with 19."
    assert [s.value for s in result["scores"]] == [19, 21]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "suit"), [("K♥ 10♣ 7♦", "♣"), ("A♦ A♥ 5♣", "♥"), ("9♠ 9♦ 2♥", "♠")])
def test_equal_best_suits_in_one_hand_the_higher_in_skat_order_counts(text: str, suit: str) -> None:
    s = score(text, SCHWIMMEN.replace(deck=52))
    assert s.suit_symbol == suit
    assert s.tiebreak == 3 - "♣♠♥♦".index(suit)


# -- order never matters --------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["K♥ 9♥ 4♣", "10♣ 10♠ 10♥", "A♠ K♠ Q♠", "A♣ K♠ 7♥", "K♥ 10♣ 7♦", "7♣ 7♠ 7♦",
                                  "A♣ A♠ A♥", "K♦ 9♣ 2♣", "9♠ 9♦ 2♥"])
@pytest.mark.parametrize("rules", [SCAT, BGA_DRAW], ids=["scat", "bga-draw"])
def test_permuting_a_hand_changes_neither_value_nor_explanation(text: str, rules: Rules) -> None:
    first = score(text, rules)
    for p in permutations(parse_cards(text)):
        s = score(p, rules)
        assert s.cards == p
        assert (s.value, s.explanation, s.suit, s.rule, s.key(rules)) == \
            (first.value, first.explanation, first.suit, first.rule, first.key(rules))
        assert (s.counting, s.others) == (first.counting, first.others)
        assert hand_value(p, rules) == first.value


# -- the exact distribution over every three-card hand ----------------------------------------------
def engine_counts(rules: Rules) -> Counter[float]:
    return Counter(hand_value(h, rules) for h in combinations(deck(rules.deck), 3))


def brute_counts(rules: Rules) -> Counter[float]:
    """Independent: every hand as text, scored by the brute-force scorer."""
    texts = [f"{r}{s}" for s in "♣♠♥♦" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
             if rules.deck == 52 or r not in ("2", "3", "4", "5", "6")]
    return Counter(brute_value(h, rules.three_of_a_kind, rules.three_aces) for h in combinations(texts, 3))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_distribution_of_hand_values_matches_a_brute_force_count(name: str) -> None:
    rules = Rules.preset(name)
    counts = engine_counts(rules)
    assert sum(counts.values()) == {32: 4960, 52: 22100}[rules.deck]
    assert counts == brute_counts(rules)


@pytest.mark.parametrize(("name", "expected"), [
    # 31: an ace and two of the four ten-valued cards, in each of four suits: 4 * C(4, 2)
    ("scat", {31: 24, 2: 4, 3: 28}),   # three 2s count 2; value 3: three suits of {2, 3} with a 3 (4 * 7)
    ("bga-draw", {31: 24, 30.5: 48, 32: 4, 2: 0, 3: 24}),  # triples move to 30.5 and 32
    ("schwimmen", {31: 24, 30.5: 28, 32: 4, 7: 0, 8: 24}),  # 7..K triples; 8 is three suits of {7, 8}
    ("widow", {31: 24, 32: 0, 30.5: 0}),
])
def test_counts_worked_out_by_hand(name: str, expected: dict[float, int]) -> None:
    counts = engine_counts(Rules.preset(name))
    for v, n in expected.items():
        assert counts[v] == n, v


# -- properties -----------------------------------------------------------------------------------------
hands52 = st.lists(st.sampled_from(deck(52)), min_size=3, max_size=3, unique=True)
presets = st.sampled_from([SCAT, BGA_DRAW])


@settings(max_examples=300, deadline=None)
@given(hands52, presets)
def test_value_is_the_best_suit_total_or_a_house_rule(hand: list, rules: Rules) -> None:
    v = hand_value(tuple(hand), rules)
    assert v == brute_value(hand, rules.three_of_a_kind, rules.three_aces)
    suits = {c.suit for c in hand}
    best_suit = max(sum(c.value for c in hand if c.suit == s) for s in suits)
    special = len({c.rank for c in hand}) == 1 and rules.three_of_a_kind is not None
    assert v == best_suit or (special and v in (30.5, 32))


@settings(max_examples=300, deadline=None)
@given(hands52, presets)
def test_value_stays_in_the_allowed_range(hand: list, rules: Rules) -> None:
    v = hand_value(tuple(hand), rules)
    allowed = set(range(2, 32)) | ({30.5, 32} if rules.three_of_a_kind else set())
    assert v in allowed
    assert min(c.value for c in hand) <= v


@settings(max_examples=200, deadline=None)
@given(hands52, presets, st.permutations(range(3)))
def test_permuting_never_changes_the_score(hand: list, rules: Rules, order: list[int]) -> None:
    a = score(tuple(hand), rules)
    b = score(tuple(hand[i] for i in order), rules)
    assert (a.value, a.explanation, a.key(rules)) == (b.value, b.explanation, b.key(rules))


@pytest.mark.parametrize("name", ["scat", "schwimmen", "bga-draw"])
def test_fast_tables_agree_with_the_reasons_for_every_hand(name: str) -> None:
    """The look-up tables (value, tie-break) say what the explained score says, in any card order."""
    from itertools import combinations

    from thirtyone.cards import deck
    from thirtyone.scoring import rank_table, value_table

    rules = Rules.preset(name)
    values, ranked = value_table(rules), rank_table(rules)
    for hand in combinations(deck(rules.deck), 3):
        s = score(hand, rules)
        backwards = hand[::-1]
        assert values[hand] == values[backwards] == s.value
        assert ranked[backwards] == (s.value, s.tiebreak)


# -- the shipped hand tables and the look-ups built from them (issue 10: a page visit is cheap) ----
OPTION_SETS = [(None, None), (30.5, None), (None, 32), (30.5, 32)]
"""Every scoring option set the rules allow (three of a kind, three aces)."""


def test_the_hand_table_blocks_are_what_the_code_computes() -> None:
    """The blocks every table is filled from are the arithmetic (the shipped file itself: tests/engine/test_shipped.py)."""
    from thirtyone.scoring import hand_table_blocks, hand_table_bytes

    values, extra = hand_table_blocks()
    assert bytes(values) + bytes(extra) == hand_table_bytes()


@pytest.mark.parametrize(("toak", "aces"), OPTION_SETS)
def test_whole_tables_from_the_shipped_bytes_agree_with_a_brute_force_scorer(toak, aces) -> None:
    from thirtyone.scoring import rank_table

    rules = Rules(three_of_a_kind=toak, three_aces=aces)
    values, ranked = value_table(rules), rank_table(rules)
    assert len(values) == len(ranked) == 52 * 51 * 50
    for hand in combinations(deck(52), 3):
        v = brute_value(hand, toak, aces)
        tiebreak = score(hand, rules).tiebreak
        for p in permutations(hand):
            assert values[p] == v and ranked[p] == (v, tiebreak)
    assert all(type(v) is float and type(k[0]).__name__ == "Card" for k, v in values.items())


@pytest.mark.parametrize(("toak", "aces"), OPTION_SETS)
def test_a_hand_looked_up_alone_is_worth_what_the_whole_table_says(toak, aces) -> None:
    """hand_value and the game look hands up one by one without building the whole table; every answer,
    and every refusal, is the whole table's."""
    from thirtyone.scoring import _Values

    rules = Rules(three_of_a_kind=toak, three_aces=aces)
    whole = value_table(rules)
    alone = _Values(toak, aces)
    for i, hand in enumerate(permutations(deck(52), 3)):
        assert (alone[tuple(int(c) for c in hand)] if i % 7 == 0 else alone[hand]) == whole[hand]  # ints are cards
    assert not alone.whole and alone == whole and all(type(k[0]).__name__ == "Card" for k in alone)
    k, q = parse_cards("K♥ Q♥")
    for bad in [(k, k, q), (k, q), (k, q, q, k), (k, q, 52), (k, q, -1), ("K♥", k, q), (k, q, None)]:
        for table in (alone, whole, _Values(toak, aces)):
            with pytest.raises(KeyError):
                table[bad]
            assert table.get(bad) is None
    with pytest.raises(ValueError, match="twice"):  # as before: a clear message
        hand_value((k, k, q), rules)


@pytest.mark.parametrize(("toak", "aces"), OPTION_SETS)
def test_hand_value_of_every_ordered_hand_is_the_whole_tables(toak, aces) -> None:
    """hand_value's own look-up (filled row by row) gives every ordered hand the whole table's value, for a
    rule set it has seen before or not, cards or their ints; it switches rule sets without mixing them up."""
    rules = Rules(three_of_a_kind=toak, three_aces=aces)
    whole = value_table(rules)
    other = Rules(three_of_a_kind=None if toak else 30.5, three_aces=aces)
    for i, hand in enumerate(permutations(deck(52), 3)):
        if i % 1009 == 0:  # another rule set in between: its own values
            assert hand_value(hand, other) == value_table(other)[hand]
        assert hand_value(tuple(int(c) for c in hand) if i % 7 == 0 else hand, rules) == whole[hand]
    k, q = parse_cards("K♥ Q♥")
    for bad, error in [((k, k, q), "twice"), ((k, q, q, k), "twice"), ("K♥ 9♥ 4X", "cannot read")]:
        with pytest.raises(ValueError, match=error):
            hand_value(bad, rules)
    assert hand_value("K♥ 9♥ 4♣", rules) == 19  # text is read as score reads it
    assert hand_value((k, q), rules) == 20 and hand_value([k, q, parse_cards("A♥")[0]], rules) == 31


def test_scoring_a_few_hands_builds_no_whole_table() -> None:
    """A lesson that scores a handful of hands never pays for 132,600 of them."""
    import subprocess
    import sys

    code = ("from thirtyone import score, hand_value, new_game, parse_cards\n"
            "from thirtyone import scoring\n"
            "score('K♥ 9♥ 4♣'); hand_value(parse_cards('A♠ K♠ 10♠'))\n"
            "g = new_game('scat', players=3, seed=1, deck='2♣ Q♠ K♥ 3♦ J♠ 9♥ 5♠ 2♥ 4♣ 7♦ 8♣ 6♦')\n"
            "for move in ('knock', 'draw stock', 'discard 8♣', 'draw stock', 'discard 6♦'):\n"
            "    g = g.apply(move)\n"
            "assert g.result is not None\n"
            "t = scoring.scoring_tables(g.rules)\n"
            "assert scoring._tables.cache_info().currsize == 1  # one scoring option pair asked\n"
            "sizes = [len(t.values), len(t.keeps)] + [len(t.book)]\n"
            "rows = sum(row is not None for row in t.rows)\n"
            "built = sum(name in vars(t) for name in ('ranks', '_flat', 'flat_ranks'))\n"
            "print(max(sizes), built, t.values.whole, rows)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) < 100 and out[1:3] == ["0", "False"] and int(out[3]) <= 12  # rows of hand_value's first cards


def test_a_missing_table_file_is_worked_out_instead(monkeypatch, tmp_path) -> None:
    from thirtyone import scoring, shipped

    monkeypatch.setattr(shipped, "DIR", tmp_path)  # no file there
    monkeypatch.setattr(shipped, "_CACHE", {})
    values, extra = scoring.hand_table_blocks()
    assert bytes(values) + bytes(extra) == scoring.hand_table_bytes()


def test_a_preset_name_is_as_good_as_its_rules_and_anything_else_says_what_is_allowed():
    schwimmen = Rules.preset("schwimmen")
    assert score("10♠ 10♥ 10♦", "schwimmen") == score("10♠ 10♥ 10♦", schwimmen)
    assert hand_value(parse_cards("10♠ 10♥ 10♦"), "schwimmen") == 30.5
    assert hand_value(parse_cards("10♠ 10♥ 10♦"), "scat") == 10
    with pytest.raises(ValueError, match="scat"):
        score("K♥ 9♥ 4♣", "scot")
    with pytest.raises(TypeError, match="rules must be a Rules or a preset name"):
        score("K♥ 9♥ 4♣", 31)  # type: ignore[arg-type]


def test_rule_sets_that_score_alike_share_one_set_of_tables() -> None:
    """Every table a caller asks for comes from the one ScoringTables of its scoring options."""
    from thirtyone.lockstep import flat_keep
    from thirtyone.policy import hand_keeps, keep_table
    from thirtyone.scoring import hand_values, keep_key, rank_table, scoring_tables

    tables = scoring_tables(SCHWIMMEN)
    same = SCHWIMMEN.replace(lives=5, allow_pass=False)
    assert scoring_tables(same) is tables and scoring_tables(SCAT) is not tables
    assert scoring_tables(SCHWIMMEN.replace(three_aces=None)) is not tables
    assert hand_values(same) is tables.values and value_table(same) is tables.values
    assert hand_keeps(same) is tables.keeps and keep_table(same) is tables.keeps
    assert rank_table(same) is tables.ranks and flat_keep(same) is tables.flat_keeps
    aces = tuple(parse_cards("A♠ A♥ A♦"))
    assert tables.values[aces] == 32 and tables.keeps[aces] == keep_key(32, 3)
