"""Every message each page receives during a whole seeded game holds only what that seat may see: the table part
is exactly ``state.view(seat)`` of the engine's own game, and no card of another seat's hidden hand, of the stock
or of a face-down center appears anywhere in it before the showdown."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from helpers.classroom import db_path, drive, engine_state, seat_table, serving, until

from thirtyone.classroom.protocol import view_json
from thirtyone.game import State

CARD_FIELDS = {"hand", "hands", "center", "discard_pile", "out_of_play", "known", "taken", "cards", "secret"}


def cards_in(obj: Any, key: str | None = None) -> set[int]:
    """Every card in a message: the ints under the keys that hold cards."""
    if isinstance(obj, dict):
        return set().union(*(cards_in(v, k) for k, v in obj.items())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(cards_in(v, key) for v in obj)) if obj else set()
    if key in CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        return {obj}
    return set()


def hidden_from(s: State, seat: int) -> set[int]:
    """Cards ``seat`` may not have seen in ``s``: others' hands bar the known cards, the stock, a face-down center,
    less every card shown to everyone this round so far (a reshuffled discard may sit in the stock again)."""
    if s.round_over:
        return set()
    shown: set[int] = set()
    for e in s.round_events():
        shown |= {int(c) for c in e.cards}
        if e.player == seat:
            shown |= {int(c) for c in e.secret}
    hidden = {int(c) for c in s.stock}
    if not s.center_face_up:
        hidden |= {int(c) for c in s.center}
    for i, h in enumerate(s.hands):
        if i != seat:
            hidden |= {int(c) for c in h} - {int(c) for c in s.known[i]}
    return hidden - shown - {int(c) for c in s.hands[seat]}


@pytest.mark.parametrize("rules, seed", [("scat", 4), ("schwimmen", 8)])
def test_no_page_ever_receives_a_card_its_seat_may_not_see(tmp_path, rules: str, seed: int) -> None:
    async def game() -> tuple[dict[int, list[dict[str, Any]]], dict[str, Any]]:
        async with serving(db_path(tmp_path)) as (url, _service):
            code, clients = await seat_table(url, 4, [0, 1, 3], rules, seed)
            logs: dict[int, list[dict[str, Any]]] = {s: [] for s in clients}
            await asyncio.gather(*(drive(c, logs[s]) for s, c in clients.items()))
            await clients[0].send({"op": "replay", "code": code})
            record = await until(clients[0], lambda m: m["op"] == "record")
            for c in clients.values():
                await c.close()
            return logs, record

    logs, record = asyncio.run(game())
    states = [engine_state(record["rules"], 4, record["seed"], record["moves"][:n])
              for n in range(len(record["moves"]) + 1)]
    assert states[-1].game_over and states[-1].round >= 2
    tables = 0
    for seat, log in logs.items():
        for m in log:
            if m["op"] != "table" or m["view"] is None:
                continue
            tables += 1
            s = states[m["n"]]
            assert m["seat"] == seat
            assert m["view"] == view_json(s.view(seat)), (seat, m["n"])
            leaked = cards_in(m) & hidden_from(s, seat)
            assert not leaked, (seat, m["n"], sorted(leaked))
    assert tables > 3 * 20
