"""Lesson 6's whole game, driven in pure Python as the front end drives it (clicks on buttons and cards).
The ``widget_errors`` fixture (conftest) fails any test in which a widget callback raised."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from helpers.charts import chart_alt, chart_lines, charts
from helpers.table import do, next_button, next_round

from thirtyone import names, new_game
from thirtyone.bots import LEVELS, PATIENCE, knock_rule, make_bot
from thirtyone.coach import coach
from thirtyone.game import Action, State
from thirtyone.rules import Rules
from thirtyone.widgets import GameSetup, PlayGame
from thirtyone.widgets.play import LEVEL_NAMES, GameTable, coach_html, level_text, rules_name

LESSON = Path(__file__).resolve().parents[2] / "tools" / "lessons" / "06-play.md"

INTERNAL = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bTrue\b|\bFalse\b|\bnan\b|\bbga-|\bcustom\b|\b00[0-3]\b|"
    r"\bclos(e|ed|es|ing)\b|\bcommerce\b|\bFire\b|\bwidow\b(?<!a widow)|\bdraw (stock|discard)\b|"
    r"\bplayer \d\b|Rules\(|\bphase\b|\bseed\b|\brollouts?\b|\bthreshold bot\b|\bgreedy\b")
"""What never reaches a learner: identifiers, Python values, file numbers, a second word for a knock."""


def shown_text(fragment: str) -> str:
    """The words a learner reads in an HTML fragment: tags and inline images dropped, alt text kept."""
    alts = " ".join(re.findall(r'alt="([^"]*)"', fragment))
    text = re.sub(r"<[^>]+>", " ", re.sub(r'src="data:[^"]*"', "", fragment))
    return html.unescape(f"{text} {alts}")


def assert_plain_words(text: str) -> None:
    found = INTERNAL.search(text)
    assert found is None, f"{found.group(0)!r} on screen in: ...{text[max(0, found.start() - 80):found.end() + 80]}..."


def lesson_widget() -> PlayGame:
    """The widget exactly as lesson 6's code cell builds it."""
    cells = re.findall(r"```python\n(.*?)```", LESSON.read_text(encoding="utf-8"), flags=re.S)
    at = next(i for i, c in enumerate(cells) if "PlayGame(" in c)
    *body, last = cells[at].strip().splitlines()
    scope: dict[str, Any] = {}
    for before in cells[:at]:  # the page's cells before it (its memory)
        exec(before, scope)
    exec("\n".join(body), scope)
    widget = eval(last, scope)
    assert isinstance(widget, PlayGame)
    return widget


def play_to_the_end(game: PlayGame, coach_every: int = 3, limit: int = 3000) -> int:
    """The learner plays the whole game by clicking: every ``coach_every``-th move asks the coach and
    plays its move, the others are the intermediate bot's moves; "Next round" after each round.
    Returns the learner's moves."""
    me = make_bot("intermediate", seed=11)
    moves = 0
    for _ in range(limit):
        t = game.table
        assert t is not None
        s = t.state
        if s.game_over:
            return moves
        if s.round_over:
            assert not next_button(t).disabled
            next_round(t)
            assert t.state is not s
            continue
        assert t.my_turn, "bots play at pace 0: it must be the learner's turn"
        assert not game.coach_button.disabled
        if moves % coach_every == 0:
            game.coach_button.click()
            assert game.advice is not None and game.advice.is_for(s)
            assert "<strong>The coach" in game.coach_html.value and not game.follow_button.disabled
            game.follow_button.click()
        else:
            do(t, me.choose(s.view(0)))
        assert t.state is not s, t.message
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("preset", "bots", "lives"), [("scat", 2, 2), ("schwimmen", 1, 1), ("widow", 3, 1),
                                                       ("bga-draw", 1, 2)])
