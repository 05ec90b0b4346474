"""Lesson 6's "Watch the coach play this round" (issue 33), driven in pure Python as the front end drives it: after
each showdown the same deal is played again with the coach in the learner's seat, and the page shows the lives each
player lost in both rounds side by side and the first turn where they part, in English, Spanish and German. The
``widget_errors`` fixture (conftest) fails any test in which a widget callback raised. Seeded: the same games on
every run."""

from __future__ import annotations

import asyncio
import html
import logging
import re
from typing import Any

import pytest
from helpers.table import do, next_round

from thirtyone import i18n
from thirtyone.bots import make_bot
from thirtyone.coach import CoachBot
from thirtyone.compute import pure_python
from thirtyone.game import State
from thirtyone.narration import the_card
from thirtyone.replay import replay_round, seeded_choice
from thirtyone.widgets import PlayGame
from thirtyone.widgets.roundreplay import PURE_ROLLOUTS

ROLLOUTS = 60

SAID: dict[str, dict[str, str]] = {
    "en": {
        "button": "Watch the coach play this round",
        "lost 0": "In your round you lost no life.", "lost 1": "In your round you lost 1 life.",
        "lost 2": "In your round you lost 2 lives.",
        "coach 0": "Playing your seat on the same cards, the coach lost no life.",
        "coach 1": "Playing your seat on the same cards, the coach lost 1 life.",
        "coach 2": "Playing your seat on the same cards, the coach lost 2 lives.",
        "same": "The coach made every move you made: the two rounds are the same.",
        "better": "The coach did better than you on this deal.", "worse": "You did better than the coach on this deal.",
        "even": "The coach played otherwise, and lost as many lives as you.",
        "until": "Both rounds went the same way until turn {turn} of the round, which was yours.",
        "first": "The two rounds part on the round's very first turn, which was yours.",
        "you draw stock": "You drew from the stock.", "you draw discard": "You took {the_card} from the discard pile.",
        "you discard": "You threw {the_card}.", "you knock": "You knocked.",
        "coach draw stock": "The coach drew from the stock instead.",
        "coach draw discard": "The coach took {the_card} from the discard pile instead.",
        "coach discard": "The coach threw {the_card} instead.", "coach knock": "The coach knocked instead.",
        "working": "The coach is playing this round in your seat",
        "fewer": "the coach played this round trying each move on 20 deals of the cards you cannot see, not the 60",
    },
    "es": {
        "button": "Ver al entrenador jugar esta ronda",
        "lost 0": "En tu ronda no has perdido ninguna vida.", "lost 1": "En tu ronda has perdido 1 vida.",
        "lost 2": "En tu ronda has perdido 2 vidas.",
        "coach 0": "Jugando en tu asiento con las mismas cartas, el entrenador no ha perdido ninguna vida.",
        "coach 1": "Jugando en tu asiento con las mismas cartas, el entrenador ha perdido 1 vida.",
        "coach 2": "Jugando en tu asiento con las mismas cartas, el entrenador ha perdido 2 vidas.",
        "same": "El entrenador ha hecho las mismas jugadas que tú: las dos rondas son iguales.",
        "better": "Con estas cartas, al entrenador le ha ido mejor que a ti.",
        "worse": "Con estas cartas, te ha ido mejor a ti que al entrenador.",
        "even": "El entrenador ha jugado de otra manera y ha perdido tantas vidas como tú.",
        "until": "Las dos rondas fueron iguales hasta el turno {turn} de la ronda, que era el tuyo.",
        "first": "Las dos rondas se separan en el primer turno de la ronda, que era el tuyo.",
        "you draw stock": "Has robado del mazo.", "you draw discard": "Has tomado {the_card} del descarte.",
        "you discard": "Has descartado {the_card}.", "you knock": "Has golpeado.",
        "coach draw stock": "El entrenador, en cambio, ha robado del mazo.",
        "coach draw discard": "El entrenador, en cambio, ha tomado {the_card} del descarte.",
        "coach discard": "El entrenador, en cambio, ha descartado {the_card}.",
        "coach knock": "El entrenador, en cambio, ha golpeado.",
        "working": "El entrenador está jugando esta ronda en tu asiento",
        "fewer": "el entrenador ha jugado esta ronda probando cada jugada en 20 repartos de las cartas que no ves, "
                 "no en los 60",
    },
    "de": {
        "button": "Dem Trainer bei dieser Runde zusehen",
        "lost 0": "In deiner Runde hast du kein Leben verloren.", "lost 1": "In deiner Runde hast du ein Leben verloren.",
        "lost 2": "In deiner Runde hast du 2 Leben verloren.",
        "coach 0": "Auf deinem Platz und mit denselben Karten hat der Trainer kein Leben verloren.",
        "coach 1": "Auf deinem Platz und mit denselben Karten hat der Trainer ein Leben verloren.",
        "coach 2": "Auf deinem Platz und mit denselben Karten hat der Trainer 2 Leben verloren.",
        "same": "Der Trainer hat jeden deiner Züge genauso gemacht: Die beiden Runden sind gleich.",
        "better": "Mit diesen Karten hat der Trainer besser abgeschnitten als du.",
        "worse": "Mit diesen Karten hast du besser abgeschnitten als der Trainer.",
        "even": "Der Trainer hat anders gespielt und genauso viele Leben verloren wie du.",
        "until": "Beide Runden verliefen gleich bis zum {turn}. Zug der Runde, deinem Zug.",
        "first": "Die beiden Runden trennen sich schon im ersten Zug der Runde, deinem Zug.",
        "you draw stock": "Du hast vom Stapel gezogen.", "you draw discard": "Du hast {the_card} von der Ablage genommen.",
        "you discard": "Du hast {the_card} abgelegt.", "you knock": "Du hast geklopft.",
        "coach draw stock": "Der Trainer hat stattdessen vom Stapel gezogen.",
        "coach draw discard": "Der Trainer hat stattdessen {the_card} von der Ablage genommen.",
        "coach discard": "Der Trainer hat stattdessen {the_card} abgelegt.",
        "coach knock": "Der Trainer hat stattdessen geklopft.",
        "working": "Der Trainer spielt diese Runde auf deinem Platz",
        "fewer": "hat der Trainer in dieser Runde jeden Zug an 20 Verteilungen der Karten ausprobiert, die du nicht "
                 "siehst, statt an den 60",
    },
}
"""What the panel says, in each language, as a learner reads it (written here, not read from the catalog)."""


