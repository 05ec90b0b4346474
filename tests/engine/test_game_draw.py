"""Draw and discard (Scat, Blitz; the Scat rule page, Board Game Arena): turns, knocking, first-knock options, the dealer's
exchange, discarding the taken card, and the empty stock (decision 17)."""

from __future__ import annotations

import pytest
from helpers.engine import actors, assert_cards_conserved, play, stack

from thirtyone import IllegalActionError, Rules, new_game, parse_action, parse_cards
from thirtyone.game import from_view

SCAT = Rules.preset("scat")
BGA_DRAW = Rules.preset("bga-draw")
HANDS = ["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"]  # 19, 5, 20
DECK = stack(HANDS, "7♦ 8♣ 6♦ 4♦ 3♥ 2♦ 5♥")


def legal(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_a_turn_is_draw_then_discard():
    s = new_game(SCAT, players=3, seed=1, deck=DECK)
    assert s.current_player == 1 and s.phase == "turn"
    assert legal(s) == ["draw stock", "draw discard", "knock"]
    s = s.apply("draw stock")
    assert s.hands[1] == parse_cards("2♣ 3♦ 5♠ 8♣") and s.current_player == 1
    assert legal(s) == ["discard 2♣", "discard 3♦", "discard 5♠", "discard 8♣"]
    s = s.apply("discard 2♣")
    assert s.hands[1] == parse_cards("3♦ 5♠ 8♣")  # always three cards after a turn (the Scat rule page)
    assert s.discard_pile == parse_cards("7♦ 2♣") and s.current_player == 2
    assert s.turns == 1 and s.played == (False, True, False)
    assert_cards_conserved(s)


def test_draw_from_the_discard_pile_takes_its_top():
    s = play(new_game(SCAT, players=3, seed=1, deck=DECK), "draw stock", "discard 2♣", "draw discard")
    assert s.hands[2] == parse_cards("Q♠ J♠ 2♥ 2♣") and s.discard_pile == parse_cards("7♦")
    assert s.taken == parse_cards("2♣")[0]
    assert "discard 2♣" in legal(s)  # scat lets you throw the card you just took
    s = s.apply("discard 2♥")
    assert s.known[2] == parse_cards("2♣")  # everyone saw the 2♣ go to seat 2
    assert s.view(0).collected() == {2: parse_cards("2♣")}


def test_discard_taken_false_forbids_throwing_the_taken_card():
    # Board Game Arena: "Cannot discard the same card taken from the discard pile."
    s = new_game(SCAT.replace(discard_taken=False), players=3, seed=1, deck=DECK).apply("draw discard")
    assert legal(s) == ["discard 2♣", "discard 3♦", "discard 5♠"]
    with pytest.raises(IllegalActionError, match="forbid discarding the card just taken"):
        s.apply("discard 7♦")
    # a card drawn from the stock may be thrown at once
    s = new_game(SCAT.replace(discard_taken=False), players=3, seed=1, deck=DECK).apply("draw stock")
    assert "discard 8♣" in legal(s)


def test_knock_gives_everyone_else_exactly_one_more_turn():
    # the Scat rule page: every other player gets exactly one more turn; the knocker does not play again
    s = new_game(SCAT, players=3, seed=1, deck=DECK)
    s = play(s, "draw stock", "discard 8♣", "knock")
    assert s.knocker == 2 and s.current_player == 0
    s = play(s, "draw stock", "discard 6♦")
    assert s.current_player == 1 and not s.round_over
    s = play(s, "draw stock", "discard 4♦")
    assert s.round_over and s.current_player is None
    assert actors(s) == [1, 2, 0, 1]
    assert s.result.how == "knock" and s.result.knocker == 2


def test_knock_on_the_first_turn_then_two_turns():
    s = play(new_game(SCAT, players=3, seed=1, deck=DECK), "knock", "draw stock", "discard 8♣")
    assert not s.round_over and s.current_player == 0
    s = play(s, "draw stock", "discard 6♦")
    assert s.round_over and actors(s) == [1, 2, 0]


def test_only_one_knock_per_round():
    s = play(new_game(SCAT, players=3, seed=1, deck=DECK), "knock")
    assert "knock" not in legal(s)
    with pytest.raises(IllegalActionError, match="already knocked"):
        s.apply("knock")


def test_knock_is_instead_of_drawing():
    s = new_game(SCAT, players=3, seed=1, deck=DECK).apply("draw stock")
    assert "knock" not in legal(s)


def _can_knock_each_turn(rules, turns=6):
    """Whether knocking is legal at each of the first turns (players 1, 2, 0, 1, 2, 0)."""
    s = new_game(rules, players=3, seed=1, deck=DECK)
    seen = []
    for _ in range(turns):
        seen.append((s.current_player, "knock" in legal(s)))
        s = play(s, "draw stock", f"discard {s.stock[0]}")
    return seen


def test_first_knock_anytime():
    assert _can_knock_each_turn(SCAT) == [(1, True), (2, True), (0, True), (1, True), (2, True), (0, True)]


def test_first_knock_not_first_turn():
    # a house rule the Scat rule page reports: nobody knocks on the round's very first turn
    got = _can_knock_each_turn(SCAT.replace(first_knock="not_first_turn"))
    assert got == [(1, False), (2, True), (0, True), (1, True), (2, True), (0, True)]


def test_first_knock_not_own_first_turn():
    # Board Game Arena: "Non-dealers cannot close the round during their 1st turn"; the dealer (seat 0) can
    got = _can_knock_each_turn(SCAT.replace(first_knock="not_own_first_turn"))
    assert got == [(1, False), (2, False), (0, True), (1, True), (2, True), (0, True)]


def test_first_knock_not_first_orbit():
    # GameCircle: nobody knocks until every player has had a turn
    got = _can_knock_each_turn(SCAT.replace(first_knock="not_first_orbit"))
    assert got == [(1, False), (2, False), (0, False), (1, True), (2, True), (0, True)]
    with pytest.raises(IllegalActionError, match="until everyone has had a turn"):
        new_game(SCAT.replace(first_knock="not_first_orbit"), players=3, seed=1, deck=DECK).apply("knock")


def test_dealer_exchange_keep_is_not_a_turn():
    # decision 10: before the first turn the dealer says keep hand or exchange hand
    s = new_game(BGA_DRAW, players=3, seed=1, deck=DECK)
    assert s.current_player == 0 and s.phase == "choice"
    assert legal(s) == ["keep hand", "exchange hand"]
    t = s.apply("keep hand")
    assert t.current_player == 1 and t.turns == 0 and t.hands == s.hands and t.stock == s.stock


def test_dealer_exchange_swaps_for_three_stock_cards_shuffled_back():
    s = new_game(BGA_DRAW, players=3, seed=1, deck=DECK)
    t = s.apply("exchange hand")
    assert t.hands[0] == parse_cards("8♣ 6♦ 4♦")
    assert len(t.stock) == len(s.stock)
    assert set(t.stock) == set(s.stock[3:]) | set(parse_cards("K♥ 9♥ 4♣"))
    assert t.stock[:4] != s.stock[3:7]  # shuffled (this seed moves the top)
    assert t.current_player == 1 and t.turns == 0 and t.played == (False, False, False)
    assert_cards_conserved(t)
    e = [e for e in t.events if e.kind == "exchange hand"][0]
    assert e.player == 0 and e.cards == () and e.secret == parse_cards("8♣ 6♦ 4♦")
    assert [e for e in t.view(1).events if e.kind == "exchange hand"][0].secret == ()
    assert t.apply("draw stock").hands[1][-1] == t.stock[0]
    assert s.apply("exchange hand").stock == t.stock  # the same seed shuffles alike


def test_dealer_exchange_into_31_ends_the_round():
    deck = stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♦ J♦ 2♥"], "7♦ A♠ K♠ 10♠")
    s = new_game(BGA_DRAW, players=3, seed=1, deck=deck).apply("exchange hand")
    assert s.hands[0] == parse_cards("A♠ K♠ 10♠")
    assert s.round_over and s.result.how == "31" and s.result.winner == 0


def test_no_dealer_exchange_in_scat():
    s = new_game(SCAT, players=3, seed=1, deck=DECK)
    with pytest.raises(IllegalActionError, match="before the first turn"):
        s.apply("exchange hand")


def test_empty_stock_reshuffles_the_discard_pile_but_its_top():
    # decision 17 (and 5): when the player to act must draw and the stock is empty
    s = new_game(SCAT, players=2, seed=5, deck=stack(["K♥ 9♥ 4♣", "A♠ 3♦ 5♠"], "7♦"))
    n = len(s.stock)
    assert n == 52 - 6 - 1
    for _ in range(n):
        s = play(s, "draw stock", f"discard {s.stock[0]}")
    last = s.discard_pile[-1]
    assert s.current_player is not None and not s.round_over
    assert len(s.stock) == n and s.discard_pile == (last,)
    assert s.round_events()[-1].kind == "reshuffle"
    assert_cards_conserved(s)
    assert legal(s)[:2] == ["draw stock", "draw discard"]


def test_empty_stock_with_nothing_to_reshuffle_goes_to_the_showdown():
    # decision 17: if the reshuffle leaves no stock, the round goes to the showdown. A real deck always leaves
    # cards to reshuffle, so stage the moment from a view with the stock emptied.
    s = new_game(SCAT, players=3, seed=1, deck=DECK).apply("draw discard")
    t = from_view(s.view(1), hands=s.hands, stock=())
    assert t.discard_pile == () and t.phase == "discard"
    u = t.apply("discard 2♣")
    assert u.round_over and u.result.how == "empty_stock"
    assert u.result.values == (19, 10, 20) and u.result.losses == (0, 1, 0)


def test_round_and_game_actions_refuse_out_of_turn_moves():
    s = new_game(SCAT, players=3, seed=1, deck=DECK)
    for bad in ("pass", "swap all", "swap 2♣ 7♦", "take center", "next round", "keep hand"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert parse_action("draw stock") in s.legal_actions()
