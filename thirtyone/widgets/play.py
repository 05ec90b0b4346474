"""Lesson 6: a whole game against bots, with a coach, the game log and a closing summary.

* :class:`GameSetup` — the rules (any rule set: a :class:`~thirtyone.widgets.ruleset.RuleEditor`,
  a preset and then every option of its kind of game, lives included), how many bots (1 to 7), their
  level (each described in a sentence true of :mod:`thirtyone.bots`), and the game number (the seed:
  the same number deals the same cards); "Start the game". Nothing is dealt before that click.
* :class:`PlayGame` — the setup above a :class:`~thirtyone.widgets.table.CardTable` that plays the
  whole game, round after round, until one player is left. "Ask the coach" shows
  :func:`thirtyone.coach.coach`'s best move and its numbers for the learner's turn, "Play the coach's
  move" makes it. Below: the game log (each finished round, how it ended and every move), and at the
  end a summary (lives over the rounds as a chart with alt text and as a table; the learner's knocks
  against the coach's advice), kept by a :class:`thirtyone.coach.GameRecord`. After each showdown, "Watch the
  coach play this round" plays the same deal again with the coach in the learner's seat and shows both rounds side
  by side (:class:`~thirtyone.widgets.roundreplay.RoundReplay`). Each finished game is kept in
  the learner's record (a :class:`~thirtyone.widgets.memory.Memory`, ``memory=``; :func:`thirtyone.progress.game_entry`)
  and the summary ends with how their last games went (:func:`history_html`: a chart and a table).
  "Change the game" offers a new game number (the next of one generator seeded with the lesson's number, so a
  visit's games come in the same order every time; a number typed again replays its game), and the game chosen
  (rules, bots, level) is kept in the learner's record and shown again on their next visit.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from html import escape as esc_attr
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from .. import names, progress, schedule
from ..bots import KNOCK_RULES, LEVELS, knock_rule
from ..coach import (
    COACH_ROLLOUTS,
    Advice,
    GameRecord,
    chance_text,
    coach,
    departure_text,
    interval_text,
    keep_headline,
    keep_text,
    lives_text,
)
from ..game import Action, PlayerView, State, narrate, new_game, parse_action
from ..i18n import N_, _, grouped, ngettext, percent
from ..readwords import read_sentences
from ..rules import RULE_FIELDS, Rules
from ._html import esc, number, static_text, style_tag
from .failure import failure_html
from .roundreplay import RoundReplay
from .ruleset import CUSTOM, RuleEditor, preset_of
from .study import STUDY_CSS, html_table
from .svgchart import COLOURS, Line, line_chart, ticks_axis
from .table import CardTable

if TYPE_CHECKING:  # pragma: no cover
    from .memory import Memory

__all__ = ["GameSetup", "PlayGame", "GameTable", "coach_html", "advice_html", "lives_chart", "level_text", "rules_name", "LEVEL_NAMES", "LEVEL_MOVES",
           "history_html", "games_chart", "HISTORY"]

PLAY_CSS = style_tag(static_text("play.css"))
"""Lesson 6's own look (``static/play.css``)."""

LEVEL_NAMES = {"beginner": N_("beginner"), "intermediate": N_("intermediate"), "expert": N_("expert")}
"""The bots' levels as the setup's menu shows them: the same words as the card table's menu and the sentences
("3 intermediate bots"), in small letters like every menu's choices (one form of each level everywhere)."""

LIVES = ((N_("as the rules say"), 0), ("1", 1), ("2", 2), ("3", 3), ("5", 5))
"""The lives the old lives menu offered (0 keeps the rule set's own number); kept for old callers."""

MAX_SEED = 10**9
"""The largest game number the setup takes (any whole number from 0 to it)."""

NEW_NUMBERS = 100_000
"""The game numbers "Change the game" offers for a new game are below this (short to read out to a friend)."""

START_HINT = N_("Choose the rules, how many bots you play against and how well they play, then press "
                "<strong>Start the game</strong>. Nothing is dealt until you do.")


LEVEL_MOVES = {
    "beginner": N_("Beginner bots make whatever move gives them the best hand right now."),
    "intermediate": N_("Intermediate bots make whatever move gives them the best hand right now, as beginners do."),
    "expert": N_("Expert bots try each sensible move on many random deals of the cards they cannot see, and make "
                 "the one that loses the fewest lives on average."),
}
"""How each level chooses its moves (true of :mod:`thirtyone.bots`); when it knocks is :func:`level_text`'s."""


