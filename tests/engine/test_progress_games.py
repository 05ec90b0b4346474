"""Lesson 6's games in the learner's record (thirtyone/progress.py): kept, bounded, counted for the stars, and a
bad, old or hand-edited game entry dropped while the rest of the record is kept."""

from __future__ import annotations

import json
from typing import Any

import pytest

from thirtyone import progress
from thirtyone.progress import MAX_GAMES, Note, dump, fresh, game_entry, game_stars, played, read

NOW = 20425.0


def _game(place: int = 2, day: float = NOW, **changes: Any) -> dict[str, Any]:
    g = game_entry("scat", 4, "intermediate", 1, place, [3, 2, 0, -1] if place > 1 else [3, 3, 2], 4, 2, 1, day)
    g.update(changes)
    return g


def test_a_game_is_kept_counted_and_marks_the_page_done() -> None:
    r = played(fresh(), "06-play", _game(place=2))
    r = played(r, "06-play", _game(place=1, day=NOW + 1))
    assert read(dump(r)) == (r, Note.OK)
    assert r["pages"]["06-play"] == {"done": True, "exercises": {"games": {"right": 1, "asked": 2}}}
    assert [g["place"] for g in r["games"]] == [2, 1]
    assert r["games"][0] == {"rules": "scat", "players": 4, "level": "intermediate", "seed": 1, "place": 2,
                             "lives": [3, 2, 0, -1], "lost": 4, "knocks": 2, "agreed": 1, "day": NOW}
    assert json.loads(dump(r))["pages"]["06-play"]["exercises"]["games"]["stars"] == 2  # a game won


def test_a_rule_set_that_is_no_preset_is_kept_as_its_options() -> None:
    g = game_entry({"deck": 32, "family": "commerce", "allow_pass": False, "three_of_a_kind": 30.5}, 2, "expert",
                   7, 1, [2, 2], 0, 0, 0, NOW)
    assert read(dump(played(fresh(), "06-play", g)))[0]["games"] == [g]


def test_only_the_last_games_are_kept() -> None:
    r = fresh()
    for n in range(MAX_GAMES + 5):
        r = played(r, "06-play", _game(seed=n))
    assert len(r["games"]) == MAX_GAMES and r["games"][0]["seed"] == 5 and r["games"][-1]["seed"] == MAX_GAMES + 4
    assert r["pages"]["06-play"]["exercises"]["games"]["asked"] == MAX_GAMES + 5  # every game counts for the stars
    too_many = json.loads(dump(r))
    too_many["games"] = [_game(seed=n) for n in range(MAX_GAMES + 10)]  # hand-edited: too many
    kept, note = read(json.dumps(too_many))
    assert note is Note.OK and [g["seed"] for g in kept["games"]] == list(range(10, MAX_GAMES + 10))


@pytest.mark.parametrize(("played_", "won", "stars"), [(0, 0, 0), (1, 0, 1), (7, 0, 1), (1, 1, 2), (9, 2, 2),
                                                        (3, 3, 3), (40, 5, 3)])
def test_stars_for_games_played_and_won(played_: int, won: int, stars: int) -> None:
    assert game_stars(won, played_) == stars


@pytest.mark.parametrize("bad", [
    "a game", 3, None, [], {},
    ("whole", {"rules": "scat", "place": 1}),  # most of it missing
    {"place": 0}, {"place": 5}, {"place": True}, {"players": 1}, {"players": "4"},
    {"rules": ""}, {"rules": 3}, {"rules": {"deck": [32]}}, {"rules": {"deck": float("inf")}},
    {"lives": []}, {"lives": [3, -1, 2]}, {"lives": [3, -2]}, {"lives": [3, 2.5]}, {"lives": "3 2 1"},
    {"lives": [3, True]},
    {"knocks": 1, "agreed": 2}, {"knocks": -1}, {"lost": None}, {"seed": -3}, {"level": 2},
    {"day": "yesterday"}, {"day": float("nan")},
])
def test_a_bad_game_entry_is_dropped_and_the_rest_kept(bad: Any) -> None:
    good = played(played(fresh(), "06-play", _game(seed=1)), "06-play", _game(seed=2))
    data = json.loads(dump(good))
    entry = {**_game(seed=9), **bad} if isinstance(bad, dict) and bad else bad[1] if isinstance(bad, tuple) else bad
    data["games"].insert(1, entry)
    record, note = read(json.dumps(data, allow_nan=True))
    assert note is Note.DAMAGED
    assert [g["seed"] for g in record["games"]] == [1, 2]
    assert record["pages"] == good["pages"]


def test_games_that_are_not_a_list_are_dropped_the_rest_kept() -> None:
    data = json.loads(dump(played(fresh(), "06-play", _game())))
    data["games"] = {"0": _game()}
    record, note = read(json.dumps(data))
    assert note is Note.DAMAGED and record["games"] == [] and record["pages"]["06-play"]["done"] is True


def test_an_old_record_without_games_reads_whole() -> None:
    old = {"version": 1, "pages": {"01-scoring": {"done": True, "exercises": {"quiz": {"right": 2, "asked": 3}}}},
           "missed": []}  # written before games were kept
    record, note = read(json.dumps(old))
    assert note is Note.OK and record["games"] == [] and record["pages"]["01-scoring"]["done"] is True


def test_unknown_fields_of_a_game_are_not_kept() -> None:
    data = json.loads(dump(played(fresh(), "06-play", _game())))
    data["games"][0]["note"] = "<script>"
    record, note = read(json.dumps(data))
    assert note is Note.OK and "note" not in record["games"][0]


@pytest.mark.parametrize("args", [
    ("scat", 4, "intermediate", 1, 5, [3], 0, 0, 0, NOW),  # fifth of four
    ("scat", 4, "intermediate", 1, 1, [], 0, 0, 0, NOW),  # no lives at all
    ("scat", 4, "intermediate", 1, 1, [3], 0, 1, 2, NOW),  # agreed with more knocks than made
])
def test_a_game_entry_that_would_be_dropped_is_refused_when_made(args: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        game_entry(*args)


def test_the_record_is_not_changed_in_place() -> None:
    r = played(fresh(), "06-play", _game())
    before = dump(r)
    played(r, "06-play", _game(place=1))
    assert dump(r) == before and progress.exercise(r, "06-play", "games") == {"right": 0, "asked": 1}
