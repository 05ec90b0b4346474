"""The card table driven in pure Python, as the front end drives it: clicks on cards are the
messages a click (or Enter / Space) sends, buttons are clicked. The ``widget_errors`` fixture
(conftest) fails any test in which a widget callback raised. The rules of play alone, without a
widget, are tested in ``test_table_control.py``."""

from __future__ import annotations

import asyncio
import random

import pytest
from helpers.engine import greedy_until
from helpers.table import click, do, next_button, next_round

from thirtyone import Rules, new_game, score
from thirtyone.bots import make_bot
from thirtyone.game import Action, State, narrate
from thirtyone.widgets import CardTable
from thirtyone.widgets.table import TABLE_CSS


def learner_plays_round(table: CardTable, choose: object, limit: int = 400) -> State:
    """Play until the round is over: the learner clicks ``choose(table)``'s move, bots play at pace 0."""
    for _ in range(limit):
        s = table.state
        if s.round_over:
            return s
        assert table.my_turn, f"bots should have moved: {s}"
        action = choose(table)  # type: ignore[operator]
        do(table, action)
        assert table.state is not s, f"{action} was not made: {table.message}"
    raise AssertionError("the round did not end")


def greedy_learner(table: CardTable) -> Action:
    """The learner plays like the beginner bot, from their own view."""
    assert table.seat is not None
    return make_bot("beginner", seed=3).choose(table.state.view(table.seat))


def random_learner(seed: int) -> object:
    rng = random.Random(seed)
    return lambda table: rng.choice(table.legal())


# -- whole rounds --------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["scat", "schwimmen", "feuer", "widow", "bga-draw", "bga-commerce"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_round_through_the_widget(rules: str, seed: int) -> None:
    table = CardTable(rules, players=3, seat=seed % 3, seed=seed, pace=0, bots="beginner")
    chooser = greedy_learner if seed != 3 else random_learner(seed)
    end = learner_plays_round(table, chooser)
    r = end.result
    assert r is not None
    # the showdown panel says what the engine says
    panel = table.showdown.value
    assert r.explain(table.labels).replace("'", "&#x27;") in panel or r.explain(table.labels) in panel
    for sc in r.scores:
        if sc is not None:
            assert sc.explanation in panel
    assert table.showdown.layout.display is None
    # all hands are face up once the round is over
    for p, box in table.seats.items():
        assert box.row.cards == [int(c) for c in end.hands[p]]
    # the log is the engine's narration, sentence by sentence
    for line in narrate(end.view(table.seat).round_events(), table.labels, table.seat):
        assert line.replace("'", "&#x27;") in table.log_html.value or line in table.log_html.value
    # next round, then step back to the showdown
    if not end.game_over:
        do(table, Action("next round"))
        assert table.state.round == end.round + 1
        # back to the showdown, unless the new round ended at the deal: its own showdown is not taken back
        over = table.state.round_over
        assert table.back() is not over
        assert table.state is end or table.state.round == end.round + 1


def test_scat_round_by_clicks_from_the_deal_to_the_showdown() -> None:
    table = CardTable("scat", players=3, seat=1, seed=5, pace=0)
    assert table.my_turn and "take a card" in table.status.value
    turns = 0
    while not table.state.round_over:
        if turns >= 2 and table.play("knock"):
            continue
        table.stock_button.click()
        assert table.state.phase == "discard" and len(table.hand()) == 4
        assert "Now throw a card" in table.status.value
        click(table.mine.row, table.hand()[0])  # type: ignore[union-attr]
        turns += 1
    r = table.state.result
    assert r is not None and r.how in ("knock", "31", "empty_stock")
    assert "Showdown, round 1" in table.showdown.value


def test_commerce_swap_one_swap_all_pass_and_the_first_choice() -> None:
    table = CardTable("schwimmen", players=3, seat=0, seed=4, pace=0, step_mode=True, bots="beginner")
    assert table.keep_button.layout.display is None and table.take_button.description == "Take the center hand"
    assert table.center_row.cards == [-1, -1, -1] and not table.center_row.interactive
    table.take_button.click()
    s = table.state
    assert s.center_face_up and table.center_row.interactive
    assert table.keep_button.layout.display == "none"
    table.play_bots()
    assert table.my_turn
    give, take = table.hand()[1], table.state.center[2]
    click(table.center_row, take)  # the center card first, then the hand card
    assert table.center_row.selected == [int(take)] and "give" in table.message
    click(table.mine.row, give)  # type: ignore[union-attr]
    assert take in table.hand() and give in table.state.center
    table.play_bots()
    before = table.hand()
    center = table.state.center
    table.swap_all_button.click()
    assert table.hand() == center and table.state.center == before
    table.play_bots()
    n = len(table.state.round_events())
    table.pass_button.click()
    assert any(e.kind == "pass" and e.player == 0 for e in table.state.round_events()[n:])


