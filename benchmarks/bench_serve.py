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

from yardstick import empty_loop_on

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
async def ready_and_go() -> None:
    """Tell the parent the learners are ready, and wait for its word (a line on stdin) to start."""
    print("READY", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


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
        await asyncio.sleep(1.0)  # every context is open: they arrive together, when the parent says so
        await ready_and_go()
        start.set()
        results = await asyncio.gather(*tasks)
        print("ALL-LOADED", flush=True)  # the parent reads the server's memory with every page open
        sys.stdin.readline()
        for r in results:
            await r.pop("context").close()
        await browser.close()
    return results


# -- learners without a browser: what the server does for a page, and nothing the browser does -----------
def record_assets(url: str) -> list[str]:
    """The addresses a browser fetches to show ``url`` (its scripts, styles and fonts), in order."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page()
        seen: list[str] = []
        server = url.split("/voila/", 1)[0] + "/"
        page.on("requestfinished", lambda r: seen.append(r.url) if r.method == "GET" and r.url.startswith(server)
                and r.resource_type in ("script", "stylesheet", "font", "image") else None)
        page.goto(url)
        page.wait_for_selector(f'{SANDBOX} .to-picker button[data-card="{CARDS[0]}"]', timeout=WIDGETS_TIMEOUT * 1000)
        page.goto("about:blank")  # leaving the page: Voilà's beacon shuts its kernel down
        browser.close()
    return list(dict.fromkeys(seen))


def _message(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    import uuid
    from datetime import datetime, timezone

    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "bench",
                       "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}


def _decode(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from Jupyter's websocket (text, or the legacy binary frame: offsets, then JSON)."""
    if isinstance(frame, str):
        return dict(json.loads(frame))
    n = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 * (i + 1): 4 * (i + 2)], "big") for i in range(n)]
    end = offsets[1] if n > 1 else len(frame)
    return dict(json.loads(frame[offsets[0]:end].decode("utf-8")))