def test_a_whole_seeded_game_to_the_end_with_its_summary(preset: str, bots: int, lives: int) -> None:
    game = PlayGame(preset, bots=bots, seed=4, lives=lives, pace=0, rollouts=40)
    t = game.table
    assert isinstance(t, GameTable) and t.state.players == bots + 1 and t.state.lives == (lives,) * (bots + 1)
    moves = play_to_the_end(game)
    s = t.state
    assert moves > 0 and s.game_over and s.winner is not None
    rec = game.record
    assert rec.winner == s.winner and rec.rounds[-1][1] == s.lives
    assert [r for r, _, _ in rec.rounds] == sorted(game.results)
    assert rec.asked >= 1 and rec.followed == rec.asked
    summary = game.summary.value
    assert game.summary.layout.display is None
    assert rec.summary() in summary.replace("&#x27;", "'")
    assert chart_alt(summary).startswith("Lives of each player")  # the lives chart, an SVG: a line per player
    lines = chart_lines(summary)
    assert [ln.label for ln in lines] == list(t.labels) and len(lines) == s.players
    assert all(ln.y[0] == rec.start[i] and len(ln.x) == len(ln.y) <= len(rec.rounds) + 1 for i, ln in enumerate(lines))
    assert [ln.y[-1] for ln in lines] == [-1 if out else lives for lives, out in zip(*rec.rounds[-1][1:])]
    assert "Lives at the start and after each round" in summary
    lives_table = summary.split("How your last games went")[0]
    assert len(re.findall(r"<tr[ >]", lives_table)) == s.players + 1  # the header and one row per player
    assert "Your last game: " in summary  # and how the last games went: this one
    assert ("You did not knock" in summary) == (not rec.knocks)
    assert game.game_log.value.count("<details>") == len(rec.rounds)
    assert game.coach_button.disabled and game.follow_button.disabled
    assert "game is over" in game.coach_html.value


def test_stale_and_out_of_turn_clicks_change_nothing() -> None:
    game = PlayGame("scat", bots=2, seed=7, lives=2, pace=0, rollouts=30)
    t = game.table
    assert t is not None and t.my_turn
    game.coach_button.click()
    advice = game.advice
    assert advice is not None
    before = t.state
    # a move other than the coach's: its advice is now stale
    other = next(a for a in before.legal_actions() if a != advice.best)
    do(t, other)
    assert not advice.is_for(t.state)
    assert game.follow_button.disabled
    mid = t.state
    assert game.follow() is False and t.state is mid  # stale advice: nothing happens
    game.follow_button.click()
    assert t.state is mid
    assert "<strong>The coach" not in game.coach_html.value
    assert game.record.asked == 1 and game.record.followed == 0
    # out of turn: a table in step mode waits for the bots' moves
    t.step_mode = True
    while t.my_turn:
        do(t, t.state.legal_actions()[0])
    if not t.state.round_over:
        assert t.bot_to_move() is not None
        waiting = t.state
        assert game.coach_button.disabled and game.follow_button.disabled
        assert game.ask_coach() is None and "on your turn" in game.coach_html.value
        t.knock_button.click()
        t.stock_button.click()
        assert t.state is waiting
        assert t.play("knock") is False and t.state is waiting


def test_start_deals_a_new_game_with_the_setup_and_stops_the_old_one() -> None:
    game = PlayGame("scat", bots=1, seed=1, pace=0, rollouts=30)
    old = game.table
    assert old is not None and old.state.players == 2
    setup = game.setup
    setup.rules_menu.value = "schwimmen"
    setup.bots_menu.value = 7
    setup.level_menu.value = "beginner"
    setup.lives_menu.value = 2
    setup.seed_box.value = "12"
    setup.start_button.click()
    t = game.table
    assert t is not None and t is not old and game.table_box.children == (t,)
    assert t.state.players == 8 and t.state.rules == Rules.preset("schwimmen").replace(lives=2)
    assert t.state.lives == (2,) * 8
    assert "Now playing: Schwimmen against 7 beginner bots, 2 lives each, game number 12." in setup.hint.value
    assert t.state.seed == 12 and all(b is None for b in old.bots)
    assert type(t.bots[1]).__name__ == "GreedyBot"
    assert game.record.rounds == [] and game.record.names == t.labels
    assert old.on_move is None
    if old.my_turn:  # the old table no longer feeds the game's record
        old.play(old.legal()[0])
    assert game.record.asked == 0 and game.record.knocks == []


