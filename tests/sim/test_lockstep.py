"""The lockstep engine's parts: sampled play-outs end as the game does, imagined hands, the flat tables, Feuer,
the array judge against the game's ``judge``. (Whole rounds against the game, over every preset and option:
tests/sim/test_conformance.py.)"""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers.sim import assert_same, lockstep, reference_end

from thirtyone import Action, Rules, new_game, parse_cards
from thirtyone.analysis import _Sampler, best_alternative
from thirtyone.cards import ALL_CARDS
from thirtyone.game import from_view, judge
from thirtyone.knockrules import intermediate_schedule
from thirtyone.lockstep import How, deal_many, judge_many, play_lockstep, run_lockstep
from thirtyone.rules import PRESETS
from thirtyone.scoring import rank_table


def situations(preset: str, count: int):
    """States at the start of a turn, a few random moves into a round (some after a knock)."""
    rng = random.Random(preset)
    found = 0
    seed = 0
    while found < count:
        seed += 1
        s = new_game(preset, players=rng.choice([2, 3, 4, 5]), seed=seed)
        for _ in range(rng.randrange(0, 12)):
            if s.round_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if s.round_over or s.phase != "turn":
            continue
        found += 1
        yield s


@pytest.mark.parametrize("preset", list(PRESETS))
def test_sampled_play_outs_end_as_the_game_does(preset: str) -> None:
    """What knock_advice plays: worlds sampled from a player's view, the knock and the best other move."""
    compared = 0
    for state in situations(preset, 6):
        view = state.view(state.current_player)
        sampler = _Sampler(view, random.Random(1))
        worlds = [from_view(view, hands, rest, middle if view.center is None else None, seed=state.seed)
                  for hands, middle, rest in (sampler.deal() for _ in range(40))]
        threshold = intermediate_schedule(view.rules, len(view.active)).at(0, len(view.active))
        n = len(view.hand_sizes)
        for first in [best_alternative(view)] + [a for a in view.legal_actions if a.kind == "knock"]:
            res = lockstep(worlds, [[threshold] * n] * len(worlds), 4, [first] * len(worlds))
            for r, world in enumerate(worlds):
                end = reference_end(world, [threshold] * n, 4, first)
                assert_same(end, res, r, f"{preset}: {first} in world {r} of {state!r}")
                compared += 1
    assert compared >= 6 * 40


def test_run_lockstep_gives_the_lives_lost() -> None:
    s = next(s for s in situations("scat", 20) if s.knocker is None)
    view = s.view(s.current_player)
    hands = np.array([[h if len(h) == 3 else (0, 1, 2) for h in s.hands]], dtype=np.int64)
    losses = run_lockstep(s.rules, hands, np.array([s.stock], dtype=np.int64), None, None, s.out,
                          current=s.current_player, dealer=s.dealer, turns=s.turns, played=s.played,
                          passes=s.passes, threshold=25.0, patience=4, first_move="knock",
                          discard=view.discard_pile, knocker=s.knocker)
    end = reference_end(s, [25.0] * len(s.hands), 4, Action("knock"))
    assert end.result is not None and list(losses[0]) == list(end.result.losses)


@pytest.mark.parametrize("known", [(), (ALL_CARDS[51],), (ALL_CARDS[51], ALL_CARDS[47])])
def test_imagined_hands_match_imagine_hand(known: tuple) -> None:
    """Many imagined hands at once keep and pass over the same cards as bots.imagine_hand, one by one."""
    from thirtyone.bots import imagine_hand
    from thirtyone.lockstep import flat_keep, imagine_many
    from thirtyone.policy import keep_table

    for name in ("scat", "schwimmen"):
        rules = Rules.preset(name)
        low = 0 if rules.deck == 52 else 20
        rng = random.Random(name + str(len(known)))
        k = 3 - len(known)
        free = [c for c in range(low, 52) if c not in known]
        rows = np.array([rng.sample(free, k + 8) for _ in range(300)], dtype=np.int64)
        held, passed = imagine_many(flat_keep(rules), known, rows, k)
        for r in range(len(rows)):
            want_held, want_passed = imagine_hand(keep_table(rules), tuple(known), [ALL_CARDS[c] for c in rows[r]])
            assert list(held[r]) == want_held and list(passed[r]) == want_passed


def test_feuer_in_lockstep_costs_a_sampled_31_a_life() -> None:
    # decision 14: Feuer beats 31. Seat 1 swaps the A♣ in; seat 2's 31 loses a life like everyone else's hand
    feuer = Rules.preset("feuer")
    dealt = [parse_cards(h) for h in ("K♥ 9♥ 8♣", "A♠ A♥ 7♦", "A♦ K♦ 10♦")]
    stock, middle = parse_cards("7♣ 8♦ 9♣ 10♣"), parse_cards("A♣ 8♥ 9♦")
    hands = np.array([[[int(c) for c in h] for h in dealt]], dtype=np.int64)
    for rules, want in ((feuer, [1, 0, 1]), (feuer.replace(fire=False), None)):
        res = play_lockstep(rules, hands, np.array([[int(c) for c in stock]], dtype=np.int64),
                            np.array([[int(c) for c in middle]], dtype=np.int64), current=1, dealer=0,
                            thresholds=27.0, patience=4)
        if want is not None:
            assert list(res.losses[0]) == want and int(res.how[0]) == How.FIRE and int(res.holder[0]) == 1
        else:
            assert res.losses[0, 2] == 0  # without Feuer nobody holding 31 loses


