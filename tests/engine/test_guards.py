"""Guards against engine mistakes a mutation run once slipped past every test (issue 14): each round dealt
from a fresh shuffle, ``known`` cards that leave a hand, the round's secrets shown once it is over,
``narrate(viewer=...)`` keeping other players' stock draws secret, and every shuffle the game and the
studies deal with uniform.

The statistical tests are deterministic: fixed seeds, so the same samples every run, and a strict
threshold (p < 1e-4 fails) that today's shuffles pass with room to spare and a biased shuffle (Sattolo's,
a naive swap with any position, a shuffle reusing its seed) fails by orders of magnitude.
``tools/mutate.py`` puts each of these mistakes into a copy of the engine and checks that a test here
goes red (``make mutate``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import permutations

import numpy as np
import pytest
from helpers.engine import play, stack

from thirtyone import Rules, State, deck, hand_value, narrate, new_game, parse_cards, score
from thirtyone.game import Loss, Reason, from_view, judge
from thirtyone.lockstep import shuffle_rows
from thirtyone.narration import loss_words
from thirtyone.scoring import Ranked, hand_values

SCAT = Rules.preset("scat")
SCHWIMMEN = Rules.preset("schwimmen")
OPEN = SCHWIMMEN.replace(first_choice=None)  # the center dealt face up: no first choice
BGA_DRAW = Rules.preset("bga-draw")
P_MIN = 1e-4
"""A statistical test fails below this p-value (fixed seeds: the same figure every run)."""


# -- helpers ---------------------------------------------------------------------------------------


def chi2_p(stat: float, df: int) -> float:
    """The chi-square distribution's upper tail P(X ≥ stat) for ``df`` degrees of freedom (Wilson and
    Hilferty's cube-root normal approximation: within a few per cent of the exact tail from 3 degrees of
    freedom on, ample for a threshold of 1e-4)."""
    if stat <= 0:
        return 1.0
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi2_uniform(counts: Sequence[int]) -> float:
    """The p-value of ``counts`` (every category, zeros included) under equal chances."""
    n = sum(counts)
    e = n / len(counts)
    return chi2_p(sum((c - e) ** 2 / e for c in counts), len(counts) - 1)


def order_counts(orders: Sequence[Sequence[int]], k: int) -> list[int]:
    """How often each of the k! orders of 0..k-1 appears (every order listed, so a missing one counts 0)."""
    got = Counter(tuple(o) for o in orders)
    assert set(got) <= set(permutations(range(k))), "a shuffle lost or duplicated a card"
    return [got[p] for p in permutations(range(k))]


def finish_round(s: State) -> State:
    """Play a draw-family round to its end quickly: knock when allowed, else draw from the stock and throw
    the card drawn."""
    while s.phase != "over":
        if s.knocker is None and any(a.kind == "knock" for a in s.legal_actions()):
            s = s.apply("knock")
        else:
            s = s.apply("draw stock")
            s = s.apply(s.legal_actions()[-1])  # the discards follow the hand; the drawn card is last
    return s


def dealt_order(s: State) -> tuple[int, ...]:
    """The whole deck as it was dealt for ``s``'s round (``s`` just dealt, draw family, nobody out), top
    card first: decision 1 deals one card at a time from the left of the dealer, then the first discard,
    then the stock."""
    n = s.players
    seats = [(s.dealer + k) % n for k in range(1, n + 1)]
    order = [s.hands[seat][i] for i in range(3) for seat in seats]
    return tuple(order) + s.discard_pile + s.stock


def game_deals(seed: int, rounds: int, players: int = 4) -> list[tuple[int, ...]]:
    """The dealt order of each of a game's first ``rounds`` rounds (scat, lives enough for all of them)."""
    s = new_game(SCAT, players=players, seed=seed, lives=[10 * rounds] * players)
    deals = [dealt_order(s)]
    for _ in range(rounds - 1):
        s = finish_round(s).apply("next round")
        assert not any(s.out)
        deals.append(dealt_order(s))
    return deals


