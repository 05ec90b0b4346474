"""Lesson 6's "Play with others", in pure Python: the table service's messages read back into the engine's
objects, the card table's rules of play for a table held by the service, and every refusal in words.

Layer: widgets, in pure Python (no ipywidgets, anywidget, traitlets or IPython), like
:mod:`~thirtyone.widgets.tablecontrol`; its view is :mod:`thirtyone.widgets.classplay`.

* :func:`view_state` turns a ``table`` message's ``view`` (:func:`thirtyone.classroom.protocol.view_json`: what
  ``state.view(seat)`` shows, as codes) into a :class:`~thirtyone.game.State` the card table and the coach can
  draw and read: the seat's own hand, the piles, lives, whose turn, the round's events and its result are the
  view's; the cards the seat may not see are stand-ins (drawn face down, never shown, and the coach samples
  them afresh from the view: :meth:`~thirtyone.game.State.view` of this state is the view received).
* :class:`RemoteControl` is the card table's :class:`~thirtyone.widgets.tablecontrol.TableControl` for such a
  table: a click that would make a move sends it to the service (``send``) instead of applying it; the table
  shown changes only when the service's next ``table`` arrives. A second click before then is stale (the
  service would refuse it too: each move names the move number it was made on). No bot plays here: the service
  plays the bots.
* :func:`refusal_text` says each of the protocol's refusal reasons (:data:`thirtyone.classroom.protocol.REASONS`)
  in a whole sentence of the page's language; :data:`REFUSALS` holds them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import ALL_CARDS, Card
from ..game import Action, Event, IllegalActionError, PlayerView, RoundResult, State, from_view, parse_action
from ..i18n import N_, _
from ..policy import Loss, Reason
from ..rules import Rules
from ..scoring import score
from .tablecontrol import Click, Refusal, TableControl

__all__ = ["view_state", "player_view", "rules_of", "RemoteControl", "REFUSALS", "refusal_text", "seat_names"]


def _cards(codes: Sequence[int] | None) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[int(c)] for c in codes or ())


def rules_of(fields: dict[str, Any]) -> Rules:
    """The rule set of a ``table`` message (every field of :class:`~thirtyone.rules.Rules`)."""
    return Rules(**fields)


def _loss(d: dict[str, Any] | None) -> Loss | None:
    if d is None:
        return None
    return Loss(reason=Reason(int(d["reason"])), value=float(d.get("value", 0.0)), by_rank=bool(d.get("by_rank")),
                lives=int(d.get("lives", 1)))


def _event(d: dict[str, Any]) -> Event:
    return Event(round=int(d["round"]), kind=str(d["kind"]), player=d.get("player"), cards=_cards(d.get("cards")),
                 secret=_cards(d.get("secret")), note=str(d.get("note", "")),
                 values=tuple(None if v is None else float(v) for v in d.get("values", ())),
                 loss=_loss(d.get("loss")))


def _result(d: dict[str, Any] | None, rules: Rules) -> RoundResult | None:
    if d is None:
        return None
    hands = tuple(None if h is None else _cards(h) for h in d["hands"])
    return RoundResult(round=int(d["round"]), how=str(d["how"]), hands=hands,
                       scores=tuple(None if h is None else score(h, rules) for h in hands),
                       knocker=d.get("knocker"), winner=d.get("winner"), lowest=tuple(d.get("lowest", ())),
                       losses=tuple(d.get("losses", ())), why=tuple(_loss(w) for w in d.get("why", ())),
                       void=bool(d.get("void")), holders=tuple(d.get("holders", ())))


def player_view(view: dict[str, Any], rules: Rules) -> PlayerView:
    """The :class:`~thirtyone.game.PlayerView` a ``table`` message's ``view`` stands for (its events: the round's)."""
    log: Any = None
    for e in view.get("events", ()):
        log = (log, _event(e))
    legal = tuple(parse_action(a) for a in view.get("legal", ()))
    return PlayerView(
        player=int(view["player"]), rules=rules, round=int(view["round"]), dealer=int(view["dealer"]),
        lives=tuple(view["lives"]), out=tuple(bool(o) for o in view["out"]), current_player=view["current_player"],
        phase=str(view["phase"]), hand=_cards(view["hand"]),
        hands=None if view.get("hands") is None else tuple(_cards(h) for h in view["hands"]),
        hand_sizes=tuple(view["hand_sizes"]), center=None if view.get("center") is None else _cards(view["center"]),
        discard_pile=_cards(view["discard_pile"]), stock_count=int(view["stock_count"]),
        out_of_play=_cards(view.get("out_of_play")), knocker=view.get("knocker"), turns=int(view["turns"]),
        played=tuple(bool(p) for p in view["played"]), passes=int(view.get("passes", 0)),
        known=tuple(_cards(k) for k in view["known"]),
        taken=None if view.get("taken") is None else ALL_CARDS[int(view["taken"])],
        result=_result(view.get("result"), rules), legal_actions=legal, _log=log)


def view_state(view: dict[str, Any], rules: Rules) -> State:
    """A state whose :meth:`~thirtyone.game.State.view` for the message's seat is the view received: what the seat
    may not see is filled with stand-ins, the cards it cannot place, in the deck's order (never shown: the table
    draws other hands face down, and the coach samples them afresh). Its events are the round's, as received."""
    v = player_view(view, rules)
    spare = list(v.unseen())
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(v.hand_sizes):
        if seat == v.player:
            hands.append(v.hand)
        elif v.hands is not None:
            hands.append(v.hands[seat])
        else:
            known = v.known[seat]  # cards everyone saw go into that hand are there
            hands.append(known + tuple(spare.pop() for _ in range(size - len(known))))
    if v.hands is not None:  # the round is over: every hand is shown, so none of them is a stand-in
        shown = {c for h in v.hands for c in h}
        spare = [c for c in spare if c not in shown]
    center = None
    if rules.family == "commerce" and v.center is None:  # face down: three stand-ins
        center = [spare.pop() for _ in range(min(3, len(spare)))]
    stock = spare[-v.stock_count:] if v.stock_count else []
    state = from_view(v, hands, stock, center)
    return state._evolve(_log=v._log)


