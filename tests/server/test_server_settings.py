"""The server's settings without a server: notebooks/voila.py loads thirtyone/server.py, which sets what
``make tutorial``, Binder and a class's hub serve the lessons with (the preheated kernels per page, for one
learner and for a class) and is the package's top floor (nothing in ``thirtyone`` imports it); its kernel
manager keeps a page's kernel while its browser's handshake is under way. The server itself is tested in
test_serve.py and test_browser_serve.py (slow, real Voilà)."""

from __future__ import annotations

import ast
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
    pools = {page: entry["pool_size"] for page, entry in c.VoilaKernelManager.kernel_pools_config.items()}
    assert pools == {"index.ipynb": 1, "01-scoring.ipynb": 1, "glossary.ipynb": 0, "default": 0} | dict.fromkeys(LESSONS, 1)


def test_a_class_gets_its_size_in_kernels_where_it_arrives_together() -> None:
    from thirtyone.server import pools

    sizes = {page: entry["pool_size"] for page, entry in pools({"THIRTYONE_CLASS_SIZE": "16"}).items()}
    assert sizes == {"index.ipynb": 16, "01-scoring.ipynb": 16, "glossary.ipynb": 0, "default": 0} | dict.fromkeys(
        LESSONS, 2)
    with pytest.raises(SystemExit, match="THIRTYONE_CLASS_SIZE must be a number of learners, like 16"):
        pools({"THIRTYONE_CLASS_SIZE": "sixteen"})


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