def position_p(deals: Sequence[Sequence[int]], cards: Sequence[int]) -> float:
    """p-value of the card × position table of many deals under a uniform shuffle (each cell 1/n of the
    deals). Each deal puts one card in every row and column, so Pearson's statistic has mean n(n-1), not
    (n-1)²: times (n-1)/n it is close to chi-square with (n-1)² degrees of freedom. A shuffle that never
    leaves a card where it was (Sattolo's) empties the diagonal."""
    n = len(cards)
    at = {c: i for i, c in enumerate(cards)}
    table = np.zeros((n, n))
    for d in deals:
        assert sorted(d) == sorted(cards), "a deal lost or duplicated a card"
        table[[at[c] for c in d], np.arange(n)] += 1
    e = len(deals) / n
    return chi2_p(float(((table - e) ** 2 / e).sum()) * (n - 1) / n, (n - 1) ** 2)


# -- each round is dealt from its own shuffle -----------------------------------------------------------


def test_rounds_two_and_three_are_dealt_from_different_shuffles():
    deals = game_deals(seed=7, rounds=3)
    assert deals[1] != deals[2]  # once the next round reused the previous round's shuffle
    assert deals[0] != deals[1]
    # not merely rotated among the seats: the stock and the first discard differ too
    assert deals[1][12:] != deals[2][12:]


def test_every_round_of_a_long_game_is_a_fresh_deal():
    deals = game_deals(seed=3, rounds=60)
    assert all(a != b for a, b in zip(deals, deals[1:]))
    assert len(set(deals)) == len(deals)
    # consecutive deals are unrelated: the top card of one deal says nothing about the next one's
    same_top = sum(a[0] == b[0] for a, b in zip(deals, deals[1:]))
    assert same_top <= 6  # 59 pairs at 1/52 each: about one expected


def test_different_seeds_deal_different_games():
    firsts = {dealt_order(new_game(SCAT, players=4, seed=seed)) for seed in range(200)}
    assert len(firsts) == 200


def test_the_deal_of_a_new_round_is_uniform():
    # 1,040 deals of later rounds (20 in every cell of the 52 × 52 card × position table)
    deals = [d for seed in range(52) for d in game_deals(seed=1000 + seed, rounds=21)[1:]]
    assert len(deals) == 1040
    assert position_p(deals, deck(52)) > P_MIN


def test_the_first_deal_is_uniform():
    deals = [dealt_order(new_game(SCAT, players=4, seed=seed)) for seed in range(1040)]
    assert position_p(deals, deck(52)) > P_MIN


# -- the studies' shuffles are uniform ---------------------------------------------------------------


@pytest.mark.parametrize("k", [3, 4])
def test_shuffle_rows_gives_every_order_of_a_small_deck_equally_often(k):
    rng = np.random.default_rng(14)
    rows = np.tile(np.arange(k), (1000 * math.factorial(k), 1))
    shuffled = shuffle_rows(rows, rng)
    assert shuffled.shape == rows.shape
    counts = order_counts(shuffled.tolist(), k)
    assert min(counts) > 0
    assert chi2_uniform(counts) > P_MIN


@pytest.mark.parametrize("name, shuffle", [
    ("shuffle_rows", lambda cards, seed: cards.__setitem__(
        slice(None), shuffle_rows(np.array([cards]), np.random.default_rng(seed))[0].tolist())),
])
def test_study_shuffles_of_a_whole_deck_are_uniform(name, shuffle: Callable[[list[int], int], None]):
    cards = deck(32)
    deals = []
    for seed in range(640):  # 20 in every cell of the 32 × 32 card × position table
        d = list(cards)
        shuffle(d, seed)
        deals.append(d)
    assert position_p(deals, cards) > P_MIN, name
    assert len({tuple(d) for d in deals}) == len(deals), name  # consecutive seeds deal differently


@pytest.mark.parametrize("k, extra", [(1, 2), (2, 2), (0, 3)])
def test_mix_in_of_a_shuffled_row_gives_every_order_equally_often(k, extra):
    # the knock advice's samples: cards passed over go back among the unseen cards at random places
    from thirtyone.lockstep import mix_in

    rng = np.random.default_rng(14)
    count = 1000 * math.factorial(k + extra)
    rows = shuffle_rows(np.tile(np.arange(k), (count, 1)), rng)
    mixed = mix_in(rows, np.tile(np.arange(k, k + extra), (count, 1)), rng)
    counts = order_counts(mixed.tolist(), k + extra)
    assert min(counts) > 0 and chi2_uniform(counts) > P_MIN