async def bare_learner(url: str, assets: list[str], start: asyncio.Event) -> dict[str, Any]:
    """A learner's page as the server sees it: the page, its assets (6 at a time, as a browser does), the
    kernel connection, the widgets' state (ipywidgets' request_states), then three card clicks, each
    timed until the kernel has sent everything the click changed (its idle status for that message)."""
    import re
    import uuid

    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    from thirtyone.cards import parse_cards

    http = AsyncHTTPClient(max_clients=6, force_instance=True)
    result: dict[str, Any] = {"tti": None, "clicks": []}
    await start.wait()
    t0 = time.perf_counter()
    try:
        page = await http.fetch(url, request_timeout=WIDGETS_TIMEOUT)
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.body.decode("utf-8"))
        assert kernel, "the page names no kernel"
        await asyncio.gather(*(http.fetch(a, request_timeout=WIDGETS_TIMEOUT) for a in assets))
        session = uuid.uuid4().hex
        base = url.split("/voila/", 1)[0].replace("http://", "ws://")
        ws = await websocket_connect(f"{base}/api/kernels/{kernel.group(1)}/channels?session_id={session}")

        async def send(msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
            msg = _message(msg_type, content, session, metadata)
            await ws.write_message(json.dumps(msg))
            return str(msg["header"]["msg_id"])

        async def until(test: Any) -> dict[str, Any]:
            while True:
                frame = await asyncio.wait_for(ws.read_message(), WIDGETS_TIMEOUT)
                assert frame is not None, "the kernel connection closed"
                msg = _decode(frame)
                if test(msg):
                    return msg

        await send("kernel_info_request", {})
        control = uuid.uuid4().hex
        await send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                   {"version": "1.0.0"})  # ipywidgets' control protocol, as its front end sends it
        await send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = await until(lambda m: m["header"]["msg_type"] == "comm_msg"
                             and m["content"].get("data", {}).get("method") == "update_states")
        result["tti"] = time.perf_counter() - t0
        cards = [int(c) for c in parse_cards(" ".join(CARDS))]
        rows = {mid: s["state"] for mid, s in states["content"]["data"]["states"].items()
                if isinstance(s["state"].get("cards"), list) and s["state"].get("interactive")}
        for card in cards:
            row = next(mid for mid, st in rows.items() if card in st["cards"])
            t1 = time.perf_counter()
            sent = await send("comm_msg", {"comm_id": row, "data": {"method": "custom",
                                                                    "content": {"event": "activate", "card": card}}})
            await until(lambda m, sent=sent: m["header"]["msg_type"] == "status"
                        and m["parent_header"].get("msg_id") == sent and m["content"]["execution_state"] == "idle")
            result["clicks"].append(time.perf_counter() - t1)
        result["ws"] = ws
    except Exception as e:
        result["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
    return result


async def bare_learners(url: str, n: int, assets: list[str]) -> list[dict[str, Any]]:
    start = asyncio.Event()
    tasks = [asyncio.create_task(bare_learner(url, assets, start)) for _ in range(n)]
    await asyncio.sleep(0.5)
    await ready_and_go()
    start.set()
    results = await asyncio.gather(*tasks)
    print("ALL-LOADED", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for r in results:
        if "ws" in r:
            r.pop("ws").close()
    return results


def client_main(url: str, n: int, bare: bool) -> None:
    if bare:
        assets = record_assets(url)
        results = asyncio.run(bare_learners(url, n, assets))
    else:
        results = asyncio.run(learners(url, n))
    print("RESULTS " + json.dumps(results), flush=True)


# -- one round, and the table ---------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("inf")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def one_round(n: int, extra: list[str], bare: bool) -> dict[str, Any]:
    loop = empty_loop_on(SERVER_CORE)
    proc, port = start_server(ARTIFACTS / f"bench-serve-{n}{'-bare' if bare else ''}.log", extra)
    try:
        settle(proc.pid)
        idle = memory(proc.pid)  # before anyone comes
        client = subprocess.Popen(
            ["taskset", "-c", CLIENT_CORE, sys.executable, __file__, "--bare-client" if bare else "--client",
             f"http://127.0.0.1:{port}/{PAGE}", str(n)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert client.stdout is not None and client.stdin is not None
        line = client.stdout.readline()
        while line and not line.startswith("READY"):
            line = client.stdout.readline()
        if bare:  # its one untimed browser visit (to list the page's assets) took a kernel: let the pool refill
            settle(proc.pid)
        cpu0, client_cpu0 = cpu_seconds(proc.pid), cpu_seconds(client.pid)
        t0 = time.perf_counter()
        client.stdin.write("\n")  # go
        client.stdin.flush()
        line = client.stdout.readline()
        while line and not line.startswith("ALL-LOADED"):
            line = client.stdout.readline()
        wall = time.perf_counter() - t0
        server_busy = (cpu_seconds(proc.pid) - cpu0) / wall
        client_busy = (cpu_seconds(client.pid) - client_cpu0) / wall
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


TITLES = {
    "browsers": "Learners in chromium (all on the client core: a client core at 100% means the browsers, not the "
                "server, set the times)",
    "bare": "Learners without a browser (the page, its assets, the kernel connection, the widgets' state, the "
            "clicks: the server's whole part, and no drawing)",
}
SHORT = {"browsers": "in chromium", "bare": "without a browser (the server's part)"}


def main(argv: list[str]) -> None:
    if not shutil.which("taskset") or len(os.sched_getaffinity(0)) < 2:
        sys.exit("needs taskset and two cores (one for the server, one for the learners)")
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    mine = argv[: argv.index("--")] if "--" in argv else argv
    modes = [m for m in ("browsers", "bare") if f"--{m}" in mine] or ["browsers", "bare"]
    counts = [int(a) for a in mine if not a.startswith("--")] or list(LEARNERS)
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
    served = {}
    for mode in modes:
        print(TITLES[mode])
        print(head)
        rows = []
        for n in counts:
            r = one_round(n, extra, bare=mode == "bare")
            rows.append(r)
            ir, iu, ik = r["idle"]
            lr, lu, lk = r["loaded"]
            print(f"{n:>3} {r['loop']:>5.2f}s {r['tti50']:>7.2f}s {r['tti95']:>7.2f}s {r['click95'] * 1000:>8.0f}ms "
                  f"{r['missing']:>10} {ir:>8.0f}/{iu:>4.0f} MB, {ik:>2} {lr:>10.0f}/{lu:>4.0f} MB, {lk:>2} "
                  f"{r['server_busy']:>10.0%} {r['client_busy']:>10.0%}", flush=True)
            for e in r["errors"][:3]:
                print(f"      {e}")
        ok = [r["n"] for r in rows if r["tti95"] <= TTI_LIMIT and r["click95"] <= CLICK_LIMIT and not r["missing"]]
        served[mode] = max(ok) if ok else 0
        print()
    for mode in modes:
        print(f"learners served at p95 TTI ≤ {TTI_LIMIT:.0f} s and p95 click ≤ {CLICK_LIMIT * 1000:.0f} ms, "
              f"{SHORT[mode]}: {served[mode]} (of {', '.join(map(str, counts))} tried; goal ≥ 16)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("--client", "--bare-client"):
        client_main(sys.argv[2], int(sys.argv[3]), bare=sys.argv[1] == "--bare-client")
    else:
        main(sys.argv[1:])
