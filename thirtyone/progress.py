"""What the course remembers of a learner: one record per course language, kept in their browser.

Pure Python (no Jupyter): :mod:`thirtyone.widgets.memory` keeps the record in the browser's localStorage as the
text :func:`dump` writes, and hands it back through :func:`read`. The clock is never read here: every function that
needs the time takes ``now``, a float number of days since 1970-01-01 UTC, so tests move time.

The record, version 1 (:data:`VERSION`), a JSON object::

    {"version": 1,
     "pages": {"01-scoring": {"done": false,                       # the notebook's stem
                              "exercises": {"quiz": {"right": 3, "asked": 5},
                                            "tie": {"right": 1, "asked": 1}}},
               "02-scat": {"done": true,
                           "exercises": {"scat": {"right": 1, "asked": 1, "finished": true}}},
               "06-play": {"done": false, "exercises": {},
                           "settings": {"level": "expert", "bots": 3, "rules": "scat"}}},  # a page's choices
     "missed": [item, ...],                                        # what comes back in the Review
     "games": [game, ...]}                                         # lesson 6's games, the last MAX_GAMES

(:func:`dump` adds each exercise's ``"stars"``, 0 to 3, for the course bar; :func:`read` works them out anew.)
A page's ``"settings"`` (optional; :func:`keep_settings`) are the choices it restores on the next visit, each a name
and a plain value (text, number, true/false, or an object of such values: lesson 6 keeps its rules so); the page
checks each value itself when it restores it.
An exercise with nothing to get wrong (a walkthrough) counts the times it was finished as ``right`` and ``asked``
and says ``"finished": true`` (:func:`finished`): finished, it has three stars.

A finished game of lesson 6 (:func:`game_entry`; its page's exercise ``"games"`` counts games won of played)::

    {"rules": "scat" or {"deck": 32, ...},                         # a preset, or the options unlike Scat's
     "players": 4, "level": "intermediate", "seed": 1,             # the table, the bots' level, the game number
     "place": 1,                                                   # 1: won; else how many outlasted the learner + 1
     "lives": [3, 2, 2, 0, -1],                                    # at the start, after each round; -1: out
     "lost": 4, "knocks": 2, "agreed": 1,                          # lives lost; knocks, the coach agreeing with
     "day": 20425.5}                                               # when it ended, days since the epoch

A missed item (the shape :mod:`thirtyone.schedule` reads)::

    {"kind": "quiz" | "tie" | "drill", "rules": "scat",            # a preset name
     "cards": ["A♥", "K♥", "9♥"] or [[...], [...]] (a tie's two hands) or a drill spot's own JSON,
     "given": 19, "right": 30,                                     # a number, a hand 0/1, "knock"/"play on"
     "step": 0, "due": 20425.5}                                    # days since the epoch

Reading never raises: text that is not JSON, of another version or hand-edited into the wrong types is set aside
with a :class:`Note` (a code: the text layer says it) and a fresh record comes back; a page whose exercises changed
keeps the exercises that still exist (``known``), and an entry of the wrong type is dropped, the rest kept.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

__all__ = ["VERSION", "KINDS", "Note", "fresh", "read", "dump", "stars", "answered", "mark_done", "missed_item",
           "reviewed", "finished", "exercise", "MIN_FOR_THREE",
           "MAX_GAMES", "GAMES", "game_entry", "played", "game_stars", "settings", "keep_settings"]

VERSION = 1
"""The record's version; a record of another version is set aside (there is no older one to convert yet)."""

KINDS = ("quiz", "tie", "drill")
"""The kinds of missed item."""

MIN_FOR_THREE = 5
"""Three stars need at least this many answers: one lucky answer is not mastery."""


class Note(str, Enum):
    """What :func:`read` says of the stored text (the text layer words it; the empty note says nothing)."""

    OK = ""
    """Read whole (or nothing was stored: a first visit)."""
    NOT_JSON = "not-json"
    """The text was not a JSON object: set aside, a fresh record."""
    OTHER_VERSION = "other-version"
    """A record of another version: set aside, a fresh record."""
    DAMAGED = "damaged"
    """Some entries had the wrong types (hand-edited?): those were dropped, the rest kept."""
    CHANGED = "changed"
    """Exercises the course no longer has were dropped (the course changed since the record was written)."""


