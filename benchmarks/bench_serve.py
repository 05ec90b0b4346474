"""How many learners one Voilà server serves at once, on one core, as a Binder box has.

The server (``voila`` from ``notebooks/``, with ``notebooks/voila.py``, and every kernel it starts) runs
pinned to core 0 (``taskset -c 0``); the learners run pinned to core 1 (``taskset -c 1``): headless
Debian chromium under Playwright, one browser context per learner, all on loopback. For each N in
1, 2, 4, 8, 16 a fresh server is started and left until its preheated kernels are ready and it is
idle; then N learners open lesson 1 at the same moment. Each learner:

* time to interactive (TTI): from asking for the page until the sandbox's cards are drawn (they are
  drawn from the kernel's widget state, over the page's kernel connection);
* click round trip: clicks three cards in the sandbox, one after another, each timed from the click
  until the sandbox's score has changed (browser → kernel → browser).

Printed per N: p50/p95 TTI, p95 click, learners without widgets after 120 s, the server's memory
(resident set of the server and its kernels, summed; and their unique set size, USS, which does not
count the shared libraries again for every kernel), idle before the learners and with every
learner's page open, and how busy each core was. Then "learners served": the largest N whose p95
TTI ≤ 3 s and p95 click ≤ 150 ms. Goal (issue 10): ≥ 16.

The machine's speed swings from minute to minute; the time of an empty 10-million-step Python loop
on core 0 is printed before each round (``loop``) to compare runs.

Extra settings go to the server as command-line options after ``--``, for example the class setting
of the README: ``THIRTYONE_CLASS_SIZE=16 .venv/bin/python benchmarks/bench_serve.py``.
Run: ``.venv/bin/python benchmarks/bench_serve.py [N ...] [-- voila options]`` (on demand; not in make test).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, free_port, wait_for_http  # noqa: E402

LEARNERS = (1, 2, 4, 8, 16)
MAX_LEARNERS = 32
"""A bound: this benchmark never opens more pages than this at once."""
PAGE = "voila/render/01-scoring.ipynb"
SANDBOX = ".to-sandbox"
CARDS = ("A♠", "K♠", "Q♠")
TTI_LIMIT = 3.0
CLICK_LIMIT = 0.150
WIDGETS_TIMEOUT = 120.0
SERVER_CORE, CLIENT_CORE = "0", "1"


def empty_loop(core: str) -> float:
    """Seconds for ``for _ in range(10_000_000): pass`` on ``core``."""
    code = "import time\nt=time.perf_counter()\nfor _ in range(10_000_000): pass\nprint(time.perf_counter()-t)"
    out = subprocess.run(["taskset", "-c", core, sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def tree(pid: int) -> list[Any]:
    import psutil

    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def memory(pid: int) -> tuple[float, float, int]:
    """(RSS MB, USS MB, kernels) of the process ``pid`` and everything it started."""
    import psutil

    rss = uss = 0
    kernels = 0
    for p in tree(pid):
        try:
            info = p.memory_full_info()
            rss += info.rss
            uss += info.uss
            kernels += "ipykernel_launcher" in " ".join(p.cmdline())
        except psutil.Error:
            pass
    return rss / 2**20, uss / 2**20, kernels


def cpu_seconds(pid: int) -> float:
    import psutil

    total = 0.0
    for p in tree(pid):
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            pass
    return total


def settle(pid: int, limit: float = 240.0) -> None:
    """Wait until the server and its kernels have used < 3% of a core over 3 s (pools full, cells run)."""
    deadline = time.monotonic() + limit
    time.sleep(3)
    while time.monotonic() < deadline:
        before = cpu_seconds(pid)
        time.sleep(3)
        if (cpu_seconds(pid) - before) / 3 < 0.03:
            return
    print(f"  (the server was still busy after {limit:.0f} s)")


def start_server(log: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    voila = str(Path(sys.executable).parent / "voila")
    out = log.open("wb")
    proc = subprocess.Popen(["taskset", "-c", SERVER_CORE, voila, f"--port={port}", "--Voila.port_retries=0", *extra],
                            cwd=NOTEBOOKS, stdout=out, stderr=subprocess.STDOUT)
    wait_for_http(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=120, proc=proc)
    return proc, port


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


# -- the learners (run in a child process pinned to the client core) -------------------------------------
async def learner(browser: Any, url: str, start: asyncio.Event) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    result: dict[str, Any] = {"tti": None, "clicks": []}
    await start.wait()
    t0 = time.perf_counter()
    try:
        await page.goto(url, timeout=WIDGETS_TIMEOUT * 1000)
        card = f'{SANDBOX} .to-picker button[data-card="{CARDS[0]}"]'
        await page.wait_for_selector(card, state="visible", timeout=WIDGETS_TIMEOUT * 1000)
        result["tti"] = time.perf_counter() - t0
        score = page.locator(f"{SANDBOX} .to-score-view .to-score")
        for c in CARDS:
            before = await score.inner_text()
            t1 = time.perf_counter()
            await page.click(f'{SANDBOX} .to-picker button[data-card="{c}"]')
            await page.wait_for_function(
                "([sel, old]) => { const e = document.querySelector(sel); return !!e && e.innerText !== old; }",
                arg=[f"{SANDBOX} .to-score-view .to-score", before], polling="raf", timeout=60_000)
            result["clicks"].append(time.perf_counter() - t1)
    except Exception as e:  # a page without widgets is a result, not a crash of the benchmark
        result["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120]}"
    result["context"] = context
    return result


async def learners(url: str, n: int) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        start = asyncio.Event()
        tasks = [asyncio.create_task(learner(browser, url, start)) for _ in range(n)]
        await asyncio.sleep(1.0)  # every context is open: they arrive together
        start.set()
        results = await asyncio.gather(*tasks)
        print("ALL-LOADED", flush=True)  # the parent reads the server's memory with every page open
        sys.stdin.readline()
        for r in results:
            await r.pop("context").close()
        await browser.close()
    return results


def client_main(url: str, n: int) -> None:
    results = asyncio.run(learners(url, n))
    print("RESULTS " + json.dumps(results), flush=True)


# -- one round, and the table ---------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("inf")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def one_round(n: int, extra: list[str]) -> dict[str, Any]:
    loop = empty_loop(SERVER_CORE)
    proc, port = start_server(ARTIFACTS / f"bench-serve-{n}.log", extra)
    try:
        settle(proc.pid)
        idle = memory(proc.pid)
        cpu0 = cpu_seconds(proc.pid)
        t0 = time.perf_counter()
        client = subprocess.Popen(
            ["taskset", "-c", CLIENT_CORE, sys.executable, __file__, "--client", f"http://127.0.0.1:{port}/{PAGE}", str(n)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert client.stdout is not None and client.stdin is not None
        client_pid_cpu0 = 0.0
        line = client.stdout.readline()
        while line and not line.startswith("ALL-LOADED"):
            line = client.stdout.readline()
        wall = time.perf_counter() - t0
        server_busy = (cpu_seconds(proc.pid) - cpu0) / wall
        client_busy = (cpu_seconds(client.pid) - client_pid_cpu0) / wall
        loaded = memory(proc.pid)
        client.stdin.write("\n")
        client.stdin.flush()
        out = client.stdout.read()
        client.wait(timeout=120)
        results = json.loads(out.split("RESULTS ", 1)[1])
    finally:
        stop_server(proc)
    ttis = [r["tti"] for r in results if r["tti"] is not None]
    missing = n - len(ttis)
    clicks = [c for r in results for c in r["clicks"]]
    errors = [r["error"] for r in results if "error" in r]
    return {"n": n, "loop": loop, "tti50": pct(ttis, 0.5) if not missing else pct(ttis + [float("inf")] * missing, 0.5),
            "tti95": pct(ttis + [float("inf")] * missing, 0.95), "click95": pct(clicks, 0.95), "missing": missing,
            "idle": idle, "loaded": loaded, "server_busy": server_busy, "client_busy": client_busy, "errors": errors}


def main(argv: list[str]) -> None:
    if not shutil.which("taskset") or len(os.sched_getaffinity(0)) < 2:
        sys.exit("needs taskset and two cores (one for the server, one for the learners)")
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    counts = [int(a) for a in (argv[: argv.index("--")] if "--" in argv else argv)] or list(LEARNERS)
    if any(not 1 <= n <= MAX_LEARNERS for n in counts):
        sys.exit(f"learners: 1 to {MAX_LEARNERS}")
    ARTIFACTS.mkdir(exist_ok=True)
    if os.environ.get("THIRTYONE_CLASS_SIZE"):
        print(f"THIRTYONE_CLASS_SIZE={os.environ['THIRTYONE_CLASS_SIZE']}")
    if extra:
        print("server options: " + " ".join(extra))
    print(f"lesson 1; server on core {SERVER_CORE}, learners on core {CLIENT_CORE}; "
          f"targets: p95 TTI ≤ {TTI_LIMIT:.0f} s, p95 click ≤ {CLICK_LIMIT * 1000:.0f} ms\n")
    head = (f"{'N':>3} {'loop':>6} {'TTI p50':>8} {'TTI p95':>8} {'click p95':>10} {'no widgets':>10} "
            f"{'idle RSS/USS, kernels':>22} {'loaded RSS/USS, kernels':>24} {'server core':>11} {'client core':>11}")
    print(head)
    rows = []
    for n in counts:
        r = one_round(n, extra)
        rows.append(r)
        ir, iu, ik = r["idle"]
        lr, lu, lk = r["loaded"]
        print(f"{n:>3} {r['loop']:>5.2f}s {r['tti50']:>7.2f}s {r['tti95']:>7.2f}s {r['click95'] * 1000:>8.0f}ms "
              f"{r['missing']:>10} {ir:>8.0f}/{iu:>4.0f} MB, {ik:>2} {lr:>10.0f}/{lu:>4.0f} MB, {lk:>2} "
              f"{r['server_busy']:>10.0%} {r['client_busy']:>10.0%}", flush=True)
        for e in r["errors"][:3]:
            print(f"      {e}")
    ok = [r["n"] for r in rows if r["tti95"] <= TTI_LIMIT and r["click95"] <= CLICK_LIMIT and not r["missing"]]
    served = max(ok) if ok else 0
    print(f"\nlearners served at p95 TTI ≤ {TTI_LIMIT:.0f} s and p95 click ≤ {CLICK_LIMIT * 1000:.0f} ms: "
          f"{served} (of {', '.join(map(str, counts))} tried; goal ≥ 16)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--client":
        client_main(sys.argv[2], int(sys.argv[3]))
    else:
        main(sys.argv[1:])
