"""Engine speed on one core: hand_value look-ups per second, and applied actions per second in
random 4-player games of every preset (the one-off value table is built before timing).

Times are CPU seconds of this process (time.process_time), so other load on the machine
skews them less. Targets (issue 2): >= 1,000,000 hand_value look-ups/s; >= 50,000 applied actions/s per preset.
The last line printed is the figure: the slowest of those, as a share of its target.
"""

from __future__ import annotations

import random
import time

from thirtyone import PRESETS, deck, hand_value
from thirtyone.scoring import dealt_score, value_table

LOOKUP_TARGET = 1_000_000
ACTION_TARGET = 50_000


def lookups_per_second(seconds: float = 1.0) -> float:
    rules = PRESETS["scat"]
    value_table(rules)  # build the table before timing
    rng = random.Random(1)
    cards = deck(52)
    hands = [tuple(rng.sample(cards, 3)) for _ in range(10_000)]
    best = 0.0
    end = time.process_time() + seconds
    while time.process_time() < end:
        t = time.process_time()
        for h in hands:
            hand_value(h, rules)
        best = max(best, len(hands) / (time.process_time() - t))
    return best


def actions_per_second(name: str, seconds: float = 1.0, players: int = 4) -> float:
    from thirtyone import new_game

    rules = PRESETS[name]
    value_table(rules)  # warm up: the tables (values, and the reasons showdowns explain) are built once
    dealt_score(deck(rules.deck)[:3], rules)
    rng = random.Random(2)
    choice = rng.choice
    actions = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        seed += 1
        t = time.process_time()
        s = new_game(rules, players=players, seed=seed)
        n = 0
        while not s.game_over:
            s = s.apply(choice(s.legal_actions()))
            n += 1
        spent += time.process_time() - t
        actions += n
    return actions / spent


def main() -> None:
    shares = []
    look = lookups_per_second()
    print(f"hand_value look-ups: {look:,.0f}/s (target {LOOKUP_TARGET:,})")
    shares.append(look / LOOKUP_TARGET)
    for name in PRESETS:
        aps = actions_per_second(name)
        print(f"random play, 4 players, {name}: {aps:,.0f} actions/s (target {ACTION_TARGET:,})")
        shares.append(aps / ACTION_TARGET)
    print(f"slowest figure vs its target: {min(shares):.2f}x")


if __name__ == "__main__":
    main()
