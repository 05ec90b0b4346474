"""The card table's rules of play in pure Python (:mod:`thirtyone.widgets.tablecontrol`), with no widget:
which clicks count and why the others do not, the history, and the bots' pacing. Every game is seeded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.engine import greedy_until

from thirtyone import new_game
from thirtyone.bots import Bot, make_bot
from thirtyone.game import Action, PlayerView, State
from thirtyone.widgets.tablecontrol import NEXT_BUTTONS, Click, Pacing, Refusal, TableControl

ROOT = Path(__file__).resolve().parents[2]
JUPYTER = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm", "jupyter_core")


def bots_play(ctl: TableControl) -> list[int]:
    """The bots move until the learner's turn or the round's end; the seats that moved, in order."""
    seats = []
    while (p := ctl.state.current_player) is not None and ctl.bot_move() is not None:
        seats.append(p)
    return seats


def made(ctl: TableControl, click: Click) -> Click:
    """Make the move a click asks for, as the view does (a click with no move is its own verdict)."""
    return ctl.play(click.move) if click.move is not None else click


def greedy(ctl: TableControl) -> Action:
    assert ctl.seat is not None
    return make_bot("beginner", seed=3).choose(ctl.state.view(ctl.seat))


def test_the_controller_imports_nothing_of_jupyter() -> None:
    """The rules of play load without the Jupyter stack; the view, for contrast, does load it."""
    check = ("import sys, {module}; print(sorted({{m.split('.')[0] for m in sys.modules}} & set({jupyter!r})))")
    seen = {module: subprocess.run([sys.executable, "-c", check.format(module=module, jupyter=JUPYTER)], cwd=ROOT,
                                   capture_output=True, text=True, check=True).stdout.strip()
            for module in ("thirtyone.widgets.tablecontrol", "thirtyone.widgets.table")}
    assert seen["thirtyone.widgets.tablecontrol"] == "[]"
    assert "ipywidgets" in seen["thirtyone.widgets.table"]


# -- which clicks count ---------------------------------------------------------------------------
def test_out_of_turn_clicks_are_refused_with_whose_turn_it_is() -> None:
    ctl = TableControl(new_game("scat", 3, seed=2), seat=0, seed=2)
    s = ctl.state
    assert s.current_player == 1 and not ctl.my_turn and ctl.legal() == ()
    clicks = [made(ctl, ctl.click_pile(s.discard_pile[-1])), ctl.play("draw stock"), ctl.click_hand(s.hands[0][0]),
              ctl.play("knock")]
    for click in clicks:
        assert click.move is None and click.refusal is Refusal.NOT_YOUR_TURN
        assert click.message == "Wait: it is Ana's turn."
    assert ctl.state is s and ctl.history == []


def test_a_legal_click_is_made_once_and_its_second_half_is_stale() -> None:
    ctl = TableControl(new_game("scat", 3, seed=9), seat=1, seed=9)
    s0 = ctl.state
    top = s0.discard_pile[-1]
    assert ctl.my_turn
    first = made(ctl, ctl.click_pile(top))
    assert first.move == Action("draw discard") and first.refusal is None and top in ctl.state.hands[1]
    second = made(ctl, ctl.click_pile(top))  # the double click's second half: the card is in the hand now
    assert second == Click(refusal=Refusal.STALE) and second.message is None  # nothing is said
    assert ctl.history == [s0]
    throw = next(c for c in ctl.state.hands[1] if c != top)
    assert made(ctl, ctl.click_hand(throw)).move == Action("discard", (throw,))
    s2 = ctl.state
    assert ctl.click_hand(throw).refusal is Refusal.STALE  # no longer in the hand
    assert ctl.click_pile(s0.discard_pile[-1]).refusal is Refusal.STALE  # no longer the pile's top
    assert ctl.state is s2 and len(ctl.history) == 2


def test_only_the_top_card_of_the_pile_can_be_taken() -> None:
    s = greedy_until(new_game("scat", 3, seed=2),
                     lambda s: s.current_player == 0 and s.phase == "turn" and len(s.discard_pile) >= 2)
    ctl = TableControl(s, seat=0, bots=None)
    assert ctl.click_pile(s.discard_pile[0]).refusal is Refusal.STALE
    assert ctl.click_pile(s.discard_pile[-1]).move == Action("draw discard")


def test_moves_that_are_not_legal_now_say_what_is() -> None:
    ctl = TableControl(new_game("scat", 3, seed=9), seat=1, seed=9)
    s = ctl.state
    hint = ctl.click_hand(s.hands[1][0])  # a hand card before drawing
    assert hint.refusal is Refusal.DRAW_FIRST and hint.message is not None and "First take a card" in hint.message
    nonsense = ctl.play("nonsense")
    assert nonsense.refusal is Refusal.NOT_A_MOVE and nonsense.message
    swap_all = ctl.play("swap all")
    assert swap_all.refusal is Refusal.NOT_NOW and swap_all.message == ctl.status_text()
    assert "take a card" in ctl.status_text()
    assert ctl.state is s
    ctl.play("draw stock")
    again = ctl.play("draw stock")
    assert again.refusal is Refusal.NOT_NOW and again.message == "You have drawn: now throw one of your four cards."


def test_a_second_knock_is_refused_with_who_knocked() -> None:
    s = new_game("scat", 3, seed=9)
    assert s.current_player == 1
    ctl = TableControl(s.apply("knock"), seat=2, bots=None)
    assert ctl.my_turn and ctl.labels == ("Ana", "Ben", "Sam (you)")
    second = ctl.play("knock")
    assert second.refusal is Refusal.NOT_NOW
    assert second.message == "Ben has already knocked: only one knock per round."
    assert "Ben has knocked: this is your last turn." in ctl.status_text()


def test_the_guard_refuses_with_its_hint_and_nothing_changes() -> None:
    ctl = TableControl(new_game("scat", 3, seed=9), seat=1, bots=None)
    s = ctl.state
    ctl.guard = lambda a: None if a == Action("draw stock") else "Click the stock."
    refused = made(ctl, ctl.click_pile(s.discard_pile[-1]))
    assert refused == Click(refusal=Refusal.GUARDED, message="Click the stock.") and ctl.state is s
    assert ctl.play("draw stock").move == Action("draw stock") and ctl.history == [s]


# -- commerce: pick, then swap ------------------------------------------------------------------------
def commerce_turn() -> State:
    """Schwimmen, seat 0 to play a turn with the center face up."""
    s = new_game("schwimmen", 3, seed=4).apply("keep hand")
    while s.current_player != 0:
        s = s.apply("pass")
    return s


def test_commerce_picks_a_card_in_each_zone_then_swaps() -> None:
    s = commerce_turn()
    ctl = TableControl(s, seat=0, bots=None)
    give, take = s.hands[0][1], s.center[2]
    pick = ctl.click_center(take)  # the center card first
    assert pick.move is None and pick.picked and ctl.selected == ("center", take)
    assert pick.message == f"Now click the card of your hand to give for the {take}."
    swap = made(ctl, ctl.click_hand(give))
    assert swap.move == Action("swap", (give, take)) and take in ctl.state.hands[0] and give in ctl.state.center
    assert ctl.selected is None


def test_a_picked_card_clicked_again_is_put_back() -> None:
    s = commerce_turn()
    ctl = TableControl(s, seat=0, bots=None)
    card = s.hands[0][0]
    assert ctl.click_hand(card).message == f"Now click the center card to take for your {card}."
    assert ctl.selected == ("hand", card)
    back = ctl.click_hand(card)
    assert back == Click(message="", picked=True) and ctl.selected is None and ctl.state is s
    other = s.hands[0][1]
    ctl.click_hand(card)
    ctl.click_hand(other)  # another card of the same zone: it is picked instead
    assert ctl.selected == ("hand", other) and ctl.state is s


def test_commerce_clicks_outside_a_turn_are_refused() -> None:
    deal = new_game("widow", 3, seed=2)  # the center lies face down until someone takes or leaves it
    p = deal.current_player
    assert p is not None and not deal.center_face_up
    ctl = TableControl(deal, seat=p, bots=None)
    assert ctl.click_center(deal.center[0]) == Click(refusal=Refusal.FACE_DOWN) and ctl.selected is None
    choose = ctl.click_hand(deal.hands[p][0])  # the first choice: keep or take, not a swap
    assert choose.refusal is Refusal.NOT_NOW and choose.message == ctl.status_text() and ctl.selected is None
    waiting = TableControl(commerce_turn().apply("pass"), seat=0, bots=None)
    assert waiting.click_hand(waiting.state.hands[0][0]).refusal is Refusal.NOT_YOUR_TURN


# -- rounds and games -----------------------------------------------------------------------------------
def play_round(ctl: TableControl) -> State:
    """The learner plays greedily, the bots at once, to the round's end."""
    for _ in range(400):
        bots_play(ctl)
        if ctl.state.round_over:
            return ctl.state
        assert ctl.play(greedy(ctl)).move is not None
    raise AssertionError("the round did not end")