def test_picking_a_hand_card_twice_puts_it_back() -> None:
    table = CardTable("schwimmen", players=3, seat=0, seed=4, pace=0, state=new_game("schwimmen", 3, seed=4)
                      .apply("keep hand"), bots=None)
    table.state = table.state  # nothing happens on the same state
    # it is Ana's turn (no bots): the learner waits
    click(table.mine.row, table.hand()[0])  # type: ignore[union-attr]
    assert "Wait" in table.message and table.mine.row.selected == []  # type: ignore[union-attr]


def test_hand_selection_toggles_in_commerce() -> None:
    s = new_game("schwimmen", 3, seed=4).apply("keep hand")
    while s.current_player != 0:
        s = s.apply("pass")
    table = CardTable(state=s, seat=0, bots=None)
    row = table.mine.row  # type: ignore[union-attr]
    click(row, table.hand()[0])
    assert row.selected == [int(table.hand()[0])]
    click(row, table.hand()[0])
    assert row.selected == [] and table.state is s


# -- only legal moves, only on your turn, once -------------------------------------------------
def test_out_of_turn_clicks_change_nothing() -> None:
    table = CardTable("scat", players=3, seat=0, seed=2, pace=0, step_mode=True)
    s = table.state
    assert s.current_player == 1 and not table.my_turn
    table.stock_button.click()
    click(table.pile_row, s.discard_pile[-1])
    click(table.mine.row, s.hands[0][0])  # type: ignore[union-attr]
    table.knock_button.click()
    table.next_round_button.click()
    assert table.state is s and not table.history
    assert table.message == "Wait: it is Ana's turn."
    assert table.step() and table.state.phase == "discard"  # one step is one action: Ana has drawn
    assert table.step() and table.state.current_player == 2
    assert "Ben's turn" in table.status.value and "Next move" in table.status.value
    assert table.step() and table.step() and table.my_turn
    assert not table.step()  # the learner's turn: no bot moves


def test_double_clicks_apply_once_and_stale_clicks_are_ignored() -> None:
    table = CardTable("scat", players=3, seat=1, seed=9, pace=0, step_mode=True)
    s0 = table.state
    top = s0.discard_pile[-1]
    click(table.pile_row, top)
    click(table.pile_row, top)  # second half of a double click: the card is in the hand now
    table.stock_button.click()  # drawing twice is not a move
    assert len(table.history) == 1 and len(table.hand()) == 4
    assert "now throw" in table.message
    throw = next(c for c in table.hand() if c != top)
    click(table.mine.row, throw)  # type: ignore[union-attr]
    s1 = table.state
    click(table.mine.row, throw)  # type: ignore[union-attr]  # stale: no longer in the hand
    click(table.pile_row, s0.discard_pile[-1])  # stale: not the top of the pile any more
    assert table.state is s1 and len(table.history) == 2
    for bad in (None, "x", {}, {"event": "activate"}, {"event": "activate", "card": "K♥"},
                {"event": "activate", "card": 99}, {"event": "activate", "card": True}, [1, 2]):
        table.mine.row._handle_custom_msg(bad, [])  # type: ignore[union-attr]
        table.pile_row._handle_custom_msg(bad, [])
        table.center_row._handle_custom_msg(bad, [])
    assert table.state is s1


def double_click_through_a_game(table: CardTable, limit: int = 3000) -> tuple[list[State], int]:
    """Play the game to its end, the learner double-clicking "Next round" (two clicks at once, as a browser
    sends them) and reading each showdown before the next double click. Returns every state the learner saw
    (the table after each double click and after each of their moves), and how many second halves were
    refused on a round that ended at once."""
    shown = [table.state]
    refused = 0
    for _ in range(limit):
        s = table.state
        if s.game_over:
            return shown, refused
        if s.round_over:
            button = next_button(table)  # the "Next round" there is
            button.click()
            dealt = table.state
            button.click()  # the double click's second half, on the same button, however late it comes
            shown.append(table.state)
            if dealt.round_over and not dealt.game_over and table.state is dealt:
                refused += 1
            continue
        assert table.my_turn
        do(table, greedy_learner(table))
        shown.append(table.state)
    raise AssertionError("the game did not end")


