"""Cards in each language's letters (issue 31): German decks print B (Bube) and D (Dame) where English ones print J
and Q, so a German page shows "D♥" — on the card faces, in the log, the explanations, the coach's words, the sandbox
— reads it aloud "Herz-Dame", and reads "D♥" typed by a learner. The engine keeps one notation ("Q♥": ``str(card)``,
``parse_cards``, actions, ``data-card``); English and Spanish pages show it as it is.

Also here: the German widgets write the interval "95-%-Intervall", as the German pages do (Duden's spelling), never
"95 %-Intervall".
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from helpers.languages import needs
from helpers.words import _visible, german_rejected, what_a_game_says

from thirtyone import i18n, new_game, parse_cards, score
from thirtyone.cards import ALL_CARDS
from thirtyone.narration import card_html, narrate

ENGINE_LETTERS = re.compile(r"(?<![\w])[JQ][♣♠♥♦]")
"""A jack or a queen written with the engine's (English) letter."""
GERMAN_LETTERS = re.compile(r"(?<![\w])[BD][♣♠♥♦]")


def engine_letters(texts: list[str]) -> list[str]:
    return sorted({m.group(0) for t in texts for m in ENGINE_LETTERS.finditer(t)})


def german_letters(texts: list[str]) -> list[str]:
    return sorted({m.group(0) for t in texts for m in GERMAN_LETTERS.finditer(t)})


# -- the one table, in the text layer ------------------------------------------------------------------------------


@needs("de")
def test_each_language_writes_the_letters_its_decks_print():
    q, j, k, a = parse_cards("Q♥ J♠ K♦ A♣")
    with i18n.using("de"):
        assert [i18n.card_text(c) for c in (q, j, k, a)] == ["D♥", "B♠", "K♦", "A♣"]
        assert i18n.cards_text(parse_cards("Q♥ J♠ 10♦")) == "D♥ B♠ 10♦" and i18n.card_text("Q♣") == "D♣"
        assert q.name == "Herz-Dame" and j.name == "Pik-Bube"
        assert str(q) == "Q♥" and f"{q}" == "Q♥"  # the engine's code is the same in every language
    for lang in ("en", "es"):
        with i18n.using(lang):
            assert i18n.cards_text(parse_cards("Q♥ J♠ K♦ A♣ 10♦")) == "Q♥ J♠ K♦ A♣ 10♦", lang


@needs("de")
def test_german_letters_typed_are_read_and_anything_else_is_named():
    with i18n.using("de"):
        assert parse_cards(i18n.typed_cards("D♥ b♠, dd 10c")) == parse_cards("Q♥ J♠ Q♦ 10♣")
        assert parse_cards(i18n.typed_cards("Q♥ J♠")) == parse_cards("Q♥ J♠")  # the engine's letters still read
        assert i18n.shown_cards("A♠ Q♦ J♦") == "A♠ D♦ B♦"
        with pytest.raises(ValueError, match=r"'X♥' lässt sich nicht als Karte lesen: .*B, D, K, A.*etwa D♥"):
            i18n.typed_cards("X♥ 9♥")
    with i18n.using("en"):
        assert i18n.typed_cards("D♥") == "D♥" and i18n.shown_cards("Q♦") == "Q♦"
        with pytest.raises(ValueError, match="cannot read 'D♥'"):
            parse_cards(i18n.typed_cards("D♥"))


# -- the card widgets ----------------------------------------------------------------------------------------------


@needs("de")
def test_a_german_card_widget_draws_d_and_b_and_says_the_cards_name():
    from thirtyone.widgets.card import CARD_ESM, CardRow

    with i18n.using("de"):
        words = CardRow(parse_cards("Q♥ J♠")).words
    queen, jack = ALL_CARDS[parse_cards("Q♥")[0]], ALL_CARDS[parse_cards("J♠")[0]]
    # what card.js does with them: the face's letter by rank, the name from the template
    assert words["letters"][queen.rank] == "D" and words["letters"][jack.rank] == "B"
    assert words["letters"][queen.rank + 1] == "K" and words["letters"][12] == "A" and words["letters"][8] == "10"
    assert words["name"].format(rank=words["ranks"][queen.rank], suit=words["suits"][queen.suit]) == "Herz-Dame"
    with i18n.using("en"):
        assert CardRow().words["letters"] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert "(words.letters || RANKS)[rank]" in CARD_ESM and "el.dataset.card = text" in CARD_ESM  # data-card: "Q♥"


@needs("de")
def test_a_german_card_in_html_shows_d_and_is_named_herz_dame():
    queen = parse_cards("Q♥")[0]
    with i18n.using("de"):
        shown = card_html(queen)
    assert '>D♥</span>' in shown and 'aria-label="Herz-Dame"' in shown
    assert '>Q♥</span>' in card_html(queen) and 'aria-label="queen of hearts"' in card_html(queen)


# -- the text: log, explanations, widgets ---------------------------------------------------------------------------


@needs("de")
def test_the_german_log_and_explanations_show_d_and_b():
    names = ("Sam", "Ana", "Ben")
    with i18n.using("en"):
        english = what_a_game_says(names, "scat", 2)
    with i18n.using("de"):
        german = what_a_game_says(names, "scat", 2)
        explained = score("Q♥ J♥ 4♣").explanation
        game = new_game("scat", players=3, seed=1, deck="2♣ Q♠ K♥ 3♦ J♠ 9♥ 5♠ 2♥ 4♣ 7♦ 8♣ 6♦")
        for move in ("draw discard", "discard 2♣", "draw stock", "discard Q♠"):  # Ana holds Q♠ J♠ 2♥
            game = game.apply(move)
        told = narrate(game.events, names)
    assert engine_letters(english), "the game shows a jack or a queen, or this test tests nothing"
    assert engine_letters(german + told + [explained]) == []
    assert german_letters(german) and explained.startswith("D♥ + B♥ = 20")
    assert any("D♠ abgelegt" in t for t in told), told