def shown(fragment: str) -> str:
    """The words of an HTML fragment, tags dropped, spaces as one."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def table_rows(fragment: str) -> list[tuple[str, str, str]]:
    """The rows of the panel's table: (player, lives lost in the learner's round, in the coach's)."""
    rows = re.findall(r'<tr[^>]*role="row"><th scope="row"[^>]*>([^<]*)</th><td[^>]*>([^<]*)</td><td[^>]*>([^<]*)'
                      r"</td></tr>", fragment)
    return [(html.unescape(a), b, c) for a, b, c in rows]


def move_text(lang: str, who: str, kind: str, card: Any) -> str:
    return SAID[lang][f"{who} {kind}"].format(the_card=the_card(card) if card is not None else "")


class Deals:
    """Every deal the table shows: the first state of each round, as the front end receives them."""

    def __init__(self, game: PlayGame) -> None:
        assert game.table is not None
        self.by_round: dict[int, State] = {game.table.history[0].round if game.table.history else 1:
                                           (game.table.history or [game.table.state])[0]}
        game.table.observe(self._seen, "state")

    def _seen(self, change: dict[str, Any]) -> None:
        s = change["new"]
        self.by_round.setdefault(s.round, s)


def learner_move(game: PlayGame, me: Any) -> None:
    t = game.table
    assert t is not None
    do(t, me.choose(t.state.view(0)))


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_each_round_replayed_by_the_coach_shows_both_results_and_where_they_part(lang: str) -> None:
    with i18n.using(lang):
        game = PlayGame("scat", bots=3, seed=1, lives=2, pace=0, rollouts=ROLLOUTS)
        t = game.table
        assert t is not None
        deals = Deals(game)
        panel = game.replay_panel
        me = make_bot("intermediate", seed=11)
        said = SAID[lang]
        assert panel.button.description == said["button"]
        replayed = parted = 0
        for _ in range(2000):
            s = t.state
            if not s.round_over:
                assert panel.layout.display == "none" and panel.html.value == ""  # only after a showdown
                learner_move(game, me)
                continue
            deal = deals.by_round[s.round]
            if s.out[0] or deal.out[0]:
                assert panel.layout.display == "none"
            else:
                assert panel.layout.display is None and not panel.button.disabled
                panel.button.click()
                rep = panel.replay
                assert rep is not None and not panel.playing and panel.button.disabled
                replayed += 1
                # the same cards: the replay starts from the deal the table showed
                assert rep.start is deal or (rep.start.hands, rep.start.stock, rep.start.discard_pile) == (
                    deal.hands, deal.stock, deal.discard_pile)
                # both results: the table's showdown, and the coach's round on the same deal
                assert s.result is not None and rep.original_losses == s.result.losses
                coach = replay_round(deal, s, 0, CoachBot(rollouts=ROLLOUTS, knock_rollouts=ROLLOUTS),
                                     lambda p: make_bot("intermediate"))
                assert rep.replayed == coach.replayed and rep.replayed_losses == coach.replayed_losses
                value = panel.html.value
                assert table_rows(value) == [(t.labels[p], str(rep.original_losses[p]), str(rep.replayed_losses[p]))
                                             for p in range(s.players) if not deal.out[p]]
                text = shown(value)
                mine, theirs = rep.original_losses[0], rep.replayed_losses[0]
                assert said[f"lost {mine}"] in text and said[f"coach {theirs}"] in text
                i = rep.first_difference
                verdict = ("same" if i is None else "better" if theirs < mine else "worse" if theirs > mine
                           else "even")
                assert said[verdict] in text
                if i is not None:
                    parted += 1
                    before = rep.before_difference()
                    assert before is not None and before.current_player == 0
                    yours, its = rep.original[i], rep.replayed[i]
                    assert its.action == seeded_choice(CoachBot(rollouts=ROLLOUTS, knock_rollouts=ROLLOUTS), before)
                    turn = said["first"] if yours.turns == 0 else said["until"].format(turn=yours.turns + 1)
                    assert turn in text
                    for who, m in (("you", yours), ("coach", its)):
                        k = str(m.action.kind)
                        card = (m.action.cards[0] if k == "discard" else
                                before.discard_pile[-1] if k == "draw discard" else None)
                        assert move_text(lang, who, k, card) in text, (who, m, text)
                    assert i18n.cards_text(before.hands[0]) in text  # the hand held there, as the table writes it
                else:
                    assert rep.replayed == rep.original
                # a second click, and the button's message sent twice, change nothing
                again = panel.replay
                assert not panel.watch()
                panel.button._click_handlers(panel.button)
                assert panel.replay is again and panel.html.value == value
            if s.game_over:
                break
            next_round(t)
            assert t.state.round == s.round + 1 or t.state.game_over
            assert panel.layout.display == "none" or t.state.round_over
            assert panel.replay is None or t.state.round_over
            assert not panel.watch() or t.state.round_over  # a stale click: the round it was for is gone
        else:
            raise AssertionError("the game did not end")
        assert replayed >= 3 and parted >= 2


