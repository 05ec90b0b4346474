"""The game engine: new_game, dealing (decision 1), actions as text, immutability, views, events,
lives, swimming, elimination, void rounds and the deal passing left. Rules and decisions cite
docs/rules.md; the draw family, commerce and showdowns have their own files."""

from __future__ import annotations

import random

import pytest
from helpers.engine import assert_cards_conserved, play, stack

from thirtyone import Action, IllegalActionError, Rules, State, narrate, new_game, parse_action, parse_cards
from thirtyone.game import fast_shuffle

SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")
NO_CHOICE = SCHWIMMEN.replace(first_choice=None)

# -- new_game and dealing (decisions 1, 11, 12) -------------------------------------------------


def test_deal_follows_decision_1_draw():
    # 3 players, seat 0 deals: cards go to seats 1, 2, 0, three times round; then the first discard; then the stock
    s = new_game(SCAT, players=3, seed=1, deck="2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")
    assert s.dealer == 0
    assert s.hands == (parse_cards("4♣ 7♣ 10♣"), parse_cards("2♣ 5♣ 8♣"), parse_cards("3♣ 6♣ 9♣"))
    assert s.discard_pile == parse_cards("J♣")
    assert s.stock[:2] == parse_cards("Q♣ K♣")
    assert len(s.stock) == 52 - 9 - 1
    assert s.current_player == 1  # left of the dealer plays first (the Scat rule page)
    assert s.center == ()
    assert_cards_conserved(s)


def test_deal_follows_decision_1_commerce():
    s = new_game(NO_CHOICE, players=2, seed=1, deck="7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♠ 8♠")
    assert s.hands == (parse_cards("8♣ 10♣ Q♣"), parse_cards("7♣ 9♣ J♣"))
    assert s.center == parse_cards("K♣ A♣ 7♠")
    assert s.stock[0] == parse_cards("8♠")[0]
    assert len(s.stock) == 32 - 6 - 3
    assert s.discard_pile == ()
    assert_cards_conserved(s)


def test_stacked_rest_is_shuffled_by_the_seed():
    a = new_game(SCAT, players=4, seed=7, deck="A♥ K♥")
    b = new_game(SCAT, players=4, seed=7, deck="A♥ K♥")
    c = new_game(SCAT, players=4, seed=8, deck="A♥ K♥")
    assert a.hands == b.hands and a.stock == b.stock
    assert a.hands[1][0] == parse_cards("A♥")[0] and a.hands[2][0] == parse_cards("K♥")[0]
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_same_seed_same_deal_without_deck():
    assert new_game("schwimmen", players=5, seed=3).hands == new_game("schwimmen", players=5, seed=3).hands


def test_rules_by_preset_name_and_default():
    assert new_game("feuer", players=2, seed=1).rules == Rules.preset("feuer")
    assert new_game(players=2, seed=1).rules == Rules()


@pytest.mark.parametrize("rules,players", [(SCAT, 1), (SCAT, 10), (SCHWIMMEN, 9), (SCHWIMMEN, 0), (SCAT, True)])
def test_player_count_outside_decision_12_is_a_value_error(rules, players):
    with pytest.raises(ValueError, match="players"):
        new_game(rules, players=players, seed=1)


@pytest.mark.parametrize("rules,players", [(SCAT, 9), (SCHWIMMEN, 8), (SCAT, 2), (Rules.preset("widow"), 9)])
def test_largest_and_smallest_tables_deal(rules, players):
    s = new_game(rules, players=players, seed=2)
    assert all(len(h) == 3 for h in s.hands)
    assert_cards_conserved(s)


def test_staged_card_outside_32_card_deck_is_rejected():
    with pytest.raises(ValueError):
        new_game(SCHWIMMEN, players=2, seed=1, deck="2♣ 3♣")


def test_staged_deck_with_duplicate_is_rejected():
    with pytest.raises(ValueError):
        new_game(SCAT, players=2, seed=1, deck="2♣ 2♣")


# -- actions: text, objects, errors ------------------------------------------------------------


@pytest.mark.parametrize("text,kind,cards", [
    ("draw stock", "draw stock", ""), ("Draw Discard", "draw discard", ""), ("discard K♥", "discard", "K♥"),
    ("discard kh", "discard", "K♥"), ("knock", "knock", ""), ("swap 9♥ A♥", "swap", "9♥ A♥"),
    ("swap all", "swap all", ""), ("pass", "pass", ""), ("keep hand", "keep hand", ""),
    ("take center", "take center", ""), ("exchange hand", "exchange hand", ""), ("next round", "next round", ""),
    ("  swap 10c th ", "swap", "10♣ 10♥"),
])
def test_parse_action(text, kind, cards):
    a = parse_action(text)
    assert a == Action(kind, parse_cards(cards))
    assert parse_action(str(a)) == a