def deal_next(ctl: TableControl, button: str = NEXT_BUTTONS[0]) -> Click:
    """"Next round" clicked on ``button``, as the view does: deal, and the bots move at once."""
    click = ctl.click_next_round(button)
    if click.move is not None:
        dealt = ctl.next_round(button)
        assert dealt is not None
        ctl.advance(dealt)
        bots_play(ctl)
    return click


def test_a_round_over_at_the_deal_is_continued_by_the_other_next_round_button() -> None:
    """A click never skips a showdown, however late the double click's second half comes: the round that the
    controls' "Next round" dealt and that ended at once is continued only by the button under the showdown, and
    a round that one dealt and that ended at once only by the controls' one again."""
    ctl = TableControl(new_game("scat", 3, seed=288), seat=1, seed=288)  # round 2 is a 31 on the deal
    controls, under = NEXT_BUTTONS
    assert ctl.click_next_round(controls).refusal is Refusal.STALE  # round 1 is not over
    play_round(ctl)
    assert ctl.next_button() == controls and ctl.board().next_button == controls
    assert deal_next(ctl, controls).move == Action("next round")
    dealt = ctl.state
    assert dealt.round == 2 and dealt.round_over
    assert ctl.board().next_button == under and "Round 2 is already over" in ctl.status_text()
    again = deal_next(ctl, controls)  # the second click on the button that dealt it, a second later or ten
    assert again.refusal is Refusal.STALE and again.message is None and ctl.state is dealt
    assert deal_next(ctl, under).move == Action("next round")  # the learner clicks under the showdown
    assert ctl.state.round == 3 and ctl.next_button() is None
    assert deal_next(ctl, under).refusal is Refusal.STALE  # round 3 has just begun
    with pytest.raises(ValueError):
        ctl.click_next_round("elsewhere")


