"""The spaced schedule of the Review page (issue 22): when a missed exercise comes back.

An *item* is one missed quiz hand, tie or drill spot, kept as a JSON-able dict (the record's agreed shape)::

    {"kind": "quiz" | "tie" | "drill", "rules": "scat",
     "cards": ["A♥", "K♥", "9♥"]                                 # quiz: one hand
              or [["A♥", "K♥", "9♥"], ["Q♣", "Q♠", "Q♦"]]        # tie: two hands
              or {"hand": [...], "players": 3, "seat": 2, ...}, # drill: the spot's own fields
     "given": 21, "right": 20,                                  # the answer given, and the right one
     "step": 0, "due": 20425.5}                                 # the schedule's two fields

The schedule reads only ``step`` and ``due`` (and checks the rest is there and of the right kind). Time is a float
number of days since 1970-01-01 UTC, always passed in as ``now`` and never read from the clock here, so tests move
time. The steps are :data:`STEPS_DAYS`: a right answer moves an item one step on (due ``now`` + that step's days),
a miss sends it back to the first step (due ``now`` + 1 day); past the last step it stays at the last.

A bad item or ``now`` raises :class:`ItemError` (a ``ValueError``) naming what was wrong and what is allowed, in
the language in use when it is raised. Pure Python: nothing here knows of widgets or pages.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping
from typing import Any

from .i18n import _

__all__ = ["STEPS_DAYS", "KINDS", "FIELDS", "ItemError", "check", "check_now", "new_item", "answered", "due",
           "next_due", "days"]

STEPS_DAYS = (1, 3, 7, 14, 30, 90, 180)
"""Days until an item comes back at each step: a day, three days, a week, two weeks, a month, three, six."""
KINDS = ("quiz", "tie", "drill")
"""What an item can be: a quiz hand ("What is this hand worth?"), a tie ("Which hand loses?"), a drill spot."""
FIELDS = ("kind", "rules", "cards", "given", "right", "step", "due")
"""The fields every item has."""
SECONDS_PER_DAY = 86_400


class ItemError(ValueError):
    """A review item (or a ``now``) the schedule cannot use; the message says what was wrong and what is allowed.

    ``field``: the field at fault (``"item"`` when the whole item is, ``"now"`` or ``"right"`` for an argument)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_now(now: Any) -> float:
    """``now`` as a float, or :class:`ItemError` if it is not a finite number of days since 1970-01-01."""
    if not _is_number(now):
        raise ItemError(_("now must be a number of days since 1970-01-01, not {value}").format(value=_shown(now)),
                        "now")
    return float(now)


def check(item: Any) -> Mapping[str, Any]:
    """``item`` itself if the schedule can use it, else :class:`ItemError` naming the first thing wrong.

    Checked: a dict with every field of :data:`FIELDS`; ``kind`` one of :data:`KINDS`; ``rules`` a preset's name
    (a non-empty text); ``cards`` a list for a quiz or a tie, a dict for a drill; ``step`` a whole number from 0 to
    the last step; ``due`` a finite number of days since 1970-01-01. What the cards hold is for the page that shows
    them to read (it knows the rule set's deck)."""
    if not isinstance(item, Mapping):
        raise ItemError(_("a review item must be a dictionary, not {value}").format(value=_shown(item)), "item")
    missing = [f for f in FIELDS if f not in item]
    if missing:
        raise ItemError(_("a review item needs the fields {fields}; this one has no {missing}").format(
            fields=", ".join(FIELDS), missing=", ".join(missing)), missing[0])
    kind = item["kind"]
    if kind not in KINDS:
        raise ItemError(_("a review item's kind must be {kinds}, not {value}").format(
            kinds=", ".join(KINDS), value=_shown(kind)), "kind")
    rules = item["rules"]
    if not isinstance(rules, str) or not rules.strip():
        raise ItemError(_("a review item's rules must be the name of a rule set, like “scat”, not {value}").format(
            value=_shown(rules)), "rules")
    cards = item["cards"]
    if kind == "drill" and not isinstance(cards, Mapping):
        raise ItemError(_("a drill item's cards must be the situation's fields (a dictionary), not {value}").format(
            value=_shown(cards)), "cards")
    if kind != "drill" and not isinstance(cards, list):
        raise ItemError(_("a {kind} item's cards must be a list, not {value}").format(
            kind=kind, value=_shown(cards)), "cards")
    step = item["step"]
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(STEPS_DAYS):
        raise ItemError(_("a review item's step must be a whole number from 0 to {last}, not {value}").format(
            last=len(STEPS_DAYS) - 1, value=_shown(step)), "step")
    if not _is_number(item["due"]):
        raise ItemError(_("a review item's due date must be a number of days since 1970-01-01, not {value}").format(
            value=_shown(item["due"])), "due")
    return item


def new_item(kind: str, rules: str, cards: Any, given: Any, right: Any, now: float) -> dict[str, Any]:
    """A freshly missed exercise as an item: at the first step, due a day after ``now``."""
    now = check_now(now)
    item = {"kind": kind, "rules": rules, "cards": copy.deepcopy(cards), "given": given, "right": right,
            "step": 0, "due": now + STEPS_DAYS[0]}
    check(item)
    return item


def answered(item: Mapping[str, Any], right: bool, now: float) -> dict[str, Any]:
    """The item after it was answered at ``now``: right moves it one step on (past the last, it stays at the last)
    and makes it due that step's days after ``now``; a miss sends it back to the first step, due a day after
    ``now``. A new dict: ``item`` is left as it was (the cards are copied, not shared)."""
    check(item)
    now = check_now(now)
    if not isinstance(right, bool):
        raise ItemError(_("right must be True or False, not {value}").format(value=_shown(right)), "right")
    step = min(item["step"] + 1, len(STEPS_DAYS) - 1) if right else 0
    out = copy.deepcopy(dict(item))
    out["step"] = step
    out["due"] = now + STEPS_DAYS[step]
    return out


def due(items: Iterable[Mapping[str, Any]], now: float) -> list[Mapping[str, Any]]:
    """The items due at ``now`` (due at or before it), the longest overdue first; items due at the same moment keep
    their order. Every item is checked (:func:`check`): the first bad one raises :class:`ItemError`."""
    now = check_now(now)
    return sorted((i for i in items if check(i)["due"] <= now), key=lambda i: i["due"])


def next_due(items: Iterable[Mapping[str, Any]]) -> float | None:
    """When the next item is due (the earliest ``due``, which may be past), or ``None`` with no items."""
    return min((check(i)["due"] for i in items), default=None)


def days(seconds: float) -> float:
    """Seconds since 1970-01-01 UTC (``time.time()``, a browser's ``Date.now() / 1000``) as the schedule's days."""
    return check_now(seconds) / SECONDS_PER_DAY
