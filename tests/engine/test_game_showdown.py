"""Showdowns and instant ends: who loses how many lives and why — every example of the seed texts
(GameCircle, Board Game Arena, the classic rules, the Scat rule page) and decisions 4, 14 and 15 of docs/rules.md."""

from __future__ import annotations

from helpers.engine import stack

from thirtyone import Rules, narrate, new_game, score
from thirtyone.game import judge

SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")
FEUER = Rules.preset("feuer")
BGA = Rules.preset("bga-commerce")
WIDOW = Rules.preset("widow")


def showdown(rules, hands, knocker, rest="", seed=1, lives=None):
    """Deal ``hands`` (seat 0 deals), keep every first choice, let ``knocker`` knock at their first
    chance and everyone else throw back what they draw (draw family) or pass (commerce)."""
    s = new_game(rules, players=len(hands), seed=seed, deck=stack(hands, rest), lives=lives)
    while not s.round_over:
        p = s.current_player
        legal = [str(a) for a in s.legal_actions()]
        if s.phase in ("choice", "first"):
            s = s.apply("keep hand")
        elif p == knocker and "knock" in legal:
            s = s.apply("knock")
        elif rules.family == "draw":
            s = s.apply("draw stock")
            s = s.apply(f"discard {s.hands[p][-1]}")
        else:
            s = s.apply("pass")
    return s


# -- the Scat rule page: lowest loses, knocker lowest loses two, ties all lose --------------------------------

LOWEST_1 = ["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"]  # 19, 5, 20
TIED_0_1 = ["K♥ 9♥ 4♣", "K♠ 9♠ 4♦", "Q♠ J♠ 2♥"]  # 19 hearts, 19 spades, 20


def test_scat_house_rules_knocker_with_the_lowest_hand_loses_two():
    s = showdown(SCAT, LOWEST_1, knocker=1)
    assert s.result.values == (19, 5, 20) and s.result.losses == (0, 2, 0) and s.lives == (3, 1, 3)


def test_scat_house_rules_lowest_loses_one_when_someone_else_knocked():
    assert showdown(SCAT, LOWEST_1, knocker=2).result.losses == (0, 1, 0)


def test_scat_house_rules_ties_for_lowest_all_lose():
    s = showdown(SCAT, TIED_0_1, knocker=2)
    assert s.result.lowest == (0, 1) and s.result.losses == (1, 1, 0)
    assert "tied for the lowest" in s.result.reasons[0]


def test_two_lives_charges_a_knocker_among_the_tied_lowest():
    # decision 15: two_lives charges the knocker two whenever they are among the lowest
    assert showdown(SCAT, TIED_0_1, knocker=1).result.losses == (1, 2, 0)


def test_scat_house_rules_instant_31_everyone_else_loses():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "A♠ K♠ 2♥", "Q♠ J♠ 2♦"], "7♦ 10♠"))
    s = s.apply("draw stock").apply("discard 2♥")
    assert s.round_over and s.result.how == "31" and s.result.winner == 1
    assert s.result.losses == (1, 0, 1) and s.current_player is None
    kinds = [e.kind for e in s.round_events()]
    assert kinds[kinds.index("31") + 1] == "showdown"


def test_31_in_the_last_turns_under_others_lose_costs_the_knocker_one_life():
    # decision 14: under others_lose the knocker loses one life like everyone else
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "A♠ K♠ 2♥"], "7♦ 10♠"))
    s = s.apply("knock").apply("draw stock").apply("discard 2♥")
    assert s.result.how == "31" and s.result.losses == (1, 1, 0)


def test_31_in_the_last_turns_under_showdown_applies_the_knocker_rules():
    s = new_game(SCAT.replace(instant_31="showdown"), players=3, seed=1,
                 deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "A♠ K♠ 2♥"], "7♦ 10♠"))
    s = s.apply("knock").apply("draw stock").apply("discard 2♥")
    assert s.result.how == "31" and s.result.knocker == 1 and s.result.losses == (0, 2, 0)


# -- the classic rules: 31 on the deal, "applies to both" ----------------------------------------------------

def test_31_on_the_deal_ends_the_round_before_the_first_turn():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "A♠ K♠ 10♠"]))
    assert s.round_over and s.current_player is None and s.turns == 0
    assert s.result.how == "31" and s.result.winner == 2 and s.result.losses == (1, 1, 0)


