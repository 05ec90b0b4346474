"""The course's memory on a page (widgets/memory.py), driven as its script drives it: the browser sends the stored
text (``loaded``) and the test clock (``clock_days``); Python sends back the text to keep (``saved``)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from helpers.table import do

from thirtyone import i18n, progress
from thirtyone.course import PAGES
from thirtyone.rules import Rules
from thirtyone.side_by_side import GROUPS
from thirtyone.widgets import KnockDrill, Memory, Quiz, RuleReplay, TieQuiz, Walkthrough
from thirtyone.widgets.guide import TOURS
from thirtyone.widgets.review import spot_fields

DONE = {page.stem: page.done for page in PAGES if page.done}
"""Each page's definition of done, as the course manifest (thirtyone/course.py) declares it."""


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


def test_after_a_reload_the_quizzes_scores_go_on_where_they_were() -> None:
    """Lesson 1 says the score keeps running: a reload shows the kept counts, not "0 right out of 0"; an answer
    given before the record arrived counts on top; forgetting sets the score back to nothing."""
    before = progress.answered(progress.answered(progress.fresh(), "01-scoring", "quiz", True),
                               "01-scoring", "quiz", False)
    before = progress.answered(before, "01-scoring", "tie", True)
    m = Memory("01-scoring", exercises=("quiz", "tie"))
    q, t = Quiz(seed=4, memory=m), TieQuiz("schwimmen", seed=2, memory=m)
    assert q.check(str(q.score.value)) is True  # answered before the browser's record came
    browser_sends(m, loaded=progress.dump(before))
    assert (q.right, q.asked) == (2, 3) and "2 right out of 3" in q.tally.value
    assert (t.right, t.asked) == (1, 1) and "1 right out of 1" in t.tally.value
    t.answer(1 - t.loser)
    assert "1 right out of 2" in t.tally.value
    assert saved(m)["pages"]["01-scoring"]["exercises"]["tie"] == {"right": 1, "asked": 2}
    m._handle_custom_msg({"event": "forget"}, [])
    assert "0 right out of 0" in q.tally.value and "0 right out of 0" in t.tally.value


def test_after_a_reload_lesson_5s_drill_score_goes_on_where_it_was() -> None:
    """The drill's score keeps running too: a reload shows the kept counts; forgetting sets it back."""
    kept = progress.answered(progress.answered(progress.fresh(), "05-knock-timing", "drill", True),
                             "05-knock-timing", "drill", False)
    m = Memory("05-knock-timing", exercises=("drill",))
    d = KnockDrill(seed=9, rollouts=100, memory=m)
    browser_sends(m, loaded=progress.dump(kept))
    assert (d.right, d.asked) == (1, 2) and "1 right out of 2" in d.tally.value
    assert d.answer("knock") is not None
    assert d.asked == 3 and saved(m)["pages"]["05-knock-timing"]["exercises"]["drill"]["asked"] == 3
    m._handle_custom_msg({"event": "forget"}, [])
    assert "0 right out of 0" in d.tally.value


def test_a_quiz_without_memory_works_as_before() -> None:
    q = Quiz(seed=1)
    assert q.check(str(q.score.value)) is True and q.memory is None


# -- when a page is done -----------------------------------------------------------------------------------------
def done(m: Memory) -> bool:
    return bool(m.record["pages"].get(m.page, {}).get("done"))


def test_every_lesson_with_exercises_knows_when_it_is_done() -> None:
    assert set(DONE) == {"01-scoring", "02-scat", "03-schwimmen", "04-variants", "05-knock-timing"}
    assert DONE["02-scat"].needs.keys() | DONE["03-schwimmen"].needs.keys() == set(TOURS)
    assert set(DONE["04-variants"].sights) == {k for group in GROUPS.values() for k in group}
    assert Memory("review").when_done is None  # the Review has no end