def test_after_a_round_the_learner_moved_in_the_controls_button_deals() -> None:
    ctl = TableControl(new_game("scat", 3, seed=288), seat=1, seed=288)
    play_round(ctl)
    deal_next(ctl)  # round 2: a 31 on the deal, continued under the showdown
    deal_next(ctl, NEXT_BUTTONS[1])
    play_round(ctl)  # round 3: the learner moves
    assert ctl.state.round_over and ctl.dealt_by is None and ctl.next_button() == NEXT_BUTTONS[0]
    assert "The round is over" in ctl.status_text()


def test_a_new_game_only_once_the_game_is_over_and_numbered_one_more() -> None:
    ctl = TableControl(new_game("scat", 2, seed=3, lives=(0, 3)), seat=1, seed=3)
    assert ctl.click_new_game().refusal is Refusal.STALE
    for _ in range(40):
        if ctl.state.game_over:
            break
        if ctl.state.round_over:
            deal_next(ctl, ctl.next_button() or NEXT_BUTTONS[0])
            continue
        play_round(ctl)
    assert ctl.state.game_over and ctl.click_new_game() == Click()
    assert ctl.next_seed() == 4 and ctl.new_game(ctl.next_seed()).seed == 4
    assert TableControl(new_game("scat", 2, seed=3), seat=1).next_seed() is None  # unseeded: a fresh shuffle


# -- history ------------------------------------------------------------------------------------------
def test_step_back_goes_to_the_learners_previous_move_past_the_bots() -> None:
    ctl = TableControl(new_game("scat", 3, seed=6), seat=1, seed=6)
    s0 = ctl.state
    assert ctl.my_turn and not ctl.back()
    ctl.play("draw stock")
    s1 = ctl.state
    ctl.play(Action("discard", (s1.hands[1][0],)))
    assert bots_play(ctl) == [2, 2, 0, 0]
    assert ctl.my_turn and len(ctl.history) == 6
    assert ctl.back() and ctl.state is s1  # the very state shown then
    assert ctl.back() and ctl.state is s0
    assert not ctl.back() and ctl.state is s0


def test_in_step_mode_step_back_takes_back_one_move() -> None:
    ctl = TableControl(new_game("scat", 3, seed=6), seat=1, seed=6)
    ctl.play("draw stock")
    ctl.play(Action("discard", (ctl.state.hands[1][0],)))
    bots_play(ctl)
    history = list(ctl.history)
    assert ctl.back(step_mode=True) and ctl.state is history[-1] and ctl.state.current_player == 0
    assert ctl.back(step_mode=True) and ctl.state is history[-2]


def test_step_back_drops_the_pick() -> None:
    ctl = TableControl(new_game("schwimmen", 3, seed=4).apply("keep hand"), seat=0, bots=None)
    while ctl.state.current_player != 0:
        ctl.advance(ctl.state.apply("pass"))  # a script moves the others, as a walkthrough does
    ctl.click_hand(ctl.state.hands[0][0])
    assert ctl.selected is not None
    assert ctl.back() and ctl.selected is None and ctl.state.current_player == 2