def test_classic_rules_two_31s_on_the_deal_both_win():
    for rules in (SCAT, WIDOW):
        s = new_game(rules, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "A♠ K♠ 10♠", "A♥ Q♥ J♥"]))
        assert s.round_over and s.result.losses == (1, 0, 0) and s.result.winner is None
        assert [e.player for e in s.round_events() if e.kind == "31"] == [1, 2]
        assert "Showdown (31 was shown)" in " ".join(narrate(s.events))


def test_31_on_the_deal_under_showdown_the_lowest_loses():
    # GameCircle: 31 ends the round at once; the usual showdown applies (before the dealer's choice)
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "A♠ K♠ 10♠"]))
    assert s.round_over and s.phase == "over" and s.result.how == "31"
    assert s.result.losses == (0, 1, 0) and s.result.winner == 2


# -- GameCircle: Schwimmen / Feuer --------------------------------------------------------------------

def test_gamecircle_instant_31_by_a_swap_goes_to_the_showdown():
    s = new_game(SCHWIMMEN, players=3, seed=1,
                 deck=stack(["K♥ 9♥ 8♣", "A♠ K♠ 7♦", "Q♠ J♦ 8♥"], "10♠ 9♦ 7♥"))
    s = s.apply("keep hand").apply("swap 7♦ 10♠")
    assert s.round_over and s.result.how == "31" and s.result.winner == 1
    assert s.result.values == (19, 31, 10) and s.result.losses == (0, 0, 1)


def test_gamecircle_tie_on_value_the_lower_suit_in_skat_order_loses():
    s = showdown(SCHWIMMEN, ["K♥ 9♥ 7♣", "K♠ 9♠ 7♦", "Q♠ J♠ 8♥"], knocker=2)
    assert s.result.values[:2] == (19, 19) and s.result.lowest == (0,) and s.result.losses == (1, 0, 0)


def test_gamecircle_same_value_and_same_suit_both_lose():
    # GameCircle: "uno tiene rey y diez y el otro reina y jota del mismo palo ... pierden los dos"
    s = showdown(SCHWIMMEN, ["K♥ 10♥ 7♣", "Q♥ J♥ 8♠", "A♠ K♠ 8♦"], knocker=2)
    assert s.result.lowest == (0, 1) and s.result.losses == (1, 1, 0)


def test_gamecircle_tied_triples_the_lower_rank_loses():
    s = showdown(SCHWIMMEN, ["8♣ 8♠ 8♥", "9♣ 9♠ 9♥"], knocker=1)
    assert s.result.values == (30.5, 30.5) and s.result.losses == (1, 0)


def test_equal_best_suits_score_in_the_higher_suit():
    # decision 15: K♣ K♦ scores in clubs, K♠ Q♥ in spades; spades is lower in Skat order
    s = showdown(SCHWIMMEN, ["K♣ K♦ 7♥", "K♠ Q♥ 7♦", "A♠ Q♠ 9♠"], knocker=2)
    assert s.result.values == (10, 10, 30) and s.result.losses == (0, 1, 0)


def test_gamecircle_knocker_loses_no_extra_life():
    assert showdown(SCHWIMMEN, ["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], knocker=1).result.losses == (0, 1, 0)


def test_gamecircle_fire_by_a_swap_everyone_else_loses():
    s = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ 7♦", "Q♠ J♠ 7♥"], "A♣ 8♦ 9♦"))
    s = s.apply("keep hand").apply("swap 7♦ A♣")
    assert s.round_over and s.result.how == "fire" and s.result.winner == 1
    assert s.result.losses == (1, 0, 1)
    assert any(e.kind == "fire" and e.player == 1 for e in s.round_events())


def test_fire_on_the_deal():
    s = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "Q♠ J♠ 7♥"]))
    assert s.round_over and s.result.how == "fire" and s.result.losses == (1, 0, 1)


def test_fire_beats_31_on_the_deal_and_the_31_holder_loses_a_life():
    # decision 14 (changed): Feuer beats 31; the 31 holder loses a life like everyone else
    s = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "A♦ K♦ 10♦"]))
    assert s.result.how == "fire" and s.result.winner == 1 and s.result.holders == (1,)
    assert s.result.values == (19, 32, 31)
    assert s.result.losses == (1, 0, 1)
    assert "beat even a 31" in s.result.reasons[2]
    assert [e.kind for e in s.round_events() if e.kind in ("31", "fire")] == ["fire"]
    text = s.result.explain(["Sam", "Ana", "Ben"])
    assert text.startswith("Ana showed three aces: Feuer.") and "Ben loses 1 life" in text
    # without Feuer the 31 ends the round and nobody holding it loses
    s = new_game(FEUER.replace(fire=False), players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "A♦ K♦ 10♦"]))
    assert s.result.how == "31" and s.result.losses == (1, 0, 0)


