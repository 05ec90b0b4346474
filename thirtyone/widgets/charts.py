"""Charts for the strategy lessons: inline SVG pictures drawn in Python (:mod:`thirtyone.widgets.svgchart`: no
chart library, so they draw in Voilà, Jupyter and the course in a browser alike, in well under a millisecond), with
alt text, a caption and the numbers as a table; and the widgets that show the knock-timing studies.

Every number comes from :mod:`thirtyone.timing` (the shipped knock tables, or a small simulation when the learner
asks for one). A simulation that fails in a button's or a menu's callback is said under the chart
(:func:`thirtyone.widgets.failure.failure_html`), never only logged.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from .. import names
from ..analysis import KnockTables, load_knock_tables
from ..bots import knock_rule
from ..i18n import N_, _, fixed, grouped, ngettext, number
from ..i18n import percent as percentage
from ..rules import Rules
from ..strategy import SUIT_POLICIES, SUIT_POLICY_NAMES, Mean, TakeRate, discard_study, suit_study
from ..strength import DEFAULT_CELLS, LEVEL_BOTS, shipped_coach, shipped_strength
from ..timing import (
    CurvePoint,
    ThresholdPoint,
    break_even,
    knock_turn,
    live_curve,
    shipped_thresholds,
    table_curve,
    threshold_curve,
)
from .failure import failure_html
from .study import STUDY_CSS, details_html, html_table, pct
from .svgchart import Bar, Line, Mark, bar_chart, number_axis
from .svgchart import line_chart as svg_line_chart

__all__ = ["Series", "line_chart", "html_table", "pct", "STUDY_CSS", "SurvivalChart", "ThresholdChart",
           "SuitStudyChart", "DiscardStudyView", "shipped_tables", "KnockRulesTable", "StrengthTable"]


@dataclass(frozen=True)
class Series:
    """One line of a chart: points with a 95% interval each."""

    label: str
    x: Sequence[float]
    y: Sequence[float]
    low: Sequence[float]
    high: Sequence[float]
    dashed: bool = False


def line_chart(series: Sequence[Series], xlabel: str, ylabel: str, *, alt: str = "", caption: str = "",
               percent: bool = False, reference: float | None = None, ylim: tuple[float, float] | None = None,
               band: bool = False, mark: Mark | None = None) -> str:
    """Lines with error bars (or shaded bands with ``band``) for their 95% intervals, as an inline SVG ``<figure>``
    (:func:`thirtyone.widgets.svgchart.line_chart`) with ``alt`` as its accessible name and ``caption``; ``percent``:
    the values are chances, shown 0 to 100%; ``reference``: a dotted line at that value; ``mark``: a value marked on
    the x axis. Ticks are written as the language in use writes numbers (``7,5`` on a Spanish axis)."""
    k = len(series)
    scale = 100.0 if percent else 1.0
    lines = []
    for i, s in enumerate(series):
        ys = [y * scale for y in s.y]
        lines.append(Line(s.label, list(s.x), ys, [min(y, lo * scale) for y, lo in zip(ys, s.low)],
                          [max(y, hi * scale) for y, hi in zip(ys, s.high)], style=i, dashed=s.dashed, band=band,
                          shift=(i - (k - 1) / 2) * 0.08 if not band else 0.0))  # error bars of several lines apart
    xs = [x for s in series for x in s.x] or [0.0, 1.0]
    lo, hi = min(xs), max(xs)
    edge = max((hi - lo) * 0.04, 0.3)
    x_axis = number_axis(xlabel, lo, hi, most=9, span=(lo - edge, hi + edge))
    if percent:
        y_axis = number_axis(ylabel, 0, 100, most=6, as_percent=True, span=(-2, 102))
    elif ylim is not None:
        y_axis = number_axis(ylabel, ylim[0], ylim[1], most=7)
    else:
        values = [v for ln in lines for v in (*ln.y, *(ln.low or ()), *(ln.high or ()))] or [0.0, 1.0]
        bottom, top = min(values), max(values)
        room = (top - bottom) * 0.05 or 0.5
        y_axis = number_axis(ylabel, bottom - room, top + room, most=7)
    return svg_line_chart(lines, x_axis, y_axis, alt=alt, caption=caption,
                          reference=reference * scale if reference is not None else None, mark=mark,
                          legend=len(series) > 1 or any(s.dashed for s in series))


def _said(owner: Any, act: Callable[[], object]) -> Callable[..., None]:
    """A button's or a menu's callback that runs ``act``; a failure is said in ``owner.message`` as the advisor and the
    coach say theirs (:func:`~thirtyone.widgets.failure.failure_html`), never only logged."""

    def callback(*_args: Any) -> None:
        try:
            act()
        except Exception as e:  # said to the learner, not only logged
            owner.message.value = failure_html(e)

    return callback


def _interval_header() -> str:
    """A table's column of 95% intervals."""
    return _("{percent} interval").format(percent=percentage(95, compound=True))