@pytest.mark.parametrize("rules", ["scat", "schwimmen"])
def test_no_step_back_once_the_showdown_has_shown_every_hand(rules: str) -> None:
    ctl = TableControl(new_game(rules, 3, seed=6), seat=1, seed=6)
    end = play_round(ctl)
    assert end.result is not None and ctl.history  # there are moves to take back, but every hand is known
    refused = ctl.click_back()
    assert refused.refusal is Refusal.SHOWDOWN_SEEN and refused.message
    assert not ctl.back() and not ctl.back(step_mode=True) and ctl.state is end
    assert not ctl.board().can_back and not ctl.board(show_all=True, step_mode=True).can_back
    # the next round is played as ever: a step back in it returns to the showdown, and no further
    assert deal_next(ctl).move is not None and not ctl.state.round_over
    if ctl.my_turn:
        assert ctl.board().can_back and ctl.click_back() == Click()
        assert ctl.back() and ctl.state is end
        assert ctl.click_back().refusal is Refusal.SHOWDOWN_SEEN and not ctl.back() and ctl.state is end


# -- the bots' pacing ------------------------------------------------------------------------------------
def test_the_pacing_says_when_the_next_bot_move_is_due() -> None:
    ctl = TableControl(new_game("scat", 3, seed=2), seat=0, seed=2)
    assert ctl.state.current_player == 1 and ctl.bot_to_move() is ctl.bots[1]
    assert ctl.pacing(1.0, step_mode=True, shown=True) is Pacing.ON_CLICK
    assert ctl.pacing(0.0, step_mode=False, shown=False) is Pacing.AT_ONCE  # at once: no need to be seen
    assert ctl.pacing(1.0, step_mode=False, shown=False) is Pacing.WHEN_SHOWN  # nobody would see it yet
    assert ctl.pacing(1.0, step_mode=False, shown=True) is Pacing.AFTER_PACE
    bots_play(ctl)
    assert ctl.my_turn and ctl.bot_to_move() is None
    assert all(ctl.pacing(p, m, True) is Pacing.NONE for p in (0.0, 1.0) for m in (False, True))
    no_bots = TableControl(new_game("scat", 3, seed=2), seat=0, bots=None)  # a script moves the others
    assert no_bots.pacing(0.0, False, True) is Pacing.NONE and no_bots.bot_move() is None


def test_the_bots_move_in_turn_order_one_action_each_until_the_learners_turn() -> None:
    ctl = TableControl(new_game("scat", 4, seed=3), seat=3, seed=3)
    s = ctl.state
    assert s.dealer == 0
    seats = bots_play(ctl)
    assert seats == [1, 1, 2, 2] and ctl.my_turn  # draw and throw, left to right from the dealer's left
    assert ctl.history[0] is s and len(ctl.history) == 4
    assert ctl.bot_move() is None and len(ctl.history) == 4


class Counting(Bot):
    """A bot that makes its last legal move and counts its choices."""

    def __init__(self) -> None:
        self.choices = 0

    def choose(self, view: PlayerView) -> Action:
        self.choices += 1
        return view.legal_actions[-1]


def test_the_move_a_bot_thought_of_ahead_is_the_one_made() -> None:
    ana = Counting()
    ctl = TableControl(new_game("scat", 3, seed=2), seat=0, bots=[None, ana, Counting()])
    thought = ctl.think()
    assert thought is not None and ctl.planned == thought and ana.choices == 1
    s = ctl.state
    assert ctl.bot_move() == thought and ana.choices == 1  # made as thought, not chosen again
    assert ctl.history[-1] is s and ctl.planned is None
    ctl.think()
    assert ctl.back(step_mode=True) and ctl.planned is None  # a step back drops the plan
    learner = TableControl(commerce_turn(), seat=0, bots=None)
    assert learner.think() is None and learner.planned is None


def test_the_status_says_whose_turn_and_that_step_mode_waits() -> None:
    ctl = TableControl(new_game("scat", 3, seed=2), seat=0, seed=2)
    assert ctl.status_text() == "Ana's turn."
    assert ctl.status_text(step_mode=True) == "Ana's turn. Click Next move to see it."
    board = ctl.board(step_mode=True)
    assert board.can_step and not board.can_back and board.kinds == frozenset()
    assert board.hands is None and not board.everything  # the others' hands face down
    assert ctl.board(show_all=True).hands == ctl.state.hands


@pytest.mark.parametrize("bad", [{"seat": 3}, {"names": ("A", "B")}, {"bots": [None]}])
def test_bad_arguments_say_what_is_allowed(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="seat|names|bot"):
        TableControl(new_game("scat", 3, seed=1), **bad)  # type: ignore[arg-type]