def test_fire_beats_a_31_in_every_judge():
    # the fast simulations use judge too: a 31 that is not the Feuer holder loses
    scores = [score(h, FEUER) for h in ("K♥ 9♥ 8♣", "A♠ A♥ A♣", "A♦ K♦ 10♦")]
    winner, _lowest, losses, _why = judge(FEUER, scores, None, "fire", [1])
    assert winner == 1 and losses == [1, 0, 1]
    winner, _lowest, losses, _why = judge(SCAT, [score(h, SCAT) for h in ("K♥ 9♥ 8♣", "A♠ K♠ Q♠", "A♦ K♦ 10♦")],
                                          None, "31", [1, 2])
    assert winner is None and losses == [1, 0, 0]


def test_fire_in_the_last_turns_costs_the_knocker_one_life():
    # decision 14: under Fire the knocker loses one life like everyone else, even where a knocker loses two
    rules = FEUER.replace(knocker_lowest="two_lives")
    s = new_game(rules, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "A♠ A♥ 7♦"], "A♣ 8♥ 9♦"))
    s = s.apply("keep hand").apply("knock").apply("swap 7♦ A♣")
    assert s.result.how == "fire" and s.result.knocker == 1 and s.result.losses == (1, 1, 0)


def test_three_aces_without_fire_are_32_and_do_not_end_the_round():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "Q♠ J♠ 7♥"]))
    assert not s.round_over and s.values()[1] == 32


def test_a_31_holder_never_loses_even_when_lowest():
    # decision 14/15: seat 0 holds three aces (32, no Fire); seat 1 swaps to 31 and is the lowest
    s = new_game(SCHWIMMEN, players=2, seed=1, deck=stack(["A♠ A♥ A♣", "K♦ Q♦ 7♣"], "A♦ 8♥ 9♥"))
    s = s.apply("keep hand").apply("swap 7♣ A♦")
    assert s.result.how == "31" and s.result.values == (32, 31)
    assert s.result.lowest == (1,) and s.result.losses == (0, 0) and s.result.winner == 0


# -- Board Game Arena: Board Game Arena ---------------------------------------------------------------------

def test_board_game_arena_knocker_wins_ties():
    # "Tie with the round closer: closer wins the tiebreak" — even against the higher suit
    s = showdown(BGA, ["A♦ K♦ 7♠", "A♥ K♥ 7♣", "A♠ Q♠ 9♠"], knocker=0)
    assert s.result.knocker == 0 and s.result.values == (21, 21, 30)
    assert s.result.lowest == (1,) and s.result.losses == (0, 1, 0)


def test_knocker_loses_a_tie_without_knocker_wins_ties():
    s = showdown(BGA.replace(knocker_wins_ties=False), ["A♦ K♦ 7♠", "A♥ K♥ 7♣", "A♠ Q♠ 9♠"], knocker=0)
    assert s.result.lowest == (0,) and s.result.losses == (2, 0, 0)  # diamonds < hearts, sole lowest


def test_board_game_arena_sole_lowest_knocker_loses_two():
    s = showdown(BGA, ["A♦ K♦ 7♠", "A♥ K♥ 8♥", "A♠ Q♠ 9♠"], knocker=0)
    assert s.result.losses == (2, 0, 0)


def test_two_if_sole_knocker_tied_for_lowest_loses_one():
    rules = SCAT.replace(knocker_lowest="two_if_sole")
    assert showdown(rules, TIED_0_1, knocker=1).result.losses == (1, 1, 0)
    assert showdown(rules, LOWEST_1, knocker=1).result.losses == (0, 2, 0)


def test_one_life_knocker():
    assert showdown(SCAT.replace(knocker_lowest="one_life"), LOWEST_1, knocker=1).result.losses == (0, 1, 0)


def test_knocker_wins_ties_with_all_lose():
    rules = SCAT.replace(knocker_wins_ties=True)
    assert showdown(rules, TIED_0_1, knocker=1).result.losses == (1, 0, 0)