def _interval(low: str, high: str) -> str:
    """A 95% interval in words: ``"0.30 to 0.40"``."""
    return _("{low} to {high}").format(low=low, high=high)


def shipped_tables() -> KnockTables:
    """The shipped knock tables (read once per kernel)."""
    return load_knock_tables()


def _seat_name(seat: int) -> str:
    return _("seat {seat}").format(seat=seat)


def _seat_label(seat: int, players: int) -> str:
    if seat == players:
        return _("seat {seat}: the dealer, plays last").format(seat=seat)
    if seat == 1:
        return _("seat 1: left of the dealer, plays first")
    return _seat_name(seat)


def _when(players: int, seat: int, turn: int) -> str:
    """When the knock comes, as the tables mean it (see :func:`thirtyone.timing.knock_turn`): the seat's
    first turn (on the deal, with the cards it was dealt) or a later one."""
    t = knock_turn(players, seat, turn)
    if t == seat - 1:
        return _("on the deal") if t == 0 else ngettext("on the deal (its first turn, after {n} turn)",
                                                        "on the deal (its first turn, after {n} turns)", t).format(n=t)
    return ngettext("after {n} turn played", "after {n} turns played", t).format(n=t)


def _line_label(players: int, seat: int, turn: int, by: str) -> str:
    """A line's name in the legend, one whole message a case: the table size (``by="players"``) or the seat
    (``"seat"``) with when the knock comes (:func:`_when`), or when alone (``"turn"``)."""
    if by == "turn":
        return _when(players, seat, turn)
    t = knock_turn(players, seat, turn)
    if by == "players":
        if t == seat - 1:
            return (_("{players} players, on the deal").format(players=players) if t == 0 else
                    ngettext("{players} players, on the deal (its first turn, after {n} turn)",
                             "{players} players, on the deal (its first turn, after {n} turns)", t)
                    .format(players=players, n=t))
        return ngettext("{players} players, after {n} turn played", "{players} players, after {n} turns played",
                        t).format(players=players, n=t)
    if t == seat - 1:
        return (_("seat {seat}, on the deal").format(seat=seat) if t == 0 else
                ngettext("seat {seat}, on the deal (its first turn, after {n} turn)",
                         "seat {seat}, on the deal (its first turn, after {n} turns)", t).format(seat=seat, n=t))
    return ngettext("seat {seat}, after {n} turn played", "seat {seat}, after {n} turns played", t).format(
        seat=seat, n=t)


OPPONENTS = {"greedy": N_("like beginner bots, never knocking first"),
             "random": N_("at random, never knocking first")}
"""How the other players play in the knock tables, as the menu says it (English, marked: shown as
``_(OPPONENTS[k])``)."""

_OTHERS_PLAY = {"greedy": N_("The others play like beginner bots, never knocking first."),
                "random": N_("The others play at random, never knocking first.")}
"""The same, as a sentence of a chart's caption."""

_COMPARED = {
    "players": N_("Chart: the chance of surviving a knock (0 to 100%) against the hand value, one line per number of "
                  "players."),
    "seat": N_("Chart: the chance of surviving a knock (0 to 100%) against the hand value, one line per seat."),
    "turn": N_("Chart: the chance of surviving a knock (0 to 100%) against the hand value, one line per turn."),
}
"""What a survival chart's lines compare: the first sentence of its description."""


def _curve_series(label: str, curve: Sequence[CurvePoint], dashed: bool = False) -> Series:
    return Series(label, [p.value for p in curve], [p.p for p in curve], [p.low for p in curve],
                  [p.high for p in curve], dashed)


