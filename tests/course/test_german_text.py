"""German as a native writes it (issue 23): what the game says of its players in German uses the words decided for
German (thirtyone/i18n.py's docstring) and agrees with any name.

The players' names carry no gender, so no German sentence about a player needs one: a player with no lives left
"scheidet aus" or "ist ausgeschieden", never "eliminiert", and no relative pronoun follows a name ("Anna, die
klopft" would not fit Ben). The check reads a whole game's narration, explanations and summary between named
players (:func:`helpers.words.what_a_game_says`, the same game as the Spanish check). Skipped while the German
catalog is not on disk.
"""

from __future__ import annotations

import re

import pytest
from helpers.languages import needs
from helpers.words import german_never, what_a_game_says

from thirtyone import i18n

NAMES = ("Sam", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
_AGREES = re.compile(r"\b(?:" + "|".join(NAMES) + r")(?: \(du\))?, (?:der|die|dem|den|dessen|deren)\b")
"""A name followed by a relative pronoun: it agrees with the player's gender ("Ana, die …", "Ben, der …")."""


def _agreeing(texts: list[str]) -> list[str]:
    return [t for t in texts if _AGREES.search(t)]


def test_the_check_finds_a_pronoun_that_agrees() -> None:
    assert _agreeing(["Ana, die klopft, verliert", "Runde 2: Ben, der schwimmt, scheidet aus"]) == [
        "Ana, die klopft, verliert", "Runde 2: Ben, der schwimmt, scheidet aus"]
    assert _agreeing(["Ana klopft.", "Ben scheidet aus: die Hand ist 19 wert", "Sam, Ana und Ben"]) == []


@needs("de")
@pytest.mark.parametrize("names", [("Ana", "Cleo", "Fay", "Hana"), ("Sam", "Ben", "Dev", "Gus"), ("Ana", "Ben", "Cleo")])
@pytest.mark.parametrize("preset", ["scat", "schwimmen"])
def test_what_a_game_says_in_german_uses_the_decided_words_and_fits_any_name(names: tuple[str, ...],
                                                                              preset: str) -> None:
    with i18n.using("de"):
        said = what_a_game_says(names, preset, seed=3)
    assert german_never(" ".join(said)) == []
    assert _agreeing(said) == []
    assert any("ausgeschieden" in t or "scheidet" in t for t in said), "a player out of the game is said to be out"
