"""Results the lessons show the moment a page opens, computed once and shipped in ``data/precomputed.json``.

Every visit of lesson 5 starts a fresh kernel, and its widgets open on the same deterministic results: the
advisor's first advice (10,000 simulated deals), the suit study (600 deals) and the discard-pile study (120
rounds of bots). Computing them again in every kernel cost more than a second of CPU per visit, so
``python -m thirtyone build-data`` works them out once (:data:`RECIPES`) and the functions that compute
them (:func:`thirtyone.timing.advise`, :func:`thirtyone.strategy.suit_study`,
:func:`thirtyone.strategy.discard_study`) answer those very arguments from the file. A test computes every
entry afresh and checks it equals the file; anything not in the file is computed as before.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from . import shipped

__all__ = ["RECIPES", "key", "lookup", "encode", "enabled"]

RECIPES: list[tuple[str, dict[str, Any]]] = [
    # KnockAdvisor() in lesson 5: its defaults (thirtyone/widgets/advisor.py)
    ("advise", {"rules": "scat", "hand": "K♥ Q♥ 7♣", "players": 4, "seat": 2, "turn": 5, "rollouts": 10_000,
                "seed": 0}),
    # SuitStudyChart() and DiscardStudyView() in lesson 5: their first run (thirtyone/widgets/charts.py)
    ("suit_study", {"rules": "scat", "draws": 6, "deals": 600, "seed": 0}),
    ("discard_study", {"rules": "scat", "players": 4, "rounds": 120, "seed": 0}),
]
"""What ``python -m thirtyone build-data`` ships (:func:`thirtyone.cli.precomputed_bytes`): the function's name
and its arguments (a preset's name, or cards as text, stand for the rule set and the hand the function is given)."""

_SWITCH = {"on": True}


def enabled(on: bool | None = None) -> bool:
    """Whether :func:`lookup` answers from the file (``enabled(False)`` computes everything afresh, as
    the test and the builder do). Returns the setting before the call."""
    before = _SWITCH["on"]
    if on is not None:
        _SWITCH["on"] = on
    return before


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"cannot key {value!r}")


def key(**args: Any) -> str:
    """The arguments as one canonical string (a rule set by every field, cards by their numbers)."""
    return json.dumps({k: [int(c) for c in v] if k == "hand" else v for k, v in args.items()}, sort_keys=True,
                      default=_plain, ensure_ascii=False)


def encode(value: Any) -> Any:
    """A result as plain JSON data: dataclasses as dicts of their fields, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return value


def lookup(kind: str, **args: Any) -> Any | None:
    """The shipped result of ``kind`` for these arguments (plain JSON data), or ``None``."""
    if not _SWITCH["on"]:
        return None
    return shipped.load("precomputed.json")["results"].get(kind, {}).get(key(**args))