class SurvivalChart(w.VBox):
    """The chance of surviving a knock against hand value, read from the shipped tables.

    ``compare``: what the lines are — ``"players"`` (2 to 6 players, from the first seat or the
    dealer's), ``"seat"`` (every seat at one table) or ``"turn"`` (turns 0 to 3 from one seat). The
    error bars are 95% Wilson intervals. "Compute live" simulates the chosen cell now with
    :func:`~thirtyone.timing.live_curve` (also for rule sets the tables do not hold).
    """

    def __init__(self, rules: str = "scat", *, compare: str = "players", players: int = 4, seat: int = 1,
                 turn: int = 1, opponents: str = "greedy", live_deals: int = 1000,
                 tables: KnockTables | None = None) -> None:
        if compare not in ("players", "seat", "turn"):
            raise ValueError(f"compare must be 'players', 'seat' or 'turn', not {compare!r}")
        self.compare = compare
        self.tables = tables if tables is not None else shipped_tables()
        self.live_deals = live_deals
        self.live: tuple[tuple[Any, ...], list[CurvePoint]] | None = None
        self.rules_menu = w.Dropdown(options=[(names.preset_label(n), n) for n in Rules.PRESET_NAMES], value=rules,
                                     description=_("Rules"), layout=w.Layout(width="max-content"))
        self.players_menu = w.Dropdown(options=[(str(n), n) for n in range(2, 7)], value=players,
                                       description=_("Players"), layout=w.Layout(width="160px"))
        self.seat_menu = w.Dropdown(description=_("Knocker"), layout=w.Layout(width="max-content"),
                                    style={"description_width": "initial"})
        self.turn_menu = w.Dropdown(options=[(_("on the deal: the first turn, with the cards dealt"), 0)] +
                                    [(ngettext("at the first chance once at least {n} turn has been played",
                                               "at the first chance once at least {n} turns have been played",
                                               t).format(n=t), t)
                                     for t in (1, 2, 3)],
                                    value=turn, description=_("Knock"), layout=w.Layout(width="max-content"))
        self.opponents_menu = w.Dropdown(options=[(_(v), k) for k, v in OPPONENTS.items()],
                                         value=opponents, description=_("Others play"),
                                         style={"description_width": "initial"}, layout=w.Layout(width="max-content"))
        self.live_button = w.Button(description=_("Simulate this chart now ({n} deals)").format(n=grouped(live_deals)),
                                    layout=w.Layout(width="max-content"))
        self.live_button.on_click(_said(self, self.compute_live))
        self.figure = w.HTML()
        self.message = w.HTML()
        self._seat_options(seat)
        controls = [self.rules_menu, self.players_menu, self.seat_menu, self.turn_menu, self.opponents_menu]
        compared = {"players": self.players_menu, "seat": self.seat_menu, "turn": self.turn_menu}[compare]
        compared.layout.display = "none"  # the lines already show every value of what is compared
        super().__init__([w.HTML(STUDY_CSS), w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                          self.figure, self.message, self.live_button])
        self.add_class("to-study")
        self.add_class("to-survival")
        self.draw()
        for menu in (self.rules_menu, self.seat_menu, self.turn_menu, self.opponents_menu):
            menu.observe(_said(self, self.draw), "value")
        self.players_menu.observe(_said(self, lambda: self._players_changed(None)), "value")

    # -- controls ---------------------------------------------------------------------------
    def _seat_options(self, seat: int) -> None:
        if self.compare == "players":
            self.seat_menu.options = [(_("left of the dealer (plays first)"), 1), (_("the dealer (plays last)"), 0)]
            self.seat_menu.value = 0 if seat == 0 else 1
            return
        n = self.players_menu.value
        self.seat_menu.options = [(_seat_label(s, n), s) for s in range(1, n + 1)]
        self.seat_menu.value = min(max(seat, 1), n)

    def _players_changed(self, _change: Any) -> None:
        with self.hold_trait_notifications():
            self._seat_options(self.seat_menu.value or 1)
        self.draw()

    def _cell(self, players: int) -> tuple[str, int, int, int, str]:
        seat = self.seat_menu.value
        if self.compare == "players":
            seat = players if seat == 0 else 1
        return (self.rules_menu.value, players, seat, self.turn_menu.value, self.opponents_menu.value)

    def chosen(self) -> tuple[str, int, int, int, str]:
        """The cell the controls point at: ``(rules, players, seat, turn, opponents)``."""
        return self._cell(self.players_menu.value)

    # -- drawing ---------------------------------------------------------------------------
    def _lines(self) -> list[tuple[str, tuple[str, int, int, int, str]]]:
        rules, players, seat, turn, opp = self.chosen()
        if self.compare == "players":
            cells = [self._cell(n) for n in range(2, 7)]
        elif self.compare == "seat":
            cells = [(rules, players, s, turn, opp) for s in range(1, players + 1)]
        else:
            cells = [(rules, players, seat, t, opp) for t in range(4)]
        out = []
        seen = set()
        for cell in cells:
            label = _line_label(*cell[1:4], by=self.compare)
            if label in seen:  # several table turns can lead to the same turn of this seat
                continue
            seen.add(label)
            out.append((label, cell))
        return out

    def curves(self) -> list[tuple[str, list[CurvePoint]]]:
        """The lines drawn now, each with its points (from the tables)."""
        return [(label, table_curve(self.tables, *cell)) for label, cell in self._lines()]

    def draw(self) -> None:
        """Redraw the chart for the controls' values (no simulation)."""
        try:
            lines = self.curves()
        except ValueError as e:
            lines = []
            self.message.value = ('<p class="to-note" role="status">'
                                  + html.escape(_("No chart yet: {why} with the button below.").format(why=e),
                                                quote=False) + "</p>")
        else:
            self.message.value = ""
        live = self.live[1] if self.live is not None and self.live[0] == self.chosen() else None
        if not lines and live is None:
            self.figure.value = ""
            return
        series = [_curve_series(label, curve) for label, curve in lines]
        if live is not None:
            series.append(_curve_series(_("simulated now ({n} deals)").format(n=grouped(self.live_deals)), live,
                                        dashed=True))
        self.figure.value = line_chart(series, _("hand value when knocking"), _("chance of surviving the knock"),
                                       alt=self._alt(lines, live), caption=self._caption(lines, live), percent=True,
                                       reference=0.5) + \
            details_html(_("The numbers behind the chart"), self._numbers(lines, live))

    def _what(self) -> str:
        """What the chart shows: the rules, the knocker and when it knocks, and how the others play (two whole
        sentences, one message a case)."""
        rules, players, seat, turn, opp = self.chosen()
        if self.compare == "turn":
            said = _("{rules}, from seat {seat} of {players}.")
        elif self.compare == "seat":
            said = (_("{rules}, at a table of {players}, knocking on the deal.") if turn == 0 else
                    ngettext("{rules}, at a table of {players}, knocking at the first chance once at least {n} turn "
                             "has been played.",
                             "{rules}, at a table of {players}, knocking at the first chance once at least {n} turns "
                             "have been played.", turn))
        elif self.seat_menu.value == 0:
            said = (_("{rules}, from the dealer's seat, knocking on the deal.") if turn == 0 else
                    ngettext("{rules}, from the dealer's seat, knocking at the first chance once at least {n} turn "
                             "has been played.",
                             "{rules}, from the dealer's seat, knocking at the first chance once at least {n} turns "
                             "have been played.", turn))
        else:
            said = (_("{rules}, from the first seat, knocking on the deal.") if turn == 0 else
                    ngettext("{rules}, from the first seat, knocking at the first chance once at least {n} turn "
                             "has been played.",
                             "{rules}, from the first seat, knocking at the first chance once at least {n} turns "
                             "have been played.", turn))
        return " ".join([said.format(rules=names.preset_name(rules), seat=seat, players=players, n=turn),
                         _(_OTHERS_PLAY[opp])])

    def _alt(self, lines: Sequence[tuple[str, list[CurvePoint]]], live: list[CurvePoint] | None) -> str:
        parts = [_(_COMPARED[self.compare]), self._what()]
        for label, curve in lines:  # each line by its name in the legend, quoted
            be = break_even(curve)
            parts.append(_("“{legend}”: more likely than not to survive from {value}.").format(legend=label,
                                                                                                value=number(be))
                         if be is not None else _("“{legend}”: never more likely than not.").format(legend=label))
        if live is not None:
            be = break_even(live)
            parts.append(_("Simulated now: from {value}.").format(value=number(be)) if be is not None
                         else _("Simulated now: never."))
        return " ".join(parts)

    def _caption(self, lines: Sequence[tuple[str, list[CurvePoint]]], live: list[CurvePoint] | None) -> str:
        meta_deals = self.tables.meta.get("deals")
        deals = grouped(meta_deals) if isinstance(meta_deals, int) else _("thousands of")
        text = _("{sentences} Each point is a hand value; the bars are {percent} intervals (from {deals} simulated deals per "
                 "line; hand values with fewer than 20 knocks are left out). The dotted line is 50%: above it a knock "
                 "survives more often than not.").format(sentences=self._what(), percent=percentage(95, compound=True), deals=deals)
        if live is not None:
            text += " " + _("The dashed line was simulated just now.")
        return text

    def _numbers(self, lines: Sequence[tuple[str, list[CurvePoint]]], live: list[CurvePoint] | None) -> str:
        rows = []
        for label, curve in list(lines) + ([(_("simulated now"), live)] if live is not None else []):
            for p in curve:
                rows.append([label, number(p.value), f"{p.knocks}", pct(p.p), _interval(pct(p.low), pct(p.high))])
        return html_table(_("Chance of surviving a knock"), [_("line"), _("hand value"), _("knocks"), _("survived"),
                                                             _interval_header()], rows, numeric=(1, 2, 3))

    def compute_live(self) -> list[CurvePoint]:
        """Simulate the chosen cell now and draw it dashed over the tables' lines."""
        cell = self.chosen()
        rules, players, seat, turn, opp = cell
        self.message.value = '<p class="to-busy" role="status">' + html.escape(_("Simulating…")) + "</p>"
        curve = live_curve(rules, players, seat, turn, opp, deals=self.live_deals, seed=len(str(cell)))
        self.live = (cell, curve)
        self.draw()
        be = break_even(curve)
        said = (_("Simulated now: a knock survives more often than not from {value}.").format(value=number(be))
                if be is not None else _("Simulated now: no value survived more often than not."))
        self.message.value = f'<p class="to-note" role="status">{html.escape(said, quote=False)}</p>'
        return curve


