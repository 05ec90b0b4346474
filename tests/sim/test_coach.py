"""The coach (lesson 6): the best move from the player's view only, with its numbers; the game record."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pytest
from helpers.engine import stack

from thirtyone import new_game
from thirtyone.analysis import Estimate
from thirtyone.bots import knock_rule, make_bot, play_game
from thirtyone.coach import Advice, GameRecord, KnockRecord, MoveEstimate, _explain, coach, describe_move, overlap
from thirtyone.game import Action, State
from thirtyone.i18n import using
from thirtyone.widgets.play import advice_html


def advance(state: State, moves: int, seed: int = 1) -> State:
    """``moves`` moves of intermediate bots (stops at the end of the round)."""
    bots = [make_bot("intermediate", seed=seed + i) for i in range(state.players)]
    s = state
    for _ in range(moves):
        if s.round_over:
            break
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    return s


def check_advice(s: State) -> None:
    p = s.current_player
    assert p is not None
    a = coach(s, rollouts=60, knock_rollouts=60, seed=3)
    legal = s.legal_actions()
    assert a.player == p and a.best in legal and a.best == a.moves[0].action
    means = [m.estimate.expected_lives for m in a.moves]
    assert means == sorted(means)
    for m in a.moves:
        assert m.action in legal and m.estimate.rollouts == 60
        lo, hi = m.estimate.expected_ci
        assert lo <= m.estimate.expected_lives <= hi
        assert 0 <= m.estimate.p_lose <= 1
    assert (a.knock is not None) == (Action("knock") in legal and s.phase == "turn")
    assert a.headline == f"The coach advises you to {a.best_move.words}."  # one sentence, the move in it
    if len(a.moves) > 1:
        assert a.explanation.startswith(f"The next best move is to {a.moves[1].words}. ")
    assert a.is_for(s)
    if a.knock is not None:  # one estimate: the knock verdict is the table's knock row against its best other
        assert a.knock_move is not None and a.other_move is not None
        assert a.knock.knock == a.knock_move.estimate and a.knock.play_on == a.other_move.estimate
        assert a.knock.close == (a.knock_verdict == "about as good")  # lesson 5's "too close to tell"
    assert_numbers_are_the_tables(a)


def assert_numbers_are_the_tables(a: Advice) -> None:
    """Every number the coach's sentences show is a number of its table (one estimate, shown once)."""
    page = advice_html(a)
    table = page[page.index("<table"):]
    cells = set(re.findall(r"<td[^>]*>([^<]*)</td>", table))
    shown = {x for c in cells for x in re.findall(r"\d+\.\d\d|\d+%", c)}
    prose = re.sub(r"<[^>]+>", " ", page[:page.index("<table")] + page[page.index("</table>"):])
    numbers = re.findall(r"\d+\.\d\d|\d+%(?! interval)", prose)
    assert numbers, prose
    for x in numbers:
        assert x in shown, f"{x} is in the coach's words but not in its table"


@pytest.mark.parametrize("preset", ["scat", "schwimmen", "feuer", "bga-commerce", "bga-draw", "widow"])
def test_advice_names_a_legal_best_move_with_numbers_in_every_phase(preset: str) -> None:
    s = new_game(preset, players=3, seed=5)
    seen = set()
    for _ in range(12):
        if s.round_over:
            break
        check_advice(s)
        seen.add(s.phase)
        s = advance(s, 1)
    assert "turn" in seen


def test_throws_are_all_compared_and_the_discard_phase_has_its_own_advice() -> None:
    s = new_game("scat", players=3, seed=2)
    s = advance(s, 4)
    while s.phase != "turn" or s.current_player is None:
        s = advance(s, 1)
    s = s.apply("draw stock")
    a = coach(s, rollouts=40, seed=1)
    assert {m.action for m in a.moves} == set(s.legal_actions())
    assert all(m.words.startswith("throw the ") for m in a.moves)
    assert not a.is_for(advance(s, 1))


