"""Lesson 6's "Your round, replayed": after a round's showdown, the same deal played again with the coach in the
learner's seat, and the two rounds side by side.

:class:`RoundReplay` sits under the card table of :class:`~thirtyone.widgets.play.PlayGame`. After each showdown it
offers "Watch the coach play this round": the round's deal is played again from its start
(:mod:`thirtyone.replay`: the same cards, the bots' same random choices while they face the same situations) with
:class:`thirtyone.coach.CoachBot` in the learner's seat and fresh bots of the table's level in the others. It then
shows the lives each player lost in the learner's round and in the coach's, side by side, and the first turn where
the two rounds part, said as what the learner did there and what the coach did, in whole sentences.

The replay never touches the game on the table (its states are immutable) and never holds it up: in a kernel it
plays one move at a time through the event loop (``loop.call_soon``, as the table's bots do), so "Next round" is
answered between two moves, and a replay whose round is no longer shown is dropped. A second click, or a click
on a round that is no longer shown, does nothing. Without an event loop (plain Python, tests) it plays at once.
On the pure-Python path (the course in a browser, :func:`thirtyone.compute.use_numpy`) the coach plays the replay
with :data:`PURE_ROLLOUTS` play-outs a move, fewer than when the learner asks it, and the panel says so.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..bots import Bot, make_bot
from ..coach import CoachBot
from ..compute import use_numpy
from ..game import State
from ..i18n import N_, _, cards_text, grouped, ngettext
from ..narration import the_card
from ..replay import Move, Replay, Replaying, round_moves, round_start
from ._html import esc
from .failure import failure_html
from .study import html_table
from .table import CardTable

__all__ = ["RoundReplay", "replay_html", "did_sentence", "PURE_ROLLOUTS"]

PURE_ROLLOUTS = 200
"""The coach's play-outs a move when it replays a round on the pure-Python path (the course in a browser): a round of
Scat with 4 players takes it about a quarter of a second there on a server's CPU (a thousand, as when the learner
asks: about two seconds, and a browser's Python is slower still). With NumPy it plays as many as when asked."""

_DID: dict[str, dict[str, str]] = {
    "you": {
        "draw stock": N_("You drew from the stock."),
        "draw discard": N_("You took {the_card} from the discard pile."),
        "discard": N_("You threw {the_card}."),
        "knock": N_("You knocked."),
        "swap": N_("You swapped your {mine} for {the_card}."),
        "swap all": N_("You swapped all three cards."),
        "pass": N_("You passed."),
        "keep hand": N_("You kept your hand."),
        "take center": N_("You took the center hand."),
        "exchange hand": N_("You exchanged your hand for three cards from the stock."),
    },
    "coach": {
        "draw stock": N_("The coach drew from the stock instead."),
        "draw discard": N_("The coach took {the_card} from the discard pile instead."),
        "discard": N_("The coach threw {the_card} instead."),
        "knock": N_("The coach knocked instead."),
        "swap": N_("The coach swapped your {mine} for {the_card} instead."),
        "swap all": N_("The coach swapped all three cards instead."),
        "pass": N_("The coach passed instead."),
        "keep hand": N_("The coach kept your hand instead."),
        "take center": N_("The coach took the center hand instead."),
        "exchange hand": N_("The coach exchanged your hand for three cards from the stock instead."),
    },
}
"""What the learner did where the two rounds part, and what the coach did there: one whole sentence for each kind of
move, so each language words the move as its sentence needs."""


def did_sentence(who: str, move: Move, before: State) -> str:
    """``who`` (``"you"`` or ``"coach"``) made ``move`` in ``before``, in a whole sentence of :data:`_DID`."""
    a = move.action
    k = str(a.kind)
    fields: dict[str, str] = {}
    if k == "draw discard":
        fields["the_card"] = the_card(before.discard_pile[-1])
    elif k == "discard":
        fields["the_card"] = the_card(a.cards[0])
    elif k == "swap":
        fields.update(mine=cards_text(a.cards[:1]), the_card=the_card(a.cards[1]))
    return _(_DID[who][k]).format(**fields)


