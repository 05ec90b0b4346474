"""What a chart shows, read back from its HTML (:mod:`thirtyone.widgets.svgchart`): its accessible name, its lines and
their values, its bars, its words (ticks, marks, bar names), the names of its axes and its legend. The SVG is parsed
as XML, so a chart that is not well-formed fails the test that reads it."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

__all__ = ["ChartLine", "charts", "chart_alt", "chart_lines", "chart_bars", "chart_words", "tick_labels",
           "axis_names", "legend", "svg_of", "CUT_WORDS_JS"]

SVG = "{http://www.w3.org/2000/svg}"
_PLOT = re.compile(r'<svg class="to-plot".*?</svg>', re.S)
_FIGURE = re.compile(r'<figure class="to-chart.*?</figure>', re.S)


@dataclass(frozen=True)
class ChartLine:
    """One line as the SVG draws it: its legend name, the values it was drawn from, how many points its polyline and
    its markers have, whether it is dashed and its marker's shape."""

    label: str
    x: list[float]
    y: list[float]
    polyline_points: int
    markers: int
    dashed: bool
    marker: str


def charts(text: str) -> list[str]:
    """Every chart's ``<figure>`` in an HTML fragment."""
    return _FIGURE.findall(text)


def svg_of(text: str, index: int = 0) -> ET.Element:
    """The ``index``-th chart's SVG, parsed."""
    plots = _PLOT.findall(text)
    assert len(plots) > index, "no inline SVG chart"
    return ET.fromstring(plots[index])


def chart_alt(text: str, index: int = 0) -> str:
    """The chart's accessible name: its ``aria-label``, checked equal to its ``<title>`` and the SVG's role an image."""
    svg = svg_of(text, index)
    assert svg.get("role") == "img"
    title = svg.find(f"{SVG}title")
    assert title is not None and title.text == svg.get("aria-label")
    return svg.get("aria-label") or ""


def chart_lines(text: str, index: int = 0) -> list[ChartLine]:
    out = []
    for g in svg_of(text, index).iter(f"{SVG}g"):
        if g.get("class") != "to-line":
            continue
        polyline = g.find(f"{SVG}polyline")
        assert polyline is not None
        markers = g.find(f"{SVG}g[@class='to-markers']")
        out.append(ChartLine(g.get("data-label") or "", [float(v) for v in (g.get("data-x") or "").split()],
                             [float(v) for v in (g.get("data-y") or "").split()],
                             len((polyline.get("points") or "").split()),
                             len(markers) if markers is not None else 0,
                             polyline.get("stroke-dasharray") is not None, g.get("data-marker") or ""))
    return out


def chart_bars(text: str, index: int = 0) -> list[dict[str, str]]:
    return [dict(g.attrib) for g in svg_of(text, index).iter(f"{SVG}g") if g.get("class") == "to-bar"]


def chart_words(text: str, index: int = 0) -> list[str]:
    """Every word drawn inside the SVG: tick labels, a marked value, bar names and notes."""
    return ["".join(t.itertext()).strip() for t in svg_of(text, index).iter(f"{SVG}text") if "".join(t.itertext()).strip()]


def tick_labels(text: str, index: int = 0) -> list[str]:
    """The axes' tick labels (the words in the SVG with no class of their own)."""
    return ["".join(t.itertext()) for t in svg_of(text, index).iter(f"{SVG}text") if not t.get("class")]


def axis_names(text: str, index: int = 0) -> list[str]:
    """The names of the chart's axes as shown beside the plot: the y axis's, then the x axis's."""
    figure = charts(text)[index]
    return [html.unescape(m) for m in re.findall(r'<div class="to-axis-name to-[xy]">(.*?)</div>', figure)]


def legend(text: str, index: int = 0) -> list[str]:
    """The names in the chart's legend, in order."""
    figure = charts(text)[index]
    return [html.unescape(m) for m in re.findall(r'<li class="to-legend-item">.*?<span>(.*?)</span></li>', figure,
                                                 re.S)]


CUT_WORDS_JS = """() => {
  // every word drawn in a chart's SVG that reaches past its viewBox (so the picture would cut it), measured in the
  // browser's own font; and every chart figure wider than the screen
  const out = [];
  const screen = document.documentElement.clientWidth;
  for (const svg of document.querySelectorAll('svg.to-plot')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;  // not shown (a closed tab)
    const vb = svg.viewBox.baseVal;
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5
          || b.y + b.height > vb.y + vb.height + 0.5) out.push('cut: ' + t.textContent);
    }
    const figure = svg.closest('figure').getBoundingClientRect();
    if (figure.left < -1 || figure.right > screen + 1) out.push('past the screen: ' + svg.getAttribute('aria-label'));
  }
  return out;
}"""
"""For a browser test: ``page.evaluate(CUT_WORDS_JS) == []``."""