def test_the_coach_sees_only_the_players_view() -> None:
    a_game = new_game("scat", players=3, seed=8, deck=stack(["2♦ 3♦ 4♦", "K♥ 9♥ 4♣", "A♠ K♠ 2♠"], "7♠"))
    b_game = new_game("scat", players=3, seed=8, deck=stack(["A♠ K♠ 5♣", "K♥ 9♥ 4♣", "2♦ 3♦ 8♥"], "7♠"))
    assert a_game.current_player == b_game.current_player == 1 and a_game.hands != b_game.hands
    a, b = (coach(g, rollouts=50, knock_rollouts=50, seed=9) for g in (a_game, b_game))
    assert a.moves == b.moves and a.best == b.best and a.explanation == b.explanation
    assert a.knock is not None and a.knock == b.knock


def test_same_seed_same_advice_and_bad_calls_are_refused() -> None:
    s = new_game("bga-draw", players=2, seed=4)
    assert coach(s, rollouts=30, seed=2).moves == coach(s, rollouts=30, seed=2).moves
    other = 1 - (s.current_player or 0)
    with pytest.raises(ValueError, match="turn"):
        coach(s, other)
    with pytest.raises(ValueError, match="rollouts"):
        coach(s, rollouts=1)
    over = advance(s, 500)
    assert over.round_over
    with pytest.raises(ValueError):
        coach(over)


def test_moves_in_words() -> None:
    s = advance(new_game("scat", players=2, seed=1), 2)
    v = s.view(s.current_player or 0)
    top = v.discard_pile[-1]
    assert describe_move(Action("draw discard"), v) == f"take the {top} from the discard pile"
    assert describe_move(Action("draw stock"), v) == "draw from the stock"
    assert describe_move(Action("swap", v.hand[:1] + (top,)), v) == f"swap your {v.hand[0]} for the {top}"
    assert describe_move(Action("keep hand"), v) == "keep your hand"


def test_game_record_lives_after_each_round_and_knocks_against_the_coach() -> None:
    state = new_game("scat", players=3, seed=6, lives=[2, 2, 2])
    bots = [make_bot("intermediate", seed=i) for i in range(3)]
    rec = GameRecord(0, names=("Sam", "Ana", "Ben"))
    s = state
    finished: list[State] = []
    while not s.game_over:
        rec.observe(s)
        if s.round_over:
            finished.append(s)
            s = s.apply("next round")
            continue
        p = s.current_player
        assert p is not None
        a = bots[p].choose(s.view(p))
        if p == 0:
            rec.note_move(s, a, None)
        s = s.apply(a)
    rec.observe(s)
    finished.append(s)
    rec.observe(s)  # twice: noted once
    assert [r for r, _, _ in rec.rounds] == [x.round for x in finished]
    assert [lv for _, lv, _ in rec.rounds] == [x.lives for x in finished]
    header, rows = rec.lives_table()
    assert header[:3] == ["Player", "Start", f"Round {finished[0].round}"] and len(header) == len(finished) + 2
    assert rows[0][:2] == ["Sam", "2"]
    assert rows[s.winner or 0][-1] != "out"
    assert rec.winner == s.winner == play_game(state, bots=[make_bot("intermediate", seed=i) for i in range(3)]).winner
    assert rec.lost == {x.round: x.result.losses[0] for x in finished if x.result is not None}
    for k in rec.knocks:
        assert not math.isnan(k.knock_lives)
    assert len(rec.knock_lines()) == len(rec.knocks)
    text = rec.summary()
    assert f"You played {len(finished)} rounds." in text
    assert ("You never knocked." in text) == (not rec.knocks)


def test_a_knock_with_fresh_advice_counts_as_asked_and_followed() -> None:
    s = advance(new_game("scat", players=2, seed=3), 3)
    while Action("knock") not in s.legal_actions():
        s = advance(s, 1)
    a = coach(s, rollouts=30, knock_rollouts=30, seed=0)
    rec = GameRecord(s.current_player or 0)
    rec.note_move(s, Action("knock"), a)
    assert rec.asked == 1 and rec.followed == int(a.best == Action("knock"))
    assert rec.knocks[0].advised == (a.best.kind == "knock")
    rec.note_move(s, Action("draw stock"), None)
    assert rec.asked == 1