def _lost_sentences(mine: int, coach: int, same: bool) -> str:
    """The learner's and the coach's lives lost in the learner's seat, and which did better, in three sentences."""
    yours = (ngettext("In your round you lost {n} life.", "In your round you lost {n} lives.", mine).format(n=mine)
             if mine else _("In your round you lost no life."))
    theirs = (ngettext("Playing your seat on the same cards, the coach lost {n} life.",
                       "Playing your seat on the same cards, the coach lost {n} lives.", coach).format(n=coach)
              if coach else _("Playing your seat on the same cards, the coach lost no life."))
    if same:
        verdict = _("The coach made every move you made: the two rounds are the same.")
    elif coach < mine:
        verdict = _("The coach did better than you on this deal.")
    elif coach > mine:
        verdict = _("You did better than the coach on this deal.")
    else:
        verdict = _("The coach played otherwise, and lost as many lives as you.")
    return f"{yours} {theirs} {verdict}"


def _where_sentences(rep: Replay) -> str:
    """Where the two rounds part: the turn, the learner's hand then, what the learner did and what the coach did."""
    i = rep.first_difference
    before = rep.before_difference()
    if i is None or before is None:
        return ""
    mine, coach = rep.original[i], rep.replayed[i]
    if mine.seat != rep.seat:  # pragma: no cover - the bots replay their own moves (tests/sim/test_replay.py)
        return ""
    if mine.phase == "choice":
        when = _("The two rounds part at once, on your choice as the dealer before the first turn.")
    elif mine.turns == 0:
        when = _("The two rounds part on the round's very first turn, which was yours.")
    else:
        when = _("Both rounds went the same way until turn {turn} of the round, which was yours.").format(
            turn=mine.turns + 1)
    held = _("You held {cards}.").format(cards=cards_text(before.hands[rep.seat]))
    table = ""
    if before.rules.family == "draw" and before.discard_pile and mine.phase == "turn":
        table = " " + _("The top card of the discard pile was {the_card}.").format(
            the_card=the_card(before.discard_pile[-1]))
    elif before.rules.family == "commerce" and before.center_face_up:
        table = " " + _("The center held {cards}.").format(cards=cards_text(before.center))
    return (f"{when} {held}{table} {did_sentence('you', mine, before)} {did_sentence('coach', coach, before)}")


def replay_html(rep: Replay, labels: Sequence[str], rollouts: int, asked: int) -> str:
    """Both rounds side by side: the lives each player lost in the learner's round and in the coach's (a table),
    in sentences for the learner's seat, the turn where they part, and (``rollouts`` fewer than ``asked``, the
    coach's play-outs when asked) that the coach played the replay with fewer play-outs."""
    seat = rep.seat
    mine, theirs = rep.original_losses, rep.replayed_losses
    seats = [p for p in range(rep.start.players) if not rep.start.out[p]]  # those who played the round
    rows = [[labels[p], str(mine[p]), str(theirs[p])] for p in seats]
    table = html_table(_("Lives lost on this deal: in your round and in the coach's"),
                       [_("Player"), _("Your round"), _("The coach in your seat")], rows, numeric=(1, 2),
                       marked=(seats.index(seat),))
    same = rep.first_difference is None
    said = _lost_sentences(mine[seat], theirs[seat], same)
    where = _where_sentences(rep)
    fewer = ""
    if rollouts < asked:
        fewer = ("<p class=\"to-help\">" + esc(_("So that it answers within a few seconds, the coach played this "
                                                 "round trying each move on {n} deals of the cards you cannot see, "
                                                 "not the {most} it uses when you ask it.").format(
                     n=grouped(rollouts), most=grouped(asked))) + "</p>")
    heading = _("Your round and the coach's")
    return (f'<section class="to-replay-result" aria-label="{html.escape(heading)}"><h4>{esc(heading)}</h4>'
            f"<p>{esc(said)}</p>" + f'<div class="to-replay-table">{table}</div>'
            + (f'<p class="to-replay-where">{esc(where)}</p>' if where else "") + fewer + "</section>")