def test_board_game_arena_everyone_under_21_loses():
    s = showdown(BGA, ["A♦ K♦ 7♠", "K♥ 9♥ 7♣", "Q♠ J♠ 8♥"], knocker=0)
    assert s.result.values == (21, 19, 20) and s.result.losses == (0, 1, 1)
    assert "under 21" in s.result.reasons[2]


def test_board_game_arena_under_21_the_winner_never_loses():
    # decision 15: everyone under 21, but the highest hand wins and keeps its life;
    # the knocker is under 21 but not lowest: one life
    s = showdown(BGA, ["K♦ 9♦ 7♠", "K♥ 8♥ 7♣", "Q♠ 10♠ 8♣"], knocker=0)
    assert s.result.values == (19, 18, 20) and s.result.winner == 2 and s.result.losses == (1, 1, 0)


def test_board_game_arena_nobody_under_21_the_lowest_loses():
    s = showdown(BGA, ["A♠ Q♠ 9♠", "A♥ K♥ 7♣", "A♦ K♦ 8♦"], knocker=0)
    assert s.result.values == (30, 21, 29) and s.result.losses == (0, 1, 0)


def test_board_game_arena_fire_all_but_the_winner_lose():
    s = new_game(BGA, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ 7♦", "Q♠ J♠ 7♥"], "A♣ 8♦ 9♦"))
    s = s.apply("keep hand").apply("swap 7♦ A♣")
    assert s.result.how == "fire" and s.result.losses == (1, 0, 1)


def test_fire_on_the_deal_comes_before_the_dealer_exchange():
    s = new_game(Rules.preset("bga-draw"), players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ A♣", "Q♠ J♠ 7♥"]))
    assert s.round_over and s.result.how == "fire"


# -- decision 14: when 31 and Fire are checked; scoring options in showdowns ---------------------

def test_31_among_four_cards_mid_turn_does_not_end_the_round():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "A♠ K♠ 2♥", "Q♠ J♠ 2♦"], "7♦ 10♠"))
    s = s.apply("draw stock")
    assert len(s.hands[1]) == 4 and not s.round_over
    s = s.apply("discard K♠")  # A♠ 2♥ 10♠: no 31 after all
    assert not s.round_over and s.current_player == 2


def test_swap_all_into_31_ends_the_round():
    s = new_game(WIDOW, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♦"], "A♥ Q♥ 10♥"))
    s = s.apply("keep hand").apply("swap all")
    assert s.round_over and s.result.how == "31" and s.result.winner == 2 and s.result.losses == (1, 1, 0)


def test_left_of_dealer_takes_the_center_into_31():
    s = new_game(WIDOW, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♦"], "A♥ Q♥ 10♥"))
    s = s.apply("take center")
    assert s.round_over and s.result.how == "31" and s.result.winner == 1 and s.result.losses == (1, 0, 1)


def test_dealer_exchange_into_fire():
    s = new_game(Rules.preset("bga-draw"), players=3, seed=1,
                 deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♦"], "7♦ A♠ A♥ A♣"))
    s = s.apply("exchange hand")
    assert s.result.how == "fire" and s.result.winner == 0 and s.result.losses == (0, 1, 1)


def test_three_of_a_kind_counts_30_5_only_with_the_option():
    hands = ["7♣ 7♠ 7♥", "Q♠ J♠ 2♥", "K♦ 9♦ 4♣"]  # a triple of sevens, 20, 19
    assert showdown(SCAT, hands, knocker=1).result.losses == (1, 0, 0)  # scat: 7
    s = showdown(SCAT.replace(three_of_a_kind=30.5), hands, knocker=1)
    assert s.result.values == (30.5, 20, 19) and s.result.losses == (0, 0, 1)


def test_three_aces_count_32_only_with_the_option():
    hands = ["A♣ A♠ A♥", "Q♠ J♠ 2♥", "K♦ 9♦ 4♣"]
    assert showdown(SCAT, hands, knocker=1).result.values[0] == 11
    assert showdown(SCAT.replace(three_aces=32), hands, knocker=1).result.values[0] == 32
    assert showdown(SCAT.replace(three_of_a_kind=30.5), hands, knocker=1).result.values[0] == 30.5


# -- narration: who ended the round, with the right value ------------------------------------------
NAMES3 = ["Sam", "Ana", "Ben"]


def test_a_31_under_showdown_names_the_31_not_the_higher_32():
    # lesson 4's "your own hands": Sam is dealt 31, Ana three aces (32, the highest), Ben 9
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=stack(["A♠ K♠ Q♠", "A♥ A♦ A♣", "7♥ 8♣ 9♦"]))
    r = s.result
    assert r.how == "31" and r.values == (31, 32, 9) and r.winner == 1 and r.holders == (0,)
    assert r.explain(NAMES3) == "Sam showed 31. Ben loses 1 life: the lowest hand (9)."
    lines = narrate(s.round_events(), NAMES3)
    assert "Sam shows 31 (A♠ K♠ Q♠): the round ends at once." in lines
    assert "Showdown (Sam has 31): Sam 31, Ana 32, Ben 9." in lines
    assert not any("Ana has 31" in line or "Ana shows 31" in line for line in lines)


def test_two_31s_name_both_holders():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "A♠ K♠ 10♠", "A♥ Q♥ J♥"]))
    assert s.result.holders == (1, 2)
    assert s.result.explain(NAMES3) == "Ana and Ben showed 31. Sam loses 1 life: another player showed 31."