def three_moves(knock: list[int], other: list[int], third: list[int]) -> tuple[MoveEstimate, ...]:
    moves = [MoveEstimate(Action("knock"), "knock", Estimate.from_losses("knock", knock)),
             MoveEstimate(Action("draw stock"), "draw from the stock", Estimate.from_losses("draw stock", other)),
             MoveEstimate(Action("draw discard"), "take the 9♥ from the discard pile",
                          Estimate.from_losses("draw discard", third))]
    return tuple(sorted(moves, key=lambda m: m.estimate.expected_lives))


def test_overlapping_intervals_make_moves_about_as_good_never_wrong() -> None:
    close = three_moves([0] * 80 + [1] * 20, [0] * 75 + [1] * 25, [1] * 100)
    assert overlap(close[0].estimate, close[1].estimate)
    apart = three_moves([0] * 10 + [2] * 90, [0] * 90 + [1] * 10, [1] * 100)
    assert not overlap(apart[0].estimate, apart[1].estimate)
    for moves, verdict in ((close, "about as good"), (apart, "play on")):
        a = Advice(0, 1, 5, "turn", moves[0].action, moves, None, "", 0.0)
        assert a.knock_verdict == verdict
    rec = GameRecord(0, names=("Sam", "Ana", "Ben"))
    draw = Action("draw stock")
    rec.knocks.append(KnockRecord(1, 5, 24.0, True, 0.20, "about as good", draw, 0.25, 2))
    rec.knocks.append(KnockRecord(2, 7, 25.0, False, 0.30, "about as good", draw, 0.25, 2))
    rec.knocks.append(KnockRecord(3, 2, 19.0, False, 1.80, "play on", draw, 0.10, 2))
    rec.knocks.append(KnockRecord(4, 9, 29.0, True, 0.05, "knock", draw, 0.40, 1))
    lines = rec.knock_lines()
    for line in lines[:2]:
        assert "about as good as playing on: knocking lost" in line and "would rather" not in line
        assert "the intervals overlap" in line
        assert "If you had played on, your best move would have been to draw from the stock." in line
    assert "The coach would rather you had played on: knocking lost 1.80 lives on average, playing on 0.10." \
        in lines[2]
    assert "The 2 others each still had one turn." in lines[2] and "The other player still had one turn." in lines[3]
    assert lines[3].startswith("Round 4, after 9 turns: you knocked on 29. ")
    assert "The coach agreed: knocking lost 0.05 lives on average, playing on 0.40." in lines[3]
    assert ("You knocked 4 times. The coach agreed with 2 of them. The coach found 1 of them about as good as playing "
            "on. For 1 of them the coach would rather you had played on.") in rec.summary()
    assert all("wrong" not in x for x in [*lines, rec.summary()])


def test_the_knock_verdict_says_the_situation_it_judged() -> None:
    s = advance(new_game("scat", players=4, seed=3), 9)
    while s.phase != "turn":
        s = advance(s, 1)
    assert Action("knock") in s.legal_actions() and s.turns >= 4
    a = coach(s, rollouts=100, seed=1)
    assert a.knock is not None and a.knock_verdict in ("knock", "play on", "about as good")
    value = s.values()[s.current_player or 0]
    where = a.situation
    assert where in a.knock.explanation
    assert f"You hold {value:g} with 3 other players still in" in where
    assert f"{s.turns} turns have been played this round" in where
    assert "each of the 3 others has one more turn to improve" in where
    assert "A knocker with the lowest hand loses two lives." in where
    assert a.verdict_text in a.knock.explanation
    if a.knock_verdict == "about as good":
        assert "about as good" in a.verdict_text
    else:
        assert "the intervals do not overlap" in a.verdict_text
    shown = advice_html(a)
    assert shown.count("Should you knock?") == 1 and where in shown.replace("&#x27;", "'")