def test_setup_controls_are_labelled_drop_downs_and_the_table_hides_what_the_setup_chooses() -> None:
    setup = GameSetup()
    for control in (setup.rules_menu, setup.bots_menu, setup.level_menu, setup.lives_menu, setup.seed_box):
        assert control.description, control
        assert not isinstance(control, (w.IntSlider, w.FloatSlider))
    assert [v for _, v in setup.bots_menu.options] == list(range(1, 8))
    assert setup.lives() == 3
    assert [label for label, _ in setup.level_menu.options] == ["beginner", "intermediate", "expert"]
    table = GameTable(setup.new_state(), "intermediate", 0, 1)  # one word for each level, as the table's menu says
    assert list(setup.level_menu.options) == list(table.level_menu.options)
    assert GameSetup("widow", lives=5).rules == Rules.preset("widow").replace(lives=5)
    with pytest.raises(ValueError, match="lives"):
        GameSetup(lives=9)
    with pytest.raises(ValueError):
        GameSetup(bots=8)
    with pytest.raises(ValueError):
        GameSetup(level="grandmaster")
    game = PlayGame(start=False)
    assert game.table is None and "Start the game" in game.setup.hint.value and game.ask_coach() is None
    game.setup.start_button.click()
    t = game.table
    assert t is not None
    for hidden in (t.back_button, t.new_game_button, t.level_menu, t.show_all_box):
        assert hidden.layout.display == "none"


def test_knocking_without_asking_is_judged_by_the_coach() -> None:
    game = PlayGame("scat", bots=1, seed=3, lives=1, pace=0, rollouts=30)
    t = game.table
    assert t is not None
    while Action("knock") not in t.legal():
        s = t.state
        assert t.my_turn
        do(t, Action("draw stock") if s.phase == "turn" else s.legal_actions()[0])
        if t.state.round_over:
            next_round(t)
    do(t, Action("knock"))
    rec = game.record
    assert len(rec.knocks) == 1 and rec.asked == 0
    assert rec.knock_lines()[0].startswith(f"Round {rec.knocks[0].round}, after ")


def test_the_lesson_waits_for_start_and_says_what_to_do() -> None:
    game = lesson_widget()
    assert game.table is None and game.state is None  # nothing dealt, so no bot can move
    assert game.table_box.children == () and game.summary.layout.display == "none"
    hint = shown_text(game.setup.hint.value)
    assert "Start the game" in hint and "Nothing is dealt until you do" in hint
    assert game.setup.children[0] is game.setup.hint  # the line saying what to do comes first
    setup = game.setup
    controls = (setup.rules_menu, setup.bots_menu, setup.level_menu, setup.level_help, setup.seed_box,
                setup.seed_help, setup.start_button)
    assert all(c.layout.display != "none" for c in (setup.controls, *controls))
    assert setup.change_button.layout.display == "none"
    assert game.ask_coach() is None and game.follow() is False
    game.pace = 0  # the lesson's bots move at a pace; here at once
    game.setup.start_button.click()
    t = game.table
    assert t is not None and t.state.players == 4 and t.state.rules == Rules.preset("scat")
    assert t.state.seed == 1 and "Now playing: Scat against 3 intermediate bots" in game.setup.hint.value
    assert t.my_turn  # the bots before the learner have moved, at pace 0
    # the settings fold away while the game is played; "Change the game" shows them
    assert setup.controls.layout.display == "none" and setup.change_button.layout.display is None
    assert "Change the game" in setup.hint.value
    setup.change_button.click()
    assert setup.controls.layout.display is None and setup.change_button.layout.display == "none"
    assert all(c.layout.display != "none" for c in controls)
    assert game.table is t  # showing the settings deals nothing
    setup.bots_menu.value = 1
    setup.start_button.click()
    assert game.table is not t and game.table is not None and game.table.state.players == 2


def test_the_game_number_is_explained_and_deals_the_same_cards() -> None:
    setup = GameSetup()
    assert setup.seed_box.description == "Game number"
    help_text = shown_text(setup.seed_help.value)
    assert "same game number deals the same cards" in help_text and "friend" in help_text
    games = [PlayGame("scat", bots=2, seed=n, pace=0, start=False) for n in (5, 5, 6)]
    for g in games:
        g.setup.start_button.click()
    first = [g.table.history[0].hands if g.table and g.table.history else g.table.state.hands  # type: ignore[union-attr]
             for g in games]
    assert first[0] == first[1] and first[0] != first[2]


@pytest.mark.parametrize(("typed", "why"), [("3.7", "not a game number"), ("1e400", "not a game number"),
                                             ("-5", "not a game number"), ("12 000", "not a game number"),
                                             ("seven", "not a game number"), ("", "Type a game number"),
                                             ("1000000001", "too large"), ("9" * 5000, "too large")])