@pytest.mark.parametrize(("toak", "aces"), [(None, None), (30.5, None), (None, 32), (30.5, 32)])
def test_flat_tables_read_from_the_shipped_bytes_are_the_dictionaries(toak, aces) -> None:
    """The arrays the lockstep looks hands up in hold exactly the value and keep tables (and -1, -1e9
    where two cards are the same); the keep table is value - suits / 16; the showdown keys order hands as
    the rank table does."""
    from thirtyone.policy import keep_table
    from thirtyone.scoring import scoring_tables, value_table

    rules = Rules(three_of_a_kind=toak, three_aces=aces)
    vt, kt = value_table(rules), keep_table(rules)
    assert kt == {k: v - len({c & 3 for c in k}) / 16 for k, v in vt.items()}
    values = np.full(52 ** 3, -1.0)
    keeps = np.full(52 ** 3, -1e9)
    for (a, b, c), v in vt.items():
        values[a * 2704 + b * 52 + c] = v
        keeps[a * 2704 + b * 52 + c] = kt[(a, b, c)]
    tables = scoring_tables(rules)
    assert np.array_equal(tables.flat_values, values) and np.array_equal(tables.flat_keeps, keeps)
    ranks = tables.flat_ranks
    for hand, rk in rank_table(rules).items():
        i = hand[0] * 2704 + hand[1] * 52 + hand[2]
        assert ranks[i] == int(rk.value * 2) * 32 + rk.tiebreak


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_array_judge_is_the_games_judge(preset: str) -> None:
    """judge_many over random showdowns (every way a round ends, any knocker, seats out) gives judge's losses."""
    rules = Rules.preset(preset)
    rng = np.random.default_rng(5)
    from thirtyone.scoring import scoring_tables

    ranks_of = scoring_tables(rules).flat_ranks
    table = rank_table(rules)
    for n in (2, 3, 5):
        hands, _, _, _ = deal_many(rules, n, 400, rng)
        ranks = ranks_of[hands[:, :, 0] * 2704 + hands[:, :, 1] * 52 + hands[:, :, 2]]
        knocker = rng.integers(-1, n, 400)
        how = rng.integers(1, 6, 400)
        holder = np.where((how == How.FIRE) | (how == How.THIRTY_ONE), rng.integers(0, n, 400), -1)
        active = np.ones(n, dtype=bool)
        active[n - 1] = n < 5  # a seat out at five players
        losses, _reasons = judge_many(rules, ranks, active, knocker, how, holder)
        for r in range(400):
            scores = [table[tuple(int(c) for c in hands[r, s])] if active[s] else None for s in range(n)]
            k = int(knocker[r])
            want = judge(rules, scores, None if k < 0 else k, How(int(how[r])).word,
                         (int(holder[r]),) if holder[r] >= 0 else ())[2]
            assert [int(x) for x in losses[r]] == want, (preset, r)


def test_bad_play_out_settings_say_what_is_allowed() -> None:
    rules = Rules.preset("scat")
    hands, stock, pile, _ = deal_many(rules, 3, 4, np.random.default_rng(1))
    with pytest.raises(ValueError, match=r"knock_at's seat must be a seat still in, one of \[0, 1, 2\]"):
        play_lockstep(rules, hands, stock, current=1, dealer=0, discard=pile, knock_at=(3, 0))
    with pytest.raises(ValueError, match="current must be a seat still in"):
        play_lockstep(rules, hands, stock, current=5, dealer=0, discard=pile)
    with pytest.raises(ValueError, match="cannot be forced to start with 'discard"):
        play_lockstep(rules, hands, stock, current=1, dealer=0, discard=pile, first_move="discard 2♣")
    with pytest.raises(ValueError, match="one move or one per play-out"):
        play_lockstep(rules, hands, stock, current=1, dealer=0, discard=pile, first_move=["knock"] * 3)


@pytest.mark.parametrize("preset", ["scat", "schwimmen"])
def test_a_knock_schedule_per_seat_plays_as_the_same_schedule_per_play_out(preset: str) -> None:
    """Schedules given one per seat (read as numbers each turn) and the same given per play-out (arrays) end
    every play-out alike; falling, they end rounds otherwise than their fixed starts would."""
    r = Rules.preset(preset)
    hands, stock, discard, center = deal_many(r, 4, 400, np.random.default_rng(7))
    pile = discard if discard is not None else ()
    start, drop, floor = [30.0, 29.0, 31.0, 28.0], [1.0, 2.0, 0.0, 1.0], [26.0, 24.0, 31.0, 27.0]

    def play(**knock: object) -> np.ndarray:
        return play_lockstep(r, hands, stock, center, current=1, dealer=0, patience=4, discard=pile, deal=True,
                             rng=np.random.default_rng(1), **knock).losses  # type: ignore[arg-type]

    seat = play(thresholds=start, drop=drop, floor=floor)
    rows = play(thresholds=np.tile(start, (400, 1)), drop=np.tile(drop, (400, 1)), floor=np.tile(floor, (400, 1)))
    assert (seat == rows).all()
    fixed = play(thresholds=start)
    assert (fixed != seat).any()


def test_a_play_out_that_the_empty_stock_ends_as_a_turn_starts_says_so() -> None:
    """Decision 17: a turn that starts with an empty stock and no card to spare in the discard pile ends the round.
    Such play-outs were judged but never recorded as ended by the empty stock (their reason read as none)."""
    rules = Rules.preset("scat")
    hands = np.array([[[int(c) for c in parse_cards("2♣ 3♦ 5♠")], [int(c) for c in parse_cards("7♣ 8♦ 9♠")]]] * 3)
    out = play_lockstep(rules, hands, np.zeros((3, 0), dtype=np.int64), current=0, dealer=1,
                        discard=[int(parse_cards("4♥")[0])])
    assert out.how.tolist() == [How.EMPTY_STOCK] * 3
    assert out.losses.tolist() == [[1, 0]] * 3  # the lowest hand (5) loses, as the game judges it
