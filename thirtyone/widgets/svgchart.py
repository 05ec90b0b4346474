"""Charts as inline SVG written in Python: no matplotlib, no NumPy, so they draw wherever the course runs (Voilà,
Jupyter, and the static edition in the browser under Pyodide) in well under a millisecond per chart.

A chart is a ``<figure>``: the y axis's name above the plot, the plot (an ``<svg role="img">`` whose ``aria-label``
and ``<title>`` carry the alt text), the x axis's name under it, the legend (an HTML list that wraps under the plot on
a narrow screen, never cut) and the caption. The SVG scales to its column through its ``viewBox``; its words (the
ticks, a marked value, a bar's name and note) are laid out from an estimate of their width that errs on the wide side,
so none reaches past the picture's edge (the browser tests measure them in Chromium).

Colour is never the only cue: every line has its own marker (circle, square, triangle, …), a live line is dashed,
the learner's own line is thicker, bars are named beside them. Tick labels are written as the language in use writes
numbers (:func:`thirtyone.i18n.fixed`, :func:`thirtyone.i18n.percent`: ``7,5`` and ``40 %`` on a German axis).

Each line's values are kept in its ``data-x``/``data-y`` attributes (the numbers it was drawn from), so a test reads
what the picture shows.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..i18n import fixed, percent

__all__ = ["COLOURS", "MARKERS", "CHART_CSS", "Axis", "Line", "Mark", "Bar", "number_axis", "ticks_axis",
           "nice_ticks", "decimals", "text_width", "line_chart", "bar_chart", "legend_sample"]

# Okabe-Ito colours, readable with every common colour-vision deficiency; markers differ as well
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8F7A00")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "star")
"""The marker of each line, in turn (:func:`_marker` draws them)."""

FONT = 14.0
"""The size of the words inside a picture, in the SVG's own units (the picture scales with its column)."""

HALO = ' stroke="#ffffff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"'
"""A white outline under a word drawn over the grid, so the grid never crosses it."""

CHART_CSS = """
.to-chart { margin: 6px 0; max-width: 100%; }
.to-chart .to-chart-body { box-sizing: border-box; max-width: 100%; border: 1px solid #ccc; border-radius: 6px;
  padding: 6px 8px; background: #fff; container-type: inline-size; }
.to-chart svg.to-plot { display: block; width: 100%; height: auto; overflow: visible; }
.to-chart svg.to-plot text { fill: #1a1a1a; }
/* the picture grows with its column: its words shrink in its own units, so they stay the page's size (never larger
   than the words the margins were made for) */
@container (min-width: 420px) { .to-chart svg.to-plot text { font-size: 13px; } }
@container (min-width: 500px) { .to-chart svg.to-plot text { font-size: 12px; } }
@container (min-width: 560px) { .to-chart svg.to-plot text { font-size: 11.5px; } }
.to-chart .to-axis-name { font-size: 14px; line-height: 1.3; color: #1a1a1a; margin: 2px 0; overflow-wrap: anywhere; }
.to-chart .to-axis-name.to-x { text-align: center; }
.to-chart ul.to-legend { list-style: none; display: flex; flex-wrap: wrap; gap: 2px 16px; padding: 0;
  margin: 4px 0 2px; font-size: 14px; line-height: 1.35; }
.to-chart ul.to-legend li { display: flex; align-items: center; gap: 6px; min-width: 0; overflow-wrap: anywhere; }
.to-chart ul.to-legend li svg { flex: none; }
"""
"""The look of a chart's HTML parts (the study widgets' style sheet includes it)."""


def text_width(text: str, size: float = FONT) -> float:
    """An estimate of ``text``'s width in a sans-serif font at ``size``, on the wide side of the fonts a browser
    picks (DejaVu Sans, Liberation Sans, Arial, Roboto, Helvetica)."""
    width = 0.0
    for ch in text:
        if ch in " \u00a0\u202f":
            width += 0.33
        elif ch in "iIjl.,:;'!|()[]-":
            width += 0.36
        elif ch.isdigit():
            width += 0.64
        elif ch in "mwMW%@":
            width += 0.98
        elif ch.isupper():
            width += 0.76
        else:
            width += 0.62
    return width * size


