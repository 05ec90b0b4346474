"""The server's settings without a server: notebooks/voila.py loads thirtyone/server.py, which sets what
``make tutorial``, Binder and a class's hub serve the lessons with (the preheated kernels per page, for one
learner and for a class) and is the package's top floor (nothing in ``thirtyone`` imports it); its kernel
manager keeps a page's kernel while its browser's handshake is under way. The server itself is tested in
test_serve.py and test_browser_serve.py (slow, real Voilà)."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["02-scat.ipynb", "03-schwimmen.ipynb", "04-variants.ipynb", "05-knock-timing.ipynb", "06-play.ipynb"]


def load_voila_config() -> Any:
    """The config notebooks/voila.py sets, loaded as Voilà loads it."""
    from traitlets.config import Config

    config = Config()
    exec(compile((ROOT / "notebooks" / "voila.py").read_text(), "voila.py", "exec"), {"get_config": lambda: config})
    return config


def test_voila_py_loads_the_lessons_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from thirtyone.server import VisitorConnection, VisitorKernelManager

    monkeypatch.delenv("THIRTYONE_CLASS_SIZE", raising=False)
    c = load_voila_config()
    assert (c.Voila.ip, c.VoilaConfiguration.template, c.VoilaConfiguration.strip_sources) == ("127.0.0.1", "thirtyone", True)
    assert c.VoilaConfiguration.show_tracebacks is False and c.VoilaConfiguration.allow_template_override == "NO"
    assert c.VoilaConfiguration.multi_kernel_manager_class is c.ServerApp.kernel_manager_class is VisitorKernelManager
    assert c.Voila.kernel_websocket_connection_class is c.ServerApp.kernel_websocket_connection_class is VisitorConnection
    assert (c.MappingKernelManager.cull_idle_timeout, c.VisitorKernelManager.unconnected_timeout) == (900, 90)
    assert c.VoilaConfiguration.preheat_kernel is True
    assert c.KernelManager.transport == "ipc"  # kernels on Unix sockets: no TCP port to lose (test_serve.py)
    pools = {page: entry["pool_size"] for page, entry in c.VoilaKernelManager.kernel_pools_config.items()}
    assert pools == ({"index.ipynb": 1, "01-scoring.ipynb": 1, "glossary.ipynb": 0, "review.ipynb": 0,
                      "class-teacher.ipynb": 0, "default": 0}
                     | dict.fromkeys(LESSONS, 1) | {"es/index.ipynb": 1, "de/index.ipynb": 1})
    assert c.VisitorKernelManager.warm_at_start == ["en"]


def test_a_page_whose_kernel_fails_ends_where_it_failed_and_says_why_in_one_line(caplog: pytest.LogCaptureFixture
                                                                                 ) -> None:
    """Voilà's page feed failed with its kernel ("Kernel died before replying to kernel_info") and the page was left
    open for ever: the feed now ends there (the real server: test_serve.py)."""
    import logging
    from types import SimpleNamespace

    from voila.notebook_renderer import NotebookRenderer

    load_voila_config()  # voila.py's patches, as Voilà loads it

    async def feed(*_args: Any, **_kwargs: Any) -> Any:
        yield "<head>", {}
        raise RuntimeError("Kernel died before replying to kernel_info")

    renderer = SimpleNamespace(  # what generate_content_generator reads of a NotebookRenderer
        exporter=SimpleNamespace(generate_from_notebook_node=feed), notebook=None, resources={}, page_config={},
        _jinja_kernel_start=lambda *_a, **_k: None, _jinja_notebook_execute=None, _jinja_cell_generator=None,
        voila_configuration=SimpleNamespace(progressive_rendering=False), notebook_path="01-scoring.ipynb",
        log=logging.getLogger("voila-test"))

    async def page() -> list[Any]:
        return [item async for item in NotebookRenderer.generate_content_generator(renderer, "k")]

    with caplog.at_level(logging.ERROR, "voila-test"):
        assert run(page()) == [("<head>", {})]
    assert [r.getMessage() for r in caplog.records] == [
        "The page 01-scoring.ipynb ended early: its kernel failed (RuntimeError: Kernel died before replying to "
        "kernel_info)"]
    assert not any(r.exc_info for r in caplog.records)


def test_a_class_gets_its_size_in_kernels_where_it_arrives_together() -> None:
    from thirtyone.server import pools

    sizes = {page: entry["pool_size"] for page, entry in pools({"THIRTYONE_CLASS_SIZE": "16"}).items()}
    assert sizes == {"index.ipynb": 16, "01-scoring.ipynb": 16, "glossary.ipynb": 0, "review.ipynb": 0,
                     "class-teacher.ipynb": 0,
                     "default": 0} | dict.fromkeys(
        LESSONS, 2) | {"es/index.ipynb": 1, "de/index.ipynb": 1}
    with pytest.raises(SystemExit, match="THIRTYONE_CLASS_SIZE must be a number of learners, like 16"):
        pools({"THIRTYONE_CLASS_SIZE": "sixteen"})


def test_a_spanish_or_german_class_gets_its_pages_preheated_in_its_language() -> None:
    from thirtyone.server import pools, warm_languages

    environ = {"THIRTYONE_CLASS_SIZE": "16", "THIRTYONE_CLASS_LANGUAGE": "de"}
    sizes = {page: entry["pool_size"] for page, entry in pools(environ).items()}
    assert {page: n for page, n in sizes.items() if page.startswith("de/")} == {
        "de/index.ipynb": 16, "de/01-scoring.ipynb": 16, "de/glossary.ipynb": 0, "de/review.ipynb": 0,
        "de/class-teacher.ipynb": 0} | {
        f"de/{page}": 2 for page in LESSONS}
    assert sizes["index.ipynb"] == 1 and sizes["es/index.ipynb"] == 1 and "es/02-scat.ipynb" not in sizes
    assert warm_languages(environ) == ("en", "de")
    with pytest.raises(SystemExit, match=r"THIRTYONE_CLASS_LANGUAGE must be one of the course's languages \(en, es, de\)"):
        pools({"THIRTYONE_CLASS_LANGUAGE": "fr"})


def test_nothing_in_the_package_imports_the_server_module() -> None:
    importers = []
    for path in sorted((ROOT / "thirtyone").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = [module] + [f"{module}.{a.name}" for a in node.names]
            else:
                continue
            if any(n == "server" or n.endswith(".server") for n in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers == []


def test_a_kernel_whose_browser_is_still_connecting_is_not_shut_down() -> None:
    """On a busy server a page's websocket handshake can outlast the timeout: the kernel stays until it ends."""
    import asyncio
    from datetime import timedelta
    from types import SimpleNamespace

    from thirtyone.server import VisitorKernelManager

    km = VisitorKernelManager(config=load_voila_config())
    km.unconnected_timeout = 5
    now = km._now()
    km._kernels["k"] = SimpleNamespace(last_activity=now - timedelta(seconds=60), execution_state="idle",
                                    kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}))
    km._unconnected_since["k"] = now - timedelta(seconds=60)  # a page visited a minute ago, never connected
    ended: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        ended.append(kernel_id)

    km.shutdown_kernel = shutdown_kernel
    def cull() -> None:  # in a thread of its own: the browser tests' Playwright runs an event loop here
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, km.cull_kernel_if_idle("k")).result()

    km.connecting("k", +1)  # its browser's handshake began
    cull()
    assert ended == []
    km.connecting("k", -1)  # the handshake ended without a connection: the timeout counts from now
    cull()
    assert ended == []
    km._unconnected_since["k"] -= timedelta(seconds=6)
    cull()
    assert ended == ["k"]