class KnockRulesTable(w.VBox):
    """The intermediate bot's knock threshold for 2 to 8 players still in, in Scat and in Schwimmen, read from
    :func:`thirtyone.bots.knock_rule` (the rule the bots decide by)."""

    def __init__(self, players: Sequence[int] = range(2, 9)) -> None:
        kinds = (("scat", N_("Scat")), ("schwimmen", N_("Schwimmen")))
        rows = []
        for n in players:
            rows.append([str(n)] + [number(knock_rule("intermediate", key, n).threshold or 0) for key, _l in kinds])
        self.rows = rows
        table = html_table(_("An intermediate bot knocks at this hand value or more, in Scat and in Schwimmen"),
                           [_("players still in")] + [_(label) for _k, label in kinds], rows, numeric=(1, 2))
        super().__init__([w.HTML(STUDY_CSS), w.HTML(table)])
        self.add_class("to-study")
        self.add_class("to-knock-rules")


def signed(x: float, digits: int = 1) -> str:
    """A difference with its sign, as the language writes numbers: ``+1.2``, ``−0.4`` (a true minus sign)."""
    shown = round(x, digits)
    return ("+" if shown > 0 else "−" if shown < 0 else "") + fixed(abs(shown), digits)


class StrengthTable(w.VBox):
    """How strong each level of bot is (issue 19): lives lost per 100 rounds by each bot in turn against a
    table of intermediate bots, on the same deals, in Scat and Schwimmen, with the difference to the
    intermediate bot and its paired 95% interval, read from the shipped measurement
    (:func:`thirtyone.strength.shipped_strength`); a menu picks the table size. A sentence says what the table
    shows about the expert bot, only as far as the intervals allow. When the coach was measured too
    (:func:`thirtyone.strength.shipped_coach`: the move the coach of lesson 6 advises, made on every turn, over
    the first deals of the same table), its row comes last, with a sentence on the coach against the intermediate
    and the expert bot."""

    GAMES = {"scat": N_("Scat"), "schwimmen": N_("Schwimmen")}
    """The presets measured, by the game's name."""
    BOT_NAMES = {"beginner": N_("beginner bot"), "intermediate": N_("intermediate bot"), "expert": N_("expert bot")}

    def __init__(self, players: int = 4) -> None:
        measured = {n for g, n, field in DEFAULT_CELLS if g in self.GAMES and field == "intermediate"}
        sizes = sorted(n for n in measured if all(shipped_strength(g, n) for g in self.GAMES))
        self.players_menu = w.Dropdown(options=[(str(n), n) for n in sizes], value=players if players in sizes else
                                       (sizes[-1] if sizes else None), description=_("Players"),
                                       layout=w.Layout(width="160px"))
        self.figure = w.HTML()
        self.rows: list[list[str]] = []
        self.coach: dict[str, dict[str, Any]] = {}
        super().__init__([w.HTML(STUDY_CSS), self.players_menu, self.figure])
        self.add_class("to-study")
        self.add_class("to-strength")
        self.players_menu.observe(lambda _change: self.draw(), "value")
        self.draw()

    def draw(self) -> None:
        """The table for the table size chosen (a message when nothing was measured)."""
        n = self.players_menu.value
        cells = {g: shipped_strength(g, n) for g in self.GAMES} if n else {}
        if not cells or not all(cells.values()):
            self.rows = []
            self.figure.value = "<p>" + html.escape(_("The bots' strength was not measured for this table.")) + "</p>"
            return
        rows: dict[str, dict[str, dict[str, float]]] = {
            g: {r["bot"]: r for r in cell["rows"]} for g, cell in cells.items() if cell}
        self.rows = []
        for bot in LEVEL_BOTS:
            line = [_(self.BOT_NAMES[bot])]
            for g in self.GAMES:
                r = rows[g][bot]
                line.append(fixed(100 * r["lost"], 1))
                line.append("—" if bot == "intermediate" else _("{diff} ({low} to {high})").format(
                    diff=signed(100 * r["diff"]), low=signed(100 * (r["diff"] - r["half"])),
                    high=signed(100 * (r["diff"] + r["half"]))))
            self.rows.append(line)
        coach = {g: shipped_coach(g, n) for g in self.GAMES}
        self.coach = {g: c for g, c in coach.items() if c} if all(coach.values()) else {}
        if self.coach:
            line = [_("coach of lesson 6")]
            for g in self.GAMES:
                c = self.coach[g]
                diff, half = c["minus"]["intermediate"]
                line += [fixed(100 * c["lost"], 1), _("{diff} ({low} to {high})").format(
                    diff=signed(100 * diff), low=signed(100 * (diff - half)), high=signed(100 * (diff + half)))]
            self.rows.append(line)
        deals = int(cells["scat"]["rounds"]) if cells["scat"] else 0
        caption = ngettext("Lives lost per 100 rounds by each bot in turn against {others} intermediate bot, the "
                           "same {deals} deals for every bot",
                           "Lives lost per 100 rounds by each bot in turn against {others} intermediate bots, the "
                           "same {deals} deals for every bot", n - 1).format(others=n - 1, deals=grouped(deals))
        header = [_("bot")]
        for game in map(_, self.GAMES.values()):
            header += [game, _("{game}: against the intermediate bot").format(game=game)]
        table = html_table(caption, header, self.rows, numeric=(1, 2, 3, 4))
        said = self.verdict(rows)
        if self.coach:
            coach_deals = min(int(c["rounds"]) for c in self.coach.values())
            table += '<p class="to-note">' + html.escape(_(
                "The coach's row: the move the coach advises, made on every turn, over the same deals."
            ) if coach_deals >= deals else _(
                "The coach's row: the move the coach advises, made on every turn, over the first {deals} of these "
                "deals.").format(deals=grouped(coach_deals))) + "</p>"
            said += " " + self.coach_verdict()
        self.figure.value = table + '<p class="to-verdict">' + html.escape(said) + "</p>"

    def verdict(self, rows: dict[str, dict[str, dict[str, float]]]) -> str:
        """What the table says of the expert bot, one sentence per game, as far as its intervals allow."""
        said = []
        for g, name in self.GAMES.items():
            r, game = rows[g]["expert"], _(name)
            if r["diff"] + r["half"] < 0:
                said.append(_("In {game} the expert bot lost {fewer} fewer lives per 100 rounds than the intermediate "
                              "bot, and the whole {percent} interval is below 0: it is measurably stronger.").format(
                    game=game, fewer=fixed(-100 * r["diff"], 1), percent=percentage(95, compound=True)))
            else:
                said.append(_("In {game} the {percent} interval includes 0: the expert bot is not measurably "
                              "stronger than the intermediate bot.").format(game=game, percent=percentage(95, compound=True)))
        return " ".join(said)

    def coach_verdict(self) -> str:
        """What the coach's row says, one or two sentences per game, as far as its intervals allow: against the
        intermediate bot, then against the expert bot."""
        said = []
        for g, name in self.GAMES.items():
            c, game = self.coach[g], _(name)
            diff, half = c["minus"]["intermediate"]
            if diff + half < 0:
                said.append(_("In {game}, followed on every turn, the coach lost {fewer} fewer lives per 100 rounds "
                              "than the intermediate bot.").format(game=game, fewer=fixed(-100 * diff, 1)))
            else:
                said.append(_("In {game} the coach is not measurably stronger than the intermediate bot.").format(
                    game=game))
            diff, half = c["minus"]["expert"]
            if diff + half < 0:
                said.append(_("It lost {fewer} fewer than the expert bot too: it is measurably the strongest player "
                              "here.").format(fewer=fixed(-100 * diff, 1)))
            elif diff - half > 0:
                said.append(_("It lost {more} more than the expert bot: the expert bot is measurably stronger."
                              ).format(more=fixed(100 * diff, 1)))
            else:
                said.append(_("Against the expert bot the {percent} interval includes 0: the two are about as "
                              "strong.").format(percent=percentage(95, compound=True)))
        return " ".join(said)