def test_the_game_number_box_refuses_what_is_not_a_whole_number_and_changes_nothing(typed: str, why: str) -> None:
    game = PlayGame("scat", bots=1, seed=5, pace=0, start=False)
    setup = game.setup
    setup.seed_box.value = "8"
    assert setup.seed == 8 and setup.seed_error.layout.display == "none" and setup.seed_error.value == ""
    setup.seed_box.value = typed
    assert setup.seed == 8, "a bad game number changes nothing"
    said = shown_text(setup.seed_error.value)
    assert setup.seed_error.layout.display is None and 'role="alert"' in setup.seed_error.value
    assert why in said and "whole number from 0 to 1,000,000,000" in said
    assert len(said) < 300  # a long paste is shortened, not echoed whole
    setup.start_button.click()
    assert game.table is None and game.state is None, "nothing is dealt while the box holds a bad number"
    assert "Nothing was dealt" in shown_text(setup.seed_error.value)
    setup.seed_box.value = "007"  # leading zeros are the same game
    assert setup.seed == 7 and setup.seed_error.layout.display == "none"
    setup.seed_box.value = " 1000000000 "  # the largest, spaces around it are fine
    assert setup.seed == 10**9 and setup.seed_error.layout.display == "none"
    setup.start_button.click()
    assert game.table is not None and game.table.state.seed == 10**9 and "game number 1000000000" in setup.hint.value


def test_the_game_number_box_speaks_spanish() -> None:
    from thirtyone import i18n

    with i18n.using("es"):
        setup = GameSetup()
        setup.seed_box.value = "3.7"
        said = shown_text(setup.seed_error.value)
    assert "3.7" in said and "1.000.000.000" in said and "not a game number" not in said
    assert setup.seed == 1
    with pytest.raises(ValueError, match="whole number from 0"):
        GameSetup(seed=-1)
    with pytest.raises(ValueError, match="whole number from 0"):
        GameSetup(seed=2.5)  # type: ignore[arg-type]


def play_all(game: PlayGame, check: Any = None, limit: int = 3000, shown: list[str] | None = None) -> list[State]:
    """Play the game to its end (the learner: the intermediate bot's moves, the coach every third move);
    ``check(state)`` sees every state the learner acts in; ``shown`` collects the coach's panel each time
    it is asked. Returns the table's states in order."""
    me = make_bot("intermediate", seed=3)
    moves = 0
    t = game.table
    assert t is not None
    for _ in range(limit):
        s = t.state
        if s.game_over:
            return [*t.history, s]
        if s.round_over:
            next_round(t)
            continue
        assert t.my_turn
        if check is not None:
            check(s)
        if moves % 3 == 0:
            game.coach_button.click()
            if shown is not None:
                shown.append(game.coach_html.value)
            game.follow_button.click()
        else:
            do(t, me.choose(s.view(0)))
        moves += 1
    raise AssertionError("the game did not end")


def test_a_whole_game_under_rules_that_are_no_preset_swap_only() -> None:
    game = PlayGame("schwimmen", bots=2, seed=9, pace=0, rollouts=30, start=False)
    editor = game.setup.rules_editor
    editor.set("allow_pass", False)
    editor.set("allow_swap_all", False)
    editor.set("lives", 2)
    rules = game.setup.rules
    assert rules.name == "custom" and not rules.allow_pass and not rules.allow_swap_all
    assert rules_name(rules).startswith("Your own rules (swap with the center")
    game.setup.start_button.click()
    assert game.table is not None and game.table.state.rules == rules

    def no_pass_no_swap_all(s: State) -> None:
        kinds = {a.kind for a in s.legal_actions()}
        assert "pass" not in kinds and "swap all" not in kinds
        if s.phase == "turn":
            assert "swap" in kinds

    states = play_all(game, no_pass_no_swap_all)
    events = states[-1].events
    assert not any(e.kind in ("pass", "swap all") for e in events)
    assert states[-1].game_over and game.record.winner == states[-1].winner
    assert "Your own rules (swap with the center" in game.setup.hint.value
    assert_plain_words(shown_text(game.summary.value + game.game_log.value + game.setup.hint.value))


