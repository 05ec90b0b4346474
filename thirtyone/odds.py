"""Exact odds of 31, by enumeration and counting, as :class:`~fractions.Fraction` values.

Everything here is exact: no sampling, no floating point in the answers. The module uses
only the cards, the rule set and the score table (``hand_value`` is one dictionary
look-up), never the game engine.

* :func:`value_counts` / :func:`value_distribution` — how often each hand value comes up
  among all three-card hands of the rule set's deck (4,960 hands of 32 cards, 22,100 of 52).
* :func:`improve_chance` — the chance that the next card lets a hand reach a value.
* :func:`beat_chance` — the chance that at least one of ``k`` unseen hands beats a value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, factorial

from .cards import Card, deck, parse_cards
from .rules import Rules
from .scoring import hand_value

__all__ = ["value_counts", "value_distribution", "improve_chance", "beat_chance", "best_of"]


def _cards(cards: Iterable[Card | str] | str, rules: Rules) -> tuple[Card, ...]:
    return parse_cards(cards, rules.deck)


_COUNTS: dict[tuple[float | None, int | None], dict[int, tuple[tuple[float, int], ...]]] = {}
"""The value counts, kept per scoring option set (three of a kind, three aces) and then per deck size:
rule sets that score hands alike share them, whatever their other options."""


def value_counts(rules: Rules) -> dict[float, int]:
    """How many three-card hands of the rule set's deck have each value, lowest value first.

    Counted by enumerating every hand (``itertools.combinations``); the counts add up to
    C(32, 3) = 4,960 or C(52, 3) = 22,100.
    """
    by_deck = _COUNTS.setdefault((rules.three_of_a_kind, rules.three_aces), {})
    counts = by_deck.get(rules.deck)
    if counts is None:
        tally: dict[float, int] = {}
        for hand in combinations(deck(rules.deck), 3):
            v = hand_value(hand, rules)
            tally[v] = tally.get(v, 0) + 1
        counts = by_deck[rules.deck] = tuple(sorted(tally.items()))
    return dict(counts)


def value_distribution(rules: Rules) -> dict[float, Fraction]:
    """The chance of each hand value when three cards are dealt from a full deck: counts / C(n, 3)."""
    counts = value_counts(rules)
    total = sum(counts.values())
    return {v: Fraction(n, total) for v, n in counts.items()}


def best_of(cards: Sequence[Card], rules: Rules) -> float:
    """The value of the best three-card hand among ``cards`` (three or more cards)."""
    if len(cards) < 3:
        raise ValueError(f"a hand needs three cards, not {len(cards)}")
    if len(cards) == 3:
        return hand_value(tuple(cards), rules)
    return max(hand_value(h, rules) for h in combinations(cards, 3))


def improve_chance(hand: Iterable[Card | str] | str, v: float, rules: Rules,
                   unseen: Iterable[Card | str] | str | None = None) -> Fraction:
    """The chance that the next card lets the player hold a hand worth at least ``v``.

    The next card is drawn uniformly from ``unseen`` (default: every card of the rule set's
    deck not in ``hand``); the player then keeps the best three of the four cards, so a
    hand already worth ``v`` or more answers 1. Method: try each possible card and count.
    """
    cards = _cards(hand, rules)
    pool = [c for c in deck(rules.deck) if c not in cards] if unseen is None else list(_cards(unseen, rules))
    overlap = [str(c) for c in pool if c in cards]
    if overlap:
        raise ValueError(f"unseen cards cannot be in the hand: {' '.join(overlap)}")
    if not pool:
        raise ValueError("no unseen card to draw")
    good = sum(1 for c in pool if best_of((*cards, c), rules) >= v)
    return Fraction(good, len(pool))


def beat_chance(v: float, k: int, rules: Rules, known: Iterable[Card | str] | str = (),
                at_least: bool = False, max_forced: int | None = None) -> Fraction:
    """The chance that at least one of ``k`` unseen hands beats ``v``.

    The ``k`` hands are dealt at random, without replacement, from the cards of the rule
    set's deck not in ``known`` (your own hand, the face-up cards). "Beats" means worth
    strictly more than ``v`` (a tie does not beat you); ``at_least=True`` counts hands worth
    ``v`` or more instead.

    Method. ``k = 1``: every hand of the unseen cards is scored and counted. ``k >= 2``: an
    exact count of the deals in which no hand beats ``v``, suit by suit (see
    :class:`_LowCounter`), divided by the number of deals; three of a kind that beats ``v``
    is taken out by inclusion–exclusion over the sets of such triples forced into the deal.

    Exact in every case but one: with more than 32 unseen cards (a 52-card deck), ``k >= 4``
    and three of a kind of two or more ranks beating ``v`` (``bga-draw`` below 30.5), the
    inclusion–exclusion has hundreds of thousands of terms, so by default it stops after the
    sets of one forced triple (``max_forced=1``). By the Bonferroni inequalities the answer is
    then too high by at most the next term, the share of deals holding two given triples:
    at most 0.0002 for 7 hands from 49 unseen cards, under 0.0006 for up to 8 hands from 43 or
    more. Pass ``max_forced=k`` for the exact value (seconds, not milliseconds).
    """
    if k < 0:
        raise ValueError(f"k must be 0 or more, not {k}")
    seen = set(_cards(known, rules))
    pool = tuple(c for c in deck(rules.deck) if c not in seen)
    if 3 * k > len(pool):
        raise ValueError(f"{k} hands need {3 * k} cards; only {len(pool)} are unseen")
    if k == 0:
        return Fraction(0)
    counter = _LowCounter(v, at_least, rules)
    if k == 1:
        low = sum(1 for h in combinations(pool, 3) if counter.low(hand_value(h, rules)))
    else:
        low = counter.count(pool, k, max_forced)
    return 1 - Fraction(low, _deals(len(pool), k))


def _deals(n: int, k: int) -> int:
    """How many ways there are to deal ``k`` unordered, disjoint three-card hands from ``n`` cards."""
    return factorial(n) // (factorial(n - 3 * k) * 6 ** k * factorial(k))


class _LowCounter:
    """Counts sets of ``k`` disjoint hands, none of which beats ``v``.

    A hand is *low* when it does not beat ``v``. The count splits each hand by suit:
    a flush (three cards of one suit), a pair of one suit with a single of another, or three
    singles of three suits. Its value is the largest suit total, so a hand is low exactly when
    each same-suit group and each single is low, unless it is a special three of a kind.

    1. Per suit, :func:`_groups` counts the ways to pick ``a`` disjoint low flushes and ``b``
       disjoint low pairs from that suit's cards.
    2. :func:`_fold` joins the suits one by one: pairs and singles of a later suit complete
       hands opened by earlier suits, so every set of hands is built exactly once.
    3. Three of a kind, when its special value beats ``v`` although its cards are low, is
       removed by inclusion–exclusion over the sets ``F`` of such triples forced into the deal:
       ``sum over F of (-1)^|F| * count(k - |F| hands from the cards not in F)``.
    """

    def __init__(self, v: float, at_least: bool, rules: Rules) -> None:
        self.v = v
        self.at_least = at_least
        self.toak = rules.three_of_a_kind
        self.aces = rules.three_aces

    def low(self, value: float) -> bool:
        """Whether a value does not beat ``v``."""
        return value < self.v if self.at_least else value <= self.v

    def special(self, rank: int) -> float | None:
        """The value of three of a kind of this rank under the rule set, if special."""
        if rank == 12 and self.aces is not None:
            return float(self.aces)
        return None if self.toak is None else float(self.toak)

    def count(self, pool: tuple[Card, ...], k: int, max_forced: int | None = None) -> int:
        """How many sets of ``k`` disjoint low hands the cards of ``pool`` hold.

        ``max_forced`` caps the inclusion–exclusion over forced three-of-a-kind triples (see
        :func:`beat_chance`); ``None`` picks ``k`` (exact) unless that is the slow case.
        """
        live = [c for c in pool if self.low(c.value)]
        # three-of-a-kind triples that beat v although every card in them is low
        triples: list[list[frozenset[Card]]] = []
        for rank in range(13):
            sp = self.special(rank)
            at_rank = [c for c in live if c.rank == rank]
            if sp is not None and not self.low(sp) and len(at_rank) >= 3:
                triples.append([frozenset(t) for t in combinations(at_rank, 3)])
        if max_forced is None:
            slow = len(triples) > 1 and len(pool) > 32 and k >= 4
            max_forced = 1 if slow else k
        limit = self._limit()
        base = [sorted((c.value for c in live if c.suit == s), reverse=True) for s in range(4)]
        # each forced set acts only through the values it takes out of each suit, so sets with
        # the same effect are counted together; so are suit orders (the count ignores them)
        effects: dict[tuple[tuple[int, ...], ...], int] = {}
        for removed, sign in _forced_effects(triples, min(k, max_forced)):
            suits = []
            for s in range(4):
                vals = list(base[s])
                for x in removed[s]:
                    vals.remove(x)
                suits.append(tuple(vals))
            key = (*sorted(suits), (sum(len(r) for r in removed) // 3,))
            effects[key] = effects.get(key, 0) + sign
        total = 0
        for key, mult in effects.items():
            if mult:
                n = k - key[4][0]
                total += mult * _fold(tuple((_groups(vals, limit, n), len(vals)) for vals in key[:4]), n)
        return total

    def _limit(self) -> int:
        """The largest whole-number suit total that does not beat ``v``."""
        s = 31
        while s >= 0 and not self.low(s):
            s -= 1
        return s


def _forced_effects(triples: list[list[frozenset[Card]]], k: int) -> Iterable[tuple[tuple[tuple[int, ...], ...], int]]:
    """Each set of at most ``k`` triples (one per rank at most) as the values it takes out of
    each suit, with its inclusion–exclusion sign summed over the sets with that effect."""
    level: dict[tuple[tuple[tuple[int, ...], ...], int], int] = {(((), (), (), ()), 0): 1}
    for options in triples:
        nxt = dict(level)
        for (removed, m), w in level.items():
            if m == k:
                continue
            for t in options:
                out = [list(r) for r in removed]
                for c in t:
                    out[c.suit].append(c.value)
                key = (tuple(tuple(sorted(r)) for r in out), m + 1)
                nxt[key] = nxt.get(key, 0) - w
        level = nxt
    return [(removed, w) for (removed, m), w in level.items() if w]


@lru_cache(maxsize=4096)
def _groups(values: tuple[int, ...], limit: int, k: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """Ways to pick ``a`` disjoint flushes and ``b`` disjoint pairs of total at most ``limit``
    from cards of one suit with these ``values`` (largest first): ``{(a, b): ways}``, a + b <= k."""
    if not values:
        return (((0, 0), 1),)
    x, rest = values[0], values[1:]
    out = dict(_groups(rest, limit, k))
    distinct = sorted(set(rest), reverse=True)
    mult = {y: rest.count(y) for y in distinct}

    def without(*drop: int) -> tuple[int, ...]:
        lst = list(rest)
        for d in drop:
            lst.remove(d)
        return tuple(lst)

    for i, y in enumerate(distinct):
        if x + y <= limit:
            for (a, b), w in _groups(without(y), limit, k):
                if a + b < k:
                    out[(a, b + 1)] = out.get((a, b + 1), 0) + w * mult[y]
        for z in distinct[i:]:
            if x + y + z > limit:
                continue
            ways = comb(mult[y], 2) if z == y else mult[y] * mult[z]
            if not ways:
                continue
            for (a, b), w in _groups(without(y, z), limit, k):
                if a + b < k:
                    out[(a + 1, b)] = out.get((a + 1, b), 0) + w * ways
    return tuple(out.items())


_FACT = [factorial(i) for i in range(60)]


_Suit = tuple[tuple[tuple[tuple[int, int], int], ...], int]


def _fold(suits: tuple[_Suit, ...], k: int) -> int:
    """How many sets of ``k`` hands the suits make; see :func:`_fold_states`.

    The last suit must close every open hand: a pair for each waiting single, a single for
    each waiting pair or pair of singles, and flushes for the rest, so it needs no loop.
    """
    if not suits:
        return int(k == 0)
    groups, n = suits[-1]
    table = dict(groups)
    fact = _FACT
    total = 0
    for (p, s1, s2, h), w in _fold_states(suits[:-1], k).items():
        a = k - h - s1 - p - s2
        g = table.get((a, s1), 0) if a >= 0 else 0
        free = n - 3 * a - 2 * s1
        if g and free >= p + s2:
            total += w * g * fact[s1] * fact[free] // fact[free - p - s2]
    return total


@lru_cache(maxsize=4096)
def _fold_states(suits: tuple[_Suit, ...], k: int) -> dict[tuple[int, int, int, int], int]:
    """Join the suits into ``k`` hands; see :class:`_LowCounter`.

    The state after some suits counts the hands still open: ``P`` a pair waiting for a single,
    ``S1`` a single waiting for a pair or two more singles, ``S2`` two singles waiting for a
    third; ``H`` counts finished hands. A later suit is always a different suit, so a pair or
    single of the current suit may complete any open hand of the right kind.
    """
    fact = _FACT
    if not suits:
        return {(0, 0, 0, 0): 1}
    before = _fold_states(suits[:-1], k)
    states: dict[tuple[int, int, int, int], int] = {}
    groups, n = suits[-1]
    # flushes close at once; each pair completes an open single or opens a new hand.
    # ``mid[..][c]`` sums the ways times C(free cards, c): the choice of c singles.
    mid: dict[tuple[int, int, int, int, int], list[int]] = {}
    for (p, s1, s2, h), w in before.items():
        for (a, b), g in groups:
            free = n - 3 * a - 2 * b
            wg = w * g
            for z1 in range(min(b, s1) + 1):
                z2 = b - z1
                opened = h + a + z1 + p + z2 + (s1 - z1) + s2
                if opened > k:
                    continue
                half = (p, z2, s1 - z1, s2, h + a + z1)
                # pairs to singles: choose which z1 pairs, then which open single each takes
                ways = wg * fact[b] // (fact[z1] * fact[z2]) * fact[s1] // fact[s1 - z1]
                # a single closes or extends an open hand, or opens a new one
                top = min(free, p + s2 + (s1 - z1) + (k - opened))
                row = mid.get(half)
                if row is None:
                    row = mid[half] = [0] * (n + 1)
                for c in range(top + 1):
                    row[c] += ways * (fact[free] // (fact[c] * fact[free - c]))
    for (p, pn, s1, s2, h), row in mid.items():
        for y1 in range(p + 1):
            f1 = fact[p] // fact[p - y1]
            for y2 in range(s2 + 1):
                f2 = f1 * fact[s2] // fact[s2 - y2]
                for y3 in range(s1 + 1):
                    f3 = f2 * fact[s1] // fact[s1 - y3]
                    c0 = y1 + y2 + y3
                    d = fact[y1] * fact[y2] * fact[y3]
                    for y4 in range(len(row) - c0):
                        key = (p - y1 + pn, s1 - y3 + y4, s2 - y2 + y3, h + y1 + y2)
                        if key[0] + key[1] + key[2] + key[3] > k:
                            break
                        u = row[c0 + y4]
                        if u:
                            # which singles take which role: a multinomial
                            states[key] = states.get(key, 0) + u * f3 * (fact[c0 + y4] // (d * fact[y4]))
    return states