def test_the_studies_deals_are_fresh_and_whole():
    from thirtyone.lockstep import deal_many

    for rules in (SCAT, SCHWIMMEN):
        hands, stock, discard, center = deal_many(rules, 4, 500, np.random.default_rng(14))
        rest = discard if center is None else center
        whole = np.concatenate([hands.reshape(500, -1), rest, stock], axis=1)
        assert (np.sort(whole, axis=1) == np.array(sorted(deck(rules.deck)))).all()  # every card once
        assert len({tuple(r) for r in whole.tolist()}) == 500  # consecutive deals differ


def test_the_chi_square_check_itself_rejects_a_biased_shuffle():
    # Sattolo's shuffle (j < i): only the k cyclic orders; the checks above must call it biased
    def sattolo(cards: list[int], rng: random.Random) -> None:
        for i in range(len(cards) - 1, 0, -1):
            j = rng.randrange(i)
            cards[i], cards[j] = cards[j], cards[i]

    rng = random.Random(14)
    orders = []
    for _ in range(6000):
        cards = [0, 1, 2]
        sattolo(cards, rng)
        orders.append(cards)
    assert chi2_uniform(order_counts(orders, 3)) < 1e-12
    deals = []
    for _ in range(640):
        d = list(deck(32))
        sattolo(d, rng)
        deals.append(d)
    assert position_p(deals, deck(32)) < 1e-12


# -- known cards leave with the card --------------------------------------------------------------------

DRAW_DECK = stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦ 10♣ J♥")


def test_a_card_taken_from_the_discard_pile_and_thrown_straight_back_is_no_longer_known():
    s = new_game(SCAT, players=3, seed=1, deck=DRAW_DECK).apply("draw discard")
    seven = parse_cards("7♦")[0]
    assert s.known[1] == (seven,)  # everyone saw the 7♦ go into seat 1's hand
    s = s.apply("discard 7♦")  # and straight back onto the pile
    assert s.known[1] == ()
    assert s.view(0).known[1] == () and s.view(2).known == ((), (), ())
    # the 7♦ is on the pile, not in seat 1's hand: nobody may count it among seat 1's cards
    assert seven in s.view(0).discard_pile and seven not in s.hands[1]


def test_a_taken_card_kept_stays_known_and_leaves_the_list_when_thrown_later():
    s = play(new_game(SCAT, players=3, seed=1, deck=DRAW_DECK), "draw discard", "discard 2♣")
    assert s.known[1] == parse_cards("7♦")
    s = play(s, "draw stock", "discard 8♣", "draw stock", "discard 6♦")  # seats 2 and 0
    s = play(s, "draw stock", "discard 7♦")  # seat 1 throws the known card away
    assert s.known[1] == ()