@pytest.mark.parametrize("text", ["", "dance", "discard", "discard K♥ Q♥", "swap K♥", "swap all K♥",
                                  "discard Z♥", "knock K♥", "draw", 5, None, ["knock"], ("knock",)])
def test_malformed_actions_raise_illegal_action_error(text):
    s = new_game(SCAT, players=3, seed=1)
    with pytest.raises(IllegalActionError):
        s.apply(text)


def test_illegal_action_says_why_and_what_is_legal():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣"))
    with pytest.raises(IllegalActionError) as err:
        s.apply("discard 2♣")
    msg = str(err.value)
    assert "draw first" in msg and "draw stock" in msg and "draw discard" in msg and "knock" in msg
    assert isinstance(err.value, ValueError)
    s2 = s.apply("draw stock")
    with pytest.raises(IllegalActionError, match="not in Player 1's hand"):
        s2.apply("discard K♥")
    with pytest.raises(IllegalActionError, match="must now discard"):
        s2.apply("knock")
    with pytest.raises(IllegalActionError, match="commerce"):
        s.apply("swap 2♣ 7♦")
    with pytest.raises(IllegalActionError, match="not over"):
        s.apply("next round")


def test_action_objects_and_text_are_the_same_move():
    s = new_game(SCAT, players=3, seed=4)
    assert s.apply(Action("draw stock")).hands == s.apply("draw stock").hands


# -- immutability ---------------------------------------------------------------------------------


def _snapshot(s: State) -> dict:
    return {k: v for k, v in vars(s).items() if k != "_legal"}


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣"))
    before = _snapshot(s)
    t = s.apply("draw stock")
    assert t is not s and _snapshot(s) == before
    assert s.hands[1] == parse_cards("2♣ 3♦ 5♠") and t.hands[1] == parse_cards("2♣ 3♦ 5♠ 8♣")
    with pytest.raises(AttributeError):
        s.lives = (9, 9, 9)  # type: ignore[misc]
    with pytest.raises(IllegalActionError):
        s.apply("discard 2♣")
    assert _snapshot(s) == before


# -- views: hidden information (decision 19) ------------------------------------------------------


def test_view_hides_other_hands_and_stock_draws():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦"))
    s = play(s, "draw stock", "discard 2♣")  # player 1 drew the 8♣ unseen
    v0, v1 = s.view(0), s.view(1)
    assert v0.hand == parse_cards("K♥ 9♥ 4♣") and v0.hands is None
    assert v0.hand_sizes == (3, 3, 3) and v0.stock_count == len(s.stock)
    assert v0.discard_pile == parse_cards("7♦ 2♣")
    draw0 = [e for e in v0.events if e.kind == "draw stock"][0]
    draw1 = [e for e in v1.events if e.kind == "draw stock"][0]
    assert draw0.secret == () and draw1.secret == parse_cards("8♣")
    assert "8♣" not in " ".join(narrate(v0.events, viewer=0))
    assert "8♣" in " ".join(narrate(v1.events, viewer=1))
    assert not hasattr(v0, "stock")
    assert v0.legal_actions == () and s.view(2).legal_actions == s.legal_actions()


