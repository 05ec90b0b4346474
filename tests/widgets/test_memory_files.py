"""Progress moved between browsers (widgets/memory.py): "Load from a file" sends the file's text to Python, which
keeps a whole record (and writes it to the browser) or changes nothing and says so, in the page's language.
(Saving is the browser's alone: tests/browser/test_browser_games.py.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from thirtyone import i18n, progress
from thirtyone.widgets import Memory
from thirtyone.widgets.memory import MAX_FILE


def browser_sends(m: Memory, **state: Any) -> None:
    m.set_state(state)


def some_record() -> dict[str, Any]:
    r = progress.mark_done(progress.answered(progress.fresh(), "01-scoring", "quiz", True), "01-scoring")
    game = progress.game_entry("scat", 2, "expert", 3, 1, [3, 3], 0, 1, 1, 20400.0)
    return progress.played(r, "06-play", game)


def test_a_saved_file_replaces_the_record_and_is_written_to_the_browser() -> None:
    m = Memory("06-play", exercises=("games",))
    browser_sends(m, loaded=progress.dump(progress.answered(progress.fresh(), "02-scat", "drill", False)))
    text = progress.dump(some_record())
    m._handle_custom_msg({"event": "load", "text": text}, [])  # as the script sends it
    assert m.record == some_record() and m.saved == text
    assert m.note == "Your progress was loaded from the file."
    m.played(progress.game_entry("schwimmen", 3, "beginner", 1, 2, [3, -1], 4, 0, 0, 20401.0))
    assert [g["rules"] for g in m.games()] == ["scat", "schwimmen"]  # kept on top of what was loaded


def test_a_file_loaded_before_the_record_arrived_wins() -> None:
    m = Memory("01-scoring")
    m.answered("quiz", True)
    assert m.load(progress.dump(some_record())) is True
    browser_sends(m, loaded="")  # the browser's (late) record does not overwrite the file's
    assert m.record == some_record()


@pytest.mark.parametrize("text", [
    "", "   ", "not json", "[1, 2]", json.dumps({"version": 2, "pages": {}}),
    json.dumps({"version": 1, "pages": {"01-scoring": {"done": "yes"}}}),  # hand-edited: damaged
    json.dumps({"version": 1, "pages": {}, "games": [{"rules": "scat"}]}),
    "{" + " " * MAX_FILE + "}",  # far too big to be a record
    None, 31, ["a"],
])
def test_a_bad_file_changes_nothing_and_says_so(text: Any) -> None:
    m = Memory("06-play")
    before = progress.dump(some_record())
    browser_sends(m, loaded=before)
    assert m.load(text) is False
    assert m.record == some_record() and m.saved == "" and m.aside == ""  # nothing written over the learner's
    assert m.note == "That file is not progress saved from this course: nothing was changed."


def test_the_file_notes_and_buttons_speak_spanish() -> None:
    with i18n.using("es"):
        m = Memory("06-play")
        browser_sends(m, loaded="")
        assert m.words["save"] == "Guardar en un archivo" and m.words["load"] == "Cargar desde un archivo"
        m.load("{")
        assert m.note.startswith("Ese archivo no") and m.note.endswith("no se ha cambiado nada.")
        m.load(progress.dump(some_record()))
        assert m.note == "Se ha cargado tu progreso desde el archivo."


def test_an_empty_record_is_there_to_save_before_anything_is_stored() -> None:
    m = Memory("01-scoring")
    assert progress.read(m.blank) == (progress.fresh(), progress.Note.OK)


def test_a_game_finished_before_the_record_arrived_is_shown_then_kept_on_top_of_it() -> None:
    m = Memory("06-play", exercises=("games",))
    game = progress.game_entry("widow", 4, "intermediate", 8, 3, [3, 0, -1], 4, 0, 0, 20410.0)
    m.played(game)
    assert m.games() == [game] and m.saved == ""  # nothing written over a record not read yet
    browser_sends(m, loaded=progress.dump(some_record()))
    assert [g["rules"] for g in m.games()] == ["scat", "widow"]
    assert progress.read(m.saved)[0]["pages"]["06-play"]["exercises"]["games"] == {"right": 1, "asked": 2}