def test_a_close_knock_from_a_real_table_is_about_as_good() -> None:
    s = new_game("schwimmen", players=4, seed=3)
    bots = [make_bot("greedy", seed=i) for i in range(4)]
    for _ in range(5):
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    while s.phase != "turn":
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    a = coach(s, rollouts=200, seed=0)
    assert a.knock_verdict == "about as good"
    assert a.knock is not None and "about as good" in a.knock.explanation
    for word in ("Play on", "Knock:", "wrong", "would rather"):
        assert word not in a.knock.explanation


def test_the_knock_verdicts_sentence_says_the_choice_that_loses_fewer_lives() -> None:
    from thirtyone.coach import _knock_verdict

    s = advance(new_game("scat", players=4, seed=3), 9)
    while s.phase != "turn":
        s = advance(s, 1)
    p = s.current_player
    assert p is not None
    worse = three_moves([0] * 10 + [2] * 90, [0] * 90 + [1] * 10, [1] * 100)  # knocking loses 1.8 lives
    better = three_moves([0] * 95 + [1] * 5, [0] * 20 + [1] * 80, [1] * 100)  # knocking loses 0.05
    move = "If you play on, your best move is to draw from the stock. "
    for moves, advice, start in ((worse, "play on", move + "Play on with that move:"), (better, "knock", move + "Knock:")):
        verdict, _where, sentence = _knock_verdict(s, p, moves)
        assert verdict.advice == advice and sentence.startswith(start) and not verdict.close


def test_the_summary_counts_the_lives_lost_and_the_rounds_in_which_they_were_lost() -> None:
    rec = GameRecord(0, start=(3, 3), rounds=[(1, (1, 3), (False, False)), (2, (1, 2), (False, False)),
                                             (3, (0, 2), (False, False))], lost={1: 2, 2: 0, 3: 1})
    assert "You played 3 rounds. You lost 3 lives in 2 of them." in rec.summary()


def test_the_coach_says_what_its_move_saves_against_the_second_best_per_100_rounds() -> None:
    """Issue 19: the saving is the table's first two rows apart, per 100 rounds, with the paired interval of the
    same play-outs; 'about as good' exactly when that interval includes 0."""
    seen = set()
    for seed in range(24):
        if seen == {True, False} and seed >= 6:
            break
        s = advance(new_game("scat", players=4, seed=seed), 2 + seed % 6)
        a = coach(s, rollouts=80, knock_rollouts=80, seed=seed)
        assert a.saves is not None
        mean, half = a.saves
        first, second = a.moves[0].estimate, a.moves[1].estimate
        assert mean == pytest.approx(100 * (second.expected_lives - first.expected_lives)) and mean >= 0
        assert half > 0
        said = f"the coach's move saves {mean:.1f} lives per 100 rounds against the next best"
        assert a.explanation.startswith(f"The next best move is to {a.moves[1].words}. ") and said in a.explanation and f"(95% interval {mean - half:.1f} to {mean + half:.1f})" in a.explanation
        close = mean - half <= 0
        assert ("the two moves are about as good" in a.explanation) == close
        seen.add(close)
    assert seen == {True, False}  # both wordings were checked


def test_the_saving_sentence_follows_the_interval_not_the_rows() -> None:
    moves = tuple(replace(m, ing=m.words.replace("draw ", "drawing ")) for m in
                  three_moves([0] * 80 + [1] * 20, [0] * 75 + [1] * 25, [1] * 100))
    clear = _explain(moves, (5.0, 2.0))
    assert clear.startswith("The next best move is to draw from the stock. ")
    assert "saves 5.0 lives per 100 rounds against the next best (95% interval 3.0 to 7.0)" in clear
    assert "about as good" not in clear  # the rows' intervals overlap, but the same play-outs tell them apart
    assert _explain(moves, (5.0, 6.0)).endswith("That interval includes 0: the two moves are about as good.")
    with using("es"):
        text = _explain(moves, (5.0, 6.0))
    assert text.startswith("La siguiente mejor jugada es robar del mazo. ")
    assert "ahorra 5,0 vidas cada 100 rondas" in text and "(intervalo del 95%: -1,0 a 11,0)" in text, text


