"""Ports for the tests' servers, chosen where nothing else on the machine will take them.

A port from ``bind(("127.0.0.1", 0))`` is in the kernel's ephemeral range, and so is every port a client
connection, a browser or a Jupyter kernel's ZMQ socket takes without asking: between a test choosing it and a
server binding it, and above all for the port after it (``make tutorial`` serves its class's tables on PORT + 1),
anything may take it. CI lost a whole run to that ("cannot serve on 127.0.0.1:39294 (Address already in use)").
So the tests choose below that range, where only a server asked for a port by number ever binds, and never hand
out one port twice in a run.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

_LOW = 20000  # below: ports that services on a developer's machine are often configured on
_given: set[int] = set()
_choose = random.Random()  # which free port a server gets changes nothing a test asserts


def ephemeral_range(path: Path = Path("/proc/sys/net/ipv4/ip_local_port_range")) -> tuple[int, int]:
    """The kernel's range of ports it hands out by itself (Linux's default if it does not say)."""
    try:
        low, high = (int(x) for x in path.read_text().split())
    except (OSError, ValueError):
        return 32768, 60999
    return low, high


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port(span: int = 1) -> int:
    """The first of ``span`` consecutive TCP ports on 127.0.0.1 that nobody listens on now, below the ephemeral
    range, none handed out before in this run."""
    start, end = ephemeral_range()
    if start - _LOW < 1000:  # an unusual ephemeral range that starts low: take ports above it instead
        low, high = end + 1, 65536
    else:
        low, high = _LOW, start
    for _ in range(500):
        port = _choose.randrange(low, high - span)
        ports = range(port, port + span)
        if not _given.intersection(ports) and all(_bindable(p) for p in ports):
            _given.update(ports)
            return port
    raise RuntimeError(f"no {span} free consecutive ports in {low}..{high} after 500 tries")