def test_a_card_swapped_into_the_center_is_no_longer_known():
    s = new_game(OPEN, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ 10♦ 8♥ 7♠ 9♦ 10♣"))
    s = s.apply("swap 7♣ A♠")
    assert s.known[1] == parse_cards("A♠")
    s = play(s, "pass", "pass", "swap A♠ 10♦")  # seat 1 gives the A♠ back for the 10♦
    assert s.known[1] == parse_cards("10♦")
    s = play(s, "swap all")  # seat 2 takes the whole center: all three known, its old hand face up
    assert s.hands[2] == parse_cards("7♣ A♠ 8♥") and s.known[2] == s.hands[2]
    assert s.known[1] == parse_cards("10♦")


# -- the round's secrets are shown once it is over --------------------------------------------------


def _scat_round_over() -> State:
    s = new_game(SCAT, players=3, seed=1, deck=DRAW_DECK)
    s = play(s, "draw stock", "discard 2♣", "knock", "draw stock", "discard 6♦", "draw stock", "discard 3♦")
    assert s.round_over and s.result is not None
    return s


def test_other_players_stock_draws_are_hidden_during_the_round():
    s = play(new_game(SCAT, players=3, seed=1, deck=DRAW_DECK), "draw stock", "discard 2♣")
    draws = [e for e in s.view(0).events if e.kind == "draw stock"]
    assert [e.secret for e in draws] == [()]
    assert [e.secret for e in s.view(1).round_events() if e.kind == "draw stock"] == [parse_cards("8♣")]


def test_every_secret_of_the_round_is_shown_once_it_is_over():
    s = _scat_round_over()
    truth = [e.secret for e in s.round_events() if e.kind == "draw stock"]
    assert truth == [parse_cards("8♣"), parse_cards("6♦"), parse_cards("10♣")]
    for seat in range(3):
        v = s.view(seat)
        assert v.hands == s.hands
        assert [e.secret for e in v.events if e.kind == "draw stock"] == truth
        assert [e.secret for e in v.round_events() if e.kind == "draw stock"] == truth
        # the view's events already hold what the viewer may see: narrated as they are, they name the draws
        # (narrate's own viewer= hides every other player's secret, over or not: see its describe)
        assert "Player 1 drew the 8♣ from the stock" in " ".join(narrate(v.round_events()))


def test_a_face_down_center_taken_is_shown_to_everyone_once_the_round_is_over():
    s = new_game(SCHWIMMEN, players=3, seed=1,
                 deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ K♠ 9♦ 7♠ 9♣ 10♣"))
    s = play(s, "take center", "knock", "pass", "pass")
    assert s.round_over
    for seat in (1, 2):
        taken = [e for e in s.view(seat).events if e.kind == "take center"]
        assert taken[0].secret == parse_cards("A♠ K♠ 9♦")


def test_a_dealer_exchange_is_shown_to_everyone_once_the_round_is_over():
    s = new_game(BGA_DRAW, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦ 10♣"))
    s = s.apply("exchange hand")
    new = s.hands[0]
    assert [e.secret for e in s.view(1).events if e.kind == "exchange hand"] == [()]
    s = finish_round(s)
    assert [e.secret for e in s.view(1).events if e.kind == "exchange hand"] == [new]


# -- narrate(events, viewer=...) keeps other players' stock draws secret ------------------------------


def test_narrate_for_a_viewer_does_not_name_another_players_stock_draw():
    s = play(new_game(SCAT, players=3, seed=1, deck=DRAW_DECK), "draw stock", "discard 2♣")
    # the full log holds the secret; narrating it for seat 0 or 2 must not say it
    assert [e.secret for e in s.events if e.kind == "draw stock"] == [parse_cards("8♣")]
    for viewer in (0, 2):
        text = " ".join(narrate(s.events, viewer=viewer))
        assert "8♣" not in text
        assert "Player 1 drew from the stock and threw the 2♣." in text
    assert "Player 1 drew the 8♣ from the stock and threw the 2♣." in narrate(s.events, viewer=1)
    assert "Player 1 drew the 8♣ from the stock and threw the 2♣." in narrate(s.events)  # no viewer: all


def test_narrate_for_a_viewer_hides_a_stock_draw_not_yet_followed_by_its_discard():
    s = new_game(SCAT, players=3, seed=1, deck=DRAW_DECK).apply("draw stock")
    assert narrate(s.events, viewer=0)[-1] == "Player 1 drew from the stock."
    assert narrate(s.events, viewer=1)[-1] == "Player 1 drew the 8♣ from the stock."
    # a draw followed by something other than its own discard is told alone, still hidden
    draw, other = s.events[-1], s.events[0]
    assert narrate([draw, other], viewer=2)[0] == "Player 1 drew from the stock."
    assert draw.describe(viewer=2) == "Player 1 drew from the stock."


def test_narrate_for_a_viewer_hides_a_taken_center_and_an_exchanged_hand():
    s = new_game(SCHWIMMEN, players=3, seed=1,
                 deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ K♠ 9♦ 7♠ 9♣ 10♣")).apply("take center")
    assert "A♠" not in " ".join(narrate(s.events, viewer=1))
    assert "A♠" in " ".join(narrate(s.events, viewer=0))
    t = new_game(BGA_DRAW, players=3, seed=1, deck=stack(["K♥ 9♥ 4♣", "2♣ 3♦ 5♠", "Q♠ J♠ 2♥"], "7♦ 8♣ 6♦ 10♣"))
    t = t.apply("exchange hand")
    mine = " ".join(str(c) for c in t.hands[0])
    assert narrate(t.events, viewer=2)[-1] == "Player 0 exchanged their hand for three stock cards."
    assert mine in narrate(t.events, viewer=0)[-1]


# -- the survivors of a mutation run over scoring and judging (tools/mutate.py) ----------------------


def test_a_thirty_is_a_plain_suit_hand_and_only_31_is_named_so():
    thirty = score("A♥ K♥ 9♥", SCAT)
    assert thirty.value == 30 and thirty.rule == "suit"
    assert "31" not in thirty.explanation and "the best a hand" not in thirty.explanation
    best = score("A♥ K♥ 10♥", SCAT)
    assert best.value == 31 and best.rule == "thirty_one" and "the best a hand of one suit can be" in best.explanation


def test_the_lazy_value_look_up_refuses_a_card_twice_as_a_whole_table_does():
    a, b = parse_cards("K♥ 9♥")
    for table in (hand_values(SCAT), hand_values(SCHWIMMEN)):
        with pytest.raises(KeyError):
            table[(a, b, a)]
        assert table.get((a, a, b)) is None and table.get((b, a, a), -1) == -1
        assert table[(a, b, parse_cards("4♣")[0])] == 19
    with pytest.raises(ValueError, match="same card twice"):
        hand_value((a, b, a), SCAT)


def test_every_31_is_safe_when_a_31_ends_the_round():
    # decision 4 (and 14): holding 31 keeps a player safe in every case but Feuer
    scores = [Ranked(31, 3), Ranked(31, 2), Ranked(20, 1), None]
    winner, _lowest, losses, reasons = judge(SCAT, scores, None, "31", holders=(0,))
    assert losses == [0, 0, 1, 0] and reasons[2] == Loss(Reason.OTHER_31)
    assert loss_words(reasons[2]) == "another player showed 31"
    assert winner == 0
    _w, _l, fire, _r = judge(Rules.preset("feuer"), [Ranked(32, 12), Ranked(31, 2), Ranked(20, 1)], None, "fire",
                             holders=(0,))
    assert fire == [0, 1, 1]  # Feuer beats 31


def test_a_knocker_under_21_but_not_lowest_loses_one_life():
    # decision 15: two_lives costs the knocker two lives whenever they are among the lowest, and only then
    rules = BGA_DRAW.replace(knocker_lowest="two_lives")  # loser="under_21"
    _w, lowest, losses, _r = judge(rules, [Ranked(18, 1), Ranked(15, 2), Ranked(25, 3)], 0, "knock")
    assert lowest == (1,) and losses == [1, 1, 0]
    _w, lowest, losses, _r = judge(rules, [Ranked(15, 1), Ranked(18, 2), Ranked(25, 3)], 0, "knock")
    assert lowest == (0,) and losses == [2, 1, 0]


def test_three_aces_taken_from_the_center_without_feuer_are_32_and_play_goes_on():
    deck_ = stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ A♥ A♦ 7♠ 9♣ 10♣")
    s = new_game(SCHWIMMEN, players=3, seed=1, deck=deck_).apply("take center")  # three aces: 32, no Feuer
    assert hand_value(s.hands[0], SCHWIMMEN) == 32
    assert not s.round_over and s.current_player == 1
    f = new_game(Rules.preset("feuer"), players=3, seed=1, deck=deck_).apply("take center")
    assert f.round_over and f.result.how == "fire" and f.result.losses == (0, 1, 1)


def test_everyone_passing_with_exactly_three_stock_cards_lays_a_new_center():
    # decision 5: a new center needs three stock cards; fewer go to the showdown. The real decks never leave
    # exactly three after a deal and new centers, so the state is staged from a view (as a bot samples one).
    s = new_game(OPEN, players=3, seed=1, deck=stack(["K♥ 9♥ 8♣", "7♣ 8♦ 9♠", "Q♠ J♠ 7♥"], "A♠ 10♦ 8♥"))
    for left, laid in ((3, True), (4, True), (2, False)):
        t = from_view(s.view(1), hands=s.hands, stock=s.stock[:left])
        t = play(t, "pass", "pass", "pass")
        if laid:
            assert not t.round_over and t.center == s.stock[:3] and len(t.stock) == left - 3
            assert t.out_of_play == s.center and t.passes == 0
        else:
            assert t.round_over and t.result.how == "empty_stock"
