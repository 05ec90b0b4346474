"""Which path the simulations take, decided in one place: NumPy's arrays (:mod:`thirtyone.lockstep`) or plain
Python (:mod:`thirtyone.purestep`), and the smaller sizes the plain path plays in a page.

In the static edition of the course the lessons run in the learner's browser (Pyodide), where NumPy is not
there: every play-out a page runs live then goes through the pure-Python path, which plays the same rules with
the same decisions (``tests/sim/test_pure_python.py``). :func:`use_numpy` is what every simulation asks;
``THIRTYONE_PURE_PYTHON=1`` in the environment, or ``with pure_python():``, takes the pure path even where NumPy
is installed (the tests, the benchmark, ``python -m thirtyone strength --pure``).

The pure path is slower (a play-out at a time); ``benchmarks/bench_pure.py`` measures it, so that in a browser
(about 2.5 × slower than CPython) the coach answers within 3 seconds and a bot's turn within 1. Where a page would
wait too long it plays a smaller size there (:data:`PURE_KNOCK_RULE_ROUNDS`), and says so
(:func:`thirtyone.widgets.failure.smaller_rule_sentence`).

Below everything else: it imports nothing of the package.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["PURE_ENV", "numpy_available", "use_numpy", "pure_python", "PURE_KNOCK_RULE_ROUNDS", "live_knock_rule_rounds"]

PURE_ENV = "THIRTYONE_PURE_PYTHON"
"""An environment variable: ``1`` (or ``yes``, ``true``) takes the pure-Python path even where NumPy is installed."""

_FORCED: list[bool] = []
"""The :func:`pure_python` blocks open now, innermost last (each says whether it forces the pure path)."""

_NUMPY: list[bool] = []
"""Whether NumPy can be imported, once found out."""


def numpy_available() -> bool:
    """Whether ``import numpy`` works here (found out once; ``sys.modules["numpy"] = None`` counts as missing)."""
    if "numpy" in sys.modules:
        return sys.modules["numpy"] is not None
    if not _NUMPY:
        try:
            found = importlib.util.find_spec("numpy") is not None
        except (ImportError, ValueError):
            found = False
        _NUMPY.append(found)
    return _NUMPY[0]


def use_numpy() -> bool:
    """Whether the simulations run on NumPy's arrays now: NumPy can be imported, and neither
    :data:`PURE_ENV` nor a :func:`pure_python` block asks for the pure path."""
    if _FORCED:
        if _FORCED[-1]:
            return False
    elif os.environ.get(PURE_ENV, "").strip().lower() in ("1", "yes", "true", "on"):
        return False
    return numpy_available()


@contextmanager
def pure_python(on: bool = True) -> Iterator[None]:
    """Inside the block every simulation takes the pure-Python path (``on=False``: the usual choice again)."""
    _FORCED.append(on)
    try:
        yield
    finally:
        _FORCED.pop()


# -- the sizes a page plays on the pure path (benchmarks/bench_pure.py measures them) -------------------------
#
# Natively, at the moments of real games of Scat and Schwimmen with 4 players, the expert's slowest decision took
# 0.28 s with its server sizes (192 play-outs a move, up to 768) and the coach's slowest answer 0.30 s with its
# 1,000 play-outs a move; lesson 5's advisor 0.82 s with 10,000 play-outs: 2.5 times that is within the aims (a
# bot's turn 1 s, the coach 3 s), so the bots, the coach and the advisor play their full sizes in a browser too,
# and what lesson 5 says of their strength holds for the bots a browser plays. Only the knock-rule tournament of a
# rule set that is no preset (500 rounds a candidate: 6.1 s natively) plays fewer rounds there.

PURE_KNOCK_RULE_ROUNDS = 100
"""Rounds a candidate of the knock-rule tournament played live on the pure path, for a rule set that is no preset
(the intermediate bot's rule for it; NumPy: :data:`thirtyone.knockrules.LIVE_KNOCK_RULE_ROUNDS`, 500): about 1.2 s
natively."""


def live_knock_rule_rounds(numpy_rounds: int) -> int:
    """The rounds a candidate of a knock-rule tournament played live: ``numpy_rounds`` on NumPy, else
    :data:`PURE_KNOCK_RULE_ROUNDS` (never more)."""
    return numpy_rounds if use_numpy() else min(numpy_rounds, PURE_KNOCK_RULE_ROUNDS)