def test_the_replay_never_holds_up_the_next_round_nor_touches_the_game() -> None:
    """In a kernel the replay plays one move at a time through the event loop: "Next round" is answered at once, and
    the replay of the round no longer shown is dropped. Left alone, it ends with the same result as at once."""
    game = PlayGame("scat", bots=3, seed=1, pace=0, rollouts=ROLLOUTS)
    twin = PlayGame("scat", bots=3, seed=1, pace=0, rollouts=ROLLOUTS)
    me, me2 = make_bot("intermediate", seed=11), make_bot("intermediate", seed=11)
    t, t2 = game.table, twin.table
    assert t is not None and t2 is not None
    while not t.state.round_over:
        learner_move(game, me)
        learner_move(twin, me2)
    twin.replay_panel.watch()  # no event loop: at once
    panel = game.replay_panel

    async def left_alone() -> None:
        end = t.state
        assert panel.watch()
        assert panel.playing and panel.replay is None and panel.button.disabled
        assert SAID["en"]["working"] in shown(panel.html.value)
        assert not panel.watch()  # a second click while it plays
        for _ in range(2000):
            if not panel.playing:
                break
            await asyncio.sleep(0)
        assert t.state is end  # the game on the table is untouched
        assert panel.replay is not None and panel.html.value == twin.replay_panel.html.value

    asyncio.run(left_alone())
    next_round(t)
    while not t.state.round_over:
        learner_move(game, me)

    async def next_round_at_once() -> None:
        r = t.state.round
        assert panel.watch() and panel.playing
        next_round(t)  # answered now, not after the replay
        assert t.state.round == r + 1 and panel.layout.display == "none" and panel.html.value == ""
        for _ in range(200):
            await asyncio.sleep(0)
        assert not panel.playing and panel.replay is None and panel.html.value == ""

    asyncio.run(next_round_at_once())
    assert not t.state.round_over or t.state.game_over or t.state.round == 3


