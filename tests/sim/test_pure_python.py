"""The pure-Python path (no NumPy: the course in a browser, thirtyone/compute.py) plays the same rules as the game.

* :func:`thirtyone.purestep.play_pure` ends every round as the reference ``State`` does (the conformance test's starts,
  every preset, every legal first move) and as the lockstep does from the same starts and reshuffles;
* the pure worlds played on (the expert's and the coach's play-outs) lose what the game, played move by move from each
  world, loses; from the same worlds they lose what the NumPy path loses;
* under the pure path the expert and the coach make legal moves and decide staged spots as they do on NumPy;
* lesson 5's shipped first answers are used on the pure path, and its studies' shipped results equal fresh ones;
* in a process where ``import numpy`` fails, the lesson widgets' simulations answer, and a failing simulation reaches
  the learner as words.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from helpers.sim import assert_same, lockstep, reference_end, starts_for, states_to_decide

from thirtyone import Action, Rules, State, new_game, parse_cards, precomputed, shipped
from thirtyone.bots import ExpertBot
from thirtyone.coach import coach
from thirtyone.compute import PURE_ENV, numpy_available, pure_python, use_numpy
from thirtyone.policy import KnockSchedule
from thirtyone.purestep import play_pure
from thirtyone.rules import PRESETS
from thirtyone.worlds import Worlds, play_on_pure_worlds, play_on_worlds, sample_worlds_pure

ROOT = Path(__file__).resolve().parents[2]


def pure(starts: list[State], thresholds: list[list[float | KnockSchedule]], patience: int,
         first: list[Action | None]):  # type: ignore[no-untyped-def]
    """The starts played by play_pure, a rebuilt stock ordered as each game orders it (as helpers.sim.lockstep)."""
    s0 = starts[0]

    def reshuffle(row: int, count: int, cards: list[int]) -> list[int]:
        s = starts[row]
        order = [int(c) for c in cards]
        random.Random(f"{s.seed}:{s.shuffles + count}").shuffle(order)
        return order

    k = [[t if isinstance(t, KnockSchedule) else KnockSchedule(t) for t in row] for row in thresholds]
    start, drop, floor = ([[getattr(t, f) for t in row] for row in k] for f in ("start", "drop", "floor"))
    assert s0.current_player is not None
    return play_pure(s0.rules, [[h if len(h) == 3 else (0, 1, 2) for h in s.hands] for s in starts],
                     [list(s.stock) for s in starts],
                     [list(s.center) for s in starts] if s0.rules.family == "commerce" else None, s0.out,
                     current=s0.current_player, dealer=s0.dealer, turns=s0.turns, played=s0.played,
                     passes=s0.passes, thresholds=start, drop=drop, floor=floor, patience=patience,
                     first_move=first, discard=[list(s.discard_pile) for s in starts], knocker=s0.knocker,
                     reshuffle=reshuffle)


class Arrays:
    """A pure outcome as the arrays helpers.sim.assert_same reads."""

    def __init__(self, o) -> None:  # type: ignore[no-untyped-def]
        self.losses, self.reasons = np.array(o.losses), np.array(o.reasons)
        self.hands = np.array([[h if len(h) == 3 else (0, 0, 0) for h in hs] for hs in o.hands])
        self.knocker, self.how = np.array(o.knocker), np.array(o.how)


def test_one_place_decides_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    assert numpy_available() and use_numpy()
    with pure_python():
        assert not use_numpy()
        with pure_python(False):
            assert use_numpy()
    monkeypatch.setenv(PURE_ENV, "1")
    assert not use_numpy()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_pure_play_outs_end_every_round_as_the_game_does(preset: str) -> None:
    rules = Rules.preset(preset)
    hows: Counter[str] = Counter()
    for s, thresholds, patience in starts_for(rules, 30, preset):
        for a in [None, *s.legal_actions()]:
            end = reference_end(s, thresholds, patience, a)
            hows[assert_same(end, Arrays(pure([s], [thresholds], patience, [a])), 0,
                             f"{preset} seed {s.seed}, turn {s.turns}, first move {a}")] += 1
    assert hows["knock"] and hows["31"], hows


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer"])
def test_pure_play_outs_are_the_lockstep_s_from_the_same_starts(preset: str) -> None:
    rules = Rules.preset(preset)
    for s, thresholds, patience in starts_for(rules, 20, "same:" + preset):
        firsts: list[Action | None] = [None, *s.legal_actions()]
        want = lockstep([s] * len(firsts), [thresholds] * len(firsts), patience, firsts)
        got = pure([s] * len(firsts), [thresholds] * len(firsts), patience, firsts)
        assert got.losses == want.losses.tolist() and got.how == want.how.tolist()
        assert got.knocker == want.knocker.tolist() and got.reasons == want.reasons.tolist()


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer", "bga-draw", "widow"])
def test_pure_worlds_lose_what_the_game_played_move_by_move_loses(preset: str) -> None:
    """The expert's and the coach's play-outs without NumPy: every legal move from sampled worlds, each world then
    played move by move by the game itself (its own reshuffles) with the same threshold policy."""
    checked = 0
    for s in states_to_decide(preset, 8, random.Random(preset), random_share=0.3):
        p = s.current_player
        assert p is not None
        view = s.view(p)
        actions = list(view.legal_actions)
        worlds = sample_worlds_pure(view, 5, random.Random(3))
        got = play_on_pure_worlds(worlds, actions, 25.0, 3)
        for a in actions:
            for i in range(len(worlds)):
                after = worlds.state(i).apply(a)
                if after.phase == "over":
                    want = after.result.losses[p] if after.result is not None else 0
                elif after.phase in ("choice", "first"):
                    want = 0  # as play_on scores a move that leads to another first choice
                else:
                    end = reference_end(after, [25.0] * len(after.hands), 3)
                    assert end.result is not None
                    want = end.result.losses[p]
                assert got[a][i] == want, (preset, view.phase, a, i)
                checked += 1
    assert checked >= 80


def test_the_same_worlds_lose_the_same_on_both_paths() -> None:
    s = new_game("scat", 4, seed=5)
    view = s.view(1)
    worlds = sample_worlds_pure(view, 400, random.Random(3))
    arrays = Worlds(view, np.array([[h if s_ != 1 else view.hand for s_, h in enumerate(hs)] for hs in worlds.hands]),
                    np.array(worlds.stock), None, np.array(worlds.seeds))
    actions = list(view.legal_actions)
    assert play_on_pure_worlds(worlds, actions, 25.0, 4) == play_on_worlds(arrays, actions, 25.0, 4,
                                                                           np.random.default_rng(0))


def test_under_the_pure_path_the_expert_and_the_coach_make_legal_moves() -> None:
    with pure_python():
        for preset in ("scat", "schwimmen", "bga-commerce"):
            for s in states_to_decide(preset, 6, random.Random("legal:" + preset), random_share=0.3):
                p = s.current_player
                assert p is not None
                assert ExpertBot(seed=2, rollouts=16).choose(s.view(p)) in s.legal_actions()
                assert coach(s, p, rollouts=16, knock_rollouts=16).best in s.legal_actions()


def test_under_the_pure_path_the_expert_and_the_coach_knock_a_strong_first_hand() -> None:
    """A♥ K♥ 9♥ on the first turn of Scat with 4 players: the knock loses fewest lives (tests/sim/test_expert_spots.py
    on NumPy); the bot and the coach decide so without NumPy too."""
    from helpers.engine import stack

    s = new_game("scat", 4, seed=3, deck=stack(["7♣ 8♦ 2♠", "A♥ K♥ 9♥", "3♣ 5♦ 7♠", "4♣ 6♦ 8♠"],
                                                "J♣ 2♦ 3♠ 4♦ 5♣ 6♣ 9♦ 10♣"))
    assert s.current_player == 1 and s.hands[1] == parse_cards("A♥ K♥ 9♥")
    with pure_python():
        assert ExpertBot(seed=1).choose(s.view(1)) == Action("knock")
        assert coach(s, 1, rollouts=1000, knock_rollouts=1000).best == Action("knock")


def test_the_shipped_first_answers_are_used_on_the_pure_path_and_the_studies_equal_fresh_ones() -> None:
    from thirtyone import timing
    from thirtyone.strategy import suit_study

    kind, args = precomputed.RECIPES[0]
    assert kind == "advise"
    timing._advise.cache_clear()
    with pure_python():
        _spot, advice = timing.advise(args["rules"], args["hand"], args["players"], args["seat"], args["turn"],
                                      rollouts=args["rollouts"], seed=args["seed"])
        shipped_one = next(iter(shipped.load("precomputed.json")["results"]["advise"].values()))
        assert advice.play_on.expected_lives == shipped_one["play_on"]["expected_lives"]
        recipe = dict(precomputed.RECIPES[1][1])
        was = precomputed.enabled(False)
        try:
            fresh = precomputed.encode(suit_study(recipe.pop("rules"), **recipe))
        finally:
            precomputed.enabled(was)
        assert fresh == next(iter(shipped.load("precomputed.json")["results"]["suit_study"].values()))
    timing._advise.cache_clear()


NO_NUMPY = """
import sys, json
sys.modules["numpy"] = None  # `import numpy` fails, as in a browser without it
from thirtyone.widgets import KnockAdvisor, KnockDrill, PlayGame
from thirtyone import timing
from thirtyone.rules import Rules
out = {}
a = KnockAdvisor()
a.choose(hand="A♠ 10♠ 7♦", players=3, seat=1, turn=3)
out["advisor"] = a.advice is not None and "to-error" not in a.result.value
d = KnockDrill(seed=4, rollouts=2000)
out["drill"] = d.answer("knock") is not None and "to-error" not in d.feedback.value
out["curve"] = len(timing.live_curve("scat", 3, 2, 3, deals=300)) > 3
out["thresholds"] = len(timing.threshold_curve("schwimmen", 3, rounds=20, seed=2)) == 12
g = PlayGame("scat", bots=2, level="expert", seed=3, lives=1, pace=0, rollouts=60)
t = g.table
advice = g.ask_coach()
out["coach"] = advice is not None and advice.best in t.state.legal_actions()
t.play(advice.best)
t.play_bots()
out["bots"] = t.my_turn or t.state.round_over
custom = KnockAdvisor(Rules.preset("scat").replace(lives=2))
custom.choose(hand="K♥ Q♥ 8♣", players=3, seat=1, turn=0)
out["said smaller"] = "100" in custom.result.value
def boom(*_a, **_k):
    raise RuntimeError("no play-outs here")