def assert_every_showdown_shown(shown: list[State]) -> None:
    """The round counter goes up by one at a time, every finished round was left on screen with its
    showdown, and lives (or who is out) change only with a showdown shown."""
    over = [s for s in shown if s.round_over]
    rounds = [s.round for s in shown]
    assert all(b - a in (0, 1) for a, b in zip(rounds, rounds[1:], strict=False)), f"rounds seen: {rounds}"
    assert sorted({s.round for s in over}) == list(range(1, shown[-1].round + 1)), "a round's showdown was skipped"
    for a, b in zip(shown, shown[1:], strict=False):
        if b.round == a.round + 1:
            assert a.round_over and a.result is not None  # a round only follows a finished one, seen
        if (a.lives, a.out) != (b.lives, b.out):  # lives change with the showdown that says so
            assert b.round_over and b.result is not None and b.result.round == b.round
            assert not (a.round_over and a.round == b.round)


@pytest.mark.parametrize(("seed", "why"), [(288, "round 2 is a 31 on the deal"),
                                           (11, "the learner is out and the bots play rounds 4 to 7 at once")],
                         ids=["dealt-31", "learner-out"])
def test_a_double_click_on_next_round_never_skips_a_round(seed: int, why: str) -> None:
    table = CardTable("scat", players=3, seat=1, seed=seed, pace=0)
    shown, refused = double_click_through_a_game(table)
    assert_every_showdown_shown(shown)
    assert refused >= 1, f"seed {seed} should hold a round that ends before the learner moves: {why}"
    if seed == 11:
        assert any(s.out[1] and s.round_over for s in shown)
    ends = [s for s in shown if s.round_over]
    for s in ends:  # the showdown drawn is the engine's for that round
        assert s.result is not None and s.result.round == s.round
    assert table.state.game_over and "wins the game" in table.showdown.value


@pytest.mark.parametrize("timing", ["pace", "step"])
def test_a_round_over_at_the_deal_stays_on_screen_at_any_pace(timing: str) -> None:
    table = CardTable("scat", players=3, seat=1, seed=288, pace=0)
    learner_plays_round(table, greedy_learner)
    if timing == "pace":
        table.pace_menu.value = 1.0
    else:
        table.pace_menu.value = -1.0
    assert table.state.round == 1 and table.state.round_over
    table.next_round_button.click()
    dealt = table.state
    assert dealt.round == 2 and dealt.round_over and dealt.result is not None and dealt.result.how == "31"
    assert "Showdown, round 2" in table.showdown.value
    assert "Round 2 is already over" in table.status.value
    for _second in range(3):  # the second half of the double click, or an impatient click a second later
        table.next_round_button.click()
        assert table.state is dealt and table.message == ""  # refused without effect
    assert table.next_round_button.disabled and table.next_round_button.layout.display == "none"
    under = table.showdown_next_button  # the round goes on from under its showdown
    assert not under.disabled and under.layout.display is None and under.description == "Next round"
    under.click()
    assert table.state.round == 3 and table.message == ""
    under.click()  # the second half: round 3 has just begun, nothing to deal
    table.next_round_button.click()
    assert table.state.round == 3 and under.layout.display == "none"


def test_a_double_click_on_next_round_at_a_pace_deals_one_round() -> None:
    """The learner is out and the bots play at a pace: the double click's second half comes while the
    round is played, and deals nothing."""
    table = CardTable("scat", players=3, seat=1, seed=11, pace=0)
    while not (table.state.out[1] and table.state.round_over):
        if table.state.round_over:
            next_round(table)
        else:
            do(table, greedy_learner(table))
    start = table.state.round

    async def scenario() -> None:
        table.pace = 0.001  # a pace, short for the test
        table.stage._handle_custom_msg({"event": "shown"}, [])
        button = next_button(table)
        button.click()
        button.click()
        assert table.state.round == start + 1 and not table.state.round_over  # the bots have not moved yet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not table.state.round_over and loop.time() < deadline:
            await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert table.state.round == start + 1 and table.state.round_over


