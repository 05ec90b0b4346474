"""Lesson 4's pages as a learner reads them, in every language on disk: the controls the prose names are named as
they are labelled, the rules the page states are stated as the widgets state them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.languages import catalogs, lessons

from thirtyone import i18n, names
from thirtyone.i18n import _
from thirtyone.widgets import PresetTable, RuleReplay

LESSONS = Path(__file__).resolve().parents[2] / "tools" / "lessons"
PAGES = {lang: page for lang in ("en", *catalogs()) for page in lessons(lang) if page.stem == "04-variants"}
"""Lesson 4 in English and in each language with its page and its catalog on disk."""


def prose(lang: str) -> str:
    """The page's text, its lines joined: a phrase broken over two lines reads as one."""
    return " ".join(PAGES[lang].read_text(encoding="utf-8").split())


def named(text: str) -> list[str]:
    """Every phrase the prose sets in italics: the way a page names a control or a button."""
    return re.findall(r"(?<![*\w])\*([^*]+)\*(?!\*)", text)


@pytest.mark.parametrize("lang", PAGES)
def test_the_prose_names_each_control_as_it_is_labelled(lang: str) -> None:
    with i18n.using(lang):
        table, replay = PresetTable(), RuleReplay("under-21")
        labels = {table.every_box.description, replay.menu.description, _("The round move by move"),
                  _("What each option means, and who plays which way")}
        assert table.every_box.description in named(prose(lang))
        assert replay.menu.description in named(prose(lang))
        assert _("What each option means, and who plays which way") in table.table.value
        controls = [n for n in named(prose(lang)) if n not in ("widow", "viuda", "Witwe", "Feuer")]  # terms
        assert controls and set(controls) <= labels, set(controls) - labels


@pytest.mark.parametrize("lang", PAGES)
def test_the_first_knock_is_said_as_the_table_says_it(lang: str) -> None:
    """The Scat rule page's first-knock house rule is what some tables play, on the page as in the table below it."""
    with i18n.using(lang):
        sentences = [_(s) for s in names.OPTIONAL_RULES["first_knock"]]
    text = prose(lang)
    for sentence in sentences:
        assert sentence[0].lower() + sentence[1:-1] in text, sentence
    assert "the Scat rule page: nobody may knock" not in text
    assert "la página de reglas del Scat: nadie puede golpear" not in text


def test_the_spanish_page_has_no_word_with_a_gender_for_anyone() -> None:
    text = prose("es")
    assert not re.search(r"\beliminad[oa]s?\b", text), re.search(r".{40}eliminad.{40}", text)