def test_the_coach_as_a_player_makes_the_move_the_coach_advises() -> None:
    """Issue 19: the strength arena measures the coach by a bot that always follows it (``strength --bots coach``):
    each decision is the coach's advice for that moment, seeded from the bot's own generator."""
    import random

    from thirtyone.coach import CoachBot

    checked = 0
    for seed, preset in enumerate(("scat", "schwimmen", "scat", "bga-commerce")):
        s = advance(new_game(preset, players=3 + seed % 2, seed=seed), 3 + seed)
        p = s.current_player
        if p is None or len(s.legal_actions()) < 2:
            continue
        bot = CoachBot(seed, rollouts=60, knock_rollouts=60)
        move = bot.choose(s.view(p))
        advised = coach(s, rollouts=60, knock_rollouts=60, seed=random.Random(seed).randrange(2**32))
        assert move == advised.best_move.action
        checked += 1
    assert checked >= 3


def test_the_coach_as_a_player_plays_whole_games_legally() -> None:
    from thirtyone.coach import CoachBot
    from thirtyone.strength import make_arena_bot

    assert isinstance(make_arena_bot("coach", 1), CoachBot)
    for preset in ("scat", "schwimmen"):
        end = play_game(new_game(preset, 3, seed=4), [CoachBot(1, 16, 16), make_bot("intermediate", 2),
                                                      make_bot("expert", 3, rollouts=16)])
        assert end.game_over  # play_game applies every move: an illegal one would raise


# -- issue 31: what a learner relies on in the coach ----------------------------------------------------------------

def scat_turn(hand: str, top: str, preset: str = "scat", players: int = 3) -> State:
    """Seat 1 (first to play) holds ``hand`` with ``top`` on the discard pile, on the round's first turn."""
    others = ["Q♥ 7♣ 2♥", "J♣ 6♠ 3♥", "9♠ 5♣ 7♥", "10♣ 6♥ 2♠"]
    hands = others[:players]
    hands[1] = hand
    s = new_game(preset, players=players, seed=11, deck=stack(hands, top))
    if s.phase == "choice":  # Board Game Arena's Blitz: the dealer keeps the dealt hand
        s = s.apply("keep hand")
    assert s.current_player == 1 and s.phase == "turn"
    return s


def test_taking_the_discard_to_throw_it_straight_back_is_told_as_keeping_the_hand() -> None:
    """Issue 31: K♦ 8♦ A♦ (29) and the 4♥ on the pile: the coach's play-outs take the 4♥ and throw it back, and its
    words say so; where the taken card betters the hand, or the rules forbid throwing it back, they do not."""
    from thirtyone.cards import parse_cards
    from thirtyone.coach import throws_back

    keep = scat_turn("K♦ 8♦ A♦", "4♥")
    assert throws_back(keep.view(1))
    a = coach(keep, rollouts=60, knock_rollouts=60, seed=1)
    assert a.throw_back == parse_cards("4♥")[0] and a.value == 29
    row = next(m for m in a.moves if m.action.kind == "draw discard")
    assert row.words == "take the 4♥ from the discard pile and throw it straight back"
    assert row.ing == "taking the 4♥ from the discard pile and throwing it straight back"
    assert a.keeps_hand == (a.best.kind == "draw discard")
    better = scat_turn("K♦ 8♦ A♦", "10♦")  # K♦ A♦ 10♦ is 31: the 8♦ goes
    assert not throws_back(better.view(1))
    b = coach(better, rollouts=60, knock_rollouts=60, seed=1)
    assert b.throw_back is None and not b.keeps_hand
    assert "take the 10♦ from the discard pile" in [m.words for m in b.moves]
    assert not throws_back(scat_turn("K♦ 8♦ A♦", "4♥", "bga-draw").view(1))  # the taken card may not go back
    assert not throws_back(keep.apply("draw stock").view(1))  # not the start of a turn
    assert not throws_back(new_game("schwimmen", players=3, seed=2).view(1))


def _action(text: str) -> Action:
    from thirtyone.game import parse_action

    return parse_action(text)


