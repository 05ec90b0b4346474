"""How fast every control of lesson 6 answers.

* kernel: whole games through :class:`PlayGame` under every preset with 1, 3 and 7 intermediate
  bots; the seconds each control's handler takes (the widgets' state is serialized; no front end):
  Start the game, Ask the coach, Play the coach's move, the learner's own moves (draw, throw,
  swap, pass, knock — a knock also asks the coach for the game record), Next round, the setup's
  drop-downs and the pace menu. Bots' moves come at their pace afterwards and are not counted.
* browser: lesson 6 in Chromium against a real Voilà: Start the game with 7 bots (until the new
  table shows), Ask the coach (until the advice shows) and Play the coach's move (until the move
  shows), over a few turns.

Target (issue 6): every control answers in ≤ 1 s. Run ``.venv/bin/python benchmarks/bench_play.py
[--no-browser]``; the last line is the figure.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from bench_table import show  # noqa: E402

from thirtyone import Rules  # noqa: E402
from thirtyone.bots import make_bot  # noqa: E402
from thirtyone.game import Action  # noqa: E402
from thirtyone.widgets.play import GameTable, PlayGame  # noqa: E402
from thirtyone.widgets.tablecontrol import NEXT_BUTTONS  # noqa: E402

TARGET = 1.0


def timed(times: dict[str, list[float]], name: str, fn: Callable[[], object]) -> None:
    t = time.perf_counter()
    fn()
    times[name].append(time.perf_counter() - t)


def learner_move(table: GameTable, action: Action) -> Callable[[], object]:
    """The click that makes ``action`` (the handler a front-end message runs)."""
    k = action.kind
    if k == "draw stock":
        return table.stock_button.click
    if k == "draw discard":
        return lambda: table.click_pile(table.state.discard_pile[-1])
    if k == "discard":
        return lambda: table.click_hand(action.cards[0])
    if k == "swap":
        return lambda: (table.click_hand(action.cards[0]), table.click_center(action.cards[1]))
    button = {"knock": table.knock_button, "swap all": table.swap_all_button, "pass": table.pass_button,
              "keep hand": table.keep_button, "take center": table.take_button,
              "exchange hand": table.take_button}[k]
    return button.click


def kernel_side(times: dict[str, list[float]], rules: str, bots: int, seed: int) -> None:
    """One whole game; the learner alternates asking the coach (and playing its move) with bot-chosen moves."""
    game = PlayGame(rules, bots=bots, seed=seed, lives=1, pace=1.0, start=False)  # no event loop: bots wait
    game.setup.seed_box.value = str(seed)  # the game number box is text (it reads "007" as game 7)
    timed(times, "Start the game", game.setup.start_button.click)
    me = make_bot("intermediate", seed=seed)
    moves = 0
    for _ in range(3000):
        t = game.table
        assert t is not None
        t.play_bots()
        s = t.state
        if s.game_over:
            return
        if s.round_over:
            # the "Next round" there is: under the showdown of a round that ended before the learner moved
            button = t.showdown_next_button if t.control.next_button() == NEXT_BUTTONS[1] else t.next_round_button
            timed(times, "Next round", button.click)
            continue
        if moves % 2 == 0:
            timed(times, "Ask the coach", game.coach_button.click)
            timed(times, "Play the coach's move", game.follow_button.click)
        else:
            action = me.choose(s.view(0))
            timed(times, "knock (with the coach's verdict)" if action.kind == "knock" else "a move (click)",
                  learner_move(t, action))
        assert t.state is not s
        moves += 1
    raise AssertionError("the game did not end")


def browser_side(times: dict[str, list[float]], turns: int = 4) -> None:
    from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, start_voila
    from playwright.sync_api import sync_playwright

    server = start_voila(Path(sys.executable).parent, ARTIFACTS / "bench-play-voila.log")
    ready = "el => /Your turn|Now throw|You deal|is over/.test(el.querySelector('.to-status').innerText)"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(server.url("voila/render/06-play.ipynb"))
            page.get_by_role("button", name="Start the game").wait_for(timeout=60_000)  # nothing is dealt before
            root = page.locator(".to-play")
            root.get_by_label("Number of bots").select_option(label="7")
            t0 = time.perf_counter()
            root.get_by_role("button", name="Start the game").click()
            page.wait_for_function("() => document.querySelectorAll('.to-play .to-table .to-seat').length === 8")
            times["browser: Start the game (7 bots)"].append(time.perf_counter() - t0)
            table = root.locator(".to-table")
            table.get_by_label("Bots' pace").select_option(label="instant")
            handle = table.element_handle()
            for _ in range(turns):
                page.wait_for_function(ready, arg=handle, timeout=30_000)
                if "is over" in table.locator(".to-status").inner_text():
                    break
                t0 = time.perf_counter()
                root.get_by_role("button", name="Ask the coach").click()
                root.locator(".to-coach-advice").wait_for()
                times["browser: Ask the coach"].append(time.perf_counter() - t0)
                log = table.locator(".to-log li").count()
                t0 = time.perf_counter()
                root.get_by_role("button", name="Play the coach's move").click()
                page.wait_for_function(f"el => el.querySelectorAll('.to-log li').length > {log}", arg=handle)
                times["browser: Play the coach's move"].append(time.perf_counter() - t0)
            browser.close()
    finally:
        server.stop()


def main() -> None:
    times: dict[str, list[float]] = defaultdict(list)
    PlayGame("scat", bots=1, pace=0, rollouts=20)  # one-off imports and tables
    for rules in Rules.PRESET_NAMES:
        for bots in (1, 3, 7):
            for seed in (1, 2):
                kernel_side(times, rules, bots, seed)
    game = PlayGame("scat", bots=3, pace=1.0)
    for menu, value in ((game.setup.rules_menu, "schwimmen"), (game.setup.bots_menu, 7),
                        (game.setup.level_menu, "expert"), (game.setup.lives_menu, 5)):
        timed(times, "setup drop-downs", lambda m=menu, v=value: setattr(m, "value", v))
    assert game.table is not None
    timed(times, "pace menu", lambda: setattr(game.table.pace_menu, "value", 0.3))  # type: ignore[union-attr]
    if "--no-browser" not in sys.argv:
        browser_side(times)
    worst = 0.0
    for name, xs in times.items():
        show(name, xs)
        worst = max(worst, max(xs))
    print(f"figure: the slowest control answered in {1000 * worst:.0f} ms (target ≤ {1000 * TARGET:.0f} ms)")


if __name__ == "__main__":
    main()
