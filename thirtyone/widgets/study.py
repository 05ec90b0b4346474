"""What every study widget shares, light to import: the look (:data:`STUDY_CSS`, a chart's included), colours a
learner tells apart, percentages and accessible tables. :mod:`thirtyone.widgets.charts` builds the charts on these
and on :mod:`thirtyone.widgets.svgchart` (charts as inline SVG, no chart library); lessons 4 and 6 use them without
loading the studies."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..i18n import percent
from .svgchart import CHART_CSS, COLOURS, MARKERS

__all__ = ["STUDY_CSS", "COLOURS", "MARKERS", "pct", "html_table", "details_html"]

STUDY_CSS = """
<style>
.to-study { max-width: 900px; gap: 4px; }
.to-study figure { margin: 6px 0; }
.to-study figcaption { font-size: 14px; line-height: 1.45; color: #1a1a1a; margin-top: 4px; }
.to-study table.to-data { border-collapse: collapse; margin: 6px 0; font-size: 14px; line-height: 1.35; }
.to-study table.to-data caption { text-align: left; font-weight: 600; padding: 2px 0 4px; }
.to-study table.to-data th, .to-study table.to-data td { border: 1px solid #999; padding: 3px 8px;
  text-align: left; vertical-align: top; }
.to-study table.to-data td.to-num { text-align: right; font-variant-numeric: tabular-nums; }
.to-study table.to-data tr.to-changed td { background: #fff6c9; }
.to-study details summary { cursor: pointer; margin: 4px 0; }
.to-study .to-note { color: #1a1a1a; }
.to-study .to-busy { color: #3d3d3d; font-style: italic; }
.to-study .to-estimates { display: flex; gap: 12px; flex-wrap: wrap; }
.to-study .to-estimate { border: 2px solid #6b6b6b; border-radius: 10px; padding: 6px 12px; min-width: 240px;
  background: #fff; }
.to-study .to-estimate.to-best { border-color: #116b2a; box-shadow: 0 0 0 2px rgba(17,107,42,.25); }
.to-study .to-estimate h3, .to-study .to-estimate h4 { margin: 2px 0 4px; font-size: 16px; }
.to-study .to-estimate p { margin: 2px 0; line-height: 1.4; }
.to-study .to-advice { font-size: 17px; }
.to-study .to-situation p { margin: 3px 0; }
.to-study .to-meanings { font-size: 14px; line-height: 1.4; padding-left: 1.2em; max-width: 860px; }
.to-study .to-meanings li { margin: 3px 0; }
.to-study .to-face-up { line-height: 1.4; margin-right: 8px; }
.to-study p, .to-study figcaption, .to-study li { overflow-wrap: anywhere; }
.to-study .to-scroll { max-width: 100%; overflow-x: auto; }
.to-study .to-verdict { font-size: 15px; line-height: 1.45; max-width: 860px; margin: 6px 0; }
/* the strength table on a phone: one box per bot, each number named by its column; the caption wraps whole */
@media (max-width: 640px) {
  .to-strength :is(.to-scroll, table.to-data, caption, tbody, tr, th, td) { display: block; }
  .to-strength table.to-data thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; }
  .to-strength table.to-data caption { white-space: normal; }
  .to-strength table.to-data tr { border: 1px solid #999; border-radius: 6px; margin: 6px 0; padding: 2px 0; }
  .to-strength table.to-data :is(th, td) { border: none; text-align: left; padding: 1px 8px; white-space: normal; }
  .to-study.to-strength table.to-data td.to-num { text-align: left; }
  .to-strength table.to-data td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
}
.to-study .widget-html, .to-study .widget-html-content, .to-study figure, .to-study details { min-width: 0;
  max-width: 100%; }
.to-study .widget-dropdown, .to-study .widget-dropdown > select { max-width: 100%; }
.to-study .widget-hbox { flex-wrap: wrap; max-width: 100%; }
""" + CHART_CSS + """</style>
"""
"""The look of every study widget (tables, estimates, figures); each widget includes it once."""


def pct(x: float) -> str:
    """A chance as a whole percentage: ``0.234`` -> ``"23%"`` (``"23 %"`` in German: :func:`thirtyone.i18n.percent`)."""
    return percent(100 * x)


def html_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], *,
               numeric: Sequence[int] = (), marked: Sequence[int] = ()) -> str:
    """An accessible table: a caption, column headers, the first cell of each row as its header.
    ``numeric``: columns aligned right; ``marked``: rows highlighted. Cells are escaped. Each cell carries
    its column's name (``data-label``) and every part its role, so a style sheet may stack the rows on a
    phone (one box per row, each value named) and the table is still read as a table."""
    head = "".join(f'<th scope="col" role="columnheader">{html.escape(h)}</th>' for h in header)
    body = []
    for i, row in enumerate(rows):
        cells = [f'<th scope="row" role="rowheader">{html.escape(row[0])}</th>']
        for j, c in enumerate(row[1:], start=1):
            label = f' data-label="{html.escape(header[j])}"' if j < len(header) else ""
            num = ' class="to-num"' if j in numeric else ""
            cells.append(f'<td{num} role="cell"{label}>{html.escape(c)}</td>')
        cls = ' class="to-changed"' if i in marked else ""
        body.append(f'<tr{cls} role="row">{"".join(cells)}</tr>')
    # a wide table scrolls sideways in its own box (focusable, named by its caption); the page never does
    return (f'<div class="to-scroll" role="region" tabindex="0" aria-label="{html.escape(caption)}">'
            f'<table class="to-data" role="table"><caption>{html.escape(caption)}</caption>'
            f'<thead role="rowgroup"><tr role="row">{head}</tr></thead><tbody role="rowgroup">{"".join(body)}</tbody>'
            "</table></div>")


def details_html(summary: str, content: str) -> str:
    return f"<details><summary>{html.escape(summary)}</summary>{content}</details>"