def fresh() -> dict[str, Any]:
    """An empty record: a first visit."""
    return {"version": VERSION, "pages": {}, "missed": [], "games": []}


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _exercise(x: Any) -> dict[str, Any] | None:
    if isinstance(x, dict) and _count(x.get("right")) and _count(x.get("asked")) and x["right"] <= x["asked"]:
        if isinstance(x.get("finished", False), bool):
            return {"right": x["right"], "asked": x["asked"], **({"finished": True} if x.get("finished") else {})}
    return None


def _answer(x: Any) -> bool:
    return isinstance(x, (str, int, float)) and (not isinstance(x, float) or math.isfinite(x))


def _cards(kind: str, x: Any) -> bool:
    if kind == "drill":
        return isinstance(x, dict)
    if kind == "tie":
        return (isinstance(x, list) and len(x) == 2
                and all(isinstance(h, list) and h and all(isinstance(c, str) for c in h) for h in x))
    return isinstance(x, list) and bool(x) and all(isinstance(c, str) for c in x)


def _item(x: Any) -> dict[str, Any] | None:
    if not (isinstance(x, dict) and x.get("kind") in KINDS and isinstance(x.get("rules"), str)
            and _cards(x["kind"], x.get("cards")) and _answer(x.get("given")) and _answer(x.get("right"))
            and _count(x.get("step")) and _number(x.get("due"))):
        return None
    return {k: copy.deepcopy(x[k]) for k in ("kind", "rules", "cards", "given", "right", "step", "due")}


def read(text: str | None, known: Mapping[str, Iterable[str]] | None = None) -> tuple[dict[str, Any], Note]:
    """The record stored as ``text`` (``None`` or ``""``: nothing stored), and a note on what was set aside.

    ``known``: each page's exercises as the course has them now (stem → names); with it, a page's exercises the
    course no longer has are dropped (:attr:`Note.CHANGED`); pages not named in it are kept as they are.
    Never raises: see :class:`Note`.
    """
    if not text:
        return fresh(), Note.OK
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return fresh(), Note.NOT_JSON
    if not isinstance(data, dict):
        return fresh(), Note.NOT_JSON
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        return fresh(), Note.OTHER_VERSION
    record = fresh()
    damaged = changed = False
    pages = data.get("pages", {})
    if not isinstance(pages, dict):
        pages, damaged = {}, True
    for stem, page in pages.items():
        if not isinstance(page, dict) or not isinstance(page.get("done", False), bool) \
                or not isinstance(page.get("exercises", {}), dict):
            damaged = True
            continue
        kept: dict[str, dict[str, Any]] = {}
        names = set(known[stem]) if known is not None and stem in known else None
        for name, ex in page.get("exercises", {}).items():
            good = _exercise(ex)
            if good is None:
                damaged = True
            elif names is not None and name not in names:
                changed = True
            else:
                kept[name] = good
        record["pages"][stem] = {"done": page.get("done", False), "exercises": kept}
        if "settings" in page:
            good_settings = _settings(page["settings"])
            if good_settings is None:
                damaged = True
            else:
                record["pages"][stem]["settings"] = good_settings
    missed = data.get("missed", [])
    if not isinstance(missed, list):
        missed, damaged = [], True
    for x in missed:
        item = _item(x)
        if item is None:
            damaged = True
        else:
            record["missed"].append(item)
    games = data.get("games", [])
    if isinstance(games, list):
        record["games"] = [g for g in map(_game, games) if g is not None][-MAX_GAMES:]
        damaged = damaged or any(_game(g) is None for g in games)
    else:
        damaged = True
    return record, Note.DAMAGED if damaged else Note.CHANGED if changed else Note.OK