class ThresholdChart(w.VBox):
    """The threshold tournament: mean lives lost per round by the knock threshold.

    Shows the shipped results (no simulation on load); each press of the button plays ``rounds``
    more rounds per threshold, pooled with what is shown, so the intervals narrow.
    """

    def __init__(self, rules: str = "scat", players: int = 4, *, rounds: int = 100) -> None:
        self.rounds = rounds
        self.points: list[ThresholdPoint] = []
        self.runs = 0
        self.rules_menu = w.Dropdown(options=[(names.preset_label(n), n) for n in Rules.PRESET_NAMES], value=rules,
                                     description=_("Rules"), layout=w.Layout(width="max-content"))
        self.players_menu = w.Dropdown(options=[(str(n), n) for n in range(2, 7)], value=players,
                                       description=_("Players"), layout=w.Layout(width="160px"))
        self.run_button = w.Button(description=_("Play {n} more rounds per threshold").format(n=grouped(rounds)),
                                   layout=w.Layout(width="max-content"))
        self.run_button.on_click(_said(self, self.run))
        self.figure = w.HTML()
        self.message = w.HTML()
        super().__init__([w.HTML(STUDY_CSS), w.HBox([self.rules_menu, self.players_menu],
                                                   layout=w.Layout(flex_flow="row wrap")), self.message,
                          self.figure, self.run_button])
        self.add_class("to-study")
        self.add_class("to-thresholds")
        self.rules_menu.observe(_said(self, lambda: self._reset(None)), "value")
        self.players_menu.observe(_said(self, lambda: self._reset(None)), "value")
        self._reset(None)

    def _reset(self, _change: Any) -> None:
        self.runs = 0
        self.points = shipped_thresholds(self.rules_menu.value, self.players_menu.value) or []
        self.draw()

    def run(self) -> list[ThresholdPoint]:
        """Play another ``rounds`` rounds for every threshold 20 to 31, pooled with those shown, and redraw."""
        self.runs += 1
        self.points = threshold_curve(self.rules_menu.value, self.players_menu.value, rounds=self.rounds,
                                      seed=1000 + self.runs, previous=self.points)
        self.draw()
        return self.points

    def draw(self) -> None:
        """Draw the points held now (a message when there are none)."""
        rules, players = self.rules_menu.value, self.players_menu.value
        rule = knock_rule("intermediate", rules, players)
        t = rule.threshold
        assert t is not None
        bots = html.escape(rule.text)
        if not self.points:
            self.figure.value = ""
            self.message.value = (f'<p class="to-note" role="status">{bots} '
                                  + html.escape(_("No tournament was shipped for these rules: press the button to "
                                                  "play one."), quote=False) + "</p>")
            return
        best = min(self.points, key=lambda p: p.mean)
        near = [p.threshold for p in self.points if p.mean <= best.high]
        rounds = self.points[0].rounds
        s = Series(_("mean lives lost per round"), [p.threshold for p in self.points], [p.mean for p in self.points],
                   [p.low for p in self.points], [p.high for p in self.points])
        low, top = min(p.low for p in self.points), max(p.high for p in self.points)
        pad = (top - low) * 0.1 + 0.005
        listed = ", ".join(number(x) for x in near)
        alt = _("Chart: mean lives lost per round against the knock threshold 20 to 31, {players} players, {rounds} "
                "rounds per threshold. Lowest at {best} ({mean} lives per round); means within its interval: "
                "{near}.").format(players=players, rounds=grouped(rounds), best=number(best.threshold),
                                  mean=fixed(best.mean), near=listed)
        caption = _("{rules}, {players} players, {rounds} rounds per threshold: one player knocks at the threshold, "
                    "the others play as intermediate bots (at {threshold}). Bars: {percent} intervals. Fewest lives lost at "
                    "{best}; thresholds whose means lie inside its interval ({near}) do about as well.").format(
            rules=names.preset_name(rules), players=players, rounds=grouped(rounds), threshold=number(t), percent=percentage(95, compound=True),
            best=number(best.threshold), near=listed)
        rows = [[number(p.threshold), f"{p.rounds}", fixed(p.mean, 3), _interval(fixed(p.low, 3), fixed(p.high, 3))]
                for p in self.points]
        chart = line_chart([s], _("knock threshold (knock at this value or more)"), _("lives lost per round"), alt=alt,
                           caption=caption, ylim=(max(0.0, low - pad), top + pad),
                           mark=Mark(best.threshold, _("fewest: {value}").format(value=number(best.threshold))))
        self.figure.value = chart + details_html(
            _("The numbers behind the chart"), html_table(_("Lives lost per round by threshold"),
                                                          [_("threshold"), _("rounds"), _("mean"), _interval_header()],
                                                          rows, numeric=(1, 2)))
        best_at = html.escape(_("In this tournament the fewest lives were lost knocking at {value} or more."),
                              quote=False).format(value=f"<strong>{number(best.threshold)}</strong>")
        self.message.value = f'<p class="to-note" role="status">{bots} {best_at}</p>'