def test_a_whole_game_of_draw_and_discard_with_no_knock_on_the_first_turn() -> None:
    game = PlayGame("scat", bots=3, seed=4, lives=1, pace=0, rollouts=30, start=False)
    game.setup.rules_editor.set("first_knock", "not_first_turn")
    rules = game.setup.rules
    assert rules.name == "custom" and rules.first_knock == "not_first_turn" and rules.lives == 1
    assert "forbid a knock" in game.setup.level_help.value  # the bots' rule says they wait too
    game.setup.start_button.click()

    def no_knock_first(s: State) -> None:
        if s.turns == 0:
            assert Action("knock") not in s.legal_actions()

    states = play_all(game, no_knock_first)
    for before, after in zip(states, states[1:]):  # nobody, bot or learner, knocked on a round's first turn
        new = after.events[len(before.events):]
        if any(e.kind == "knock" for e in new) and before.round == after.round:
            assert before.turns > 0
    assert states[-1].game_over


@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_is_described_by_the_bots_own_knock_rule(level: str, preset: str) -> None:
    rules = Rules.preset(preset)
    for players in (2, 4, 8):
        text = level_text(level, rules, players)
        assert knock_rule(level, rules, players).text in text
        assert_plain_words(text)
        for n in range(2, players):  # the thresholds once players drop out come from the same rule
            r = knock_rule(level, rules, n)
            if r.threshold is not None:
                assert f"With {n} players still in, it knocks at {r.threshold:g} or more." in text
    setup = GameSetup(preset, bots=3, level=level)
    assert setup.level_help.value == f"<p>{html.escape(level_text(level, rules, 4), quote=False)}</p>"
    assert dict((v, k) for k, v in setup.level_menu.options)[level] == LEVEL_NAMES[level]


def test_the_level_description_follows_the_menus() -> None:
    setup = GameSetup("scat", bots=1, level="beginner")
    setup.level_menu.value = "intermediate"
    assert knock_rule("intermediate", setup.rules, 2).text in setup.level_help.value
    setup.bots_menu.value = 5
    assert knock_rule("intermediate", setup.rules, 6).text in setup.level_help.value
    setup.rules_editor.choose("schwimmen")
    assert knock_rule("intermediate", Rules.preset("schwimmen"), 6).text in setup.level_help.value


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_bots_at_the_table_knock_as_their_level_says(level: str) -> None:
    game = PlayGame("scat", bots=3, level=level, seed=2, lives=2, pace=0, rollouts=20)
    states = play_all(game)
    knocks = 0
    for before, after in zip(states, states[1:]):
        new = after.events[len(before.events):]
        for e in new:
            if e.kind == "knock" and e.player is not None and e.player != 0:
                rule = knock_rule(level, before.rules, len(before.active))
                value = before.values()[e.player] or 0.0
                assert rule.says_knock(value, before.turns), (level, value, before.turns)
                knocks += 1
    assert knocks > 0


def test_the_lesson_says_nothing_of_the_bots_knocks_but_their_rule() -> None:
    prose = LESSON.read_text(encoding="utf-8")
    assert not re.search(r"knock\w* (at|on) \d", prose)  # no number of our own for when bots knock
    assert PATIENCE and "when they knock" in prose


def test_every_text_of_a_whole_game_is_in_plain_words() -> None:
    game = PlayGame("feuer", bots=3, level="expert", seed=3, lives=1, pace=0, rollouts=20)
    seen: list[str] = []
    play_all(game, shown=seen)
    seen += [game.coach_html.value, game.game_log.value, game.summary.value, game.setup.hint.value,
             game.setup.level_help.value, game.setup.seed_help.value]
    seen += [label for label, _ in game.setup.level_menu.options]
    text = "\n".join(shown_text(x) for x in seen)
    assert ("The coach advises you to" in text or "The coach: Keep your hand." in text) and "Lives of each player" in text and "Game log" in text
    assert names.preset_name("feuer") in game.setup.hint.value
    assert_plain_words(text)


@pytest.mark.parametrize("bad", ['"others_lose"', "two_if_sole", "None", "True", "bga-commerce", "You closed.",
                                 "a knock closes the round", "source 003", "(draw stock)", "Fire", "commerce",
                                 "the widow", "player 2"])
def test_the_plain_words_check_catches_internal_words(bad: str) -> None:
    with pytest.raises(AssertionError):
        assert_plain_words(f"Some text {bad} and more.")
    assert_plain_words("Scat with a widow; Board Game Arena's Schwimmen; Schwimmen with Feuer; Player and knock.")


