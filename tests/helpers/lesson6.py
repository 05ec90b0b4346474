"""Lesson 6's game played through a page to its end, as a learner would: shared by the static edition's test
(tests/static) and its benchmark (benchmarks/bench_static.py), which also times the bots' turns and the coach.

The learner asks the coach on the first turn of each of the first ``coach_rounds`` rounds and plays its move; on
other turns they draw from the stock and throw their first card, and knock once they have drawn this round (a
dealer's swap in Schwimmen: they keep their hand); after each showdown they press Next round. The bots' pace is
"instant" (:func:`helpers.browser.start_game`), so what the page waits for after the learner's move is the bots'
turns themselves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["READY", "Played", "play_to_the_end"]

READY = ("el => { const s = el.querySelector('.to-status'); const t = s ? s.innerText : '';"
         " return /Your turn|Now throw|You deal|is over|already over/.test(t); }")
"""The table waits for the learner (or the round or the game is over; a round played by the bots alone, once the
learner is out or before they could move, is "already over")."""
NEXT = ("([el, status]) => { const s = el.querySelector('.to-status'); const t = s ? s.innerText : '';"
        " return t !== status && /Your turn|Now throw|You deal|is over|already over/.test(t); }")
"""The table waits for the learner again, in another state than ``status``."""
HAND = '.to-row[aria-label="your hand"] button:not(.to-disabled)'


@dataclass
class Played:
    """What a game through the page took."""

    rounds: int = 0
    asked: int = 0
    coach: list[float] = field(default_factory=list)
    """Seconds from a click on "Ask the coach" until its advice is shown, each time."""
    bots: list[tuple[float, int]] = field(default_factory=list)
    """After each move of the learner that handed the table to the bots: the seconds until the table waited for
    the learner again, and how many bots' turns the log shows meanwhile."""

    def per_bot_turn(self) -> list[float]:
        """Seconds per bot's turn, one figure per hand-over that the bots played (their turns played at once)."""
        return [s / n for s, n in self.bots if n]


def _turns(table: Any) -> list[str]:
    return table.locator(".to-log li").all_inner_texts()


def play_to_the_end(page: Any, root: Any, table: Any, coach_rounds: int = 1, moves: int = 300) -> Played:
    """Play lesson 6's game on ``table`` (in ``root``, its ``.to-play``) until the status says the game is over."""
    played = Played()
    handle = table.element_handle()
    coach = root.get_by_role("button", name="Ask the coach")
    follow = root.get_by_role("button", name="Play the coach's move")
    drew = False
    asked_this_round = False
    for _ in range(moves):
        page.wait_for_function(READY, arg=handle, timeout=60_000)
        status = table.locator(".to-status").inner_text()
        log = _turns(table)
        if "game is over" in status:
            return played
        hands_over = False
        if "round is over" in status or "already over" in status:  # (already: it ended before the learner moved)
            played.rounds += 1
            drew = asked_this_round = False
            table.get_by_role("button", name="Next round").click()
        elif "You deal" in status:
            table.get_by_role("button", name="Keep my hand").click()
            hands_over = True
        elif not asked_this_round and played.rounds < coach_rounds and "Your turn" in status:
            t = time.perf_counter()
            coach.click()
            root.locator(".to-coach-advice").wait_for(timeout=60_000)
            played.coach.append(time.perf_counter() - t)
            played.asked += 1
            asked_this_round = True
            follow.click()  # a draw (the learner throws next) or a whole turn (a knock, a swap)
            page.wait_for_function(NEXT, arg=[handle, status], timeout=60_000)
            drew = True
            continue
        elif "Now throw" in status:
            table.locator(HAND).first.click()
            hands_over = True
        else:
            knock = table.get_by_role("button", name="Knock", exact=True)
            if drew and knock.is_enabled():
                knock.click()
                hands_over = True
            else:
                table.get_by_role("button", name="Draw from the stock").click()
                drew = True
        t = time.perf_counter()
        page.wait_for_function(NEXT, arg=[handle, status], timeout=60_000)
        if hands_over:
            took = time.perf_counter() - t
            bots = sum(1 for line in _turns(table)[len(log):] if not line.startswith(("You ", "Sam ")))
            played.bots.append((took, bots))
    raise AssertionError(f"the game did not end in {moves} moves")