def test_lesson_1_is_done_when_its_quiz_is_answered_5_times_and_its_tie_quiz_3() -> None:
    m = Memory("01-scoring", exercises=("quiz", "tie"))
    browser_sends(m, loaded="")
    q, t = Quiz(seed=3, memory=m), TieQuiz("schwimmen", seed=3, memory=m)
    for _ in range(5):
        q.check("0")  # wrong or right, an answer counts
        q.next_hand()
        assert not done(m)
    for i in range(3):
        assert not done(m)
        t.answer(t.loser if i else 1 - t.loser)
        t.next_pair()
    assert done(m) and progress.read(m.saved)[0]["pages"]["01-scoring"]["done"] is True


def test_answers_from_an_earlier_visit_count_towards_done() -> None:
    before = progress.fresh()
    for _ in range(4):
        before = progress.answered(before, "01-scoring", "quiz", True)
    for _ in range(3):
        before = progress.answered(before, "01-scoring", "tie", False)
    m = Memory("01-scoring")
    browser_sends(m, loaded=progress.dump(before))
    assert not done(m)
    m.answered("quiz", False)
    assert done(m)
    m.answered("quiz", True)
    assert done(m)  # done stays done


def play_to_the_end(g: Walkthrough) -> None:
    """Next, or the asked move, until the last step."""
    for _ in range(100):
        if g.done:
            return
        if g.expected is None:
            g.next_button.click()
        else:
            do(g.table, g.expected)
    raise AssertionError("the tour did not end")


def test_a_walkthrough_played_to_its_end_counts_once_per_play() -> None:
    m = Memory("02-scat")
    browser_sends(m, loaded="")
    g = Walkthrough.named("scat", memory=m)
    assert g.exercise == "scat" and m.saved == ""
    play_to_the_end(g)
    assert progress.exercise(m.record, "02-scat", "scat") == {"right": 1, "asked": 1, "finished": True}
    g.back_button.click()
    g.next_button.click()  # back and forth at the end: not played again
    assert progress.exercise(m.record, "02-scat", "scat")["asked"] == 1
    g.again_button.click()
    play_to_the_end(g)
    assert progress.exercise(m.record, "02-scat", "scat")["asked"] == 2
    assert not done(m)  # the other walkthrough of the page is still to play


@pytest.mark.parametrize("page", ["02-scat", "03-schwimmen"])
def test_lessons_2_and_3_are_done_when_both_walkthroughs_are_played_to_their_end(page: str) -> None:
    m = Memory(page)
    browser_sends(m, loaded="")
    first, second = DONE[page].needs
    play_to_the_end(Walkthrough.named(first, memory=m))
    assert not done(m)
    play_to_the_end(Walkthrough.named(second, memory=m))
    assert done(m)
    assert json.loads(m.saved)["pages"][page]["exercises"][second]["stars"] == 3


def test_a_walkthrough_without_memory_works_as_before() -> None:
    g = Walkthrough.named("feuer")
    play_to_the_end(g)
    assert g.memory is None and g.done


def test_lesson_4_is_done_when_every_example_of_every_section_was_shown() -> None:
    m = Memory("04-variants")
    browser_sends(m, loaded="")
    replays = [RuleReplay(key, memory=m) for key in ("under-21", "instant-31", "lives", "first-knock", "widow")]
    RuleReplay("own", memory=m)  # the learner's own hands are not an example to see
    assert m.seen == {"under-21", "instant-31", "lives", "first-knock", "widow"}
    left = [(r, key) for r in replays for _label, key in r.menu.options if key != r.menu.value]
    for r, key in left[:-1]:
        r.menu.value = key
        assert not done(m)
    r, key = left[-1]
    r.menu.value = key
    assert done(m) and m.seen == set(DONE["04-variants"].sights)