def test_advice_from_an_earlier_turn_is_not_played_even_when_its_move_is_legal_again() -> None:
    game = PlayGame("scat", bots=2, seed=7, lives=2, pace=0, rollouts=30)
    advice, t = game.ask_coach(), game.table
    assert t is not None and advice is not None and advice.best.kind == "draw discard"
    t.play("draw stock")  # not the coach's move
    while t.my_turn and t.state.phase == "discard":
        t.play(t.state.legal_actions()[0])
    assert t.my_turn and t.state.phase == "turn"  # the bots moved: the learner's next turn
    assert advice.best in t.state.legal_actions() and not advice.is_for(t.state)
    now = t.state
    assert game.follow() is False and t.state is now


def test_the_thresholds_when_players_drop_out_are_for_fewer_players_only() -> None:
    text = level_text("intermediate", Rules.preset("scat"), 4)
    assert "With 3 players still in, it knocks at" in text and "With 2 players still in, it knocks at" in text
    assert "With 4 players still in, it knocks at" not in text


def test_the_coachs_table_names_each_number_by_its_column() -> None:
    """On a phone the coach's table stacks one box per move (static/play.css): each number must carry its
    column's name, the chance of losing a life included, and the table keep its roles."""
    s = new_game("scat", players=3, seed=5)
    page = coach_html(coach(s, rollouts=100, seed=0))
    heads = re.findall(r'<th scope="col" role="columnheader">([^<]*)</th>', page)
    assert heads[1:] == ["Lives lost on average", "95% interval", "Chance of losing a life"]
    rows = re.findall(r'<tr role="row">(.*?)</tr>', page)[1:] + re.findall(r'<tr class="to-changed" role="row">(.*?)</tr>', page)
    assert rows
    for row in rows:
        assert re.findall(r'<td[^>]* data-label="([^"]*)"', row) == heads[1:]
    assert '<table class="to-data" role="table">' in page and "to-coach-table" in page


def browser_sends(m: Any, **state: Any) -> None:
    """What the memory's script sends when it is drawn (through the front end's own path: no echo)."""
    m.set_state(state)


def test_a_finished_game_is_kept_in_the_memory_and_the_summary_shows_the_last_games() -> None:
    from thirtyone import progress
    from thirtyone.widgets import Memory

    m = Memory("06-play", exercises=("games",))
    three_days_ago = time.time() / 86400 + 5 - 3.5  # by the page's clock, five days on (the test hook)
    earlier = progress.game_entry("schwimmen", 3, "expert", 9, 2, [3, 1, -1], 4, 1, 0, three_days_ago)
    browser_sends(m, loaded=progress.dump(progress.played(progress.fresh(), "06-play", earlier)),
                  clock_days=5.0)
    game = PlayGame("scat", bots=1, seed=4, lives=1, pace=0, rollouts=40, memory=m)
    play_to_the_end(game)
    s = game.table.state if game.table is not None else None
    assert s is not None and s.game_over
    record = progress.read(m.saved)[0]
    first, this = record["games"]
    assert first == earlier
    won = s.winner == 0
    assert this["rules"] == "scat" and this["players"] == 2 and this["level"] == "intermediate"
    assert this["seed"] == 4 and this["place"] == (1 if won else 2)
    assert this["lives"][0] == 1 and this["lives"][-1] == (0 if won else -1) or won
    assert len(this["lives"]) == len(game.record.rounds) + 1  # the learner played every round of a two-player game
    assert this["knocks"] == len(game.record.knocks) and this["agreed"] == sum(k.advised for k in game.record.knocks)
    assert this["lost"] == sum(game.record.lost.values())
    assert time.time() / 86400 + 5 - 0.01 < this["day"] < time.time() / 86400 + 5.01  # the memory's clock
    page = record["pages"]["06-play"]
    assert page["done"] is True and page["exercises"]["games"] == {"right": int(won) + 0, "asked": 2}
    summary = shown_text(game.summary.value)
    assert "How your last games went" in summary and "Your last 2 games" in summary
    assert "game 1: place 2 of 3; game 2: " + ("won" if won else "place 2 of 2") in summary  # the chart's alt text
    assert "Schwimmen, 3 players" in summary and "3 days ago" in summary and "today" in summary
    assert len(charts(game.summary.value)) == 2  # lives, and the last games
    assert [ln.y for ln in chart_lines(game.summary.value, 1)] == [[2, 1 if won else 2]]  # the places, won on top
    assert_plain_words(summary)
    # the game is kept once, whatever is redrawn
    game._draw()
    game._state_changed({"new": game.table.state})  # the last state seen again (a redraw)
    game.start()  # and a new game started but not finished
    assert len(progress.read(m.saved)[0]["games"]) == 2