def dump(record: Mapping[str, Any]) -> str:
    """The record as the text the browser keeps (compact JSON, cards as their signs: ``ensure_ascii=False``).
    Each exercise also gets its ``"stars"`` (:func:`stars`), for the course bar's script to show without
    stating the rule again; :func:`read` ignores them (they are worked out again from the counts)."""
    out = copy.deepcopy(dict(record))
    for page in out.get("pages", {}).values():
        for name, ex in page.get("exercises", {}).items():
            ex["stars"] = 3 if ex.get("finished") else (game_stars if name == GAMES else stars)(ex["right"], ex["asked"])
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def stars(right: int, asked: int) -> int:
    """Stars for an exercise, by the share right: 0 nothing right yet (or nothing asked); 1 some right, under
    two thirds; 2 at least two thirds right; 3 at least nine in ten right over :data:`MIN_FOR_THREE` answers or
    more."""
    if asked <= 0 or right <= 0:
        return 0
    share = right / asked
    if share >= 0.9 and asked >= MIN_FOR_THREE:
        return 3
    return 2 if share >= 2 / 3 else 1


def _page(record: dict[str, Any], stem: str) -> dict[str, Any]:
    page: dict[str, Any] = record["pages"].setdefault(stem, {"done": False, "exercises": {}})
    return page


def exercise(record: Mapping[str, Any], stem: str, name: str) -> dict[str, Any]:
    """An exercise's counts ``{"right": r, "asked": n}`` (zeros when never tried; ``"finished": True`` too for a
    finished walkthrough)."""
    ex = record["pages"].get(stem, {}).get("exercises", {}).get(name)
    return dict(ex) if ex else {"right": 0, "asked": 0}


def missed_item(kind: str, rules: str, cards: Any, given: Any, right: Any, now: float) -> dict[str, Any]:
    """A missed item, first step, due a day from ``now``."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of item: {kind!r}")
    return {"kind": kind, "rules": rules, "cards": copy.deepcopy(cards), "given": given, "right": right,
            "step": 0, "due": now + 1.0}


def reviewed(record: Mapping[str, Any], item: Mapping[str, Any]) -> dict[str, Any]:
    """A new record with a missed item the Review asked again, as it stands after the answer (its ``step`` and
    ``due`` moved by :func:`thirtyone.schedule.answered`), in place of the kept item of the same question (same
    kind, rules and cards). An item the record no longer keeps (forgotten meanwhile) is not brought back."""
    out = copy.deepcopy(dict(record))
    same = (item["kind"], item["rules"], item["cards"])
    out["missed"] = [copy.deepcopy(dict(item)) if (x["kind"], x["rules"], x["cards"]) == same else x
                     for x in out["missed"]]
    return out


def answered(record: Mapping[str, Any], stem: str, name: str, right: bool,
             item: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A new record with an answer to exercise ``name`` of page ``stem`` counted; a miss with its ``item``
    (:func:`missed_item`) is kept for the Review, replacing the same question missed before (same kind, rules
    and cards)."""
    out = copy.deepcopy(dict(record))
    ex = _page(out, stem)["exercises"].setdefault(name, {"right": 0, "asked": 0})
    ex["asked"] += 1
    ex["right"] += bool(right)
    if not right and item is not None:
        same = (item["kind"], item["rules"], item["cards"])
        out["missed"] = [x for x in out["missed"] if (x["kind"], x["rules"], x["cards"]) != same]
        out["missed"].append(copy.deepcopy(dict(item)))
    return out


def finished(record: Mapping[str, Any], stem: str, name: str) -> dict[str, Any]:
    """A new record with exercise ``name`` of page ``stem`` finished once more (a walkthrough played to its end):
    counted as one more right answer, and marked ``"finished"`` (three stars)."""
    out = copy.deepcopy(dict(record))
    ex = _page(out, stem)["exercises"].setdefault(name, {"right": 0, "asked": 0})
    ex["asked"] += 1
    ex["right"] += 1
    ex["finished"] = True
    return out


def _settings(x: Any) -> dict[str, Any] | None:
    """A page's settings as :func:`keep_settings` keeps them, or ``None`` when they are not (of the wrong types)."""
    if not isinstance(x, dict):
        return None
    for name, value in x.items():
        if not isinstance(name, str) or not (_scalar(value) or (
                isinstance(value, dict) and all(isinstance(k, str) and _scalar(v) for k, v in value.items()))):
            return None
    return copy.deepcopy(x)


def settings(record: Mapping[str, Any], stem: str) -> dict[str, Any]:
    """Page ``stem``'s settings kept in the record (empty when none are)."""
    return copy.deepcopy(dict(record["pages"].get(stem, {}).get("settings", {})))