def test_examples_seen_before_the_record_arrives_count_when_it_does() -> None:
    m = Memory("04-variants", when_done=DONE["04-variants"]._replace(sights=("lives", "deal-left")))
    r = RuleReplay("lives", memory=m)
    r.menu.value = "deal-left"
    assert m.saved == ""  # nothing written before the learner's record is read
    browser_sends(m, loaded=progress.dump(progress.answered(progress.fresh(), "01-scoring", "quiz", True)))
    record = saved(m)
    assert record["pages"]["04-variants"]["done"] is True and record["pages"]["01-scoring"]["exercises"]["quiz"]


def _drill_not_close(m: Memory | None = None, rules: str | Rules = "scat") -> KnockDrill:
    """A drill on a situation where one answer is wrong (the two choices' intervals do not overlap)."""
    d = KnockDrill(rules, seed=5, rollouts=400, memory=m)
    for _ in range(30):
        if not d.judge().close:
            return d
        d.next_situation()
    raise AssertionError("no clear situation in 30")


def test_the_drill_reports_each_answer_and_keeps_a_missed_situation() -> None:
    m = Memory("05-knock-timing")
    browser_sends(m, loaded="")
    d = _drill_not_close(m)
    assert d.spot is not None
    best = d.judge().advice
    wrong = "play on" if best == "knock" else "knock"
    fields = spot_fields(d.spot)
    assert d.answer(wrong) is False
    assert d.answer(best) is None  # answered already: counted once
    r = saved(m)
    assert r["pages"]["05-knock-timing"]["exercises"]["drill"] == {"right": 0, "asked": 1}
    [item] = r["missed"]
    assert item == {"kind": "drill", "rules": "scat", "cards": fields, "given": wrong, "right": best, "step": 0,
                    "due": item["due"]}


def test_lesson_5_is_done_when_its_drill_is_answered_5_times_and_its_table_reading_3() -> None:
    from thirtyone.widgets.tableread import TableReading

    m = Memory("05-knock-timing")
    browser_sends(m, loaded="")
    d = KnockDrill(seed=9, rollouts=100, memory=m)
    for _ in range(4):
        d.answer("knock")
        d.next_situation()
    assert not done(m)
    d.answer("play on")
    assert not done(m)  # the table reading is not answered yet
    reading = TableReading(rollouts=100, memory=m)
    for i in range(3):
        assert not done(m)
        reading.answer(i % 4, bool(i % 2))  # wrong or right, an answer counts
        reading.next_spot()
    assert done(m)
    assert m.record["pages"]["05-knock-timing"]["exercises"]["read"]["asked"] == 3


def test_a_drill_under_rules_of_your_own_is_counted_but_not_kept_for_the_review() -> None:
    m = Memory("05-knock-timing")
    browser_sends(m, loaded="")
    own = Rules.preset("scat").replace(lives=5)
    assert own.name == "custom"
    d = _drill_not_close(m, own)
    best = d.judge().advice
    assert d.answer("play on" if best == "knock" else "knock") is False
    r = saved(m)
    assert r["pages"]["05-knock-timing"]["exercises"]["drill"] == {"right": 0, "asked": 1} and r["missed"] == []


def test_a_pages_settings_are_kept_and_read_back_and_wrong_ones_set_aside() -> None:
    m = Memory("06-play", exercises=("games",))
    m.keep_settings(level="expert")  # before the record arrives: kept on top of it
    browser_sends(m, loaded=progress.dump(progress.keep_settings(progress.fresh(), "06-play", {"bots": 3})))
    assert m.settings() == {"bots": 3, "level": "expert"} == saved(m)["pages"]["06-play"]["settings"]
    written = m.saved
    m.keep_settings(level="expert")  # unchanged: nothing written
    assert m.saved == written
    with pytest.raises(ValueError):
        m.keep_settings(level=["a", "list"])
    text = json.dumps({"version": 1, "pages": {"06-play": {"done": True, "exercises": {},
                                                           "settings": {"rules": {"deck": [32]}}}}})
    record, note = progress.read(text)
    assert note is progress.Note.DAMAGED and "settings" not in record["pages"]["06-play"]
    assert record["pages"]["06-play"]["done"] is True