def test_a_game_ended_by_the_learners_own_move_is_kept_with_that_move() -> None:
    """Each game the learner plays to its end is kept once, with every knock, however it ended (seeded)."""
    from thirtyone import progress
    from thirtyone.widgets import Memory

    m = Memory("06-play")
    browser_sends(m, loaded="")
    kept = 0
    outcomes = set()
    for seed in range(1, 6):
        game = PlayGame("scat", bots=1, seed=seed, lives=1, pace=0, rollouts=30, memory=m)
        play_to_the_end(game, coach_every=2)
        kept += 1
        games = progress.read(m.saved)[0]["games"]
        assert len(games) == kept and games[-1]["knocks"] == len(game.record.knocks)
        assert games[-1]["seed"] == seed and len(games[-1]["lives"]) == len(game.record.rounds) + 1
        s = game.table.state if game.table is not None else None
        assert s is not None and s.game_over
        won = s.winner == 0
        assert games[-1]["place"] == (1 if won else 2) and (games[-1]["lives"][-1] >= 0) == won  # -1: out
        outcomes.add(won)
    assert outcomes == {True, False}  # games won and lost, both kept


def test_games_under_rules_that_are_no_preset_keep_the_options_and_the_lesson_in_spanish() -> None:
    from thirtyone import i18n, progress
    from thirtyone.widgets import Memory

    m = Memory("06-play")
    browser_sends(m, loaded="")
    rules = Rules.preset("schwimmen").replace(allow_pass=False, lives=1)
    game = PlayGame(rules, bots=1, seed=2, pace=0, rollouts=30, memory=m)
    play_to_the_end(game)  # (its checks read English)
    [entry] = progress.read(m.saved)[0]["games"]
    assert entry["rules"]["allow_pass"] is False and entry["rules"]["family"] == "commerce"
    assert "lives" not in entry["rules"] and entry["lives"][0] == 1
    assert Rules(**{**entry["rules"], "lives": 1}) == rules  # the rule set comes back whole
    assert "your own rules, 2 players" in shown_text(game.summary.value)
    with i18n.using("es"):
        game._summary_for = None
        game._draw()  # the summary as a Spanish page draws it
        summary = shown_text(game.summary.value)
        assert "Cómo te fueron tus últimas partidas" in summary
        per_round = i18n.number(round(entry["lost"] / (len(entry["lives"]) - 1), 1))
        assert per_round in summary and "." not in per_round


def test_without_a_memory_the_summary_shows_this_visits_games() -> None:
    game = PlayGame("scat", bots=1, seed=4, lives=1, pace=0, rollouts=30)
    play_to_the_end(game)
    assert len(game.games) == 1 and "Your last game" in shown_text(game.summary.value)
    game.start()
    play_to_the_end(game)
    assert len(game.games) == 2 and "Your last 2 games" in shown_text(game.summary.value)


def dealt_hands(game: PlayGame) -> tuple[Any, ...]:
    """The hands of the game on the table as first dealt (the learner's moves aside)."""
    assert game.table is not None
    s = game.table.state
    return new_game(s.rules, players=s.players, seed=s.seed).hands