def keep_settings(record: Mapping[str, Any], stem: str, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """A new record with page ``stem``'s settings updated by ``chosen`` (each a name and a plain value, or an
    object of plain values); raises ``ValueError`` for what :func:`read` would drop."""
    out = copy.deepcopy(dict(record))
    page = _page(out, stem)
    merged = _settings({**page.get("settings", {}), **dict(chosen)})
    if merged is None:
        raise ValueError(f"not settings: {dict(chosen)!r}")
    page["settings"] = merged
    return out


def mark_done(record: Mapping[str, Any], stem: str) -> dict[str, Any]:
    """A new record with page ``stem`` done."""
    out = copy.deepcopy(dict(record))
    _page(out, stem)["done"] = True
    return out


# -- lesson 6's games ------------------------------------------------------------------------------------------

MAX_GAMES = 50
"""The games kept: the last ones (an older game drops out when a new one is kept)."""

GAMES = "games"
"""The exercise that counts a page's games: ``right`` the games won, ``asked`` the games played."""


def _scalar(x: Any) -> bool:
    return x is None or isinstance(x, (str, bool, int)) or _number(x)


def _game(x: Any) -> dict[str, Any] | None:
    """A game entry as :func:`game_entry` makes it, or ``None`` when it is not one (of the wrong types)."""
    if not isinstance(x, dict):
        return None
    rules, players, lives, place = x.get("rules"), x.get("players", 0), x.get("lives"), x.get("place", 0)
    if not ((isinstance(rules, str) and rules)
            or (isinstance(rules, dict) and all(isinstance(k, str) and _scalar(v) for k, v in rules.items()))):
        return None
    if not (_count(players) and players >= 2 and _count(place) and 1 <= place <= players
            and isinstance(x.get("level"), str) and _count(x.get("seed")) and _count(x.get("lost"))
            and _count(x.get("knocks")) and _count(x.get("agreed")) and x["agreed"] <= x["knocks"]
            and _number(x.get("day"))):
        return None
    if not (isinstance(lives, list) and lives and all(isinstance(n, int) and not isinstance(n, bool) and n >= -1
                                                      for n in lives) and -1 not in lives[:-1]):
        return None
    return {k: copy.deepcopy(x[k]) for k in ("rules", "players", "level", "seed", "place", "lives", "lost",
                                             "knocks", "agreed", "day")}


def game_entry(rules: str | Mapping[str, Any], players: int, level: str, seed: int, place: int,
               lives: Iterable[int], lost: int, knocks: int, agreed: int, now: float) -> dict[str, Any]:
    """A finished game: its ``rules`` (a preset's name, or the options unlike Scat's), ``players`` at the table,
    the bots' ``level``, the game number ``seed``, the learner's ``place`` (1: won), their ``lives`` at the start
    and after each round they played (-1: out), the lives they ``lost``, their ``knocks`` and how many of those
    the coach ``agreed`` with, ended at ``now`` (days since the epoch). Raises ``ValueError`` for what
    :func:`read` would drop."""
    entry = {"rules": rules if isinstance(rules, str) else dict(rules), "players": players, "level": level,
             "seed": seed, "place": place, "lives": list(lives), "lost": lost, "knocks": knocks, "agreed": agreed,
             "day": now}
    good = _game(entry)
    if good is None:
        raise ValueError(f"not a game entry: {entry!r}")
    return good


def played(record: Mapping[str, Any], stem: str, game: Mapping[str, Any]) -> dict[str, Any]:
    """A new record with ``game`` (:func:`game_entry`) kept, the last :data:`MAX_GAMES` only; page ``stem``'s
    :data:`GAMES` exercise counts it (won: in first place) and the page is done."""
    out = mark_done(record, stem)
    out["games"] = [*out["games"], copy.deepcopy(dict(game))][-MAX_GAMES:]
    ex = _page(out, stem)["exercises"].setdefault(GAMES, {"right": 0, "asked": 0})
    ex["asked"] += 1
    ex["right"] += game["place"] == 1
    return out


def game_stars(won: int, played: int) -> int:
    """Stars for whole games (the :data:`GAMES` exercise: games won of played): 0 none finished yet; 1 a game
    played to its end; 2 a game won; 3 three games won."""
    if played <= 0:
        return 0
    return 3 if won >= 3 else 2 if won >= 1 else 1