def test_a_hand_card_before_drawing_is_a_hint_not_a_move() -> None:
    table = CardTable("scat", players=3, seat=1, seed=9, pace=0)
    s = table.state
    click(table.mine.row, table.hand()[0])  # type: ignore[union-attr]
    assert table.state is s and "First take a card" in table.message
    assert not table.play("discard " + str(table.hand()[0]))
    assert not table.play("swap all") and not table.play("nonsense")
    assert table.state is s


def test_discarding_the_taken_card_is_refused_when_the_rules_forbid_it() -> None:
    rules = Rules.preset("bga-draw").replace(dealer_exchange=False)
    table = CardTable(rules, players=3, seat=1, seed=9, pace=0)
    top = table.state.discard_pile[-1]
    click(table.pile_row, top)
    assert table.mine.row.disabled == [int(top)]  # type: ignore[union-attr]
    assert f"not the {top} you just took" in table.status.value
    click(table.mine.row, top)  # type: ignore[union-attr]
    assert table.state.phase == "discard" and top in table.hand()


def test_one_knock_per_round() -> None:
    table = CardTable("scat", players=3, seat=1, seed=11, pace=0, step_mode=True)
    table.play("knock")
    assert table.state.knocker == 1 and table.knock_button.disabled
    table.play_bots()
    assert table.state.round_over


# -- what the learner sees -----------------------------------------------------------------------
def test_the_table_shows_the_learners_view_unless_show_all() -> None:
    table = CardTable("scat", players=4, seat=0, seed=3, pace=0, step_mode=True)
    s = table.state
    for box in table.seats.values():
        assert box.row.cards == [-1] * 3 and "face down" in box.row.label
    assert table.mine.row.cards == [int(c) for c in s.hands[0]]  # type: ignore[union-attr]
    table.step()  # Ana draws from the stock: the log does not say which card
    table.step()
    drawn = table.state.round_events()[-2]
    assert drawn.kind == "draw stock" and f"drew the {drawn.secret[0]}" not in table.log_html.value
    assert "Ana drew from the stock" in table.log_html.value
    table.show_all_box.value = True
    assert table.show_all
    for p, box in table.seats.items():
        assert box.row.cards == [int(c) for c in table.state.hands[p]]
    assert f"drew the {drawn.secret[0]} from the stock" in table.log_html.value
    table.show_all = False
    assert all(-1 in box.row.cards for box in table.seats.values())


def test_seats_show_names_lives_dealer_knocker_swimming_and_out() -> None:
    s = new_game("scat", 3, seed=3, lives=(0, 1, 3))
    table = CardTable(state=s, seat=1, pace=0, step_mode=True, seed=3)  # seeded bots: the same round every run
    ana, ben = table.seats[0], table.seats[2]
    assert "swimming" in ana.head.value and "dealer" in ana.head.value
    assert "3 lives" in ben.head.value and "1 life" in table.mine.head.value  # type: ignore[union-attr]
    assert "Sam (you)" in table.mine.head.value and "to play" in table.mine.head.value  # type: ignore[union-attr]
    table.play("knock")
    assert "knocked" in table.mine.head.value  # type: ignore[union-attr]
    table.play_bots()
    r = table.state.result
    assert r is not None
    for p in r.losers:
        box = table.seats.get(p, table.mine)
        assert "lost" in box.head.value  # type: ignore[union-attr]
        if table.state.out[p]:
            assert "out of the game" in box.head.value  # type: ignore[union-attr]


def test_the_showdown_panel_agrees_with_the_engine() -> None:
    deck = "K♠ 9♣ Q♦ 10♠ 8♣ J♦ 3♦ 5♥ 7♥ A♠"
    table = CardTable("scat", players=3, seat=1, deck=deck, seed=1, lives=(3, 3, 0), pace=0,
                      names=("Ana", "Sam", "Ben"))
    click(table.pile_row, "A♠")
    click(table.mine.row, "3♦")  # type: ignore[union-attr]
    r = table.state.result
    assert r is not None and r.how == "31"
    panel = table.showdown.value
    assert r.explain(table.labels) in panel
    assert score("A♠ K♠ 10♠").explanation in panel and "loses 1 life" in panel
    assert "Ben is out of the game." in table.log_html.value
    assert "out of the game" in table.seats[2].head.value
    assert table.next_round_button.layout.display is None