def test_an_exception_in_the_replay_is_said_to_the_learner_and_fails_the_test(
        monkeypatch: pytest.MonkeyPatch, widget_errors: list[logging.LogRecord]) -> None:
    game = PlayGame("scat", bots=2, seed=4, pace=0, rollouts=ROLLOUTS)
    me = make_bot("intermediate", seed=11)
    assert game.table is not None
    while not game.table.state.round_over:
        learner_move(game, me)

    def broken(self: CoachBot, view: Any) -> Any:
        raise RuntimeError("the coach fell over")

    monkeypatch.setattr(CoachBot, "choose", broken)
    game.replay_panel.button.click()
    assert 'role="alert"' in game.replay_panel.html.value and "the coach fell over" in game.replay_panel.html.value
    assert widget_errors and "Exception in" in widget_errors[0].getMessage()  # so any test that meets one fails
    widget_errors.clear()
    monkeypatch.undo()
    assert not game.replay_panel.button.disabled  # it may be tried again
    game.replay_panel.button.click()
    assert game.replay_panel.replay is not None


def test_fewer_deals_for_the_replay_are_said_on_the_page() -> None:
    for lang in ("en", "es", "de"):
        with i18n.using(lang):
            game = PlayGame("scat", bots=1, seed=2, pace=0, rollouts=ROLLOUTS, replay_rollouts=20)
            me = make_bot("intermediate", seed=11)
            assert game.table is not None
            while not game.table.state.round_over:
                learner_move(game, me)
            game.replay_panel.watch()
            assert SAID[lang]["fewer"] in shown(game.replay_panel.html.value)
    same = PlayGame("scat", bots=1, seed=2, pace=0, rollouts=ROLLOUTS)
    assert same.replay_panel.replay_rollouts == ROLLOUTS  # with NumPy, as many as when asked: nothing to say
    with pure_python():
        assert PlayGame("scat", bots=1, seed=2, pace=0).replay_panel.replay_rollouts == PURE_ROLLOUTS
    me = make_bot("intermediate", seed=11)
    assert same.table is not None
    while not same.table.state.round_over:
        learner_move(same, me)
    same.replay_panel.watch()
    assert "deals of the cards you cannot see" not in shown(same.replay_panel.html.value)


def test_a_new_game_drops_the_replay_of_the_old_one() -> None:
    game = PlayGame("schwimmen", bots=2, seed=3, pace=0, rollouts=20)
    me = make_bot("intermediate", seed=11)
    assert game.table is not None
    while not game.table.state.round_over:
        learner_move(game, me)
    old = game.table
    game.setup.seed_box.value = "4"
    assert game.start() and game.table is not old
    assert game.replay_panel.layout.display == "none" and not game.replay_panel.watch()
