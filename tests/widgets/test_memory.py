"""The course's memory on a page (widgets/memory.py), driven as its script drives it: the browser sends the stored
text (``loaded``) and the test clock (``clock_days``); Python sends back the text to keep (``saved``)."""

from __future__ import annotations

import json
import time
from typing import Any

from thirtyone import i18n, progress
from thirtyone.widgets import Memory, Quiz, TieQuiz


def browser_sends(m: Memory, **state: Any) -> None:
    """What the script sends when it is drawn (through the front end's own path, so no echo goes back)."""
    m.set_state(state)


def saved(m: Memory) -> dict[str, Any]:
    record, note = progress.read(m.saved)
    assert note is progress.Note.OK
    return record


def test_the_key_is_per_course_language() -> None:
    en = Memory("01-scoring")
    assert en.key == "thirtyone.progress.en"
    with i18n.using("es"):
        m = Memory("01-scoring")
        assert m.key == "thirtyone.progress.es"
        assert "progreso" in m.words["forget"] and m.words.keys() == en.words.keys()


def test_a_first_visit_stores_nothing_until_something_happens() -> None:
    m = Memory("01-scoring")
    browser_sends(m, loaded="", clock_days=0.0)
    assert m.ready and m.saved == "" and m.note == "" and m.record == progress.fresh()
    m.done()
    assert saved(m)["pages"]["01-scoring"]["done"] is True


def test_a_stored_record_is_read_and_added_to() -> None:
    before = progress.answered(progress.fresh(), "01-scoring", "quiz", True)
    m = Memory("01-scoring", exercises=("quiz", "tie"))
    browser_sends(m, loaded=progress.dump(before))
    assert m.saved == ""  # read whole: nothing to write back
    m.answered("quiz", False, kind="quiz", rules="scat", cards=["A♥", "K♥", "9♥"], given=21, answer=30)
    r = saved(m)
    assert r["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 1, "asked": 2}
    assert r["missed"][0]["given"] == 21 and r["missed"][0]["right"] == 30 and r["missed"][0]["step"] == 0


def test_answers_given_before_the_record_arrives_are_counted_on_top_of_it() -> None:
    before = progress.answered(progress.fresh(), "01-scoring", "quiz", True)
    m = Memory("01-scoring")
    m.answered("quiz", True)
    assert m.saved == ""  # nothing is written over the learner's record before it is read
    browser_sends(m, loaded=progress.dump(before))
    assert saved(m)["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 2, "asked": 2}


def test_a_corrupted_record_is_set_aside_and_the_page_starts_afresh() -> None:
    m = Memory("01-scoring")
    browser_sends(m, loaded="{not json")
    assert m.aside == "{not json" and m.note and m.record == progress.fresh()
    assert saved(m) == progress.fresh()  # the bad text is replaced by a sound record
    browser_sends(m, loaded=m.saved)  # the page drawn again reads back what it wrote: the note stays
    assert m.note and m.aside == "{not json"
    with i18n.using("es"):
        es = Memory("01-scoring")
        browser_sends(es, loaded=json.dumps({"version": 99}))
        assert es.aside and es.note != m.note and es.note


def test_the_test_clock_moves_when_a_miss_is_due() -> None:
    m = Memory("01-scoring")
    browser_sends(m, loaded="", clock_days=3.0)
    start = time.time() / 86400
    m.answered("tie", False, kind="tie", rules="schwimmen", cards=[["K♥", "9♥", "2♣"], ["K♣", "9♣", "3♥"]],
               given=0, answer=1)
    due = saved(m)["missed"][0]["due"]
    assert start + 4 <= due <= time.time() / 86400 + 4


def test_forget_clears_everything() -> None:
    m = Memory("01-scoring")
    browser_sends(m, loaded=progress.dump(progress.mark_done(progress.fresh(), "01-scoring")))
    m._handle_custom_msg({"event": "forget"}, [])
    assert saved(m) == progress.fresh() and m.note


def test_the_quiz_reports_each_answer_and_keeps_a_missed_hand() -> None:
    m = Memory("01-scoring", exercises=("quiz", "tie"))
    browser_sends(m, loaded="")
    q = Quiz(seed=4, memory=m)
    value = q.score.value
    hand = [str(c) for c in q.hand]
    assert q.check(str(value)) is True
    q.check("1000")  # already answered: not counted again
    q.next_hand()
    missed_hand = [str(c) for c in q.hand]
    right = q.score.value
    assert q.check(str(right + 1)) is False
    r = saved(m)
    assert r["pages"]["01-scoring"]["exercises"]["quiz"] == {"right": 1, "asked": 2}
    assert [x["cards"] for x in r["missed"]] == [missed_hand] != [hand]
    item = r["missed"][0]
    assert (item["kind"], item["rules"], item["given"], item["right"]) == ("quiz", "scat", right + 1, right)
    assert isinstance(item["right"], int)  # 19, not 19.0


def test_the_tie_quiz_reports_each_answer_and_keeps_a_missed_pair() -> None:
    m = Memory("01-scoring")
    browser_sends(m, loaded="")
    t = TieQuiz("schwimmen", seed=2, memory=m)
    assert t.answer(t.loser) is True
    t.next_pair()
    hands = [[str(c) for c in h] for h in t.hands]
    wrong = 1 - t.loser
    assert t.answer(wrong) is False
    r = saved(m)
    assert r["pages"]["01-scoring"]["exercises"]["tie"] == {"right": 1, "asked": 2}
    assert r["missed"] == [{"kind": "tie", "rules": "schwimmen", "cards": hands, "given": wrong,
                            "right": 1 - wrong, "step": 0, "due": r["missed"][0]["due"]}]


def test_a_quiz_without_memory_works_as_before() -> None:
    q = Quiz(seed=1)
    assert q.check(str(q.score.value)) is True and q.memory is None