def departure_for(s: State, losses: dict[str, list[int]]):  # type: ignore[no-untyped-def]
    """The coach's departure from lesson 5's rule for the table ``losses`` (lives lost per play-out, per move)."""
    from thirtyone.coach import _departure

    p = s.current_player
    assert p is not None
    view = s.view(p)
    table = {_action(a): v for a, v in losses.items()}
    order = sorted(table, key=lambda a: (sum(table[a]), list(table).index(a)))
    moves = [MoveEstimate(a, str(a), Estimate.from_losses(str(a), table[a])) for a in order]
    value = s.values()[p]
    assert value is not None
    return _departure(view, moves, table, value)


def test_the_coach_names_where_it_departs_from_lesson_5s_rule_with_the_paired_saving() -> None:
    """Scat with 4 players: lesson 5's intermediate knocks at 24. Each way the coach can depart from that rule is
    named with the rule's numbers, and the saving is the paired difference of the two rows, per 100 rounds."""
    from thirtyone.coach import departure_text
    from thirtyone.stats import paired

    rule = knock_rule("intermediate", "scat", 4)
    assert rule.threshold == 24
    high = scat_turn("K♠ Q♠ 7♠", "4♦", players=4)  # 27
    draw, knock = [0] * 90 + [1] * 10, [0] * 70 + [1] * 30
    d = departure_for(high, {"knock": knock, "draw stock": draw, "draw discard": [1] * 100})
    assert d is not None and (d.rule, d.why, d.threshold, d.players, d.value, d.turns) == ("knock", "threshold", 24,
                                                                                            4, 27, 0)
    mean, half = paired(knock, draw)
    assert (d.saves, d.half, d.rollouts) == (pytest.approx(100 * mean), pytest.approx(100 * half), 100)
    assert not d.close
    text = departure_text(d)
    assert text == ("Lesson 5's knock rule says knock at 24 or more with 4 players still in, and you hold 27, but here "
                    f"the coach's move loses 20.0 fewer lives per 100 rounds than knocking (95% interval "
                    f"{20 - 100 * half:.1f} to {20 + 100 * half:.1f}, over the same 100 deals).")
    # the coach knocks as the rule does, or does not knock below it: nothing to explain
    assert departure_for(high, {"knock": draw, "draw stock": knock}) is None
    low = scat_turn("2♣ 3♦ 5♠", "4♦", players=4)  # 5
    assert departure_for(low, {"knock": knock, "draw stock": draw}) is None
    w = departure_for(low, {"knock": draw, "draw stock": knock, "draw discard": [1] * 100})
    assert w is not None and (w.rule, w.why, w.value) == ("wait", "threshold", 5)
    assert w.saves == pytest.approx(20.0)  # against the best move other than the knock, not the worst
    assert departure_text(w).startswith("Lesson 5's knock rule says knock only at 24 or more with 4 players still "
                                        "in, and you hold 5, but here knocking loses 20.0 fewer lives")
    close = departure_for(high, {"knock": [0] * 95 + [1] * 5, "draw stock": [0] * 96 + [1] * 4})
    assert close is not None and close.close
    assert departure_text(close).endswith("includes 0: knocking is about as good.")
    assert departure_for(high.apply("draw stock"), {"discard 4♦": draw}) is None  # a throw: no knock to weigh


def test_past_the_rules_patience_the_departure_says_so() -> None:
    """Once every player still in has had 4 turns, lesson 5's rule knocks whatever the hand: a coach that plays on
    says the turns, not a threshold."""
    from thirtyone.coach import departure_text

    s = scat_turn("2♣ 3♦ 5♠", "4♦", players=4)
    while not (s.turns >= 16 and s.current_player == 1 and s.phase == "turn"):
        s = s.apply("draw stock")
        s = s.apply(Action("discard", (s.hands[s.current_player or 0][-1],)))  # the drawn card: hands stay
    assert s.values()[1] == 5
    d = departure_for(s, {"knock": [1] * 100, "draw stock": [0] * 100})
    assert d is not None and (d.rule, d.why, d.turns, d.patience) == ("knock", "patience", 16, 4)
    assert departure_text(d).startswith("Lesson 5's knock rule says knock once every player still in has had 4 turns "
                                        "this round, and 16 turns have been played with 4 players, but here the "
                                        "coach's move loses 100.0 fewer lives per 100 rounds")