class _GrowingStudy(w.VBox):
    """A study drawn when shown, with a button that simulates more and redraws (``run``)."""

    def __init__(self, more: str, css_class: str) -> None:
        self.runs = 0
        self.more_button = w.Button(description=more, layout=w.Layout(width="max-content"))
        self.more_button.on_click(_said(self, self.run))
        self.figure = w.HTML()
        self.message = w.HTML()
        super().__init__([w.HTML(STUDY_CSS), self.figure, self.message, self.more_button])
        self.add_class("to-study")
        self.add_class(css_class)
        self.run()

    def run(self) -> object:
        raise NotImplementedError


class SuitStudyChart(_GrowingStudy):
    """The Scat rule page's "choose a suit early": the hand's value after each draw, keeping one suit or the high cards.

    Computed when shown (``deals`` deals, well under a second); "Deal more" adds as many again.
    """

    def __init__(self, rules: str = "scat", *, draws: int = 6, deals: int = 600) -> None:
        self.rules = rules
        self.draws = draws
        self.deals = deals
        self.sums: dict[str, list[Mean]] | None = None
        super().__init__(_("Deal {n} more").format(n=grouped(deals)), "to-suit-study")

    def run(self) -> dict[str, list[Mean]]:
        """Play ``deals`` more deals with both policies and redraw."""
        self.sums = sums = suit_study(self.rules, self.draws, self.deals, seed=self.runs, previous=self.sums)
        self.runs += 1
        series = []
        for policy, row in sums.items():
            series.append(Series(_(SUIT_POLICIES[policy]), list(range(len(row))),
                                 [m.mean for m in row], [m.ci[0] for m in row], [m.ci[1] for m in row]))
        one, high = sums["one suit"][-1], sums["high cards"][-1]
        n = one.n
        alt = _("Chart: the mean hand value after 0 to {draws} draws, two lines. Keeping one suit climbs from {start} "
                "to {end}; keeping the high cards of any suit only to {high}.").format(
            draws=self.draws, start=fixed(sums["one suit"][0].mean, 1), end=fixed(one.mean, 1),
            high=fixed(high.mean, 1))
        caption = _("{rules}: one player drawing alone, {n} deals. After {draws} draws, keeping one suit is worth "
                    "{one} on average ({percent} interval {one_low} to {one_high}); keeping high cards {high} ({high_low} "
                    "to {high_high}). Shaded bands: {percent} intervals.").format(percent=percentage(95, compound=True),
            rules=names.preset_name(self.rules), n=grouped(n), draws=self.draws, one=fixed(one.mean, 1),
            one_low=fixed(one.ci[0], 1), one_high=fixed(one.ci[1], 1), high=fixed(high.mean, 1),
            high_low=fixed(high.ci[0], 1), high_high=fixed(high.ci[1], 1))
        rows = [[_(SUIT_POLICY_NAMES[p]), str(t), fixed(m.mean), _interval(fixed(m.ci[0]), fixed(m.ci[1]))]
                for p, row in sums.items() for t, m in enumerate(row)]
        chart = line_chart(series, _("cards drawn from the stock"), _("hand value (mean)"), alt=alt, caption=caption,
                           band=True, ylim=(10, 26))
        self.message.value = ""
        self.figure.value = chart + details_html(
            _("The numbers behind the chart"), html_table(_("Mean hand value by draws"),
                                                          [_("keeping"), _("draws"), _("mean"), _interval_header()],
                                                          rows, numeric=(1, 2)))
        return sums