# -- Voilà's own pooling kernel manager, over kernels that are only records: the culler's clock moved by hand --------
class Clock:
    """The time every culling check reads (Jupyter Server's ``utcnow`` and the manager's ``_now``), moved by hand."""

    def __init__(self) -> None:
        from jupyter_server._tz import utcnow

        self.now = utcnow()

    def __call__(self) -> Any:
        return self.now

    def move(self, seconds: float) -> None:
        from datetime import timedelta

        self.now += timedelta(seconds=seconds)


def pooling_manager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pools: dict[str, Any]) -> tuple[Any, Clock, list[str],
                                                                                                        list[str]]:
    """Voilà's VoilaKernelManager made from ours as `voila` makes it (voila_kernel_manager_factory), with the
    lessons' config; a kernel start and a notebook run are records (no process), so the test moves the clock.
    Returns the manager, the clock, the kernels shut down, and every warning or error it logged."""
    import logging
    from types import SimpleNamespace
    from uuid import uuid4

    from jupyter_server.services.kernels import kernelmanager
    from traitlets.config import Configurable
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from thirtyone.server import VisitorKernelManager

    clock = Clock()
    monkeypatch.setattr(kernelmanager, "utcnow", clock)
    monkeypatch.setattr(VisitorKernelManager, "_now", staticmethod(clock))

    class VoilaApp(Configurable):  # what the kernel manager reads of its Voilà application
        root_dir = str(tmp_path)  # no notebooks: no pool is filled at the start
        notebook_path = None
        base_url = server_url = "/"
        port = 8866

    voila_class = voila_kernel_manager_factory(VisitorKernelManager, True, 1)

    class Manager(voila_class):  # type: ignore[misc, valid-type]
        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
            kernel_id = kernel_id or str(uuid4())  # a kernel started (Voilà's start_kernel) and its notebook run
            self._kernels[kernel_id] = SimpleNamespace(last_activity=clock(), execution_state="idle",
                                                       kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}))
            self._unconnected_since[kernel_id] = None
            ran: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            ran.set_result(None)
            return {"kernel_id": kernel_id, "task": ran,
                    "renderer": SimpleNamespace(stop_generator=False, rendered_cache=[])}

    config = load_voila_config()
    config.VoilaKernelManager.kernel_pools_config = pools
    config.VisitorKernelManager.refill_quiet = 0
    config.VoilaKernelManager.fill_delay = 0
    km = Manager(parent=VoilaApp(), config=config)
    ended: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0)
        ended.append(kernel_id)
        km._kernels.pop(kernel_id, None)

    km.shutdown_kernel = shutdown_kernel
    logged: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(self.format(record) + (f" {record.exc_info[1]!r}" if record.exc_info else ""))

    keep = Keep(logging.WARNING)
    km.log.addHandler(keep)
    return km, clock, ended, logged


