"""The learner's record (thirtyone/progress.py): round trip, and bad, old or hand-edited text never breaks a page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from thirtyone import progress
from thirtyone.progress import Note, answered, dump, fresh, mark_done, missed_item, read, stars

NOW = 20425.0


def _some() -> dict[str, Any]:
    r = answered(fresh(), "01-scoring", "quiz", True)
    miss = missed_item("quiz", "scat", ["A♥", "K♥", "9♥"], 21, 30, NOW)
    r = answered(r, "01-scoring", "quiz", False, miss)
    tie = missed_item("tie", "schwimmen", [["K♥", "9♥", "2♣"], ["K♣", "9♣", "3♥"]], 0, 1, NOW)
    r = answered(r, "01-scoring", "tie", False, tie)
    return mark_done(r, "01-scoring")


def test_a_record_round_trips() -> None:
    r = _some()
    assert read(dump(r)) == (r, Note.OK)
    assert r["pages"]["01-scoring"] == {"done": True, "exercises": {"quiz": {"right": 1, "asked": 2},
                                                                     "tie": {"right": 0, "asked": 1}}}
    assert [m["kind"] for m in r["missed"]] == ["quiz", "tie"]
    assert r["missed"][0] == {"kind": "quiz", "rules": "scat", "cards": ["A♥", "K♥", "9♥"], "given": 21,
                              "right": 30, "step": 0, "due": NOW + 1}
    assert "♥" in dump(r)  # the cards as their signs, readable in the browser's storage
    stored = json.loads(dump(r))["pages"]["01-scoring"]["exercises"]
    assert (stored["quiz"]["stars"], stored["tie"]["stars"]) == (1, 0)  # for the course bar's script


def test_recording_leaves_the_old_record_alone_and_a_miss_again_replaces_the_item() -> None:
    r = _some()
    before = dump(r)
    again = missed_item("quiz", "scat", ["A♥", "K♥", "9♥"], 20, 30, NOW + 5)
    r2 = answered(r, "01-scoring", "quiz", False, again)
    assert dump(r) == before
    assert [m["given"] for m in r2["missed"] if m["kind"] == "quiz"] == [20]
    assert r2["missed"][-1]["due"] == NOW + 6
    assert progress.exercise(r2, "01-scoring", "quiz") == {"right": 1, "asked": 3}
    assert progress.exercise(r2, "02-scat", "quiz") == {"right": 0, "asked": 0}


@pytest.mark.parametrize("text", ["", None])
def test_nothing_stored_is_a_first_visit(text: str | None) -> None:
    assert read(text) == (fresh(), Note.OK)


@pytest.mark.parametrize("text", ["{", "not json", "[1, 2]", "31", '"a string"', "null", "[" * 5000])
def test_text_that_is_not_a_record_is_set_aside(text: str) -> None:
    assert read(text) == (fresh(), Note.NOT_JSON)


@pytest.mark.parametrize("version", [0, 2, "1", None, True, 1.5])
def test_another_version_is_set_aside(version: Any) -> None:
    data = json.loads(dump(_some()))
    data["version"] = version
    assert read(json.dumps(data)) == (fresh(), Note.OTHER_VERSION)
    del data["version"]
    assert read(json.dumps(data)) == (fresh(), Note.OTHER_VERSION)


BAD: list[tuple[str, Any]] = [
    ("pages", []), ("pages", "x"), ("missed", {}), ("missed", 3), ("games", "x"), ("games", [1]),
]
PAGE_BAD = [[], "x", {"done": "yes", "exercises": {}}, {"done": True, "exercises": []}]
EXERCISE_BAD = [{"right": "1", "asked": 2}, {"right": 1}, {"right": -1, "asked": 2}, {"right": 3, "asked": 2},
                {"right": True, "asked": 2}, {"right": 1.5, "asked": 2}, [], None]
ITEM_CHANGES: list[tuple[str, Any]] = [
    ("kind", "poker"), ("kind", None), ("rules", 3), ("cards", "A♥ K♥ 9♥"), ("cards", []), ("cards", [1, 2, 3]),
    ("cards", {"spot": 1}), ("given", None), ("given", [1]), ("right", {}), ("step", -1), ("step", "0"),
    ("step", 1.5), ("due", "tomorrow"), ("due", None), ("due", True),
]


@pytest.mark.parametrize(("field", "value"), BAD)
def test_a_field_of_the_wrong_type_is_dropped_and_the_rest_kept(field: str, value: Any) -> None:
    good = _some()
    data = json.loads(dump(good))
    data[field] = value
    r, note = read(json.dumps(data))
    assert note is Note.DAMAGED
    for other in ("pages", "missed"):
        if other != field:
            assert r[other] == good[other]
    assert isinstance(r["pages"], dict) and isinstance(r["missed"], list) and isinstance(r["games"], list)
    assert read(dump(r)) == (r, Note.OK)  # what is kept is a sound record


@pytest.mark.parametrize("page", PAGE_BAD)
def test_a_page_of_the_wrong_shape_is_dropped(page: Any) -> None:
    data = json.loads(dump(_some()))
    data["pages"]["02-scat"] = page
    r, note = read(json.dumps(data))
    assert note is Note.DAMAGED and list(r["pages"]) == ["01-scoring"]


@pytest.mark.parametrize("ex", EXERCISE_BAD)
def test_an_exercise_of_the_wrong_shape_is_dropped(ex: Any) -> None:
    data = json.loads(dump(_some()))
    data["pages"]["01-scoring"]["exercises"]["quiz"] = ex
    r, note = read(json.dumps(data))
    assert note is Note.DAMAGED
    assert r["pages"]["01-scoring"] == {"done": True, "exercises": {"tie": {"right": 0, "asked": 1}}}


@pytest.mark.parametrize(("field", "value"), ITEM_CHANGES)
def test_a_missed_item_of_the_wrong_shape_is_dropped(field: str, value: Any) -> None:
    data = json.loads(dump(_some()))
    data["missed"][0][field] = value
    r, note = read(json.dumps(data))
    assert note is Note.DAMAGED and [m["kind"] for m in r["missed"]] == ["tie"]


def test_a_drill_spot_is_kept_as_its_own_json() -> None:
    spot = {"cards": ["A♥", "K♥", "2♣"], "round": 2}
    r = answered(fresh(), "05-knock", "drill", False, missed_item("drill", "schwimmen", spot, "play on", "knock", NOW))
    assert read(dump(r))[0]["missed"][0]["cards"] == spot
    with pytest.raises(ValueError):
        missed_item("poker", "scat", [], 1, 2, NOW)


def test_a_page_whose_exercises_changed_keeps_what_still_applies() -> None:
    text = dump(_some())
    r, note = read(text, known={"01-scoring": ["quiz", "values"]})
    assert note is Note.CHANGED
    assert r["pages"]["01-scoring"] == {"done": True, "exercises": {"quiz": {"right": 1, "asked": 2}}}
    assert len(r["missed"]) == 2  # what was missed still comes back
    assert read(text, known={"02-scat": ["drill"]}) == (_some(), Note.OK)  # pages not named are kept whole


def test_stars_by_the_share_right() -> None:
    assert stars(0, 0) == stars(0, 1) == stars(0, 20) == 0
    assert stars(1, 2) == stars(6, 10) == stars(1, 20) == 1
    assert stars(2, 3) == stars(1, 1) == stars(4, 4) == stars(8, 10) == 2  # three stars need five answers
    assert stars(5, 5) == stars(9, 10) == stars(90, 100) == 3
    assert stars(89, 100) == 2


# -- the Review's answers and finished walkthroughs --------------------------------------------------------------------
def test_an_item_answered_in_the_review_takes_the_place_of_the_kept_one() -> None:
    r = _some()
    quiz, tie = r["missed"]
    moved = {**quiz, "step": 1, "due": NOW + 4}  # what the schedule makes of a right answer a day later
    r2 = progress.reviewed(r, moved)
    assert r2["missed"] == [moved, tie] and r["missed"] == [quiz, tie]  # in its place; the old record untouched
    assert r2["pages"] == r["pages"]  # a review answer is no new answer to the lesson's exercise
    assert read(dump(r2)) == (r2, Note.OK)
    other = {**quiz, "cards": ["A♣", "K♣", "9♣"], "step": 1}  # a question the record does not keep (forgotten)
    assert progress.reviewed(r, other)["missed"] == [quiz, tie]
    assert progress.reviewed(fresh(), moved) == fresh()


def test_a_finished_walkthrough_counts_each_finish_and_has_three_stars() -> None:
    r = progress.finished(fresh(), "02-scat", "scat")
    assert progress.exercise(r, "02-scat", "scat") == {"right": 1, "asked": 1, "finished": True}
    assert json.loads(dump(r))["pages"]["02-scat"]["exercises"]["scat"]["stars"] == 3  # not 2, as 1 of 1 right
    assert read(dump(r)) == (r, Note.OK)
    r2 = progress.finished(r, "02-scat", "scat")
    assert progress.exercise(r2, "02-scat", "scat")["asked"] == 2 and progress.exercise(r, "02-scat", "scat")[
        "asked"] == 1
    assert not r2["pages"]["02-scat"]["done"]  # one walkthrough of two: the page is not done by itself


@pytest.mark.parametrize("finished", ["yes", 1, None, []])
def test_a_finished_mark_of_the_wrong_type_drops_that_exercise(finished: Any) -> None:
    data = json.loads(dump(progress.finished(progress.finished(fresh(), "02-scat", "scat"), "02-scat", "scat-31")))
    data["pages"]["02-scat"]["exercises"]["scat"]["finished"] = finished
    record, note = read(json.dumps(data))
    assert note is Note.DAMAGED and list(record["pages"]["02-scat"]["exercises"]) == ["scat-31"]


def test_an_exercise_not_finished_says_nothing_of_it() -> None:
    data = json.loads(dump(answered(fresh(), "01-scoring", "quiz", True)))
    data["pages"]["01-scoring"]["exercises"]["quiz"]["finished"] = False
    record, note = read(json.dumps(data))
    assert note is Note.OK and progress.exercise(record, "01-scoring", "quiz") == {"right": 1, "asked": 1}