def test_view_hides_face_down_center_and_the_taken_hand():
    s = new_game(SCHWIMMEN, players=3, seed=1,
                 deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ K♠ 9♦"))
    assert s.view(0).center is None and s.view(1).center is None  # dealt face down (GameCircle)
    t = s.apply("take center")
    assert t.view(1).center == parse_cards("K♥ 9♥ 8♣")  # the dealer's old hand lies face up
    taken = [e for e in t.view(1).events if e.kind == "take center"][0]
    assert taken.secret == () and taken.cards == parse_cards("K♥ 9♥ 8♣")
    assert [e for e in t.view(0).events if e.kind == "take center"][0].secret == parse_cards("A♠ K♠ 9♦")


def test_view_shows_all_hands_once_the_round_is_over():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦"))
    s = play(s, "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    assert s.round_over
    assert s.view(2).hands == s.hands


def test_view_of_a_bad_seat_is_an_error():
    with pytest.raises(ValueError):
        new_game(SCAT, players=3, seed=1).view(3)


# -- events and narration -------------------------------------------------------------------------


def test_events_narrate_a_round():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦"))
    s = play(s, "draw discard", "discard 2♣", "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    assert s.round_over
    lines = narrate(s.events, names=["Ana", "Ben", "Cy"])
    assert lines[0] == "Round 1: Ana deals."
    assert "Ben took the 7♦ from the discard pile and threw the 2♣." in lines
    assert "Cy knocked: everyone else has one more turn." in lines
    assert any(line.startswith("Showdown") for line in lines)
    kinds = [e.kind for e in s.events]
    assert kinds[:2] == ["deal", "first discard"] and "showdown" in kinds and "lose" in kinds


def test_result_explains_who_lost_and_why():
    s = new_game(SCAT, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦"))
    s = play(s, "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    r = s.result
    assert r is not None and r.how == "knock" and r.knocker == 1
    assert r.values == (19, 5, 20)
    assert r.losses == (0, 2, 0) and r.losers == (1,)
    assert r.winner == 2 and r.lowest == (1,)
    assert "two lives" in r.reasons[1]
    assert "Player 1 loses 2 lives" in r.explain()


# -- lives, swimming, elimination (decisions 2, 3, 8, 11, 13, 18) ---------------------------------

LOW_HAND_LOSES = ["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"]  # seat 1 holds 5, the lowest


def _knock_round(rules, lives, hands=LOW_HAND_LOSES, knocker_first=False, dealer=0):
    """Seat 1 (left of dealer 0) plays first; everyone draws from the stock and throws it back,
    or seat 1 knocks at once."""
    s = new_game(rules, players=3, seed=1, deck=stack(hands, "7♦ 8♣ 6♦ 4♦ 3♥"), lives=lives)
    if knocker_first:
        return play(s, "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    return play(s, "draw stock", "discard 8♣", "knock", "draw stock", "discard 6♦", "draw stock", "discard 4♦")


def test_lowest_loses_one_life():
    s = _knock_round(SCAT, None)  # seat 2 knocks, seat 1 has the lowest hand
    assert s.lives == (3, 2, 3) and s.out == (False,) * 3
    assert s.round_over and not s.game_over and s.current_player is None
    assert s.legal_actions() == (parse_action("next round"),)


def test_swimming_after_last_life_then_out():
    s = _knock_round(SCAT, [3, 1, 3])
    assert s.lives == (3, 0, 3) and s.out == (False, False, False)
    assert s.swimming == (False, True, False)
    assert any(e.kind == "swimming" and e.player == 1 for e in s.round_events())
    s = _knock_round(SCAT, [3, 0, 3])
    assert s.lives == (3, 0, 3) and s.out == (False, True, False)
    assert any(e.kind == "out" and e.player == 1 for e in s.round_events())


def test_without_swimming_out_on_reaching_zero():
    s = _knock_round(SCAT.replace(swimming=False), [3, 1, 3])
    assert s.lives == (3, 0, 3) and s.out == (False, True, False)


def test_knocker_losing_two_with_one_life_is_out_even_swimming():
    # decision 2: 1 -> 0 (swimming) -> out, one life at a time
    s = _knock_round(SCAT, [3, 1, 3], knocker_first=True)
    assert s.result.losses[1] == 2
    assert s.lives == (3, 0, 3) and s.out == (False, True, False)


def test_knocker_losing_two_with_two_lives_swims():
    s = _knock_round(SCAT, [3, 2, 3], knocker_first=True)
    assert s.lives == (3, 0, 3) and s.out == (False, False, False)


def test_lives_never_go_below_zero():
    s = _knock_round(SCAT.replace(swimming=False), [3, 1, 3], knocker_first=True)
    assert s.lives[1] == 0 and s.out[1]


def test_game_over_when_one_player_is_left():
    s = new_game(SCAT, players=2, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠"], "7♦ 8♣"), lives=[1, 0])
    s = play(s, "knock", "draw stock", "discard 8♣")
    assert s.game_over and s.winner == 0 and s.out == (False, True)
    assert s.legal_actions() == ()
    assert s.current_player is None
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply("next round")
    assert s.events[-1].kind == "winner" and s.events[-1].player == 0


def test_winner_is_none_until_the_game_is_over():
    s = new_game(SCAT, players=3, seed=1)
    assert not s.game_over and s.winner is None


def test_void_round_nobody_loses_and_the_same_dealer_deals_again():
    # decision 3: both swimming players tie for lowest (ties: all_lose) -> both would be out
    hands = ["K♥ 9♥ 4♣", "K♠ 9♠ 4♦"]  # 19 and 19
    s = new_game(SCAT, players=2, seed=1, deck=stack(hands, "7♦ 8♣ 6♦"), lives=[0, 0])
    s = play(s, "knock", "draw stock", "discard 8♣")
    assert s.round_over and s.result.void
    assert s.lives == (0, 0) and s.out == (False, False) and not s.game_over
    assert s.result.losses == (0, 0)
    assert any(e.kind == "void" for e in s.round_events())
    assert "dealt again" in s.result.explain()
    t = s.apply("next round")
    assert t.round == 2 and t.dealer == 0 and t.current_player == 1


def test_deal_passes_left():
    s = _knock_round(SCAT, None).apply("next round")
    assert s.round == 2 and s.dealer == 1 and s.current_player == 2
    assert not s.round_over and s.result is None and s.knocker is None
    assert all(len(h) == 3 for h in s.hands)
    assert_cards_conserved(s)


def test_deal_and_turns_skip_eliminated_seats():
    # 4 players; seat 1 is out after round 1; seat 0 dealt, seat 1 would deal next: decision 11 gives seat 2
    hands = ["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥", "A♦ K♦ 2♠"]
    s = new_game(SCAT, players=4, seed=1, deck=stack(hands, "7♦ 8♣ 6♦ 4♦ 3♥"), lives=[3, 0, 3, 3])
    s = play(s, "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦", "draw stock", "discard 4♦")
    assert s.out == (False, True, False, False)
    s = s.apply("next round")
    assert s.dealer == 2 and s.current_player == 3
    assert s.hands[1] == () and all(len(s.hands[i]) == 3 for i in (0, 2, 3))
    assert_cards_conserved(s)
    # turns skip seat 1: 3, 0, 2
    s = play(s, "draw stock", f"discard {s.stock[0]}")
    assert s.current_player == 0
    s = play(s, "draw stock", f"discard {s.stock[0]}")
    assert s.current_player == 2


def test_next_dealer_is_left_of_an_eliminated_dealer():
    # the dealer (seat 0) goes out; the deal passes to seat 1 (decision 11)
    hands = ["2♣ 3♦ 5♠", "K♥ 9♥ 4♣", "Q♠ J♠ 2♥"]
    s = new_game(SCAT, players=3, seed=1, deck=stack(hands, "7♦ 8♣ 6♦ 4♦ 3♥"), lives=[0, 3, 3])
    s = play(s, "knock", "draw stock", "discard 8♣", "draw stock", "discard 6♦")
    assert s.out == (True, False, False)
    s = s.apply("next round")
    assert s.dealer == 1 and s.current_player == 2 and s.hands[0] == ()


def test_dealer_and_first_player_with_staged_deck_in_a_later_round_use_the_seed():
    a = _knock_round(SCAT, None).apply("next round")
    b = _knock_round(SCAT, None).apply("next round")
    assert a.hands == b.hands and a.stock == b.stock


def test_readme_examples_run():
    import doctest
    from pathlib import Path

    readme = Path(__file__).resolve().parents[2] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted >= 10


@pytest.mark.parametrize("lives", [2, 3, 5])
def test_lives_option(lives):
    assert new_game(SCAT.replace(lives=lives), players=4, seed=1).lives == (lives,) * 4


def test_draw_family_on_the_32_card_deck():
    s = new_game(SCAT.replace(deck=32), players=8, seed=1)
    assert len(s.stock) == 32 - 24 - 1 and all(c.rank >= 5 for c in s.stock)
    assert_cards_conserved(s)


# -- the closed sets: kinds of action, phases, ways a round ends (issue 12) ------------------------------
def test_phases_action_kinds_and_round_ends_are_enums_that_still_read_as_their_strings() -> None:
    import json

    from thirtyone import ActionKind, Phase, RoundEnd

    s = new_game(SCAT, players=3, seed=1)
    assert s.phase is Phase.TURN and s.phase == "turn" and f"{s.phase}" == str(s.phase) == "turn"
    assert json.dumps({"phase": s.phase}) == '{"phase": "turn"}' and repr(s.phase) == "'turn'"
    assert {"turn": 1}[s.phase] == 1 and Phase("discard") is Phase.DISCARD
    assert [a.kind for a in s.legal_actions()] == [ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD, ActionKind.KNOCK]
    assert s.legal_actions()[0] == Action("draw stock") and str(s.legal_actions()[0]) == "draw stock"
    assert Action("knock") in s.legal_actions() and s.apply(Action("knock")).knocker == 1
    assert [str(k) for k in ActionKind] == ["draw stock", "draw discard", "discard", "knock", "swap", "swap all",
                                            "pass", "keep hand", "take center", "exchange hand", "next round"]
    with pytest.raises(AttributeError):
        Phase.TRUN  # noqa: B018 (a typo is an error, not a comparison that is silently false)
    with pytest.raises(ValueError):
        Phase("trun")
    over = s.apply("knock").apply("draw stock")
    while not over.round_over:
        over = over.apply(over.legal_actions()[0])
    assert over.phase is Phase.OVER and over.result.how is RoundEnd.KNOCK and over.result.how == "knock"
    assert "phase 'over'" == f"phase {over.phase!r}"  # messages that quote a phase read as before
    with pytest.raises(IllegalActionError, match="actions are draw stock, draw discard, discard, knock"):
        parse_action("jump")


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 32, 45, 52])
def test_the_fast_shuffle_is_pythons(size: int) -> None:
    """The game's reshuffles and the expert's play-outs put the cards in the order ``random.shuffle`` does from
    the same generator, and leave the generator where it leaves it (so seeded games stay as they were)."""
    for seed in range(30):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        fast_shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        assert mine.getrandbits(32) == theirs.getrandbits(32)
