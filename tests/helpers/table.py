"""Helpers for the card table's tests: a learner's clicks, made as the front end makes them."""

from __future__ import annotations

from typing import Any

from thirtyone import parse_cards
from thirtyone.game import Action
from thirtyone.widgets import CardRow, CardTable
from thirtyone.widgets.table import NEXT_BUTTONS

__all__ = ["click", "do", "next_button", "next_round"]


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
                  "exchange hand": table.take_button, "next round": next_button(table)}[k]
        assert not button.disabled, f"{k} should be enabled"
        button.click()


def next_button(table: CardTable) -> Any:
    """The "Next round" button that deals the next round now: the controls' one, or the one under the showdown
    (after a round that ended before the learner moved, dealt by the controls' one)."""
    return table.showdown_next_button if table.control.next_button() == NEXT_BUTTONS[1] else table.next_round_button


def next_round(table: CardTable) -> None:
    """The learner reads the showdown, then clicks the "Next round" button that is there."""
    next_button(table).click()
