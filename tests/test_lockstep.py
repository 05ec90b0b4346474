"""The lockstep play-outs (NumPy, all at once) end every round exactly as the reference Playout does."""

from __future__ import annotations

import random

import numpy as np
import pytest

from thirtyone import new_game
from thirtyone.analysis import _Sampler, best_alternative
from thirtyone.cards import ALL_CARDS
from thirtyone.lockstep import run_lockstep
from thirtyone.policy import default_threshold
from thirtyone.rollout import Playout
from thirtyone.rules import PRESETS


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
def test_lockstep_matches_the_reference_play_out(preset: str) -> None:
    compared = 0
    for state in situations(preset, 6):
        view = state.view(state.current_player)
        sampler = _Sampler(view, random.Random(1))
        rules = view.rules
        n = len(view.hand_sizes)
        worlds = [sampler.deal() for _ in range(60)]
        hands = np.zeros((len(worlds), n, 3), dtype=np.int64)
        for r, (dealt, _, _) in enumerate(worlds):
            for seat, h in enumerate(dealt):
                if h is not None:
                    hands[r, seat] = h
        stock = np.array([rest for _, _, rest in worlds], dtype=np.int64).reshape(len(worlds), view.stock_count)
        center = np.array([middle for _, middle, _ in worlds], dtype=np.int64) if rules.family == "commerce" else None
        threshold = default_threshold(rules.family, len(view.active))
        moves = [best_alternative(view)] + (["knock"] if view.knocker is None else [])
        for move in moves:
            fast = run_lockstep(rules, hands, stock, view.discard_pile[-1] if view.discard_pile else None, center,
                                view.out, current=view.current_player, dealer=view.dealer, turns=view.turns,
                                played=view.played, passes=view.passes, threshold=threshold, patience=4,
                                first_move=move, discard=view.discard_pile, knocker=view.knocker)
            for r, (dealt, middle, rest) in enumerate(worlds):
                po = Playout(rules, dealt, [ALL_CARDS[c] for c in rest], view.discard_pile, middle,
                             current=view.current_player, dealer=view.dealer, knocker=view.knocker, turns=view.turns,
                             played=view.played, passes=view.passes, thresholds=threshold, patience=4)
                assert list(fast[r]) == po.run(move), f"{preset}: {move} in world {r} of {state!r}"
                compared += 1
    assert compared >= 6 * 60


@pytest.mark.parametrize("known", [(), (ALL_CARDS[51],), (ALL_CARDS[51], ALL_CARDS[47])])
def test_imagined_hands_match_imagine_hand(known: tuple) -> None:
    """Many imagined hands at once keep and pass over the same cards as bots.imagine_hand, one by one."""
    from thirtyone.bots import imagine_hand
    from thirtyone.lockstep import flat_keep, imagine_many
    from thirtyone.policy import keep_table
    from thirtyone.rules import Rules

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
    # decision 14: Feuer beats 31, in the NumPy play-outs as in Playout
    from thirtyone import Rules, parse_cards

    feuer = Rules.preset("feuer")
    dealt = [parse_cards(h) for h in ("K♥ 9♥ 8♣", "A♠ A♥ 7♦", "A♦ K♦ 10♦")]
    stock, middle = parse_cards("7♣ 8♦ 9♣ 10♣"), parse_cards("A♣ 8♥ 9♦")
    hands = np.array([[[int(c) for c in h] for h in dealt]], dtype=np.int64)
    fast = run_lockstep(feuer, hands, np.array([[int(c) for c in stock]], dtype=np.int64), None,
                        np.array([[int(c) for c in middle]], dtype=np.int64), (False, False, False), current=1,
                        dealer=0, turns=0, played=(False, False, False), passes=0, threshold=27.0, patience=4)
    po = Playout(feuer, dealt, stock, (), middle, current=1, dealer=0, thresholds=27.0, patience=4)
    assert list(fast[0]) == po.run() == [1, 0, 1]


@pytest.mark.parametrize(("toak", "aces"), [(None, None), (30.5, None), (None, 32), (30.5, 32)])
def test_flat_tables_read_from_the_shipped_bytes_are_the_dictionaries(toak, aces) -> None:
    """The arrays the lockstep looks hands up in hold exactly the value and keep tables (and -1, -1e9
    where two cards are the same); the keep table is value - suits / 16."""
    from thirtyone.lockstep import _flat
    from thirtyone.policy import keep_table
    from thirtyone.rules import Rules
    from thirtyone.scoring import value_table

    rules = Rules(three_of_a_kind=toak, three_aces=aces)
    vt, kt = value_table(rules), keep_table(rules)
    assert kt == {k: v - len({c & 3 for c in k}) / 16 for k, v in vt.items()}
    values = np.full(52 ** 3, -1.0)
    keeps = np.full(52 ** 3, -1e9)
    for (a, b, c), v in vt.items():
        values[a * 2704 + b * 52 + c] = v
        keeps[a * 2704 + b * 52 + c] = kt[(a, b, c)]
    flat_values, flat_keeps = _flat(toak, aces)
    assert np.array_equal(flat_values, values) and np.array_equal(flat_keeps, keeps)
