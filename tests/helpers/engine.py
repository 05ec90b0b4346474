"""Helpers for the engine tests: any valid rule set (a hypothesis strategy), stack a deck that deals given hands (docs/rules.md decision 1), play actions,
play bots with every move checked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from thirtyone import Rules, State, deck


def stack(hands: Sequence[str | None], rest: str = "", dealer: int = 0) -> str:
    """Deck text that deals ``hands[seat]`` to each seat (``None``: a seat that is out), then ``rest``.

    Decision 1: one card at a time, starting left of the dealer, dealer last, three times round;
    ``rest`` is the center (commerce) or the first discard (draw), then the stock, top first.
    """
    n = len(hands)
    cards = [h.split() if h is not None else None for h in hands]
    order = [(dealer + k) % n for k in range(1, n + 1)]
    out: list[str] = []
    for i in range(3):
        for seat in order:
            h = cards[seat]
            if h is not None:
                out.append(h[i])
    return " ".join(out + rest.split())


def play(state: State, *actions: str) -> State:
    """Apply actions in turn."""
    for a in actions:
        state = state.apply(a)
    return state


def cards_everywhere(s: State) -> list[int]:
    """Every card the state holds: hands, stock, discard pile, center, out of play."""
    return ([c for h in s.hands for c in h] + list(s.stock) + list(s.discard_pile) + list(s.center)
            + list(s.out_of_play))


def assert_cards_conserved(s: State) -> None:
    cards = cards_everywhere(s)
    assert len(cards) == len(set(cards)), f"a card is in two places: {s!r}"
    assert sorted(cards) == sorted(deck(s.rules.deck)), f"cards lost or added: {s!r}"


def actors(s: State, kinds: Sequence[str] = ("draw stock", "draw discard", "knock", "swap", "swap all",
                                               "pass", "keep hand", "take center")) -> list[int | None]:
    """The players who made a move this round, in order (the discard after a draw is not a new move)."""
    return [e.player for e in s.round_events() if e.kind in kinds]


def play_checked(s: State, bots: Sequence[Any], *, one_round: bool = False, limit: int = 100_000) -> tuple[State, int]:
    """Play a game (or with ``one_round`` the round) to its end, each seat's bot choosing from its own view,
    asserting every choice is one of the legal moves; returns the end and the number of moves."""
    moves = 0
    while not (s.round_over if one_round else s.game_over):
        if s.round_over:
            s = s.apply("next round")
            continue
        p = s.current_player
        assert p is not None
        view = s.view(p)
        a = bots[p].choose(view)
        assert a in view.legal_actions, f"{bots[p]!r} chose {a} in {s!r}; legal: {view.legal_actions}"
        s = s.apply(a)
        moves += 1
        assert moves < limit, f"{s!r}: no end after {limit} moves"
    return s, moves


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any valid rule set: the fields of one family set, the other family's None (decision 20)."""
    family = draw(st.sampled_from(["draw", "commerce"]))
    fields = dict(
        deck=draw(st.sampled_from([32, 52])), family=family, lives=draw(st.integers(1, 5)),
        swimming=draw(st.booleans()), three_of_a_kind=draw(st.sampled_from([None, 30.5])),
        three_aces=draw(st.sampled_from([None, 32])), fire=draw(st.booleans()),
        instant_31=draw(st.sampled_from(["others_lose", "showdown"])),
        ties=draw(st.sampled_from(["all_lose", "tiebreak"])),
        knocker_lowest=draw(st.sampled_from(["two_lives", "two_if_sole", "one_life"])),
        knocker_wins_ties=draw(st.booleans()), loser=draw(st.sampled_from(["lowest", "under_21"])),
        first_knock=draw(st.sampled_from(["anytime", "not_first_turn", "not_own_first_turn", "not_first_orbit"])),
    )
    if family == "draw":
        fields.update(dealer_exchange=draw(st.booleans()), discard_taken=draw(st.booleans()),
                      allow_pass=None, allow_swap_all=None, all_pass=None, first_choice=None)
    else:
        fields.update(allow_pass=draw(st.booleans()), allow_swap_all=draw(st.booleans()),
                      all_pass=draw(st.sampled_from(["new_center", "showdown"])),
                      first_choice=draw(st.sampled_from([None, "dealer", "left_of_dealer"])),
                      dealer_exchange=None, discard_taken=None)
    return Rules(**fields)


def greedy_until(s: State, done: Callable[[State], bool]) -> State:
    """Play greedy bots (seeded by seat) on from ``s`` until ``done(state)``: a moment of a real game to stage."""
    from thirtyone.bots import make_bot

    bots = [make_bot("greedy", seed=i) for i in range(s.players)]
    while not done(s):
        p = s.current_player
        assert p is not None
        s = s.apply(bots[p].choose(s.view(p)))
    return s


def random_game(rules: Rules, players: int, seed: int, *, rounds: int | None = None,
                patience: float = 0.0) -> tuple[State, list[State]]:
    """A game of random legal moves (seeded: the same game every run) to its end, or to ``rounds`` rounds; a
    knock passed over with probability ``patience`` (so rounds run long: the stock runs out, everyone passes).
    Returns the last state and every state a round ended in (the game's last round too)."""
    import random

    from thirtyone import new_game

    rng = random.Random(seed)
    s = new_game(rules, players=players, seed=seed)
    ends: list[State] = []
    for _step in range(20000):
        if s.game_over or (rounds is not None and len(ends) >= rounds):
            break
        if s.round_over:
            ends.append(s)
            s = s.apply("next round")
            continue
        legal = s.legal_actions()
        calm = [a for a in legal if a.kind != "knock"]
        s = s.apply(rng.choice(calm if calm and rng.random() < patience else legal))
    if s.round_over and (not ends or ends[-1] is not s):
        ends.append(s)
    return s, ends
