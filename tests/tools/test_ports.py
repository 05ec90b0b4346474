"""The tests' servers get ports nothing else on the machine takes by itself (see tests/helpers/ports.py)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from helpers.ports import ephemeral_range, free_port


def test_a_pair_of_ports_is_free_outside_the_ephemeral_range_and_never_handed_out_twice() -> None:
    import helpers.ports as ports

    low, high = ephemeral_range()
    below = low - ports._LOW >= 1000  # else the range starts low and the ports are above it
    seen: set[int] = set()
    for _ in range(50):
        port = free_port(span=2)
        assert (port + 1 < low if below else port > high) and not {port, port + 1} & seen
        seen |= {port, port + 1}
        with socket.socket() as one, socket.socket() as two:  # both can be served on at once, as make tutorial does
            one.bind(("127.0.0.1", port))
            two.bind(("127.0.0.1", port + 1))


def test_a_port_someone_listens_on_is_never_handed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    import helpers.ports as ports

    first, second = free_port(span=2), free_port(span=2)
    monkeypatch.setattr(ports, "_given", set())
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", first + 1))
        busy.listen()
        picks = iter([first, first + 1, second])  # two pairs over the busy port, then a free pair
        monkeypatch.setattr(ports._choose, "randrange", lambda low, high: next(picks))
        assert free_port(span=2) == second


def test_the_ephemeral_range_is_read_from_the_kernel_or_linux_default(tmp_path: Path) -> None:
    given = tmp_path / "range"
    given.write_text("40000\t50000\n")
    assert ephemeral_range(given) == (40000, 50000)
    assert ephemeral_range(tmp_path / "absent") == (32768, 60999)