@needs("de")
def test_the_german_card_values_say_d_is_worth_10():
    from thirtyone.widgets.views import CardValues

    queen = parse_cards("Q♥")[0]
    with i18n.using("de"):
        cv = CardValues()
        cv.explain(int(queen))
    said = html.unescape(re.sub(r"<[^>]+>", "", cv.text.value))
    assert said.startswith("D♥ ist 10 wert"), said


@needs("de")
def test_the_german_sandbox_reads_d_typed_and_shows_it():
    from thirtyone.widgets.views import HandComparison, Sandbox

    with i18n.using("de"):
        box = Sandbox(hand="D♥ B♥ 4♣")
        compare = HandComparison(("A♠ Q♦ J♦", "K♥ 9♥ 7♠"), "schwimmen")
        shown_at_first = [t.value for t in compare.inputs]
        compare.inputs[1].value = "D♥ B♥ 8♣"
        wrong = HandComparison(("X♥ 9♥ 4♣", "K♥ 9♥ 7♠"))
    assert box.picker.hand == list(parse_cards("Q♥ J♥ 4♣")) and box.view.score is not None
    assert box.view.score.value == 20
    said = " ".join(_visible(box))
    assert "D♥ B♥ 4♣" in said and engine_letters([said]) == [], said
    assert shown_at_first == ["A♠ D♦ B♦", "K♥ 9♥ 7♠"]  # the boxes in the letters a German learner types
    assert compare.outcome is not None and [int(c) for c in compare.rows[1].cards] == list(parse_cards("Q♥ J♥ 8♣"))
    assert wrong.outcome is None and "B, D, K, A" in wrong.result.value


@needs("de")
def test_the_german_card_table_shows_no_engine_letter():
    from thirtyone.widgets.table import CardTable
    from thirtyone.widgets.variants import RuleReplay

    shown: list[str] = []
    with i18n.using("de"):
        for key in ("first-knock", "discard-taken", "widow", "no-swap-all"):
            shown += _visible(RuleReplay(key))
        t = CardTable("schwimmen", seed=5, pace=0, show_all=True)
        for _move in range(300):
            if t.state.game_over:
                break
            if t.state.round_over:
                shown += _visible(t)
                t.next_round()
            elif t.my_turn:
                t.play(t.legal()[-1])
            else:
                t.play_bots()
        shown += _visible(t)
    assert engine_letters(shown) == [] and german_letters(shown)


@needs("de")
def test_the_walkthroughs_and_coach_words_in_german_show_d_and_b():
    from babel.messages.pofile import read_po
    from helpers.languages import catalog

    with catalog("de").open("rb") as f:
        said = [m.string for m in read_po(f) if m.id and isinstance(m.string, str)]
    assert engine_letters(said) == []
    assert "Ana nimmt die D♦ von der Ablage und würde sie dann gleich wieder ablegen." in said


@needs("de", pages=True)
def test_a_card_in_english_letters_on_a_german_page_is_caught():
    """The words check of the German pages and catalog (test_one_german_word_per_thing(_on_the_pages)) finds a
    queen or a jack written in English letters, and leaves the German letters and the engine's other cards."""
    assert german_rejected("Die Q♥ ist 10 wert, der J♠ auch") == ["J", "Q"]
    assert german_rejected("Die D♥ ist 10 wert, der B♠ auch, A♣ K♦ 10♥; ein Rang (2–10, T, J, Q, K, A)") == []


# -- the 95-%-Intervall ---------------------------------------------------------------------------------------------


@needs("de")
def test_the_german_widgets_write_the_95_percent_interval_as_the_pages_do():
    from thirtyone.analysis import Estimate, KnockAdvice
    from thirtyone.timing import advice_words
    from thirtyone.widgets.advisor import estimate_html
    from thirtyone.widgets.charts import _interval_header

    knock = Estimate("knock", 400, 0.1, (0.08, 0.12), 0.1, (0.08, 0.12))
    play_on = Estimate("play on", 400, 0.3, (0.25, 0.35), 0.3, (0.25, 0.35))
    advice = KnockAdvice(0, 27, knock, play_on, "knock", "")
    with i18n.using("de"):
        said = [_interval_header(), *advice_words(advice), estimate_html("Klopfen", knock, True)]
    with i18n.using("es"):
        spanish = _interval_header()
    assert said[0] == "95-%-Intervall"
    assert "95-%-Intervalle" in said[2] and "95-%-Intervall:" in said[3]
    assert not any(re.search(r"95[ \u00a0]%", t) for t in said), said
    assert _interval_header() == "95% interval" and "95%" in spanish and "95 %" not in spanish
    pages = " ".join(p.read_text() for p in Path(__file__).resolve().parents[2].glob("tools/lessons/de/*.md"))
    assert "95-%-Intervall" in pages and not re.search(r"95[ \u00a0]%-Intervall", pages)


@needs("de", pages=True)
def test_the_german_page_that_asks_for_hands_says_to_type_d_and_b():
    """Lesson 1's hand comparison asks for hands typed: the German page says the ranks are typed as German decks
    print them (the sandbox reads them, test_the_german_sandbox_reads_d_typed_and_shows_it)."""
    from helpers.languages import lessons

    page = next(p for p in lessons("de") if p.stem == "01-scoring").read_text()
    assert "K König, D Dame, B Bube, A Ass" in page and "Q Dame" not in page and "J Bube" not in page
