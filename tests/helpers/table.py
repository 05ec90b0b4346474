"""Helpers for the card table's tests: a learner's clicks, made as the front end makes them."""

from __future__ import annotations

from thirtyone import parse_cards
from thirtyone.game import Action
from thirtyone.widgets import CardRow, CardTable
from thirtyone.widgets.table import SHOWDOWN_PAUSE

__all__ = ["click", "do", "Clock", "next_round"]


def click(row: CardRow, card: object) -> None:
    """The message a click, Enter or Space on a card sends."""
    value = int(parse_cards(card)[0]) if isinstance(card, str) else int(card)  # type: ignore[call-overload]
    row._handle_custom_msg({"event": "activate", "card": value}, [])


def do(table: CardTable, action: Action) -> None:
    """Make ``action`` the way a learner does, by clicking."""
    k = action.kind
    assert table.mine is not None
    if k == "draw stock":
        table.stock_button.click()
    elif k == "draw discard":
        click(table.pile_row, table.pile_row.cards[-1])
    elif k == "discard":
        click(table.mine.row, action.cards[0])
    elif k == "swap":
        click(table.mine.row, action.cards[0])
        click(table.center_row, action.cards[1])
    else:
        button = {"knock": table.knock_button, "swap all": table.swap_all_button, "pass": table.pass_button,
                  "keep hand": table.keep_button, "take center": table.take_button,
                  "exchange hand": table.take_button, "next round": table.next_round_button}[k]
        assert not button.disabled, f"{k} should be enabled"
        button.click()


class Clock:
    """A clock a test moves by hand: the table's :attr:`~CardTable.clock` for :data:`SHOWDOWN_PAUSE`."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def next_round(table: CardTable) -> None:
    """The learner reads the showdown (longer than :data:`SHOWDOWN_PAUSE`), then clicks "Next round"."""
    clock = table.clock if isinstance(table.clock, Clock) else Clock()
    table.clock = clock
    clock.now += 2 * SHOWDOWN_PAUSE
    table.next_round_button.click()
