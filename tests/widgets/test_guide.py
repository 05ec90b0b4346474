"""The guided walkthroughs: every tour is legal, plays through by clicks, hints on other moves,
and says what the engine says."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from helpers.languages import catalogs
from helpers.table import click, do

from thirtyone import i18n, score
from thirtyone.game import Action, parse_action
from thirtyone.widgets import Walkthrough
from thirtyone.widgets.guide import TOURS, Step, Tour


def learner_move(g: Walkthrough, action: Action) -> None:
    do(g.table, action)


def play_through(g: Walkthrough, wrong_first: bool = True) -> list[str]:
    """Click Next, or make the asked move (after a wrong one, when there is one); returns the hints."""
    hints = []
    for _ in range(100):
        if g.done:
            return hints
        expected = g.expected
        if expected is None:
            assert not g.next_button.disabled
            g.next_button.click()
            continue
        assert g.next_button.disabled and "Your move" in g.narration.value
        index, state = g.index, g.table.state
        others = [a for a in g.table.legal() if a != expected and a.kind != "swap"]
        if wrong_first and others:
            learner_move(g, others[0])
            assert g.index == index and g.table.state is state
            assert g.table.message == g.step_now.hint  # type: ignore[union-attr]
            # the hint is said in the step's own box, above the cards, not below the table
            assert html.escape(g.table.message, quote=False) in g.narration.value
            assert g.table.message_html.layout.display == "none"
            hints.append(g.table.message)
        learner_move(g, expected)
        assert g.index == index + 1, f"step {index + 1}: {expected} was not taken ({g.table.message})"
    raise AssertionError("the tour did not end")


@pytest.mark.parametrize("name", list(TOURS))
def test_every_tour_plays_through_by_clicks(name: str) -> None:
    g = Walkthrough.named(name)
    hints = play_through(g)
    assert hints, "every tour asks the learner at least once where another move is possible"
    final = g.table.state
    assert final.round_over and final.result is not None
    assert final.result.explain(g.table.labels) in g.table.showdown.value
    assert "step" in g.narration.value and "Start again" in g.narration.value
    assert g.next_button.disabled
    g.again_button.click()
    assert g.index == 0 and g.table.state is g._progress.states[0]


def test_the_scat_tour_says_what_the_engine_says() -> None:
    tour = TOURS["scat"]
    states = tour.states()
    you = tour.seat
    assert score(states[0].hands[you]).value == 15 and "worth 15" in tour.steps[0].say
    assert states[0].discard_pile == states[0].discard_pile[:1] and str(states[0].discard_pile[0]) == "9♥"
    assert score(states[3].hands[you]).value == 24 and "worth 24" in tour.steps[3].say
    assert score(states[7].hands[you]).value == 30 and "worth 30" in tour.steps[7].say
    r = states[-1].result
    assert r is not None and r.how == "knock" and r.knocker == you
    assert r.values == (29, 30, 25) and r.losses == (0, 0, 1) and states[-1].lives == (3, 3, 2)
    assert "Ben's 25" in tour.steps[-1].say
    assert "took the K♠ from the discard pile" in " ".join(e.describe(tour.names) for e in states[-1].events)


def test_the_instant_31_tour() -> None:
    states = TOURS["scat-31"].states()
    r = states[-1].result
    assert r is not None and r.how == "31" and r.losses == (1, 0, 1)
    assert states[-1].lives == (2, 3, 0) and states[-1].out == (False, False, True)
    assert score(states[0].hands[1]).value == 20


def asked_kinds(name: str) -> set[str]:
    """The kinds of move the learner makes in a tour."""
    return {parse_action(step.moves[0]).kind for step in TOURS[name].steps if step.ask}


def test_the_learner_does_every_move_the_lesson_teaches() -> None:
    assert asked_kinds("scat") == {"draw discard", "discard", "draw stock", "knock"}
    assert asked_kinds("schwimmen") == {"take center", "swap", "pass", "swap all", "knock"}
    assert asked_kinds("feuer") == {"keep hand", "swap"}


def button_labels(g: Walkthrough) -> dict[str, str]:
    """The label of the button that makes each kind of move, as the learner reads it on the table."""
    t = g.table
    return {"draw stock": t.stock_button.description, "knock": t.knock_button.description,
            "pass": t.pass_button.description, "swap all": t.swap_all_button.description,
            "keep hand": t.keep_button.description, "take center": t.take_button.description,
            "exchange hand": t.take_button.description}


QUOTED = re.compile(r'(?:[Cc]lick|[Pp]ulsa|[Kk]licke(?: auf)?|[Tt]ippe(?: auf)?) (?:"([^"]+)"|«([^»]+)»|„([^“]+)“)')
"""A button named in quotes after "click" ("pulsa", "klicke auf")."""


@pytest.mark.parametrize("lang", ["en", *catalogs()])
@pytest.mark.parametrize("name", list(TOURS))
def test_every_ask_names_the_button_as_it_is_labelled(name: str, lang: str) -> None:
    with i18n.using(lang):
        g = Walkthrough.named(name)
        labels = button_labels(g)
        every_label = set(labels.values()) | {b.description for b in (g.next_button, g.back_button, g.again_button)}
        for i, step in enumerate(TOURS[name].steps):
            words = [i18n._(step.say)] + ([i18n._(step.ask), i18n._(step.hint)] if step.ask else [])
            for text in words:  # a button named in quotes is named by its label, word for word
                for quoted in QUOTED.findall(text):
                    assert "".join(quoted) in every_label, f"step {i + 1} quotes no button: {text!r}"
            if not step.ask:
                continue
            action = parse_action(step.moves[0])
            if action.kind in labels:  # a button's move: the ask and the hint say its label
                label = labels[action.kind]
                assert label in i18n._(step.ask), f"step {i + 1}: {i18n._(step.ask)!r} does not name the button {label!r}"
                assert label in i18n._(step.hint), f"step {i + 1}: {i18n._(step.hint)!r} does not name the button {label!r}"
            for card in action.cards:  # a card's move: the ask names every card to click
                assert str(card) in i18n._(step.ask), f"step {i + 1}: {i18n._(step.ask)!r} does not name the {card}"
            if action.kind == "draw discard":
                top = g._progress.states[i].discard_pile[-1]
                assert str(top) in i18n._(step.ask) and str(top) in i18n._(step.hint)


@pytest.mark.parametrize("name", list(TOURS))
def test_what_you_have_done_lists_only_what_has_been_done(name: str) -> None:
    g = Walkthrough.named(name)
    tour = TOURS[name]
    seen: list[str] = []
    for i in range(len(tour.steps)):
        g.go(i)
        state = g.table.state
        seen += [tour.steps[i].done] if tour.steps[i].done else []
        assert g.done_so_far() == seen  # in order, each once, from its step on
        shown = g.recap.value
        for point in seen:
            assert html.escape(point.partition(":")[2], quote=False) in shown
        # the knock and the showdown are listed once they have happened on the table, not before
        knock_listed = any(p.startswith("Knocking") for p in seen)
        showdown_listed = any(p.startswith("The showdown") or "then the showdown" in p for p in seen)
        assert not knock_listed or state.knocker is not None, f"step {i + 1} lists a knock not yet made"
        assert not showdown_listed or state.round_over, f"step {i + 1} lists a showdown not yet held"
    if name in ("scat", "schwimmen"):  # the two tours that teach a whole round end with both listed
        assert knock_listed and showdown_listed
    g.go(0)
    assert "Knock" not in g.recap.value and "showdown" not in g.recap.value


LESSONS = Path(__file__).resolve().parents[2] / "tools" / "lessons"


@pytest.mark.parametrize("page", [f"{lang}/{stem}" if lang != "en" else stem for lang in ("en", *catalogs())
                                  for stem in ("02-scat.md", "03-schwimmen.md") if (LESSONS / lang / stem).exists()
                                  or lang == "en"])
def test_no_page_lists_under_a_walkthrough_what_the_learner_has_not_done_yet(page: str) -> None:
    text = (LESSONS / page).read_text(encoding="utf-8")
    assert "Walkthrough.named(" in text
    lang = page.split("/")[0] if "/" in page else "en"
    with i18n.using(lang):
        done = i18n._("What you have done")
    assert "## What you did" not in text and f"## {done}" not in text  # the walkthrough keeps that list


def test_what_you_have_done_in_spanish() -> None:
    with i18n.using("es"):
        g = Walkthrough.named("scat")
        g.go(len(TOURS["scat"].steps) - 1)
        assert "Lo que has hecho" in g.recap.value and "<strong>El recuento:</strong>" in g.recap.value


def test_the_schwimmen_tour_covers_commerce() -> None:
    tour = TOURS["schwimmen"]
    states = tour.states()
    kinds = [e.kind for e in states[-1].round_events()]
    for kind in ("take center", "pass", "new center", "swap all", "swap", "knock", "showdown"):
        assert kind in kinds
    assert score(states[0].hands[0], states[0].rules).value == 9
    assert score(states[2].hands[0], states[0].rules).value == 20
    # everyone passed in a row, the learner last but one... and the learner plays first on the new center
    new_center = next(i for i, s in enumerate(states) if any(e.kind == "new center" for e in s.round_events()))
    assert states[new_center].current_player == tour.seat and "swap all" in tour.steps[new_center].moves
    assert score(states[new_center].center, states[0].rules).value == 30
    r = states[-1].result
    assert r is not None and r.values == (30, 30, 27) and r.losses == (0, 0, 1) and r.knocker == tour.seat


def test_the_feuer_tour_ends_in_fire() -> None:
    states = TOURS["feuer"].states()
    r = states[-1].result
    assert r is not None and r.how == "fire" and r.losses == (0, 1, 1)


def test_back_and_next_and_the_table_status() -> None:
    g = Walkthrough.named("scat")
    assert g.back_button.disabled and not g.back()
    assert g.table.status.layout.display == "none"  # the narration says whose turn it is
    g.next()
    assert g.index == 1 and not g.next()  # the learner's move: Next waits
    assert g.table.message == g.step_now.hint  # type: ignore[union-attr]
    click(g.table.pile_row, "9♥")
    assert g.index == 2
    assert g.back() and g.index == 1 and len(g.table.hand()) == 3
    assert g.table.state is g._progress.states[1]


def test_out_of_script_clicks_change_nothing() -> None:
    g = Walkthrough.named("scat")
    s = g.table.state
    g.table.stock_button.click()  # step 1 is narration: the table waits for Next
    assert g.table.state is s and g.table.message == "Click Next to go on."
    g.go(3)  # Ben's turn
    click(g.table.pile_row, g.table.state.discard_pile[-1])  # disabled: not the learner's turn
    g.table.stock_button.click()
    assert g.index == 3 and g.table.message == "Wait: it is Ben's turn."


def test_show_all_hands_in_a_walkthrough() -> None:
    g = Walkthrough.named("schwimmen", show_all=True)
    assert g.table.show_all and g.table.center_row.cards[0] != -1
    g.show_all_box.value = False
    assert g.table.center_row.cards == [-1, -1, -1]


def test_a_bad_tour_fails_when_built() -> None:
    bad = Tour("bad", "scat", ("Ana", "Sam", "Ben"), 1, "K♥ 8♠ Q♣ 5♥ 7♠ J♣ 4♣ 2♦ 3♦ 9♥",
               (Step("go", ("draw stock",)),))
    with pytest.raises(ValueError, match="seat 1"):
        Walkthrough(bad)
    illegal = Tour("bad", "scat", ("Ana", "Sam", "Ben"), 1, "K♥ 8♠ Q♣ 5♥ 7♠ J♣ 4♣ 2♦ 3♦ 9♥",
                   (Step("go", ("discard 2♣",), ask="throw"),))
    with pytest.raises(ValueError, match="cannot discard"):
        illegal.states()
    with pytest.raises(ValueError, match="unknown tour"):
        Walkthrough.named("nope")


# -- narration names who did what ----------------------------------------------------------------
_CARD = r"(?:10|[2-9JQKA])[♣♠♥♦]"
_CLAIM = re.compile(rf"\b(You|Ana|Ben|Sam) (passed|knocked|kept|threw the ({_CARD})|drew the ({_CARD})"
                    rf"|took the ({_CARD}) from the discard pile|took ({_CARD} {_CARD} {_CARD})"
                    rf"|swapped all three|swapped (?:his|her|your) ({_CARD}) for the ({_CARD}))")


def claims(text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every "<who> <did what>" in a narration: who, the kind of move, the cards named."""
    out = []
    for m in _CLAIM.finditer(text):
        who, verb = m.group(1), m.group(2)
        kind = ("pass" if verb == "passed" else "knock" if verb == "knocked" else "keep hand" if verb == "kept"
                else "discard" if m.group(3) else "draw stock" if m.group(4) else "draw discard" if m.group(5)
                else "take center" if m.group(6) else "swap all" if verb == "swapped all three" else "swap")
        cards = tuple(c for c in m.groups()[2:] if c)
        out.append((who, kind, cards))
    return out


