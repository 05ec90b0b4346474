"""Commerce (Schwimmen; GameCircle, the classic rules, Board Game Arena): the first choice of the center hand (decision 9), swaps,
swap all, pass, knocking, everyone passing (decision 16), the empty stock (decision 5)."""

from __future__ import annotations

import pytest
from helpers.engine import actors, assert_cards_conserved, play, stack

from thirtyone import IllegalActionError, Rules, new_game, parse_cards

SCHWIMMEN = Rules.preset("schwimmen")
WIDOW = Rules.preset("widow")
OPEN = SCHWIMMEN.replace(first_choice=None)  # center dealt face up
HANDS = ["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"]  # 19, 9, 20
CENTER = "A♠ 10♦ 8♥"
STOCK = "7♠ 9♦ 10♣ J♥ Q♥ 10♥ 7♦"
DECK = stack(HANDS, f"{CENTER} {STOCK}")


def legal(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_dealer_first_choice_keep_turns_the_center_up():
    # GameCircle / decision 9: the dealer, seeing only their own hand, keeps it or takes the face-down center
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK)
    assert s.phase == "choice" and s.current_player == 0 and not s.center_face_up
    assert legal(s) == ["keep hand", "take center"]
    t = s.apply("keep hand")
    assert t.center_face_up and t.center == parse_cards(CENTER)
    assert t.current_player == 1 and t.turns == 0 and t.passes == 0 and t.played == (False,) * 3
    assert [e.kind for e in t.round_events()][-2:] == ["keep hand", "center"]
    assert t.view(2).center == parse_cards(CENTER)


def test_dealer_first_choice_take_center():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("take center")
    assert s.hands[0] == parse_cards(CENTER) and s.center == parse_cards("K♥ 9♥ 8♣")
    assert s.center_face_up and s.current_player == 1 and s.turns == 0 and s.passes == 0
    assert_cards_conserved(s)


def test_dealer_takes_center_into_31():
    deck = stack(HANDS, "A♠ 10♠ K♠ 7♠ 9♦")
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=deck)
    assert not s.round_over  # 31 lying face down in the center is nobody's
    s = s.apply("take center")
    assert s.round_over and s.result.how == "31" and s.result.winner == 0


def test_a_commerce_turn_offers_swaps_swap_all_pass_and_knock():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand")
    got = legal(s)
    assert len([a for a in got if a.startswith("swap ") and a != "swap all"]) == 9
    assert got[-3:] == ["swap all", "pass", "knock"]
    with pytest.raises(IllegalActionError, match="draw and discard"):
        s.apply("draw stock")


def test_swap_one_card_with_the_center():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand").apply("swap 7♣ A♠")
    assert s.hands[1] == parse_cards("A♠ 8♦ 9♠") and s.center == parse_cards("7♣ 10♦ 8♥")
    assert s.current_player == 2 and s.turns == 1
    assert s.known[1] == parse_cards("A♠")
    with pytest.raises(IllegalActionError, match="not in the center"):
        s.apply("swap Q♠ A♠")
    with pytest.raises(IllegalActionError, match="not in Player 2's hand"):
        s.apply("swap A♠ 7♣")
    assert_cards_conserved(s)


def test_swap_all_three():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand").apply("swap all")
    assert s.hands[1] == parse_cards(CENTER) and s.center == parse_cards("7♣ 8♦ 9♠")
    assert s.current_player == 2


def test_pass_and_swap_all_can_be_forbidden():
    # GameCircle: "En algunas variantes no se permite pasar / cambiar las 3 cartas a la vez"
    rules = SCHWIMMEN.replace(allow_pass=False, allow_swap_all=False)
    s = new_game(rules, players=3, seed=1, deck=DECK).apply("keep hand")
    assert "pass" not in legal(s) and "swap all" not in legal(s)
    with pytest.raises(IllegalActionError, match="do not allow passing"):
        s.apply("pass")
    with pytest.raises(IllegalActionError, match="do not allow swapping all three"):
        s.apply("swap all")


def test_knock_and_pass_do_not_end_choices_but_knock_ends_them_for_the_round():
    # decision 7: after swap all or pass a player plays again; a knocker does not
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand")
    s = play(s, "pass", "swap all", "pass")
    assert s.current_player == 1 and "knock" in legal(s)
    s = play(s, "knock", "pass", "swap 9♥ Q♠")
    assert s.round_over and actors(s) == [0, 1, 2, 0, 1, 2, 0]
    assert s.result.how == "knock" and s.result.knocker == 1