class DiscardStudyView(_GrowingStudy):
    """The Scat rule page's "watch the discard pile": how often the next player takes your throw, by its suit.

    Rounds played by the bots with the real engine, computed when shown; "Play more rounds" adds more.
    """

    def __init__(self, rules: str = "scat", *, players: int = 4, rounds: int = 120) -> None:
        self.rules = rules
        self.players = players
        self.rounds = rounds
        self.counts: dict[str, TakeRate] | None = None
        super().__init__(_("Play {n} more rounds").format(n=grouped(rounds)), "to-discard-study")

    def run(self) -> dict[str, TakeRate]:
        """Play more rounds and redraw."""
        self.counts = c = discard_study(self.rules, self.players, self.rounds, seed=self.runs, previous=self.counts)
        self.runs += 1
        labels = [_("a suit they\npicked up before"), _("any other suit")]
        rates = [c["their suit"], c["another suit"]]
        mine, other = rates
        alt = _("Bar chart: a thrown card of a suit the next player had picked up before was taken {mine} of {mine_n} "
                "times; a card of any other suit {other} of {other_n} times.").format(
            mine=pct(mine.rate), mine_n=mine.offered, other=pct(other.rate), other_n=other.offered)
        caption = _("{rules}, {players} bots, {rounds} rounds. Throw a card of a suit the next player has been picking "
                    "up and they take it {mine} of the time ({percent} interval {mine_low} to {mine_high}); another suit "
                    "{other} ({other_low} to {other_high}).").format(
            rules=names.preset_name(self.rules), players=self.players, rounds=self.runs * self.rounds, percent=percentage(95, compound=True),
            mine=pct(mine.rate), mine_low=pct(mine.ci[0]), mine_high=pct(mine.ci[1]), other=pct(other.rate),
            other_low=pct(other.ci[0]), other_high=pct(other.ci[1]))
        rows = [[label.replace("\n", " "), f"{r.offered}", f"{r.taken}", pct(r.rate),
                 _interval(pct(r.ci[0]), pct(r.ci[1]))] for label, r in zip(labels, rates)]
        bars = [Bar(label, 100 * r.rate, 100 * r.ci[0], 100 * r.ci[1],
                    _("{share} of {n}").format(share=pct(r.rate), n=grouped(int(r.offered))))
                for label, r in zip(labels, rates)]
        axis = number_axis(_("the next player takes the card you throw (%)"), 0, 100, most=6)
        self.message.value = ""
        self.figure.value = bar_chart(bars, axis, alt=alt, caption=caption) + details_html(
            _("The numbers behind the chart"), html_table(_("Throws taken by the next player"),
                                                          [_("suit of the card thrown"), _("throws"), _("taken"),
                                                           _("share"), _interval_header()], rows, numeric=(1, 2, 3)))
        return c