import thirtyone.widgets.play as play
play.coach = boom
g.advice = None
t.play_bots()
out["failure said"] = g.ask_coach() is None and "to-error" in g.coach_html.value and "no play-outs here" in g.coach_html.value
out["numpy"] = "numpy" in sys.modules and sys.modules["numpy"] is not None
print(json.dumps(out))
"""


def test_without_numpy_the_lesson_widgets_answer_and_a_failure_is_said() -> None:
    done = subprocess.run([sys.executable, "-c", NO_NUMPY], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out == {"advisor": True, "drill": True, "curve": True, "thresholds": True, "coach": True, "bots": True,
                   "said smaller": True, "failure said": True, "numpy": False}, out


def test_in_a_browser_only_a_rule_set_that_is_no_preset_plays_fewer_rounds_and_the_advisor_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The intermediate bots' knock rule for rules of one's own is played live: 100 rounds a rule tried on the pure
    path, as the advisor's sentence says (500 on a server, where nothing is said); a preset's is shipped, so
    nothing is said of it in a browser either."""
    from thirtyone import knockrules
    from thirtyone.compute import PURE_KNOCK_RULE_ROUNDS
    from thirtyone.widgets.failure import smaller_rule_sentence

    played: list[int] = []
    real = knockrules.knock_rule_tournament

    def tournament(*args, **kwargs):  # type: ignore[no-untyped-def]
        played.append(kwargs["rounds"])
        return real(*args, **kwargs)

    monkeypatch.setattr(knockrules, "knock_rule_tournament", tournament)
    own = Rules.preset("scat").replace(lives=2)
    knockrules._played_now.cache_clear()
    try:
        with pure_python():
            knockrules.intermediate_schedule(own, 3)
            said = smaller_rule_sentence(own)
            assert smaller_rule_sentence(Rules.preset("scat")) == smaller_rule_sentence(Rules.preset("schwimmen")) == ""
    finally:
        knockrules._played_now.cache_clear()  # the rule played on the pure path is not kept for the tests after
    assert played == [PURE_KNOCK_RULE_ROUNDS] == [100]
    assert "from 100 rounds for each rule tried, where a server plays 500" in said
    assert smaller_rule_sentence(own) == ""