def test_a_31_in_the_last_turns_says_who_knocked_and_who_showed_it():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "A♠ K♠ 2♥"], "7♦ 10♠"))
    s = s.apply("knock").apply("draw stock").apply("discard 2♥")
    text = s.result.explain(NAMES3)
    assert text.startswith("Ben showed 31 after Ana knocked.")
    assert "Sam loses 1 life" in text and "Ana loses 1 life" in text


def test_feuer_names_the_holder_of_the_aces():
    s = new_game(FEUER, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "A♠ A♥ 7♦", "Q♠ J♠ 7♥"], "A♣ 8♦ 9♦"))
    s = s.apply("keep hand").apply("swap 7♦ A♣")
    assert s.result.explain(NAMES3).startswith("Ana showed three aces: Feuer. Sam loses 1 life")
    assert "Showdown (Ana has three aces: Feuer)" in " ".join(narrate(s.round_events(), NAMES3))
    rules = FEUER.replace(knocker_lowest="two_lives")
    s = new_game(rules, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "A♠ A♥ 7♦"], "A♣ 8♥ 9♦"))
    s = s.apply("keep hand").apply("knock").apply("swap 7♦ A♣")
    assert s.result.explain(NAMES3).startswith("Ben showed three aces after Ana knocked: Feuer.")


def test_knock_all_pass_and_empty_stock_narration():
    r = showdown(SCAT, LOWEST_1, knocker=1).result
    assert r.explain(NAMES3) == ("Ana knocked and everyone had one more turn. Ana loses 2 lives: the lowest hand (5) "
                                 "and they knocked, so it costs two lives.")
    s = new_game(WIDOW, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♥ Q♥ 10♥"))
    s = s.apply("keep hand").apply("pass").apply("pass")
    assert s.result.how == "all_pass"
    assert s.result.explain(NAMES3) == "Everyone passed in a row. Ana loses 1 life: the lowest hand (9)."
    open_center = SCHWIMMEN.replace(first_choice=None)
    s = new_game(open_center, players=8, seed=3)
    for _ in range(16):
        s = s.apply("pass")
    assert s.result.how == "empty_stock" and s.result.explain().startswith("The stock ran out.")


def test_a_tie_broken_for_the_knocker_or_by_suit_says_so():
    r = showdown(BGA, ["A♦ K♦ 7♠", "A♥ K♥ 7♣", "A♠ Q♠ 9♠"], knocker=0).result
    assert r.reasons[1] == "the lowest hand (21): tied with the knocker, who wins ties"
    r = showdown(SCHWIMMEN, ["A♦ Q♦ 10♠", "K♣ 9♣ 8♦", "K♥ 9♥ 7♠"], knocker=0).result
    assert r.reasons[2] == "the lowest hand (19): the tie is broken by suit"


def test_narration_says_knock_never_close():
    for rules in (SCAT, SCHWIMMEN, FEUER, BGA, WIDOW):
        s = showdown(rules, LOWEST_1 if rules.deck == 52 else ["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], knocker=2)
        text = " ".join(narrate(s.events, NAMES3)) + " " + s.result.explain(NAMES3)
        assert "knock" in text and "clos" not in text.lower()