def test_every_row_of_the_table_is_its_play_outs_and_the_saving_is_their_paired_interval() -> None:
    """The table a learner reads: each row the lives lost in the same play-outs (``coach_losses``, same seed), fewest
    first, equals in the order the moves were compared; what the best saves is exactly the paired interval of the first
    two rows; the explanation quotes the first two rows."""
    from thirtyone.coach import coach_losses
    from thirtyone.stats import paired

    s = advance(new_game("scat", players=4, seed=2), 6)
    assert s.phase == "turn" and Action("knock") in s.legal_actions()
    a = coach(s, rollouts=50, knock_rollouts=120, seed=7)
    cands, losses = coach_losses(s.view(s.current_player or 0), 50, 120, 7)
    assert [m.action for m in a.moves] == sorted(cands, key=lambda c: (sum(losses[c]), cands.index(c)))
    for m in a.moves:
        assert m.estimate == Estimate.from_losses(str(m.action), losses[m.action])
        assert m.estimate.rollouts == 120  # a knock is legal: every row plays knock_rollouts
    mean, half = paired(losses[a.moves[1].action], losses[a.best])
    assert a.saves == (pytest.approx(100 * mean), pytest.approx(100 * half))
    assert lives_in(a.moves[0].estimate.expected_lives) in a.explanation
    assert lives_in(a.moves[1].estimate.expected_lives) in a.explanation and a.moves[1].words in a.explanation
    thrown = coach(s.apply("draw stock"), rollouts=50, knock_rollouts=120, seed=7)
    assert {m.estimate.rollouts for m in thrown.moves} == {50}  # no knock after a draw: rollouts
    more = coach(s, rollouts=150, knock_rollouts=30, seed=7)
    assert {m.estimate.rollouts for m in more.moves} == {150}  # the larger of the two


def lives_in(x: float) -> str:
    return f"{x:.2f}"


def test_among_equally_good_moves_the_coach_and_its_bot_take_the_first_compared(monkeypatch: pytest.MonkeyPatch
                                                                                 ) -> None:
    """Equal tables give the first move compared, to the coach and to CoachBot alike; a better later move wins; the
    bot asks with its own play-outs for a turn with a knock (``knock_rollouts``)."""
    import thirtyone.coach as coach_module

    s = advance(new_game("scat", players=3, seed=4), 3)
    legal = list(s.legal_actions())
    assert len(legal) >= 3
    asked: list[tuple[int, int]] = []

    def equal(view, rollouts, knock_rollouts, seed):  # type: ignore[no-untyped-def]
        asked.append((rollouts, knock_rollouts))
        return legal, {a: [0, 1] for a in legal}

    monkeypatch.setattr(coach_module, "coach_losses", equal)
    a = coach(s, rollouts=10, seed=0)
    assert a.best == legal[0] and [m.action for m in a.moves] == legal
    bot = coach_module.CoachBot(1, rollouts=20, knock_rollouts=70)
    assert bot.choose(s.view(s.current_player or 0)) == legal[0]
    assert asked[-1] == (20, 70)

    def last_best(view, rollouts, knock_rollouts, seed):  # type: ignore[no-untyped-def]
        return legal, {a: ([0, 0] if a == legal[-1] else [0, 1]) for a in legal}

    monkeypatch.setattr(coach_module, "coach_losses", last_best)
    assert coach(s, rollouts=10, seed=0).best == legal[-1]
    assert bot.choose(s.view(s.current_player or 0)) == legal[-1]