def nice_ticks(lo: float, hi: float, most: int = 8) -> list[float]:
    """Round values from ``lo`` to ``hi`` (both included when round): the fewest steps of 1, 2 or 5 times a power of
    ten that give at most ``most`` ticks (``5 … 25`` → ``5, 10, …, 25``; ``0.3 … 0.4`` → ``0.30, 0.32, …, 0.40``)."""
    if hi < lo:
        lo, hi = hi, lo
    if hi - lo < 1e-12:
        return [lo]
    power = 10.0 ** math.floor(math.log10((hi - lo) / max(most, 2)))
    for scale in (1, 10, 100):
        for base in (1, 2, 5):
            step = base * power * scale
            first = math.ceil(lo / step - 1e-9)
            last = math.floor(hi / step + 1e-9)
            if last - first + 1 <= most:
                return [round(k * step, 10) for k in range(first, last + 1)]
    return [lo, hi]  # pragma: no cover - a step of 100 × the first power always fits


def decimals(values: Sequence[float]) -> int:
    """The fewest decimals (up to 6) that write every one of ``values`` exactly: 1 for ``2.5 5 7.5``."""
    for digits in range(7):
        if all(abs(v * 10**digits - round(v * 10**digits)) < 1e-6 * 10**digits for v in values):
            return digits
    return 6


@dataclass(frozen=True)
class Axis:
    """An axis: its name (shown beside the plot, in HTML), the values it spans, its ticks as (value, label), and
    whether it runs backwards (the first place at the top)."""

    name: str
    lo: float
    hi: float
    ticks: tuple[tuple[float, str], ...]
    inverted: bool = False


def number_axis(name: str, lo: float, hi: float, *, most: int = 8, as_percent: bool = False,
                span: tuple[float, float] | None = None) -> Axis:
    """An axis from ``lo`` to ``hi`` (``span``: the values it shows, if wider) with round ticks written as the
    language writes numbers, all with the decimals the ticks need (``5,0 7,5 10,0`` … as the eye expects them);
    ``as_percent``: the values are percentages, written ``40%`` (``40 %`` in German)."""
    values = nice_ticks(lo, hi, most)
    digits = decimals(values)
    ticks = tuple((v, percent(v, digits) if as_percent else fixed(v, digits)) for v in values)
    a, b = span if span is not None else (lo, hi)
    return Axis(name, a, b, ticks)


def ticks_axis(name: str, ticks: Sequence[tuple[float, str]], lo: float, hi: float, *, inverted: bool = False,
               most: int = 0) -> Axis:
    """An axis with the ticks given (``most``: keep at most that many, evenly spaced, the first and the last among
    them: round numbers of a long game)."""
    shown = list(ticks)
    if most and len(shown) > most:
        every = math.ceil((len(shown) - 1) / (most - 1))
        shown = shown[::every] if (len(shown) - 1) % every == 0 else shown[::every] + [shown[-1]]
    return Axis(name, lo, hi, tuple(shown), inverted)


@dataclass(frozen=True)
class Line:
    """One line of a chart: points, optionally with a 95% interval each (error bars, or a shaded ``band``);
    ``style``: its colour and marker (an index into :data:`COLOURS` and :data:`MARKERS`); ``dashed``; ``steps``: drawn
    as steps (a value held until the next point); ``bold``: thicker (the learner's own line); ``shift``: drawn that
    far along the x axis from its values (lines that share values stay apart); ``points``: a marker and a colour per
    point instead of the line's (the learner's games: an orange star for a win), the line itself grey."""

    label: str
    x: Sequence[float]
    y: Sequence[float]
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None
    style: int = 0
    dashed: bool = False
    steps: bool = False
    bold: bool = False
    band: bool = False
    shift: float = 0.0
    points: Sequence[tuple[str, str]] | None = None


@dataclass(frozen=True)
class Mark:
    """A value marked on the x axis: a vertical dashed line and its words at the top of the plot."""

    x: float
    label: str


@dataclass(frozen=True)
class Bar:
    """One bar of :func:`bar_chart`: its name (written above it), its value, its 95% interval and the note written
    after it."""

    label: str
    value: float
    low: float
    high: float
    note: str


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if abs(v - round(v)) > 1e-9 else str(int(round(v)))


def _data(values: Sequence[float]) -> str:
    return " ".join(f"{v:.6g}" for v in values)


