"""A simulation that fails inside a widget's callback, said to the learner (never only in a log), and the sentence a
widget shows when it plays a smaller size than a server would (the course in a browser, :mod:`thirtyone.compute`).

ipywidgets only logs an exception raised in a callback: in a browser page (the static edition) that log reaches
nobody, and the page would wait for ever ("The coach is playing your moves on…"). :func:`failure_html` is the
line a widget shows instead; the exception is still logged for whoever reads the log.
"""

from __future__ import annotations

import html
import logging

from ..compute import PURE_KNOCK_RULE_ROUNDS, use_numpy
from ..i18n import _, grouped
from ..knockrules import LIVE_KNOCK_RULE_ROUNDS
from ..policy import schedule_preset
from ..rules import Rules

__all__ = ["failure_html", "smaller_rule_sentence"]

log = logging.getLogger("thirtyone.widgets")


def failure_html(error: BaseException, *, chart: bool = False) -> str:
    """The error line a widget shows when its simulation failed (``chart``: when a chart could not be drawn, its
    numbers being in the table beside it), the exception logged too."""
    log.error("a chart could not be drawn" if chart else "a simulation failed in a widget", exc_info=error)
    what = f"{type(error).__name__}: {error}"
    said = (_("The chart could not be drawn this time ({error}); its numbers are in the table below.") if chart else
            _("The simulation failed, so there is no answer this time ({error}). Try again, or choose another "
              "situation.")).format(error=what)
    return f'<p class="to-error" role="alert">{html.escape(said, quote=False)}</p>'


def smaller_rule_sentence(rules: Rules) -> str:
    """For a rule set that is no preset, on the pure-Python path: the intermediate bots' knock rule is played for it
    with fewer rounds than on a server, in a sentence; ``""`` otherwise."""
    if use_numpy() or schedule_preset(rules) is not None:
        return ""
    return _("In this browser the intermediate bots' knock rule for these rules comes from {n} rounds for each "
             "rule tried, where a server plays {full}: it may differ from the server's.").format(
        n=grouped(PURE_KNOCK_RULE_ROUNDS), full=grouped(LIVE_KNOCK_RULE_ROUNDS))