def run(coroutine: Any) -> Any:
    """Run a coroutine in an event loop of its own thread (the browser tests' Playwright runs one here)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_pooled_kernel_handed_to_a_page_as_the_culler_runs_is_the_pages(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """After `make tutorial` idled 20 minutes, the index's pooled kernel was culled as a visit took it (its last
    message was 1193 s old, over the 15-minute idle rule): the page waited 29 s for a second kernel."""
    km, clock, ended, logged = pooling_manager(tmp_path, monkeypatch, {"index.ipynb": {"pool_size": 1}})

    async def visit() -> tuple[str, str]:
        km.fill_if_needed(delay=0, notebook_name="index.ipynb")
        pooled = (await km._pools["index.ipynb"][0])["kernel_id"]
        for _ in range(80):  # the pool waits 20 minutes, the culler passing every 15 s
            clock.move(15)
            await km.cull_kernels()
        assert ended == [] and pooled in km._kernels
        # a visit takes it while a pass of the culler runs, and the passes go on while its browser connects
        taken, _ = await asyncio.gather(km.get_rendered_notebook("index.ipynb"), km.cull_kernels())
        for _ in range(5):
            clock.move(15)
            await km.cull_kernels()
        return pooled, taken[2]

    pooled, handed = run(visit())
    assert handed == pooled
    assert ended == [] and pooled in km._kernels, "the kernel handed to the page was shut down"
    assert logged == []
    # its clocks run from the take: a page that never connects lets it go after unconnected_timeout
    clock.move(km.unconnected_timeout)
    run(km.cull_kernels())
    assert ended == [pooled]


def test_a_kernel_that_ends_during_a_pass_of_the_culler_logs_no_traceback(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A pass walks the kernels it listed at its start; one shut down meanwhile (its page's goodbye) raised
    KeyError in the idle check, logged with its traceback."""
    km, clock, ended, logged = pooling_manager(tmp_path, monkeypatch, {})

    async def two_pages() -> list[str]:
        return [(await km._initialize("index.ipynb"))["kernel_id"] for _ in range(2)]

    first, second = run(two_pages())

    async def shutdown_both(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(0)  # the first one's shutdown ends the second one too
        for k in (first, second) if kernel_id == first else (kernel_id,):
            if km._kernels.pop(k, None) is not None:
                ended.append(k)

    km.shutdown_kernel = shutdown_both
    run(km.cull_kernels())  # both pages' browsers are gone: their clocks start
    clock.move(km.unconnected_timeout + 1)
    run(km.cull_kernels())
    assert ended == [first, second] and km._kernels == {}
    assert logged == []


def test_a_kernel_still_starting_as_the_culler_passes_logs_no_traceback(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """jupyter_client lists a kernel once its process has started; Jupyter Server sets its last activity a
    step of the event loop later. A pass of the culler in between raised TraitError ("expected a datetime, not
    the NoneType None") and logged its traceback: the browser tests' server log failed CI."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    km, clock, ended, logged = pooling_manager(tmp_path, monkeypatch, {})
    starting = ServerKernelManager(kernel_name="python3")  # listed, its clock not set yet
    km._kernels["starting"] = starting
    km._unconnected_since["starting"] = None
    for _ in range(3):
        run(km.cull_kernels())
        clock.move(max(km.unconnected_timeout, km.cull_idle_timeout) + 1)
    assert ended == [] and logged == []
    # once started, it has a page's clocks like any other: no browser for unconnected_timeout s and it ends
    starting.last_activity, starting.execution_state = clock(), "idle"
    run(km.cull_kernels())
    clock.move(km.unconnected_timeout + 1)
    run(km.cull_kernels())
    assert ended == ["starting"] and logged == []


def test_a_visit_to_a_page_in_another_language_preheats_that_languages_pages(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the English pages had pools: a Spanish class waited for a cold kernel on every page."""
    from thirtyone.server import pools

    monkeypatch.delenv("THIRTYONE_CLASS_SIZE", raising=False)
    monkeypatch.delenv("THIRTYONE_CLASS_LANGUAGE", raising=False)
    km, clock, ended, logged = pooling_manager(tmp_path, monkeypatch, pools())

    async def visit_spanish_index() -> dict[str, int]:
        for name in ("index.ipynb", "es/index.ipynb", "de/index.ipynb"):
            km.fill_if_needed(delay=0, notebook_name=name)
        await asyncio.gather(*km._pools["es/index.ipynb"])
        assert [name for name in km._pools if name.startswith("es/")] == ["es/index.ipynb"]
        await km.get_rendered_notebook("es/index.ipynb")
        await asyncio.gather(*(task for pool in km._pools.values() for task in pool))
        return {name: len(pool) for name, pool in km._pools.items() if pool}

    filled = run(visit_spanish_index())
    assert filled == {"index.ipynb": 1, "de/index.ipynb": 1, "es/index.ipynb": 1, "es/01-scoring.ipynb": 1,
                      **{f"es/{page}": 1 for page in LESSONS}}
    assert logged == []