def test_change_the_game_offers_a_new_game_number_that_deals_new_cards() -> None:
    """"Change the game" then "Start the game" deals a new game: a new number in the box (the next of the one
    seeded generator: the same on every visit), new cards; typing the old number back replays the old game."""
    game = PlayGame("scat", bots=2, seed=1, pace=0, rollouts=20, start=False)
    game.setup.start_button.click()
    assert game.table is not None and game.table.state.seed == 1
    first = dealt_hands(game)
    game.setup.change_button.click()
    offered = game.setup.seed_box.value
    assert offered != "1" and game.setup.seed == int(offered)
    game.setup.start_button.click()
    assert game.table.state.seed == int(offered) and dealt_hands(game) != first
    assert f"game number {offered}" in game.setup.hint.value
    game.setup.change_button.click()  # a third game: again another number
    third = game.setup.seed_box.value
    assert third not in ("1", offered)
    again = PlayGame("scat", bots=2, seed=1, pace=0, rollouts=20, start=False)  # a reload: the same games
    again.setup.start_button.click()
    again.setup.change_button.click()
    assert again.setup.seed_box.value == offered
    game.setup.seed_box.value = "1"  # the learner types the first game's number: it is replayed
    game.setup.start_button.click()
    assert game.table.state.seed == 1 and dealt_hands(game) == first
    game.setup.change_button.click()
    game.setup.seed_box.value = "77"  # a number typed before Change is pressed again stays
    game.setup.fold()
    game.setup.change_button.click()
    assert game.setup.seed_box.value == "77"


def test_the_games_settings_come_back_after_a_reload() -> None:
    """Rules, bots and the bots' level chosen on lesson 6 are kept in the learner's record and shown again when
    the page is opened again; settings that cannot be (hand-edited) are ignored."""
    from thirtyone import progress
    from thirtyone.widgets import Memory

    m = Memory("06-play", exercises=("games",))
    browser_sends(m, loaded="")
    game = PlayGame("scat", bots=3, level="intermediate", seed=1, pace=0, start=False, memory=m)
    game.setup.level_menu.value = "expert"
    game.setup.bots_menu.value = 2
    game.setup.rules_editor.choose("schwimmen")
    game.setup.lives_menu.value = 2
    kept = m.saved
    assert progress.read(kept, {"06-play": ("games",)})[1] is progress.Note.OK
    reload = Memory("06-play", exercises=("games",))
    again = PlayGame("scat", bots=3, level="intermediate", seed=1, pace=0, start=False, memory=reload)
    assert again.setup.level_menu.value == "intermediate"  # the lesson's own until the record arrives
    browser_sends(reload, loaded=kept)
    assert again.setup.level_menu.value == "expert" and again.setup.bots_menu.value == 2
    assert again.setup.rules == Rules.preset("schwimmen").replace(lives=2)
    assert reload.saved == ""  # restoring writes nothing back
    assert "3 expert bots" not in again.setup.describe() and "2 expert bots" in again.setup.describe()
    # settings hand-edited into what they cannot be are ignored, the rest restored
    record = progress.keep_settings(progress.fresh(), "06-play",
                                    {"level": "grandmaster", "bots": 99, "rules": {"deck": 7}})
    odd = Memory("06-play", exercises=("games",))
    third = PlayGame("scat", bots=3, level="beginner", seed=1, pace=0, start=False, memory=odd)
    browser_sends(odd, loaded=progress.dump(record))
    assert third.setup.level_menu.value == "beginner" and third.setup.bots_menu.value == 3
    assert third.setup.rules == Rules.preset("scat")


def test_a_double_click_on_next_round_never_skips_the_showdown_of_a_round_that_ends_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Lesson 6, game 5: round 6 ends as it is dealt. The second click on "Next round", however late (the clock
    moves 0.7 s each time it is read), is refused without effect; the round goes on only from the "Next round"
    under its showdown (seeded: the same game on every run)."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "monotonic", lambda: 1000 + 0.7 * next(ticks))  # no clock decides
    game = PlayGame("scat", bots=2, seed=5, pace=0, rollouts=10)
    t = game.table
    assert t is not None
    me = make_bot("intermediate", seed=11)
    while t.state.round < 5 or not t.state.round_over:
        if t.state.round_over:
            next_round(t)
        else:
            do(t, me.choose(t.state.view(0)))
    assert t.state.round == 5 and not t.state.game_over
    t.next_round_button.click()  # the double click's first half deals round 6, over at once
    dealt = t.state
    assert dealt.round == 6 and dealt.round_over and dealt.result is not None
    lives = dealt.lives
    for _second in range(2):  # its second half, and one more impatient click
        t.next_round_button.click()
        t.next_round_button._click_handlers(t.next_round_button)  # as the front end's message would
        assert t.state is dealt and t.state.lives == lives
    assert "Round 6 is already over" in t.status.value and t.showdown.value
    assert game.results[6] and "Round 6" in game.game_log.value  # its showdown is in the log too
    t.showdown_next_button.click()
    assert t.state.round == 7 or t.state.game_over
