"""What the widgets share to write HTML: escaping, numbers as a learner writes them, and the style sheets
and scripts kept as files in ``thirtyone/widgets/static/`` (read once, when a widget module is imported).

Private to :mod:`thirtyone.widgets`; the study look (tables, figures, :data:`~thirtyone.widgets.study.STUDY_CSS`)
is :mod:`thirtyone.widgets.study`'s.
"""

from __future__ import annotations

import html
from importlib import resources

from .. import i18n
from ..i18n import ngettext

__all__ = ["esc", "number", "tally", "static_text", "style_tag"]


def esc(text: str) -> str:
    """Text for an HTML element's content: ``<``, ``>`` and ``&`` escaped (quotes kept, so "it's" reads as typed).
    An attribute's value needs ``html.escape(text)``, which escapes quotes too."""
    return html.escape(text, quote=False)


def number(value: float) -> str:
    """A value as a learner writes it: ``19``, ``30.5`` (``30,5`` in Spanish: :func:`thirtyone.i18n.number`)."""
    return i18n.number(value)


def tally(right: int, asked: int) -> str:
    """A quiz's running score: "Score: 1 right out of 1" ("Puntuación: 1 acierto de 1", "2 aciertos de 3": the
    noun agrees with the number of right answers)."""
    return ngettext("Score: {right} right out of {asked}", "Score: {right} right out of {asked}",
                    right).format(right=right, asked=asked)


def static_text(name: str) -> str:
    """The text of ``thirtyone/widgets/static/<name>`` (a style sheet or a script), as the wheel installs it."""
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


def style_tag(css: str) -> str:
    """A style sheet as the ``<style>`` element a widget's HTML carries (for widgets that are not anywidgets)."""
    return f"\n<style>\n{css}</style>\n"