def test_everyone_passing_lays_a_new_center():
    # GameCircle: "Si todos los jugadores pasan seguidos en una ronda, se colocan cartas nuevas en el centro."
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand")
    s = play(s, "pass", "pass")
    assert s.passes == 2 and s.center == parse_cards(CENTER)
    s = s.apply("pass")
    assert s.center == parse_cards("7♠ 9♦ 10♣") and s.out_of_play == parse_cards(CENTER)
    assert s.stock == parse_cards("J♥ Q♥ 10♥ 7♦") + s.stock[4:]
    assert s.passes == 0 and s.current_player == 1 and not s.round_over
    assert s.round_events()[-1].kind == "new center"
    assert_cards_conserved(s)
    # the count starts again at 0 (decision 16); a swap breaks the run
    s = play(s, "pass", "swap 7♥ 7♠", "pass", "pass")
    assert s.center[0] == parse_cards("7♥")[0] and s.passes == 2
    s = s.apply("pass")
    assert s.center == parse_cards("J♥ Q♥ 10♥")
    assert set(s.out_of_play) == set(parse_cards(f"{CENTER} 7♥ 9♦ 10♣"))


def test_everyone_passing_cannot_trigger_after_a_knock():
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=DECK).apply("keep hand")
    s = play(s, "pass", "pass", "knock")
    s = play(s, "pass")
    assert not s.round_over and s.center == parse_cards(CENTER)
    s = s.apply("pass")
    assert s.round_over and s.result.how == "knock"


def test_everyone_passing_goes_to_the_showdown_in_widow():
    # the classic rules: the game goes on until a knock or everyone passes; widow's first turn is keep (a pass) or take
    s = new_game(WIDOW, players=3, seed=1, deck=DECK)
    s = play(s, "keep hand", "pass")
    assert not s.round_over
    s = s.apply("pass")
    assert s.round_over and s.result.how == "all_pass"
    assert s.result.losses == (0, 1, 0)  # seat 1 holds 9


def test_left_of_dealer_first_turn():
    # the classic rules / decisions 9 and 16: the first turn of the player left of the dealer is take or keep;
    # keeping counts as a pass and as that player's turn; no knock is offered in it
    s = new_game(WIDOW, players=3, seed=1, deck=DECK)
    assert s.phase == "first" and s.current_player == 1 and not s.center_face_up
    assert legal(s) == ["keep hand", "take center"]
    with pytest.raises(IllegalActionError, match="must first choose"):
        s.apply("knock")
    k = s.apply("keep hand")
    assert k.center_face_up and k.passes == 1 and k.turns == 1 and k.played == (False, True, False)
    assert k.current_player == 2 and "knock" in legal(k)
    t = s.apply("take center")
    assert t.hands[1] == parse_cards(CENTER) and t.center == parse_cards("7♣ 8♦ 9♠")
    assert t.center_face_up and t.passes == 0 and t.turns == 1 and t.current_player == 2


def test_left_of_dealer_keep_counts_as_a_pass_with_two_players():
    s = new_game(WIDOW, players=2, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠"], CENTER))
    s = play(s, "keep hand", "pass")
    assert s.round_over and s.result.how == "all_pass"


def test_no_first_choice_deals_the_center_face_up():
    s = new_game(OPEN, players=3, seed=1, deck=DECK)
    assert s.center_face_up and s.phase == "turn" and s.current_player == 1
    assert s.view(1).center == parse_cards(CENTER)
    assert s.round_events()[-1].kind == "center"
    with pytest.raises(IllegalActionError):
        s.apply("take center")


def test_empty_commerce_stock_goes_to_the_showdown():
    # decision 5: when the stock cannot give three new center cards, the round goes to the showdown
    s = new_game(OPEN, players=8, seed=3)
    assert not s.round_over and len(s.stock) == 32 - 24 - 3
    s = play(s, *["pass"] * 8)
    assert len(s.stock) == 2 and len(s.out_of_play) == 3 and not s.round_over
    s = play(s, *["pass"] * 7)
    assert not s.round_over
    s = s.apply("pass")
    assert s.round_over and s.result.how == "empty_stock"
    assert_cards_conserved(s)


def test_first_knock_not_first_orbit_in_commerce():
    rules = OPEN.replace(first_knock="not_first_orbit")
    s = new_game(rules, players=3, seed=1, deck=DECK)
    for _ in range(3):
        assert "knock" not in legal(s)
        s = s.apply("swap all")
    assert "knock" in legal(s)


def test_first_knock_not_own_first_turn_after_the_dealers_choice():
    # bga-commerce: only the dealer may knock in their own first turn; the choice is not a turn
    s = new_game(Rules.preset("bga-commerce"), players=3, seed=1, deck=DECK).apply("keep hand")
    assert "knock" not in legal(s)
    s = play(s, "pass")
    assert "knock" not in legal(s)
    s = play(s, "pass")
    assert s.current_player == 0 and "knock" in legal(s)