def test_claims_reads_the_narrations_words() -> None:
    assert claims("Ben swapped his 8♥ for the 9♠: he collects spades. You knocked. Had you passed") == [
        ("Ben", "swap", ("8♥", "9♠")), ("You", "knock", ())]
    assert claims("You took A♥ 9♥ 8♠, worth 20") == [("You", "take center", ("A♥ 9♥ 8♠",))]


def event_cards(e: object) -> set[str]:
    cards = [*e.cards, *e.secret]  # type: ignore[attr-defined]
    return {str(c) for c in cards} | {" ".join(str(c) for c in e.secret)}  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(TOURS))
def test_every_narration_names_who_did_what(name: str) -> None:
    """"Ben threw the 2♦", "You knocked", "Ana swapped her 7♦ for the A♥": each is a move that player made
    before the step says it; "Had you knocked..." never follows a knock of the learner's; the learner's
    ending a round is always to knock (never "close")."""
    tour = TOURS[name]
    states = tour.states()
    seat = {"You": tour.seat, **{n: i for i, n in enumerate(tour.names) if i != tour.seat}}
    checked = 0
    for i, step in enumerate(tour.steps):
        done = [e for e in states[i].round_events() if e.player is not None]
        for who, kind, cards in claims(step.say):
            made = [e for e in done if e.player == seat[who] and e.kind == kind]
            assert made, f"step {i + 1}: {who} never made a {kind!r} move before this step: {step.say!r}"
            assert all(any(c in event_cards(e) for e in made) for c in cards), f"step {i + 1}: {step.say!r}"
            checked += 1
        for verb in re.findall(r"\b[Hh]ad you (\w+)", step.say):
            kind = {"knocked": "knock", "passed": "pass", "swapped": "swap"}.get(verb, verb)
            assert not any(e.player == tour.seat and e.kind == kind for e in done), \
                f"step {i + 1} says 'had you {verb}' after the learner did: {step.say!r}"
        words = " ".join((step.say, step.ask, step.hint)).lower()
        assert not re.search(r"\bclos(e|ed|es|ing)\b", words), f"step {i + 1}: say knock, not close"
    assert checked >= 2, "the narration says who did what"


def test_the_last_scat_step_says_the_learner_knocked() -> None:
    last = TOURS["scat"].steps[-1].say
    assert "You knocked" in last and "Had you knocked" not in last