class RoundReplay(w.VBox):
    """After a round's showdown on ``table`` (:meth:`show`): "Watch the coach play this round", and then both rounds
    side by side. ``rollouts``: the coach's play-outs a move when the learner asks it; ``replay_rollouts``: its
    play-outs in the replay (``None``: as many with NumPy, at most :data:`PURE_ROLLOUTS` without)."""

    def __init__(self, rollouts: int, replay_rollouts: int | None = None) -> None:
        self.rollouts = rollouts
        self._replay_rollouts = replay_rollouts
        self.button = w.Button(description=_("Watch the coach play this round"), icon="play",
                               tooltip=_("The same cards dealt again, with the coach in your seat"),
                               layout=w.Layout(width="max-content", max_width="100%"))
        self.html = w.HTML()
        self.table: CardTable | None = None
        """The table whose round is shown."""
        self.level = "intermediate"
        """The level of the table's bots (the replay's bots are fresh bots of it)."""
        self.replay: Replay | None = None
        """The last replay, finished (``None`` while it is played, or before)."""
        self._for: tuple[Any, int] | None = None
        """The (table, round) being replayed or replayed, while that round is shown."""
        self._gen = 0
        self._running = False
        super().__init__([self.button, self.html], layout=w.Layout(display="none"))
        self.add_class("to-replay")
        self.button.on_click(lambda _b: self.watch())

    @property
    def replay_rollouts(self) -> int:
        """The coach's play-outs a move in the replay."""
        if self._replay_rollouts is not None:
            return self._replay_rollouts
        return self.rollouts if use_numpy() else min(self.rollouts, PURE_ROLLOUTS)

    @property
    def playing(self) -> bool:
        """A replay is being played (its result is still to come)."""
        return self._running

    def _key(self) -> tuple[Any, int] | None:
        t = self.table
        if t is None or not t.state.round_over:
            return None
        return (t, t.state.round)

    def _replayable(self) -> State | None:
        """The deal of the round shown, if the learner played in it (else there is nothing to compare)."""
        t = self.table
        if t is None or t.seat is None or not t.state.round_over:
            return None
        s = t.state
        start = round_start([*t.history, s], s.round)
        if start is None or start.out[t.seat]:
            return None
        try:
            moves = round_moves(start, s)
        except ValueError:  # pragma: no cover - a table's history is every state it showed
            return None
        return start if any(m.seat == t.seat for m in moves) else None

    def show(self, table: CardTable | None, level: str = "intermediate") -> None:
        """Show the panel for ``table``'s state: after a showdown of a round the learner played, the button (and the
        replay of that round, once played); else nothing, and a replay of a round no longer shown is dropped."""
        self.table = table
        self.level = level
        key = self._key()
        if key != self._for:
            self._gen += 1  # a replay under way for another round stops at its next move
            self._for = None
            self._running = False
            self.replay = None
            self.html.value = ""
        shown = key is not None and self._replayable() is not None
        self.layout.display = None if shown else "none"
        self.button.disabled = not shown or self._for is not None

    def watch(self) -> bool:
        """"Watch the coach play this round" was clicked: play the round shown again with the coach in the learner's
        seat. False, and nothing changes, for a second click or a click on a round no longer shown (stale)."""
        key = self._key()
        t = self.table
        if key is None or t is None or self._for == key:
            return False
        start = self._replayable()
        if start is None or t.seat is None:
            return False
        self._for = key
        self._gen += 1
        gen = self._gen
        self.replay = None
        self.button.disabled = True
        seat, end, n = t.seat, t.state, self.replay_rollouts
        players: list[Bot | None] = [CoachBot(rollouts=n, knock_rollouts=n) if p == seat else make_bot(self.level)
                                     for p in range(start.players)]
        run = Replaying(start, players)
        self._running = True
        self._progress(0)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, no event loop: the whole replay now
            loop = None
        if loop is None:
            self._step(gen, run, seat, end, None)
        else:
            loop.call_soon(self._step, gen, run, seat, end, loop)
        return True

    def _progress(self, moves: int) -> None:
        self.html.value = ('<p role="status" class="to-replay-status">'
                           + esc(ngettext("The coach is playing this round in your seat, on the same cards: {n} move "
                                          "made so far…",
                                          "The coach is playing this round in your seat, on the same cards: {n} moves "
                                          "made so far…", moves).format(n=moves)) + "</p>")

    def _step(self, gen: int, run: Replaying, seat: int, end: State, loop: asyncio.AbstractEventLoop | None) -> None:
        """One move of the replay (every move when ``loop`` is ``None``), then the next through the loop; at the
        end, both rounds side by side. Dropped once another round is shown (``gen``)."""
        if gen != self._gen:
            return
        try:
            while run.step():
                if loop is not None:
                    if len(run.moves) % 4 == 0:
                        self._progress(len(run.moves))
                    loop.call_soon(self._step, gen, run, seat, end, loop)
                    return
            rep = run.replay(seat, end)
        except Exception as e:  # said to the learner, and logged for whoever reads the log (and the tests)
            self._running = False
            self._for = None  # the button may be pressed again
            self.button.disabled = False
            self.log.error("Exception in the coach's replay of a round", exc_info=e)
            self.html.value = failure_html(e)
            return
        self._running = False
        self.replay = rep
        t = self.table
        labels = t.labels if t is not None else [str(p) for p in range(rep.start.players)]
        self.html.value = replay_html(rep, labels, self.replay_rollouts, self.rollouts)