def test_the_moves_of_every_kind_in_words() -> None:
    """The table's rows in plain words, as a verb and as a noun, for every kind of move a learner may be advised."""
    s = advance(new_game("scat", players=2, seed=1), 2)
    v = s.view(s.current_player or 0)
    card = v.hand[0]
    assert describe_move(Action("discard", (card,)), v) == f"throw the {card}"
    assert describe_move(Action("discard", (card,)), v, True) == f"throwing the {card}"
    assert describe_move(Action("draw stock"), v, True) == "drawing from the stock"
    assert describe_move(Action("draw discard"), v, True) == f"taking the {v.discard_pile[-1]} from the discard pile"
    for kind, verb, noun in (("knock", "knock", "knocking"), ("swap all", "swap all three cards",
                                                                "swapping all three cards"),
                             ("pass", "pass", "passing"), ("keep hand", "keep your hand", "keeping your hand"),
                             ("take center", "take the center hand", "taking the center hand"),
                             ("exchange hand", "exchange your hand", "exchanging your hand")):
        assert (describe_move(Action(kind), v), describe_move(Action(kind), v, True)) == (verb, noun)
    assert describe_move(Action("swap", (card, v.discard_pile[-1])), v, True) == (
        f"swapping your {card} for the {v.discard_pile[-1]}")
    with using("es"):
        assert describe_move(Action("knock"), v) == "golpear" and describe_move(Action("pass"), v) == "pasar"
    with using("de"):
        assert describe_move(Action("knock"), v) == "klopfen" and describe_move(Action("pass"), v) == "schieben"


@pytest.mark.parametrize("players", [3, 4])
def test_schwimmen_advice_for_the_first_choice_a_swap_a_pass_and_a_knock(players: int) -> None:
    """Schwimmen: the dealer's first choice compares exactly keeping and taking the center; a turn compares the
    swaps worth comparing, passing and knocking, each row in the words describe_move gives, the knock's row the one the
    verdict reads."""
    s = new_game("schwimmen", players=players, seed=6)
    assert s.phase == "choice"
    a = coach(s, rollouts=40, seed=2)
    assert {m.action for m in a.moves} == set(s.legal_actions()) == {Action("keep hand"), Action("take center")}
    assert {m.words for m in a.moves} == {"keep your hand", "take the center hand"} and a.knock is None
    s = s.apply("keep hand")
    p = s.current_player
    assert p is not None and s.phase == "turn"
    b = coach(s, rollouts=40, knock_rollouts=40, seed=2)
    kinds = {m.action.kind for m in b.moves}
    assert {"pass", "knock"} <= kinds and kinds & {"swap", "swap all"}
    v = s.view(p)
    for m in b.moves:
        assert m.action in s.legal_actions()
        assert (m.words, m.ing) == (describe_move(m.action, v), describe_move(m.action, v, True))
    assert b.knock is not None and b.knock_move is not None and b.knock.knock == b.knock_move.estimate


def test_advice_is_for_one_moment_only_its_round_too() -> None:
    """'Play the coach's move' plays advice only for the moment it was given: the same player, turn and phase of
    another round is another moment."""
    s = new_game("scat", players=3, seed=3)
    a = coach(s, rollouts=20, knock_rollouts=20, seed=0)
    assert a.is_for(s)
    for other in (replace(a, round=a.round + 1), replace(a, turns=a.turns + 3), replace(a, phase="discard"),
                  replace(a, player=(a.player + 1) % 3)):
        assert not other.is_for(s)


def test_a_knock_made_without_asking_is_judged_with_the_records_own_play_outs() -> None:
    """The game summary judges a knock the learner made without asking by the coach with the record's play-outs,
    and says how many others still had a turn."""
    s = scat_turn("K♠ Q♠ 7♠", "4♦", players=4)
    rec = GameRecord(1, rollouts=30)
    rec.note_move(s, Action("knock"), None)
    k = rec.knocks[0]
    judged = coach(s, 1, rollouts=30, knock_rollouts=30)
    assert judged.knock_move is not None and k.knock_lives == judged.knock_move.estimate.expected_lives
    assert k.others == 3 and k.value == 27 and k.advised == (judged.best.kind == "knock")
    assert "you knocked on 27. The 3 others each still had one turn." in rec.knock_lines()[0]