def test_game_over_says_who_won() -> None:
    s = new_game("scat", 2, seed=3, lives=(0, 3))
    table = CardTable(state=s, seat=1, pace=0, seed=3)  # seeded: the bots' choices and the next game's cards
    while not table.state.game_over:
        if table.state.round_over:
            table.next_round()
            continue
        learner_plays_round(table, lambda t: Action("knock") if Action("knock") in t.legal() else greedy_learner(t))
    assert "wins the game" in table.showdown.value and table.next_round_button.disabled
    assert table.next_round_button.layout.display == "none" and table.new_game_button.layout.display is None
    assert not table.next_round()
    table.new_game_button.click()
    fresh = table.state
    assert fresh.round == 1 and fresh.seed == 4 and table.new_game_button.layout.display == "none"
    table.new_game_button.click()  # the second half of a double click: the game is not over, nothing changes
    assert table.state is fresh
    # every life is there, unless round 1 ended on the deal: then the engine's showdown says who lost one
    losses = fresh.result.losses if fresh.round_over and fresh.result is not None else (0, 0)
    assert fresh.lives == tuple(3 - n for n in losses)


# -- bots: step mode, pace, step back ---------------------------------------------------------------
def test_step_mode_and_step_back() -> None:
    table = CardTable("scat", players=3, seat=0, seed=6, pace=0, step_mode=True)
    assert table.step_button.layout.display is None and not table.step_button.disabled
    for _ in range(4):  # Ana and Ben each draw and throw
        table.step_button.click()
    assert table.my_turn and table.step_button.disabled
    table.stock_button.click()
    s = table.state
    assert table.back() and table.state.phase == "turn" and table.my_turn  # one move at a time in step mode
    assert table.back() and table.state.current_player == 2 and table.state.phase == "discard"
    table.pace_menu.value = 0.0  # instant: the bots play at once
    assert not table.step_mode and table.my_turn
    assert s.phase == "discard"


def test_step_back_goes_to_the_learners_last_move() -> None:
    table = CardTable("scat", players=3, seat=1, seed=6, pace=0)
    s0 = table.state
    table.stock_button.click()
    s1 = table.state
    click(table.mine.row, table.hand()[0])  # type: ignore[union-attr]
    assert table.my_turn and len(table.history) >= 4  # the bots moved
    assert table.back() and table.state is s1
    assert table.back() and table.state is s0
    assert not table.back()


@pytest.mark.parametrize("rules", ["scat", "schwimmen"])
def test_step_back_is_refused_after_the_showdown(rules: str) -> None:
    table = CardTable(rules, players=3, seat=1, seed=6, pace=0)
    end = learner_plays_round(table, greedy_learner)
    assert table.history and end.result is not None
    assert table.back_button.disabled and table.back_button.layout.display != "none"
    table.back_button.click()  # a click sent before the button was drawn disabled
    assert table.state is end and "can no longer be taken back" in table.message_html.value
    assert not table.back() and table.state is end
    table.show_all = True  # peeking changes nothing
    assert table.back_button.disabled and not table.back() and table.state is end
    if not end.game_over:
        next_round(table)
        assert table.state.round == end.round + 1 and table.message == ""


def test_bots_move_at_their_pace_on_the_event_loop() -> None:
    async def scenario() -> CardTable:
        table = CardTable("scat", players=3, seat=0, seed=6, pace=0.01)
        await asyncio.sleep(0.05)
        assert table.state.current_player == 1 and not table.history  # not on screen yet: the bots wait
        table.stage._handle_custom_msg({"event": "shown"}, [])  # what the front end says once drawn
        assert table.shown and table.state.current_player == 1  # the first bot moves after the pace
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60  # a busy machine is slow, not wrong: wait for the moves, not a fixed time
        while not table.my_turn and loop.time() < deadline:
            await asyncio.sleep(0.005)
        return table

    table = asyncio.run(scenario())
    assert table.my_turn and len(table.timings) == 4 and len(table.history) == 4


def test_a_step_back_cancels_the_planned_bot_move() -> None:
    async def scenario() -> tuple[CardTable, State]:
        table = CardTable("scat", players=3, seat=1, seed=6, pace=0.05)
        table.stage._handle_custom_msg({"event": "shown"}, [])
        table.stock_button.click()
        click(table.mine.row, table.hand()[0])  # type: ignore[union-attr]
        assert table.state.current_player == 2
        table.back()
        s = table.state
        await asyncio.sleep(0.15)
        return table, s

    table, s = asyncio.run(scenario())
    assert table.state is s and table.my_turn