def seat_names(seats: Sequence[dict[str, Any]]) -> list[str]:
    """Every seat's name as the table shows it: the learner's own, or "Bot 3" for a seat a bot plays from the
    start (a seat nobody took; the service sends no name for it)."""
    return [s.get("name") or _("Bot {n}").format(n=i + 1) for i, s in enumerate(seats)]


class RemoteControl(TableControl):
    """The card table's rules of play for a table the service holds: the learner's clicks are checked as on any
    table (their turn, a legal move) and then sent, ``send(action)``; nothing changes here until the service's next
    ``table`` (:meth:`receive`). While a move is on its way, another click is stale."""

    def __init__(self, state: State, seat: int, names: Sequence[str], send: Callable[[Action], Any]) -> None:
        super().__init__(state, seat=seat, names=names, bots=None)
        self.send = send
        self.waiting = False
        """A move was sent and the service's answer (the next table, or a refusal) has not come yet."""

    def rename(self, names: Sequence[str], away: Sequence[bool] = ()) -> None:
        """The seats' names (and which seats a bot plays while their learner is away, marked in their label)."""
        self.names = tuple(names)
        labels = []
        for i, name in enumerate(self.names):
            if i == self.seat:
                labels.append(_("{name} (you)").format(name=name))
            elif i < len(away) and away[i]:
                labels.append(_("{name} (away: a bot plays)").format(name=name))
            else:
                labels.append(name)
        self.labels = tuple(labels)

    def receive(self, state: State) -> None:
        """The service's table after a move: shown now; a move may be sent again."""
        self.advance(state)
        self.history.clear()  # no stepping back at a shared table
        self.waiting = False
        self.dealt_by = None

    def refused(self) -> None:
        """The service refused the move sent: nothing changed, and the learner may click again."""
        self.waiting = False

    def play(self, action: Action | str) -> Click:
        try:
            a = parse_action(action)
        except IllegalActionError as e:
            return Click(refusal=Refusal.NOT_A_MOVE, message=str(e))
        if self.waiting:
            return Click(refusal=Refusal.STALE)
        if a.kind == "next round":
            if not self.state.round_over or self.state.game_over:
                return Click(refusal=Refusal.STALE)
        else:
            if not self.my_turn:
                return self._wait()
            if a not in self.state.legal_actions():
                return Click(refusal=Refusal.NOT_NOW, message=self._not_now(a))
        self.waiting = True
        self.selected = None
        self.send(a)
        return Click(move=a)

    def next_round(self, button: str | None = None) -> State | None:
        """Never dealt here: the service deals (:meth:`play` sends "next round")."""
        return None

    def back(self, step_mode: bool = False) -> bool:
        return False

    def status_text(self, step_mode: bool = False) -> str:
        s = self.state
        if s.round_over and not s.game_over:
            return _("The round is over: read the showdown below. The next round is dealt in a moment, or click "
                     "Next round.")
        return super().status_text(step_mode)


REFUSALS: dict[str, str] = {
    "malformed": N_("The table service could not read what this page sent, so nothing changed. Reload the page "
                    "if it happens again."),
    "too-big": N_("What this page sent was too long for the table service, so nothing changed."),
    "too-fast": N_("Too many clicks at once: wait a moment, then try again."),
    "unknown-table": N_("There is no table with that code: check the code and try again."),
    "bad-rules": N_("The table service cannot play these rules: choose others."),
    "bad-seats": N_("A table has 2 to 8 seats, and no more than these rules' deck allows: choose another number."),
    "bad-level": N_("Choose the bots' level: beginner, intermediate or expert."),
    "bad-name": N_("Type your name: 1 to 24 letters, digits or spaces."),
    "bad-seat": N_("This table has no such seat: choose another."),
    "seat-taken": N_("Someone has already taken that seat: choose another."),
    "bad-token": N_("This browser's place at that table is no longer valid: join the table again."),
    "not-your-seat": N_("This page can only play for your own seat."),
    "not-seated": N_("You have no seat at this table yet: join it first."),
    "not-creator": N_("Only whoever created the table can start the game."),
    "already-started": N_("The game at this table has already started: nobody can join it any more."),
    "not-started": N_("The game has not started yet: whoever created the table starts it."),
    "out-of-turn": N_("Wait: it is not your turn."),
    "stale": N_("The table had moved on before your click arrived, so it changed nothing: look again, then "
                "play."),
    "illegal": N_("The rules do not allow that move now, so nothing changed."),
    "game-over": N_("The game at this table is over."),
    "paused": N_("Your teacher has paused this table: wait until it goes on."),
    "bad-key": N_("That teacher key does not open this table."),
    "not-finished": N_("The game at this table is not finished yet, so it cannot be replayed."),
    "too-many-tables": N_("The table service holds as many tables as it can: try again later, or ask your "
                          "teacher."),
    "not-signed-in": N_("The table service did not recognise you: sign in to the hub again, then reload the page."),
}
"""Each refusal reason of the protocol (:data:`thirtyone.classroom.protocol.REASONS`), as a whole sentence."""


def refusal_text(reason: str) -> str:
    """Why the service refused, in the page's language (a reason this page does not know: a general sentence)."""
    said = REFUSALS.get(reason)
    return _(said) if said is not None else _("The table service refused that, so nothing changed.")
