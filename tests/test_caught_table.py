"""The table's click rules, as a learner meets them (tools/mutate.py's table mutants)."""

from __future__ import annotations

from thirtyone import new_game
from thirtyone.bots import make_bot
from thirtyone.widgets.table import CardTable


def test_only_the_top_card_of_the_discard_pile_can_be_taken() -> None:
    s = new_game("scat", 3, seed=2)
    bots = [make_bot("greedy", seed=i) for i in range(3)]
    while not (s.current_player == 0 and s.phase == "turn" and len(s.discard_pile) >= 2):
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
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