def test_the_bots_level_menu() -> None:
    table = CardTable("scat", players=3, seat=0, seed=6, pace=0, step_mode=True, bots="beginner")
    assert table.level_menu.value == "beginner" and type(table.bots[1]).__name__ == "GreedyBot"
    table.level_menu.value = "expert"
    assert table.bots[0] is None and type(table.bots[2]).__name__ == "ExpertBot"
    assert CardTable("scat", bots=None, seed=1).level_menu.layout.display == "none"


def test_a_game_of_bots_only() -> None:
    table = CardTable("schwimmen", players=4, seat=None, seed=8, pace=0)
    assert table.mine is None and table.state.round_over
    assert table.next_round() and table.state.round_over


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        CardTable("scat", players=3, seat=3)
    with pytest.raises(ValueError):
        CardTable("scat", players=3, names=("A", "B"))
    with pytest.raises(ValueError):
        CardTable("scat", players=3, bots=[None])


# -- one word per thing ---------------------------------------------------------------------------
def table_words(table: CardTable) -> str:
    """Everything the table shows in words: texts, buttons and their tooltips, the cards' names."""
    import re

    texts = [table.status.value, table.message_html.value, table.showdown.value, table.log_html.value,
             table.stock_caption.value, table.pile_caption.value, table.center_caption.value]
    texts += [box.head.value for box in table.seats.values()]
    buttons = [table.knock_button, table.swap_all_button, table.pass_button, table.keep_button, table.take_button,
               table.stock_button, table.step_button, table.back_button, table.next_round_button]
    texts += [f"{b.description} {b.tooltip}" for b in buttons]
    return re.sub(r"<[^>]+>", " ", " ".join(texts))


@pytest.mark.parametrize("rules", ["scat", "schwimmen", "feuer"])
def test_the_table_says_knock_never_close(rules: str) -> None:
    """Buttons, status, log and showdown use the glossary's words: knock (not close), Feuer (not Fire),
    the center (not the widow)."""
    import re

    table = CardTable(rules, players=3, seat=0, seed=2, pace=0, bots="beginner")
    seen = [table_words(table)]
    assert table.knock_button.description == "Knock" and "Knock" in table.knock_button.tooltip
    for _ in range(400):
        s = table.state
        if s.round_over:
            break
        legal = table.legal()
        knock = Action("knock")
        move = knock if knock in legal and len(s.round_events()) > 6 else greedy_learner(table)
        do(table, move)
        seen.append(table_words(table))
    assert table.state.round_over
    words = " ".join(seen)
    assert "knock" in words.lower()
    for wrong in (r"\bclos(e|ed|es|ing)\b", r"\bFire\b", r"\bwidow\b", r"\bcommerce\b"):
        assert not re.search(wrong, words, re.I if wrong != r"\bFire\b" else 0), wrong


def test_the_showdown_names_every_cell_for_phones() -> None:
    """At 390 px the showdown table shows one box per player (CSS); each cell carries its column's name,
    and the table keeps its roles for screen readers."""
    table = CardTable("scat", players=3, seat=1, deck="K♠ 9♣ Q♦ 10♠ 8♣ J♦ 3♦ 5♥ 7♥ A♠", seed=1, pace=0)
    click(table.pile_row, "A♠")
    click(table.mine.row, "3♦")  # type: ignore[union-attr]
    panel = table.showdown.value
    assert panel.count('data-label="Why"') == 3 and panel.count('role="row"') == 4
    assert 'role="table"' in panel and 'role="columnheader"' in panel and 'role="rowheader"' in panel
    assert "@media (max-width: 640px)" in TABLE_CSS and "attr(data-label)" in TABLE_CSS


def test_only_the_top_card_of_the_discard_pile_can_be_taken() -> None:
    s = greedy_until(new_game("scat", 3, seed=2),
                     lambda s: s.current_player == 0 and s.phase == "turn" and len(s.discard_pile) >= 2)
    table = CardTable(state=s, seat=0, bots=None)
    assert table.click_pile(s.discard_pile[0]) is False  # a card under the top: nothing happens
    assert table.state is s and table.message == ""
    assert table.click_pile(s.discard_pile[-1]) is True and table.state.phase == "discard"


def test_a_face_down_center_card_cannot_be_picked() -> None:
    s = new_game("widow", 3, seed=2)  # the widow lies face down until someone takes or leaves it
    assert not s.center_face_up and s.current_player is not None
    table = CardTable(state=s, seat=s.current_player, bots=None)
    assert table.click_center(s.center[0]) is False
    assert table.state is s and table.message == "" and table.center_row.selected == []