def _marker(kind: str, x: float, y: float, r: float) -> str:
    """The outline of a marker centred on ``(x, y)``, as an SVG path."""
    if kind == "circle":
        return f"M{_num(x - r)} {_num(y)}a{_num(r)} {_num(r)} 0 1 0 {_num(2 * r)} 0a{_num(r)} {_num(r)} 0 1 0 {_num(-2 * r)} 0z"
    if kind == "square":
        s = 0.85 * r
        pts = [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    elif kind == "triangle":
        pts = [(x, y - 1.15 * r), (x + 1.05 * r, y + 0.8 * r), (x - 1.05 * r, y + 0.8 * r)]
    elif kind == "down":
        pts = [(x, y + 1.15 * r), (x + 1.05 * r, y - 0.8 * r), (x - 1.05 * r, y - 0.8 * r)]
    elif kind == "diamond":
        pts = [(x, y - 1.25 * r), (x + 0.9 * r, y), (x, y + 1.25 * r), (x - 0.9 * r, y)]
    elif kind in ("plus", "cross"):
        a, b = 1.15 * r, 0.4 * r
        cross = [(b, a), (b, b), (a, b), (a, -b), (b, -b), (b, -a), (-b, -a), (-b, -b), (-a, -b), (-a, b), (-b, b),
                 (-b, a)]
        turn = math.pi / 4 if kind == "cross" else 0.0
        pts = [(x + px * math.cos(turn) - py * math.sin(turn), y + px * math.sin(turn) + py * math.cos(turn))
               for px, py in cross]
    else:  # star
        pts = []
        for k in range(10):
            radius = 1.45 * r if k % 2 == 0 else 0.6 * r
            angle = -math.pi / 2 + k * math.pi / 5
            pts.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return "M" + "L".join(f"{_num(px)} {_num(py)}" for px, py in pts) + "z"


def _dash(line: Line) -> str:
    return ' stroke-dasharray="7 4"' if line.dashed else ""


def legend_sample(line: Line) -> str:
    """The line's look in the legend: a short stretch of it with its marker."""
    colour = "#777777" if line.points is not None else COLOURS[line.style % len(COLOURS)]
    width = 3 if line.bold else 2
    marker = MARKERS[line.style % len(MARKERS)]
    return (f'<svg width="38" height="16" viewBox="0 0 38 16" aria-hidden="true" focusable="false">'
            f'<line x1="1" y1="8" x2="37" y2="8" stroke="{colour}" stroke-width="{width}"{_dash(line)}/>'
            f'<path d="{_marker(marker, 19, 8, 4.6)}" fill="{colour}" stroke="#ffffff" stroke-width="0.8"/></svg>')


def _legend(lines: Sequence[Line]) -> str:
    items = "".join(f'<li class="to-legend-item">{legend_sample(ln)}<span>{html.escape(ln.label)}</span></li>'
                    for ln in lines if ln.label)
    return f'<ul class="to-legend">{items}</ul>' if items else ""


def _figure(svg: str, alt: str, caption: str, *, x_name: str = "", y_name: str = "", legend: str = "",
            width: int = 600, kind: str = "line") -> str:
    """The chart's ``<figure>``: in a frame at most ``width`` pixels wide, the y axis's name, the plot, the x axis's
    name and the legend; under it the caption, as wide as the column."""
    parts = [f'<figure class="to-chart to-chart-{kind}"><div class="to-chart-body" style="max-width: {width}px">']
    if y_name:
        parts.append(f'<div class="to-axis-name to-y">{html.escape(y_name)}</div>')
    parts.append(svg)
    if x_name:
        parts.append(f'<div class="to-axis-name to-x">{html.escape(x_name)}</div>')
    parts.append(legend + "</div>")
    if caption:
        parts.append(f"<figcaption>{html.escape(caption)}</figcaption>")
    parts.append("</figure>")
    return "".join(parts)


def _svg_open(width: float, height: float, alt: str) -> str:
    said = html.escape(alt)
    return (f'<svg class="to-plot" viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-label="{said}" '
            f'xmlns="http://www.w3.org/2000/svg" font-size="{_num(FONT)}"><title>{said}</title>')


def line_chart(lines: Sequence[Line], x: Axis, y: Axis, *, alt: str, caption: str = "",
               reference: float | None = None, mark: Mark | None = None, width: float = 460, height: float = 250,
               max_width: int = 600, legend: bool = True) -> str:
    """A line chart as a ``<figure>``: each line with its marker at every point (and its interval as error bars or a
    band), ``reference`` a dotted horizontal line, ``mark`` a value marked on the x axis; ``width``, ``height``: the
    SVG's own units (its words are :data:`FONT` of them); ``max_width``: the widest the picture is shown, in pixels."""
    pad = 6.0
    left = pad + max([text_width(label) for _v, label in y.ticks] + [0]) + 6
    last_x = text_width(x.ticks[-1][1]) / 2 if x.ticks else 0
    first_x = text_width(x.ticks[0][1]) / 2 if x.ticks else 0
    right = width - pad - max(last_x, 4.0)
    top = pad + FONT / 2 + (FONT + 4 if mark is not None else 0)
    bottom = height - pad - FONT - 6
    x0 = left + 4 if first_x > left - pad else left  # the first tick's words never reach past the left edge
    x0 = max(x0, pad + first_x)

    def px(v: float) -> float:
        span = (x.hi - x.lo) or 1.0
        return x0 + (v - x.lo) / span * (right - x0)

    def py(v: float) -> float:
        span = (y.hi - y.lo) or 1.0
        share = (v - y.lo) / span
        return top + share * (bottom - top) if y.inverted else bottom - share * (bottom - top)

    out = [_svg_open(width, height, alt)]
    grid = []
    for v, label in y.ticks:
        yy = py(v)
        grid.append(f'<line x1="{_num(x0)}" y1="{_num(yy)}" x2="{_num(right)}" y2="{_num(yy)}" stroke="#dddddd"/>')
        grid.append(f'<text x="{_num(left - 6)}" y="{_num(yy)}" text-anchor="end" dominant-baseline="central">'
                    f"{html.escape(label)}</text>")
    for v, label in x.ticks:
        xx = px(v)
        grid.append(f'<line x1="{_num(xx)}" y1="{_num(top)}" x2="{_num(xx)}" y2="{_num(bottom)}" stroke="#eeeeee"/>')
        grid.append(f'<line x1="{_num(xx)}" y1="{_num(bottom)}" x2="{_num(xx)}" y2="{_num(bottom + 4)}" '
                    f'stroke="#333333"/>')
        grid.append(f'<text x="{_num(xx)}" y="{_num(bottom + 6 + FONT * 0.8)}" text-anchor="middle">'
                    f"{html.escape(label)}</text>")
    out.append(f'<g class="to-grid">{"".join(grid)}</g>')
    out.append(f'<path d="M{_num(x0)} {_num(top)}V{_num(bottom)}H{_num(right)}" fill="none" stroke="#333333"/>')
    if reference is not None:
        ry = py(reference)
        out.append(f'<line class="to-reference" x1="{_num(x0)}" y1="{_num(ry)}" x2="{_num(right)}" y2="{_num(ry)}" '
                   f'stroke="#555555" stroke-dasharray="2 3"/>')
    if mark is not None:
        mx = px(mark.x)
        out.append(f'<line class="to-mark" x1="{_num(mx)}" y1="{_num(top - FONT - 2)}" x2="{_num(mx)}" '
                   f'y2="{_num(bottom)}" stroke="#116b2a" stroke-dasharray="5 3"/>')
        wide = text_width(mark.label)
        anchor, tx = ("start", mx + 4) if mx + 4 + wide <= width - pad else ("end", mx - 4)
        out.append(f'<text class="to-mark" x="{_num(tx)}" y="{_num(top - FONT / 2 - 4)}" text-anchor="{anchor}" '
                   f'dominant-baseline="central" style="fill: #116b2a"{HALO}>{html.escape(mark.label)}</text>')
    for line in lines:
        out.append(_line(line, px, py))
    out.append("</svg>")
    return _figure("".join(out), alt, caption, x_name=x.name, y_name=y.name,
                   legend=_legend(lines) if legend else "", width=max_width)


def _line(line: Line, px: Callable[[float], float], py: Callable[[float], float]) -> str:
    """One line's group: its band or error bars, the line, its markers; its values in ``data-x``/``data-y``."""
    grey = line.points is not None
    colour = "#777777" if grey else COLOURS[line.style % len(COLOURS)]
    xs = [px(v + line.shift) for v in line.x]
    ys = [py(v) for v in line.y]
    parts = []
    if line.low is not None and line.high is not None:
        lows, highs = [py(v) for v in line.low], [py(v) for v in line.high]
        if line.band:
            ring = list(zip(xs, lows)) + list(zip(xs, highs))[::-1]
            parts.append(f'<polygon class="to-band" points="{" ".join(f"{_num(a)},{_num(b)}" for a, b in ring)}" '
                         f'fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        else:
            bars = "".join(f"M{_num(a)} {_num(lo)}V{_num(hi)}M{_num(a - 3)} {_num(lo)}h6M{_num(a - 3)} {_num(hi)}h6"
                           for a, lo, hi in zip(xs, lows, highs))
            parts.append(f'<path class="to-error-bars" d="{bars}" stroke="{colour}" stroke-width="1.1" fill="none"/>')
    points = list(zip(xs, ys))
    if line.steps:
        stepped: list[tuple[float, float]] = []
        for i, (a, b) in enumerate(points):
            if i:
                stepped.append((a, stepped[-1][1]))
            stepped.append((a, b))
        points = stepped
    width = 1.2 if grey else 3.0 if line.bold else 1.8
    parts.append(f'<polyline points="{" ".join(f"{_num(a)},{_num(b)}" for a, b in points)}" fill="none" '
                 f'stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"{_dash(line)}/>')
    marks = []
    for i, (a, b) in enumerate(zip(xs, ys)):
        kind, fill = (line.points[i] if line.points is not None else
                      (MARKERS[line.style % len(MARKERS)], COLOURS[line.style % len(COLOURS)]))
        size = 7.5 if kind == "star" and grey else 4.6 if grey else 4.0
        marks.append(f'<path d="{_marker(kind, a, b, size)}" fill="{fill}" '
                     f'stroke="{"#1a1a1a" if grey else "#ffffff"}" stroke-width="0.8"/>')
    parts.append(f'<g class="to-markers">{"".join(marks)}</g>')
    marker = "" if grey else f' data-marker="{MARKERS[line.style % len(MARKERS)]}"'
    return (f'<g class="to-line" data-label="{html.escape(line.label)}" data-x="{_data(line.x)}" '
            f'data-y="{_data(line.y)}"{marker}>{"".join(parts)}</g>')


def _wrap(text: str, room: float) -> list[str]:
    """``text`` in lines no wider than ``room`` (by :func:`text_width`), broken between words."""
    lines: list[str] = []
    for para in text.split("\n"):
        current = ""
        for word in para.split():
            trial = f"{current} {word}" if current else word
            if current and text_width(trial) > room:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


def bar_chart(bars: Sequence[Bar], x: Axis, *, alt: str, caption: str = "", width: float = 460,
              max_width: int = 600) -> str:
    """Horizontal bars with their 95% intervals, each named above it, its note (``"23% of 120"``) at the right of its
    name's line (or on a line of its own when they do not fit side by side)."""
    pad = 6.0
    left = pad + (text_width(x.ticks[0][1]) / 2 if x.ticks else 0)
    right = width - pad - (text_width(x.ticks[-1][1]) / 2 if x.ticks else 0)
    step = FONT + 4
    y = pad
    rows = []
    for b in bars:
        name = _wrap(b.label, width - 2 * pad)
        if text_width(name[-1]) + 14 + text_width(b.note) > width - 2 * pad:
            name.append("")  # the note on a line of its own
        rows.append((b, name, y))
        y += len(name) * step + 28
    bottom = y - 2
    height = bottom + 6 + FONT + pad

    def px(v: float) -> float:
        return left + (v - x.lo) / ((x.hi - x.lo) or 1.0) * (right - left)

    out = [_svg_open(width, height, alt)]
    for v, label in x.ticks:
        xx = px(v)
        out.append(f'<line x1="{_num(xx)}" y1="{_num(pad)}" x2="{_num(xx)}" y2="{_num(bottom + 4)}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{_num(xx)}" y="{_num(bottom + 6 + FONT * 0.8)}" text-anchor="middle">'
                   f"{html.escape(label)}</text>")
    for i, (b, name, row_top) in enumerate(rows):
        words = "".join(f'<tspan x="{_num(pad)}" dy="{0 if k == 0 else _num(step)}">{html.escape(line)}</tspan>'
                        for k, line in enumerate(name) if line)
        out.append(f'<text class="to-bar-name" x="{_num(pad)}" y="{_num(row_top + FONT)}"{HALO}>{words}</text>')
        out.append(f'<text class="to-bar-note" x="{_num(width - pad)}" y="{_num(row_top + FONT + (len(name) - 1) * step)}" '
                   f'text-anchor="end"{HALO}>{html.escape(b.note)}</text>')
        bar_top = row_top + len(name) * step + 2
        colour = COLOURS[i % len(COLOURS)]
        mid = bar_top + 10
        lo, hi, end = px(b.low), px(b.high), px(b.value)
        opacity = ' fill-opacity="0.55"' if i % 2 else ""
        out.append(f'<g class="to-bar" data-label="{html.escape(b.label)}" data-value="{b.value:.6g}" '
                   f'data-low="{b.low:.6g}" data-high="{b.high:.6g}">'
                   f'<rect x="{_num(left)}" y="{_num(bar_top)}" width="{_num(max(end - left, 0.5))}" height="20" '
                   f'fill="{colour}"{opacity} stroke="#333333" stroke-width="0.8"/>'
                   f'<path d="M{_num(lo)} {_num(mid)}H{_num(hi)}M{_num(lo)} {_num(mid - 5)}v10M{_num(hi)} '
                   f'{_num(mid - 5)}v10" stroke="#000000" stroke-width="1.3"/></g>')
    out.append(f'<path d="M{_num(left)} {_num(bottom)}H{_num(right)}" fill="none" stroke="#333333"/>')
    out.append("</svg>")
    return _figure("".join(out), alt, caption, x_name=x.name, width=max_width, kind="bars")