def level_text(level: str, rules: Rules, players: int) -> str:
    """What bots of ``level`` do: how they move, and when they knock in the words of
    :func:`thirtyone.bots.knock_rule` (the one statement of the bots' knocks) for ``players`` at the table."""
    rule = knock_rule(level, rules, players)
    text = f"{_(LEVEL_MOVES[level])} {rule.text}"
    if rule.threshold is not None and players > 2:
        fewer = [knock_rule(level, rules, n) for n in range(players - 1, 1, -1)]
        text += "".join(" " + _("With {players} players still in, it knocks at {value} or more.").format(
            players=r.players, value=number(r.threshold)) for r in fewer if r.threshold is not None)
    if rules.first_knock != "anytime":
        text += " " + KNOCK_RULES["all"]
    return text


def rule_options(rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` unlike the default rule set's (Scat's), lives included, as plain values: what the
    learner's record keeps of a rule set (``Rules().replace(**options)`` is ``rules`` again)."""
    base = Rules()
    return {name: getattr(getattr(rules, name), "value", getattr(rules, name))
            for name in RULE_FIELDS if getattr(rules, name) != getattr(base, name)}


def rules_name(rules: Rules) -> str:
    """A rule set's name for a sentence: the preset's (lives aside), else "your own rules" and its kind of game."""
    key = preset_of(rules)
    if key != CUSTOM:
        return names.preset_name(key)
    return (_("Your own rules (draw and discard, {n} cards)") if rules.family == "draw" else
            _("Your own rules (swap with the center, {n} cards)")).format(n=rules.deck)


class GameSetup(w.VBox):
    """The game to play: the rules (a :class:`RuleEditor`: any rule set, lives included), bots (1 to 7),
    their level and the game number; "Start the game".

    ``lives``: a number of lives for every player (1 to 5), or 0 for the rule set's own.
    ``rules_menu`` and ``lives_menu`` are the editor's preset and lives menus.
    """

    def __init__(self, rules: Rules | str | None = "scat", bots: int = 2, level: str = "intermediate",
                 seed: int = 1, lives: int = 0) -> None:
        if not 1 <= bots <= 7:
            raise ValueError(f"bots must be 1 to 7, not {bots!r}")
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        if isinstance(lives, bool) or not isinstance(lives, int) or not 0 <= lives <= 5:
            raise ValueError(f"lives must be 1 to 5 (or 0: as the rules say), not {lives!r}")
        start = Rules.coerce(rules)
        if lives:
            start = start.replace(lives=lives)

        def wide() -> w.Layout:  # one Layout per widget: hiding one must not hide the others
            return w.Layout(width="max-content", max_width="100%")

        label = {"description_width": "initial"}
        self.hint = w.HTML(f"<p>{_(START_HINT)}</p>")
        self.rules_editor = RuleEditor(start)
        self.rules_menu = self.rules_editor.preset_menu
        """The editor's preset menu (a preset's name chooses it)."""
        self.lives_menu = self.rules_editor.controls["lives"]
        """The editor's lives menu."""
        self.bots_menu = w.Dropdown(options=[(str(n), n) for n in range(1, 8)], value=bots,
                                    description=_("Number of bots"), style=label, layout=wide())
        self.level_menu = w.Dropdown(options=[(_(LEVEL_NAMES[x]), x) for x in LEVELS], value=level,
                                     description=_("Bots' level"), style=label, layout=wide())
        self.level_help = w.HTML()
        self.level_help.add_class("to-help")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        self.seed = seed
        """The game number: the last one typed that is a whole number from 0 to :data:`MAX_SEED`."""
        self.seed_box = w.Text(value=str(seed), description=_("Game number"), style=label, continuous_update=False,
                               tooltip=_("Any whole number from 0: the same number deals the same cards"),
                               layout=w.Layout(width="220px", max_width="100%"))
        """Where the game number is typed (read when Enter is pressed or the box is left)."""
        self.seed_error = w.HTML(layout=w.Layout(display="none"))
        """What is wrong with the game number typed, and what is allowed (hidden while nothing is)."""
        self.seed_error.add_class("to-help")
        self.seed_help = w.HTML("<p>" + _("The same game number deals the same cards, so you can replay a game or "
                                          "play the same one as a friend.") + "</p>")
        self.seed_help.add_class("to-help")
        self.start_button = w.Button(description=_("Start the game"), button_style="primary",
                                     tooltip=_("Deal a new game with these settings"), layout=wide())
        self.change_button = w.Button(description=_("Change the game"), tooltip=_("Show the settings for a new game"),
                                      layout=wide())
        self.change_button.layout.display = "none"
        self.controls = w.VBox([self.rules_editor,
                                w.HBox([self.bots_menu, self.level_menu],
                                       layout=w.Layout(flex_flow="row wrap", align_items="center")),
                                self.level_help, self.seed_box, self.seed_error, self.seed_help, self.start_button])
        """Every setting and the Start button (folded away while a game is played)."""
        super().__init__([self.hint, self.change_button, self.controls])
        self.add_class("to-setup")
        self.change_button.on_click(lambda _b: self.fold(False))
        self._describe_level()
        for control in (self.level_menu, self.bots_menu):
            control.observe(lambda _c: self._describe_level(), "value")
        self.rules_editor.observe(lambda _c: self._describe_level(), "rules")
        self.seed_box.observe(lambda _c: self.read_seed(), "value")

    def seed_problem(self) -> str | None:
        """What is wrong with the text in the game number box, and what is allowed; ``None`` if nothing is."""
        text = self.seed_box.value.strip()
        top = grouped(MAX_SEED)
        if not text:
            return _("Type a game number: a whole number from 0 to {max}.").format(max=top)
        shown = text if len(text) <= 24 else text[:23] + "…"
        if not re.fullmatch("[0-9]+", text):
            return _("“{text}” is not a game number: type a whole number from 0 to {max}, in digits only "
                     "(no sign, point, comma or letter).").format(text=shown, max=top)
        digits = text.lstrip("0") or "0"  # 007 is game 7; a long paste is refused before int() reads it
        if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
            return _("{text} is too large for a game number: type a whole number from 0 to {max}.").format(
                text=shown, max=top)
        return None

    def read_seed(self, extra: str = "") -> bool:
        """Read the game number box: a whole number from 0 to :data:`MAX_SEED` becomes :attr:`seed`; anything
        else changes nothing and :attr:`seed_error` says what was wrong and what is allowed (then ``extra``)."""
        problem = self.seed_problem()
        if problem is None:
            self.seed = int(self.seed_box.value.strip())
        said = " ".join(esc(t) for t in (problem, extra) if t)
        self.seed_error.value = f'<p role="alert">{said}</p>' if problem else ""
        self.seed_error.layout.display = None if problem else "none"
        return problem is None

    def fold(self, folded: bool = True) -> None:
        """Fold the settings away (a game has started: "Change the game" shows them again), or show them."""
        self.controls.layout.display = "none" if folded else None
        self.change_button.layout.display = None if folded else "none"
        if folded:
            self.rules_editor.toggle.value = False

    def _describe_level(self) -> None:
        self.level_help.value = f"<p>{esc(level_text(self.level_menu.value, self.rules, self.players))}</p>"

    @property
    def rules(self) -> Rules:
        """The chosen rule set (lives included)."""
        return self.rules_editor.rules

    @property
    def players(self) -> int:
        """Players at the table: the bots and the learner."""
        return int(self.bots_menu.value) + 1

    def lives(self) -> int:
        """Lives each player starts with."""
        return self.rules.lives

    def describe(self) -> str:
        """The game chosen, in a sentence: "Scat against 3 intermediate bots, 3 lives each, game number 1."
        (one whole message for each level, and for one life or several)."""
        r = self.rules
        n = self.bots_menu.value
        level, one = self.level_menu.value, r.lives == 1
        if level == "beginner":
            said = (ngettext("{rules} against {n} beginner bot, 1 life each, game number {seed}.",
                             "{rules} against {n} beginner bots, 1 life each, game number {seed}.", n) if one else
                    ngettext("{rules} against {n} beginner bot, {lives} lives each, game number {seed}.",
                             "{rules} against {n} beginner bots, {lives} lives each, game number {seed}.", n))
        elif level == "expert":
            said = (ngettext("{rules} against {n} expert bot, 1 life each, game number {seed}.",
                             "{rules} against {n} expert bots, 1 life each, game number {seed}.", n) if one else
                    ngettext("{rules} against {n} expert bot, {lives} lives each, game number {seed}.",
                             "{rules} against {n} expert bots, {lives} lives each, game number {seed}.", n))
        else:
            said = (ngettext("{rules} against {n} intermediate bot, 1 life each, game number {seed}.",
                             "{rules} against {n} intermediate bots, 1 life each, game number {seed}.", n) if one else
                    ngettext("{rules} against {n} intermediate bot, {lives} lives each, game number {seed}.",
                             "{rules} against {n} intermediate bots, {lives} lives each, game number {seed}.", n))
        return said.format(rules=rules_name(r), n=n, lives=r.lives, seed=self.seed)

    def ready(self) -> bool:
        """Every setting can deal a game: False (and the game number's message says why, and that nothing
        was dealt) while the game number box holds what is not a game number."""
        return self.read_seed(_("Nothing was dealt: correct the game number, then press Start the game."))

    def new_state(self) -> State:
        """The first state of the chosen game (the learner in seat 0)."""
        if self.players > self.rules.max_players:  # pragma: no cover - 8 players fit every deck
            raise ValueError(f"{self.players} players do not fit a {self.rules.deck}-card deck")
        return new_game(self.rules, players=self.players, seed=self.seed)


class GameTable(CardTable):
    """The card table of a whole game: no stepping back, no bots' level or teaching mode (the setup
    chooses); every move the learner makes is reported to ``on_move(state before, action)``."""

    def __init__(self, state: State, level: str, pace: float, seed: int,
                 on_move: Callable[[State, Action], None] | None = None) -> None:
        self.on_move = on_move
        self.moving = False
        """A move of the learner is being made (its ``on_move`` report is still to come)."""
        super().__init__(state=state, bots=level, seed=seed, pace=pace)

    def play(self, action: Action | str) -> bool:
        before = self.state
        self.moving = True
        try:
            made = super().play(action)
        finally:
            self.moving = False
        if made and self.on_move is not None:
            self.on_move(before, parse_action(action))
        return made

    def render(self) -> None:
        super().render()
        for hidden in (self.back_button, self.new_game_button, self.level_menu, self.show_all_box):
            hidden.layout.display = "none"

    def stop(self) -> None:
        """No more bot moves (the game was replaced)."""
        self.bots = [None] * self.state.players


def coach_html(advice: Advice, labels: Sequence[str] = (), view: PlayerView | None = None) -> str:
    """The coach's advice: the best move and why, every move's numbers as a table, the knock verdict.
    The numbers live in the table; the one sentence that quotes any quotes the table's. With the learner's ``view``
    (of the moment the advice is for) and the players' names (``labels``, by seat), what the coach read of the
    table too (:func:`thirtyone.readwords.read_sentences`), when it read something clear."""
    rows = [[m.words + (_(" (best)") if i == 0 else ""), lives_text(m.estimate.expected_lives),
             interval_text(m.estimate), chance_text(m.estimate.p_lose)]
            for i, m in enumerate(advice.moves)]
    table = html_table(_("Every move compared over the same {n} deals of the cards you cannot see").format(
                           n=grouped(advice.moves[0].estimate.rollouts)),
                       [_("Move"), _("Lives lost on average"), _("{percent} interval").format(percent=percent(95, compound=True)),
                        _("Chance of losing a life")], rows,
                       numeric=(1, 3), marked=(0,))
    knock = ""
    if advice.knock is not None:
        text = f"{advice.situation} {advice.verdict_text}" if advice.situation else advice.knock.explanation
        knock = "<p><strong>" + _("Should you knock?") + f"</strong> {esc(text)}</p>"
    why = advice.explanation  # the headline names the move; the explanation says why
    headline = keep_headline(advice) or advice.headline
    kept = keep_text(advice)  # what keeping the hand is for, before the numbers
    lesson = departure_text(advice.departure)  # why the advice departs from lesson 5's knock rule
    read = read_sentences(view, advice.read, labels or None, advice.best) if view is not None else []
    return ('<div class="to-coach-advice" role="status">'
            '<p class="to-advice"><strong>' + esc(headline) + "</strong> "
            + (f"{esc(kept)} " if kept else "") + f"{esc(why)}</p>"
            + (f'<p class="to-coach-lesson">{esc(lesson)}</p>' if lesson else "")
            + (f'<p class="to-coach-read">{esc(" ".join(read))}</p>' if read else "")
            + f'<div class="to-coach-table">{table}</div>{knock}</div>')


advice_html = coach_html
"""The old name of :func:`coach_html` (the knock advisor's is :func:`thirtyone.widgets.advisor.advice_html`)."""


def table_advice(t: CardTable | None, advice: Advice | None, rollouts: int, out: w.HTML,
                 working: bool = True) -> Advice | None:
    """The coach's advice for the learner's turn at table ``t`` (its seat's view only): ``advice`` when it is for the
    table shown, else the coach's anew (``rollouts`` sampled deals; ``working``: saying so in ``out`` meanwhile).
    ``None``, said in ``out``, when it is not the learner's turn or the coach failed."""
    if t is None or not t.my_turn:
        out.value = '<p role="status">' + _("The coach helps on your turn.") + "</p>"
        return None
    s = t.state
    if advice is None or not advice.is_for(s):
        seed = s.seed * 7919 + s.round * 131 + s.turns * 2 + (s.phase == "discard")
        if working:
            out.value = ('<p role="status">' + _("The coach is playing your moves on, {n} deals each…").format(n=rollouts)
                         + "</p>")
        try:
            advice = coach(s, t.seat, rollouts=rollouts, seed=seed, knock_rollouts=rollouts)
        except Exception as e:  # said to the learner, not only logged (failure.failure_html)
            out.value = failure_html(e)
            return None
    return advice


def follow_advice(t: CardTable | None, advice: Advice | None) -> bool:
    """Make the coach's best move at table ``t``, if ``advice`` is for the table shown."""
    if t is None or advice is None or not advice.is_for(t.state):
        return False
    return t.play(advice.best)


def lives_chart(record: GameRecord, labels: Sequence[str], swimming: bool = True) -> str:
    """Lives over the rounds: a line per player (ending when they are out; the learner's thicker, each with its own
    marker), as an inline SVG with alt text (each player's lives in words) and the legend under it.
    ``swimming``: the rules let a player with no lives left play on (the caption says what 0 means)."""
    n = len(record.start)
    lines, alt = [], []
    for s in range(n):
        name = labels[s] if s < len(labels) else record.name(s)
        ys: list[float] = [record.start[s]]
        words = [str(record.start[s])]
        for _round, lives, out in record.rounds:
            ys.append(-1 if out[s] else lives[s])
            words.append(_("out") if out[s] else str(lives[s]))
            if out[s]:
                break
        lines.append(Line(name, list(range(len(ys))), ys, style=s, steps=True, bold=s == record.seat,
                          shift=(s - (n - 1) / 2) * 0.05))  # lines that share a value stay apart
        alt.append(f"{name}: {', '.join(words)}")
    rounds = len(record.rounds)
    top = max(record.start) if record.start else 3
    x = ticks_axis(_("after round (0: the start)"), [(r, str(r)) for r in range(rounds + 1)], -0.3, rounds + 0.3,
                   most=13)
    y = ticks_axis(_("lives"), [(-1, _("out"))] + [(v, str(v)) for v in range(top + 1)], -1.4, top + 0.4)
    zero = (_("0 lives means swimming: one more loss and out.") if swimming else
            _("With these rules a player who loses their last life is out at once."))
    return line_chart(lines, x, y, alt=_("Lives of each player at the start and after every round.") + " "
                      + "; ".join(alt) + ".", caption=_("Lives over the rounds. A line ends when its player is out; "
                                                        "{zero}").format(zero=zero), height=230)


class PlayGame(w.VBox):
    """A whole game of 31 against 1 to 7 bots, with a coach: ``PlayGame("scat", bots=3)``.

    ``pace``: seconds between two bot moves (0: at once, for tests). ``rollouts``: the coach's sampled
    deals per move. ``start``: deal the game at once; the lesson passes ``start=False``, so nothing is
    dealt and no bot moves until the learner clicks "Start the game". ``memory``: the page's
    :class:`~thirtyone.widgets.memory.Memory`, which keeps each finished game (the summary shows the last ones).
    ``replay_rollouts``: the coach's sampled deals per move when it plays a finished round again in the learner's
    seat (:class:`~thirtyone.widgets.roundreplay.RoundReplay`; ``None``: as many as ``rollouts`` with NumPy, fewer
    in a browser's Python).
    """

    def __init__(self, rules: Rules | str | None = "scat", bots: int = 2, level: str = "intermediate",
                 seed: int = 1, lives: int = 0, pace: float = 1.0, rollouts: int = COACH_ROLLOUTS, start: bool = True,
                 memory: Memory | None = None, replay_rollouts: int | None = None) -> None:
        self.memory = memory
        self.games: list[dict[str, Any]] = []
        """The games finished on this visit (:func:`thirtyone.progress.game_entry`), oldest first."""
        self._kept_for: GameTable | None = None
        self.pace = pace
        self.rollouts = rollouts
        self.setup = GameSetup(rules, bots, level, seed, lives)
        self.numbers = random.Random(seed)
        """The one seeded generator of new game numbers: "Change the game" offers its next number (so the
        lesson's seed gives the same games in the same order on every visit, and the same number still
        replays a game)."""
        self._restoring = False
        self.table: GameTable | None = None
        self.record = GameRecord(0, rollouts=rollouts)
        self.advice: Advice | None = None
        """The coach's last advice (shown only while it is for the moment on the table)."""
        self.results: dict[int, str] = {}
        """Each finished round's explanation, by round number."""
        self._summary_for: State | None = None
        self.table_box = w.VBox()
        self.coach_button = w.Button(description=_("Ask the coach"), icon="lightbulb-o",
                                     tooltip=_("The best move now, with its numbers"),
                                     layout=w.Layout(width="max-content"))
        self.follow_button = w.Button(description=_("Play the coach's move"), layout=w.Layout(width="max-content"))
        self.coach_html = w.HTML()
        self.coach_box = w.VBox([w.HBox([self.coach_button, self.follow_button]), self.coach_html])
        self.coach_box.add_class("to-coach")
        self.replay_panel = RoundReplay(rollouts, replay_rollouts)
        """After each showdown: "Watch the coach play this round", then both rounds side by side."""
        self.game_log = w.HTML()
        self.game_log.add_class("to-game-log")
        self.summary = w.HTML()
        self.summary.add_class("to-game-summary")
        self.summary.layout.display = "none"
        super().__init__([w.HTML(STUDY_CSS + PLAY_CSS), self.setup, self.table_box, self.game_log, self.summary])
        self.add_class("to-play")
        self.add_class("to-study")
        self.setup.start_button.on_click(lambda _b: self.start())
        self.setup.change_button.on_click(lambda _b: self.offer_new_game())
        if memory is not None:  # the game chosen last time comes back (rules, bots, level), and each choice is kept
            memory.on_record(self._restore_settings)
            for control in (self.setup.level_menu, self.setup.bots_menu):
                control.observe(lambda _c: self._keep_settings(), "value")
            self.setup.rules_editor.observe(lambda _c: self._keep_settings(), "rules")
        self.coach_button.on_click(lambda _b: self.ask_coach())
        self.follow_button.on_click(lambda _b: self.follow())
        if start:
            self.start()
        else:
            self._draw()

    # -- the game ---------------------------------------------------------------------------
    @property
    def state(self) -> State | None:
        return self.table.state if self.table is not None else None

    def start(self) -> bool:
        """Deal a new game with the setup's choices (the game shown before is dropped); False, and nothing
        changes, while the game number box holds what is not a game number (the setup says so)."""
        if not self.setup.ready():
            return False
        old = self.table
        if old is not None:
            old.stop()
            old.on_move = None
            old.unobserve(self._state_changed, "state")
            # not old.close(): closing models whose views are still on the page races with their last
            # messages in the browser ("Cannot read properties of null (reading 'processLuminoMessage')");
            # replacing the table in the page's children below takes its view away cleanly
        state = self.setup.new_state()
        self.record = GameRecord(0, rollouts=self.rollouts)
        self.advice = None
        self.results = {}
        self.table = GameTable(state, self.setup.level_menu.value, self.pace, self.setup.seed, on_move=self._moved)
        self.record.names = self.table.labels
        parts = list(self.table.children)  # the coach sits under the learner's buttons
        parts.insert(parts.index(self.table.actions) + 1, self.coach_box)
        parts.insert(parts.index(self.table.showdown_next_button) + 1, self.replay_panel)  # under the showdown
        self.table.children = parts  # before the table is on the page: its view is drawn once, whole
        self.table_box.children = [self.table]
        self.table.observe(self._state_changed, "state")
        self.setup.hint.value = ("<p>" + _("Now playing: {game} You are {name}; the game ends when only one player "
                                           "is left. For another game, press <strong>Change the game</strong>, then "
                                           "<strong>Start the game</strong>.").format(
                                               game=esc(self.setup.describe()), name=esc(self.table.names[0]))
                                 + "</p>")
        self.setup.fold()
        self._seen(self.table.state)  # the bots may have moved already, at pace 0
        return True

    def offer_new_game(self) -> None:
        """"Change the game" was pressed: the game number box offers a new game (the next number of
        :attr:`numbers`, never the game just played), unless the learner has typed another number there."""
        if self.table is None or self.setup.seed_box.value.strip() != str(self.table.state.seed):
            return
        number = self.table.state.seed
        while number == self.table.state.seed:
            number = self.numbers.randrange(NEW_NUMBERS)
        self.setup.seed_box.value = str(number)

    def _restore_settings(self, memory: Memory) -> None:
        """The learner's record has arrived (or was replaced): the setup shows the game they chose last
        (rules, bots, level), unless a game is on the table already. What cannot be a setting is ignored."""
        if self.table is not None:
            return
        kept = memory.settings()
        self._restoring = True
        try:
            options = kept.get("rules")
            if isinstance(options, dict):
                try:
                    self.setup.rules_editor.rules = Rules().replace(**options)
                except (TypeError, ValueError):
                    pass
            bots = kept.get("bots")
            if isinstance(bots, int) and not isinstance(bots, bool) and 1 <= bots <= 7:
                self.setup.bots_menu.value = bots
            if kept.get("level") in LEVELS:
                self.setup.level_menu.value = kept["level"]
        finally:
            self._restoring = False

    def _keep_settings(self) -> None:
        """The learner changed the game's rules, bots or level: keep them for the next visit (once the record
        has arrived: until then the choices shown may be about to be restored)."""
        m = self.memory
        if m is None or not m.ready or self._restoring:
            return
        m.keep_settings(rules=rule_options(self.setup.rules), bots=int(self.setup.bots_menu.value),
                        level=self.setup.level_menu.value)

    def _state_changed(self, change: Any) -> None:
        self._seen(change["new"])

    def _seen(self, state: State) -> None:
        rounds = len(self.record.rounds)
        self.record.observe(state)
        if state.game_over and self.table is not None and not self.table.moving:
            self._keep_game()  # (a game the learner's own move ended is kept once that move is noted)
        if state.round_over and state.result is not None and self.table is not None:
            self.results.setdefault(state.round, state.result.explain(self.table.labels))
        if len(self.record.rounds) != rounds or state.game_over:
            self._draw_log(state)
        self._draw()

    def _moved(self, before: State, action: Action) -> None:
        self.record.note_move(before, action, self.advice)
        if self.table is not None and self.table.state.game_over:  # the summary was drawn before this move was noted
            self._keep_game()
            self._summary_for = None
            self._draw()

    def game_entry(self) -> dict[str, Any]:
        """The game on the table, finished, as the learner's record keeps it (:func:`thirtyone.progress.game_entry`):
        the rules (a preset's name, or the options unlike Scat's), the table, the learner's place and lives over
        the rounds, their knocks and how many the coach agreed with."""
        t, rec = self.table, self.record
        assert t is not None and t.state.game_over
        s, me = t.state, rec.seat
        key = preset_of(s.rules)
        rules: str | dict[str, Any] = key if key != CUSTOM else {
            name: value for name, value in rule_options(s.rules).items() if name != "lives"}
        lives = [rec.start[me]]
        gone: dict[int, int] = {}
        """The round (counted from 1) each seat went out in."""
        for i, (_r, after, out) in enumerate(rec.rounds, start=1):
            for seat, is_out in enumerate(out):
                if is_out:
                    gone.setdefault(seat, i)
            if me not in gone:
                lives.append(after[me])
            elif len(lives) == gone[me]:
                lives.append(-1)
        mine = gone.get(me)
        place = 1 if mine is None else 1 + sum(1 for seat in range(s.players)
                                                if seat != me and gone.get(seat, len(rec.rounds) + 1) > mine)
        now = self._now()
        return progress.game_entry(rules, s.players, t.level_menu.value, s.seed, place, lives,
                                   sum(rec.lost.values()), len(rec.knocks), sum(1 for k in rec.knocks if k.advised), now)

    def _now(self) -> float:
        """Days since 1970 by the page's clock (the memory's, which a browser test moves), else the machine's."""
        return self.memory.now() if self.memory is not None else schedule.days(time.time())

    def _keep_game(self) -> None:
        if self.table is None or self._kept_for is self.table:
            return
        self._kept_for = self.table
        entry = self.game_entry()
        self.games.append(entry)
        if self.memory is not None:
            self.memory.played(entry)

    def history(self) -> list[dict[str, Any]]:
        """The learner's games, oldest first: those their record keeps (with ``memory``), else this visit's."""
        return self.memory.games() if self.memory is not None else list(self.games)

    # -- the coach ----------------------------------------------------------------------------
    def ask_coach(self) -> Advice | None:
        """The coach's advice for the learner's turn (``None`` when it is not their turn)."""
        self.advice = table_advice(self.table, self.advice, self.rollouts, self.coach_html)
        if self.advice is not None:
            self._draw()
        return self.advice

    def follow(self) -> bool:
        """Make the coach's best move, if the advice is for this moment."""
        return follow_advice(self.table, self.advice)

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self) -> None:
        t = self.table
        self.replay_panel.show(t, t.level_menu.value if t is not None else "intermediate")
        mine = t is not None and t.my_turn
        self.coach_button.disabled = not mine
        fresh = self.advice is not None and t is not None and self.advice.is_for(t.state)
        self.follow_button.disabled = not (mine and fresh)
        if fresh and self.advice is not None and t is not None:
            self.coach_html.value = coach_html(self.advice, t.names, t.state.view(self.advice.player))
        elif t is None:
            self.coach_html.value = '<p role="status">' + _("Choose the game above and click Start the game.") + "</p>"
        elif t.state.game_over:
            self.coach_html.value = '<p role="status">' + _("The game is over: read the summary below.") + "</p>"
        else:
            self.coach_html.value = ('<p role="status">'
                                     + _("On your turn, ask the coach for the best move and its numbers.") + "</p>")
        s = t.state if t is not None else None
        if s is not None and s.game_over:
            if self._summary_for is not s:
                self._summary_for = s
                self._draw_summary()
        else:
            self._summary_for = None
            self.summary.value = ""
            self.summary.layout.display = "none"

    def _draw_log(self, state: State) -> None:
        t = self.table
        if t is None:
            return
        events = state.view(t.seat if t.seat is not None else 0).events
        parts = []
        for r in sorted(self.results):
            lines = narrate([e for e in events if e.round == r], t.labels, t.seat)
            items = "".join(f"<li>{esc(x)}</li>" for x in lines)
            parts.append("<details><summary>" + _("Round {n}: {sentences}").format(n=r, sentences=esc(self.results[r]))
                         + f"</summary><ol>{items}</ol></details>")
        body = "".join(parts) if parts else "<p>" + _("No round has ended yet.") + "</p>"
        game_log = _("game log")
        self.game_log.value = (f'<section aria-label="{esc_attr(game_log)}"><h3>' + _("Game log")
                               + f"</h3>{body}</section>")

    def _draw_summary(self) -> None:
        t = self.table
        assert t is not None
        rec = self.record
        header, rows = rec.lives_table()
        knocks = rec.knock_lines()
        knock_list = ("<ul>" + "".join(f"<li>{esc(x)}</li>" for x in knocks) + "</ul>") if knocks else ""
        self.summary.layout.display = None
        summary = _("summary of the game")
        self.summary.value = (
            f'<section aria-label="{esc_attr(summary)}"><h3>' + _("The game in numbers") + "</h3>"
            f"<p>{esc(rec.summary())}</p>"
            + _chart(lambda: lives_chart(rec, t.labels, t.state.rules.swimming))
            + '<div class="to-scroll">'
            + html_table(_("Lives at the start and after each round"), header, rows,
                         numeric=tuple(range(1, len(header))))
            + "</div>"
            + "<h4>" + _("Your knocks and the coach") + "</h4>"
            + (knock_list or "<p>" + _("You did not knock in this game.") + "</p>")
            + history_html(self.history(), self._now())
            + "<p>" + _("Play again: press Change the game above, change what you like, and press Start the game.")
            + "</p></section>")


HISTORY = 10
"""The last games the summary shows."""


def _when(day: float, now: float) -> str:
    ago = max(0, int(now - day))
    return _("today") if ago == 0 else ngettext("{n} day ago", "{n} days ago", ago).format(n=ago)


def _rules_words(rules: Any, players: int) -> str:
    name = names.preset_name(rules) if isinstance(rules, str) else _("your own rules")
    return ngettext("{rules}, {n} player", "{rules}, {n} players", players).format(rules=name, n=players)


def _result_words(game: dict[str, Any]) -> str:
    return _("won") if game["place"] == 1 else _("place {place} of {players}").format(
        place=game["place"], players=game["players"])


def _game_words(n: int, game: dict[str, Any]) -> str:
    """A game of the chart, for its alt text: ``"game 3: won"``, ``"game 4: place 2 of 3"``."""
    return _("game {n}: won").format(n=n) if game["place"] == 1 else _("game {n}: place {place} of {players}").format(
        n=n, place=game["place"], players=game["players"])


def games_chart(games: Sequence[dict[str, Any]], first: int = 1) -> str:
    """How the last ``games`` went, as an inline SVG: the learner's place in each (1 at the top; a win drawn as a
    star, any other place as a circle), numbered from ``first``, with each game in words as its alt text."""
    xs = list(range(first, first + len(games)))
    top = max([g["players"] for g in games] + [2])
    line = Line("", xs, [g["place"] for g in games],
                points=[("star", COLOURS[4]) if g["place"] == 1 else ("circle", COLOURS[0]) for g in games])
    x = ticks_axis(_("game"), [(v, str(v)) for v in xs], first - 0.4, first + len(games) - 0.6)
    y = ticks_axis(_("your place"), [(v, str(v)) for v in range(1, top + 1)], 0.5, top + 0.5, inverted=True)
    alt = [_game_words(n, g) for n, g in zip(xs, games, strict=True)]
    return line_chart([line], x, y, alt=_("Your place in each of your last games, oldest first (1: you won).") + " "
                      + "; ".join(alt) + ".", caption=_("Your place in each of your last games. A star marks a game "
                                                        "you won."), width=400, height=190, max_width=480,
                      legend=False)


def _chart(draw: Callable[[], str]) -> str:
    """A chart of the summary, or, when it could not be drawn, a line that says so (the numbers are in the table
    beside it); never a summary lost to an exception in the card table's callback."""
    try:
        return draw()
    except Exception as e:  # said to the learner, not only logged (failure.failure_html)
        return failure_html(e, chart=True)


def history_html(games: Sequence[dict[str, Any]], now: float) -> str:
    """The summary's last part: how the learner's last :data:`HISTORY` games went (``games``: every game kept,
    oldest first; ``now``: days since the epoch), as a chart with alt text and as a table; empty without
    games."""
    if not games:
        return ""
    first = max(1, len(games) - HISTORY + 1)
    shown = list(games)[first - 1:]
    won = sum(g["place"] == 1 for g in shown)
    if len(shown) == 1:  # (more than one: always the plural)
        said = _("Your last game: you won it.") if won else _("Your last game: not won yet.")
    else:
        said = _("Your last {n} games: you won {won} of them.") if won else _("Your last {n} games: none won yet.")
    chart = _chart(lambda: games_chart(shown, first))
    rows = []
    for n, g in enumerate(shown, start=first):
        rounds = len(g["lives"]) - 1
        per_round = number(round(g["lost"] / rounds, 1)) if rounds else "—"
        knocks = (_("{knocks} (the coach agreed with {agreed})").format(knocks=g["knocks"], agreed=g["agreed"])
                  if g["knocks"] else "0")
        rows.append([str(n), _when(g["day"], now), _rules_words(g["rules"], g["players"]), _result_words(g),
                     str(rounds), per_round, knocks])
    table = html_table(_("Your last games, oldest first"),
                       [_("Game"), _("When"), _("Rules"), _("Result"), _("Rounds you played"),
                        _("Lives lost per round"), _("Your knocks")], rows, numeric=(4, 5), marked=(len(rows) - 1,))
    return ("<h4>" + _("How your last games went") + "</h4>"
            + f"<p>{esc(said.format(n=len(shown), won=won))}</p>" + chart
            + f'<div class="to-scroll to-history-table">{table}</div>')
