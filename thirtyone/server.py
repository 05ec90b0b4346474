"""The lessons' server settings: Voilà's configuration, the kernel manager and the server's patches.

``notebooks/voila.py`` is a few lines that call :func:`configure` on the config Voilà gives it. ``voila``
reads ./voila.py from the directory it is started in, so ``make tutorial`` (cd notebooks && voila) and the
browser tests pick it up. On Binder (and on a JupyterHub built from binder/), binder/postBuild copies that
file into the environment's Jupyter config directory, where Voilà's server extension reads it, and Jupyter
Server's own config loads it too (binder/jupyter_server_config.py), so the kernel manager and its culling
apply there as well.

The top floor of the package: it imports Voilà, Jupyter Server and Tornado, and nothing in ``thirtyone``
imports it (the engine and the widgets never need a server).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer, List, Unicode
from traitlets.config import Config


# -- kernels end with their visitors --------------------------------------------------------------
# Jupyter Server's culler (MappingKernelManager.cull_kernel_if_idle, run every cull_interval seconds)
# shuts a kernel down when it has had no IOPub message for cull_idle_timeout seconds, and is not busy
# (unless cull_busy), and has no websocket (unless cull_connected). There is ONE timeout for every
# kernel: nothing shorter for a kernel nobody is connected to. So a plain GET of a lesson (a link
# preview, a crawler, a laptop closed while the page loads) or a tab closed without Voilà's shutdown
# beacon left a 60-180 MB kernel alive for the whole 15 minutes. VisitorKernelManager adds that
# shorter timeout for the kernels of Voilà pages (they are started with VOILA_BASE_URL in their
# environment; a JupyterLab user's kernels on Binder or a hub keep the 15-minute rule):
# * a page's kernel with no browser connected is shut down once it has had no browser, no activity
#   and no running cell for `unconnected_timeout` seconds, counted from the last of: its last IOPub
#   message, its last disconnect, the visit that took it from its preheat pool (or the first cull pass
#   that saw a kernel of no pool); a browser's handshake under way counts as connected (VisitorConnection);
# * kernels waiting in Voilà's preheat pools are never culled: VoilaKernelManager.cull_kernel_if_idle
#   returns before calling ours for them (voila/voila_kernel_manager.py). A kernel leaves its pool
#   when a visitor's GET takes it, and its clock starts then.
# With a 15 s pass and 90 s, a kernel whose page never connects is gone 90-120 s after the visit.
#
# Preheated kernels warm up a few at a time. Voilà refills a pool fill_delay (1 s) after each visit
# takes a kernel, every refill at once: after a burst of 8 learners, 8 kernels started and ran their
# notebooks together on the one core, and the 8 learners' clicks waited 3.3 s (p95) behind them
# (benchmarks/bench_serve.py, without a browser, THIRTYONE_CLASS_SIZE=16). So VoilaKernelManager's
# _initialize (start a kernel, run the notebook in it) is gated: `preheat_concurrency` at a time, each
# holding its place until its notebook has run (a kernel a visitor already waits for first); visitors
# beyond the pool are then served one after another, and the learners already there keep the rest of
# the machine. And a refill nobody waits
# for yet (still in its pool) waits until no visit has taken a kernel for `refill_quiet` seconds:
# during a burst the CPU goes to the learners arriving, and the pools fill up again right after.
class VisitorKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, plus: a Voilà page's kernel ends soon after its browser leaves;
    under standalone Voilà with preheating, pool kernels warm up a few at a time."""

    unconnected_timeout = Integer(
        90, config=True,
        help="Seconds a Voilà page's kernel may go without a browser connected (0: only the idle cull).")
    preheat_concurrency = Integer(
        0, config=True,
        help="Preheated kernels warming up at once (0: half the CPUs this server may use, at least 1).")
    refill_quiet = Integer(
        3, config=True,
        help="Seconds without a visit taking a kernel before a pool refill nobody waits for starts.")
    warm_at_start = List(
        Unicode(), ["en"], config=True,
        help="Languages whose pages have their pools from the start (the others' when one of their pages is visited).")

    # Voilà's VoilaKernelManager (a subclass made at run time) has these two; this class wraps them when it
    # is one. Declared, not defined: ``hasattr`` is False on Jupyter Server's manager.
    _initialize: Callable[..., Awaitable[dict[str, Any]]]
    get_rendered_notebook: Callable[..., Awaitable[Any]]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._unconnected_since: dict[str, datetime | None] = {}
        """Kernel id -> since when it has had no browser (None: connected, or not yet seen by a pass)."""
        self._handshakes: dict[str, int] = {}
        """Kernel id -> browsers between their websocket request and its opening."""
        self._pooled: set[str] = set()
        """Kernels that have run their notebook and wait in a preheat pool: never culled, however long they wait."""
        self._languages_warm: set[str] = set(self.warm_at_start)
        """The languages whose pages have their pools (:func:`pools`): at the start, :func:`warm_languages`."""
        # Voilà's VoilaKernelManager is a subclass of this class; its __init__ calls this one before it
        # creates the pools' tasks, so they already call the gated version.
        if hasattr(self, "_initialize"):
            self._initialize = self._warm_few_at_a_time(self._initialize)
        if hasattr(self, "get_rendered_notebook"):
            self.get_rendered_notebook = self._clock_from_the_take(self.get_rendered_notebook)

    def _clock_from_the_take(self, get_rendered_notebook: Callable[..., Awaitable[Any]]
                             ) -> Callable[..., Awaitable[Any]]:
        """Voilà's ``get_rendered_notebook``, starting the kernel's clocks when a visit takes it from its pool
        (:meth:`_handed_over`), and warming the pools of the page's language (:meth:`_warm_language_of`)."""
        async def take(notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            result = await get_rendered_notebook(notebook_name, *args, **kwargs)
            kernel_id = result[2]
            self._handed_over(kernel_id)
            self._warm_language_of(notebook_name)
            return result

        return take

    def _warm_few_at_a_time(self, initialize: Callable[..., Awaitable[dict[str, Any]]]
                            ) -> Callable[..., Awaitable[dict[str, Any]]]:
        """Voilà's ``_initialize`` gated: ``preheat_concurrency`` kernels warm up at once, a visitor's first."""
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        state = {"warming": 0, "urgent": 0, "last_take": 0.0}  # last_take: when a visit last took a kernel

        def waited_for(task: asyncio.Task[Any] | None, notebook_path: str, kernel_id: str | None) -> bool:
            # a visitor popped it from its pool and waits for it (or it restarts a page's kernel)
            pools: dict[str, Any] = getattr(self, "_pools", {})
            return kernel_id is not None or task not in pools.get(notebook_path, ())

        async def gated(notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
            me = asyncio.current_task()  # the pool's own task (voila_kernel_manager.fill_if_needed)
            limit = self.preheat_concurrency or max(1, cpus // 2)
            state["last_take"] = time.monotonic()  # each visit that takes a kernel asks for one refill
            deadline = state["last_take"] + 60
            while (not waited_for(me, notebook_path, kernel_id) and time.monotonic() < deadline
                   and time.monotonic() - state["last_take"] < self.refill_quiet):
                await asyncio.sleep(0.25)
            counted = False  # a kernel a visitor waits for goes before the refills nobody waits for yet
            while True:
                urgent = waited_for(me, notebook_path, kernel_id)
                if urgent and not counted:
                    state["urgent"] += 1
                    counted = True
                if state["warming"] < limit and (urgent or not state["urgent"]):
                    break
                await asyncio.sleep(0.25)
            state["urgent"] -= counted
            state["warming"] += 1
            try:
                content = await initialize(notebook_path, kernel_id, **kwargs)
                try:  # until its notebook has run (the render task), at most 2 minutes
                    await asyncio.wait_for(asyncio.shield(content["task"]), timeout=120)
                except Exception:  # a failed or slow page is its visitor's business; the next one warms up
                    pass
            finally:
                state["warming"] -= 1
            if kernel_id is None and me in getattr(self, "_pools", {}).get(notebook_path, ()):
                self._pooled.add(content["kernel_id"])  # it waits in its pool until a visit takes it
            return content

        return gated

    # async, as Jupyter Server's own AsyncMappingKernelManager.start_kernel (jupyter_client types a synchronous one)
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel as Jupyter Server does; a Voilà page's kernel is watched for its browser."""
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if "VOILA_BASE_URL" in (kwargs.get("env") or {}):  # set by Voilà for a page's kernel
            self._unconnected_since[kernel_id] = None
            if kwargs["env"].get("VOILA_PREHEAT") != "True":  # a visit to a page without a pool: "path" is its folder
                self._warm_language_of(os.path.join(str(kwargs.get("path") or ""), "page.ipynb"))
        return kernel_id

    def _handed_over(self, kernel_id: str) -> None:
        """A visit took ``kernel_id`` from its pool: it leaves the pool, and both culling clocks start now (the
        idle one counts from its last message, which may be an hour old: the visit is its activity)."""
        self._pooled.discard(kernel_id)
        now = self._now()
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = now
        if kernel_id in self._unconnected_since and not self._kernel_connections.get(kernel_id):
            self._unconnected_since[kernel_id] = now

    def _warm_language_of(self, notebook_name: str) -> None:
        """A visit to a page in a language whose pages have no pools yet gives them theirs (:func:`pools`)."""
        lang = page_language(notebook_name)
        if lang in self._languages_warm or not hasattr(self, "fill_if_needed"):
            return
        self._languages_warm.add(lang)
        wanted = language_pools(lang)
        config = dict(getattr(self, "kernel_pools_config", {}))
        added = [name for name, entry in wanted.items()
                 if entry["pool_size"] > config.get(name, {}).get("pool_size", 0)]
        if not added:
            return
        self.log.info("A page in %r was visited: preheating its pages too", lang)
        self.kernel_pools_config = config | {name: wanted[name] for name in added}
        for name in added:  # each refill waits until no visit has taken a kernel for refill_quiet seconds
            self.fill_if_needed(delay=None, notebook_name=name)

    def connecting(self, kernel_id: str, change: int) -> None:
        """A browser's handshake with a page's kernel began (+1) or ended (-1): until it ends, the kernel
        counts as connected (a handshake on a busy server can take longer than the timeout)."""
        if kernel_id in self._unconnected_since:
            self._handshakes[kernel_id] = self._handshakes.get(kernel_id, 0) + change
            if change < 0 and not self._kernel_connections.get(kernel_id):
                self._unconnected_since[kernel_id] = self._now()  # counted from the handshake's end

    def notify_connect(self, kernel_id: str) -> None:
        """A browser connected: the page's kernel has a browser."""
        super().notify_connect(kernel_id)
        if kernel_id in self._unconnected_since:
            self._unconnected_since[kernel_id] = None

    def notify_disconnect(self, kernel_id: str) -> None:
        """A browser left: the page's kernel's clock starts when its last one has gone."""
        super().notify_disconnect(kernel_id)
        if kernel_id in self._unconnected_since and not self._kernel_connections.get(kernel_id):
            self._unconnected_since[kernel_id] = self._now()

    @staticmethod
    def _now() -> datetime:
        from jupyter_server._tz import utcnow

        return utcnow()

    async def cull_kernels(self) -> None:
        """One pass of the culler, after forgetting the kernels that have ended."""
        for kernel_id in [k for k in self._unconnected_since if k not in self._kernels]:
            del self._unconnected_since[kernel_id]
            self._handshakes.pop(kernel_id, None)
        self._pooled &= set(self._kernels)
        await super().cull_kernels()

    def _started(self, kernel_id: str) -> bool:
        """Whether ``kernel_id`` has its clock: jupyter_client lists a kernel once its process has started,
        and Jupyter Server sets its last activity a step of the event loop later (never, if the start
        failed). A pass of the culler in between read it and logged a TraitError's traceback."""
        from traitlets import TraitError

        try:
            return getattr(self._kernels[kernel_id], "last_activity", None) is not None
        except TraitError:
            return False

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Shut a page's kernel down after ``unconnected_timeout`` s without a browser, else cull as usual; a
        kernel waiting in its pool is never culled, and one that ended during the pass, or has not finished
        starting, is left alone."""
        if kernel_id not in self._kernels or kernel_id in self._pooled or not self._started(kernel_id):
            return
        if (self.unconnected_timeout > 0 and kernel_id in self._unconnected_since
                and not self._kernel_connections.get(kernel_id) and not self._handshakes.get(kernel_id)):
            now = self._now()
            since = self._unconnected_since[kernel_id] or now
            self._unconnected_since[kernel_id] = since
            kernel = self._kernels[kernel_id]
            quiet_since = max(since, getattr(kernel, "last_activity", now))
            if (getattr(kernel, "execution_state", None) != "busy"
                    and now - quiet_since > timedelta(seconds=self.unconnected_timeout)):
                self.log.info("Shutting down kernel %s: no browser connected for %d s",
                              kernel_id, (now - quiet_since).total_seconds())
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)


class VisitorConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket, plus: the kernel manager knows while a browser's handshake is under
    way, so a page's kernel is never shut down for want of a browser while its browser is connecting; and a
    kernel that ends during the handshake answers 503 (the page says the kernel was lost and offers a reload),
    not an uncaught exception."""

    async def prepare(self) -> None:
        """Jupyter Server's handshake, counted as connected while it lasts; a kernel that does not answer: 503."""
        from tornado import web

        km, kernel_id = self.multi_kernel_manager, self.kernel_id
        track = getattr(km, "connecting", None)
        if track is not None:
            track(kernel_id, +1)
        try:
            await super().prepare()
        except TimeoutError as e:
            raise web.HTTPError(503, f"the kernel {kernel_id} did not answer: {e}") from e
        finally:
            if track is not None:
                track(kernel_id, -1)


# -- preheated kernels: how many of each page wait, already executed ----------------------------
# With preheat_kernel, standalone Voilà keeps, per notebook, `pool_size` kernels that have already run
# the notebook (VoilaKernelManager.kernel_pools_config; "default" for the rest); a visitor's GET takes
# one (the page is sent at once) and a refill starts fill_delay (1 s) later. A pooled kernel costs
# memory while nobody comes, and its CPU is only moved before the visit, not saved: on one core, a
# burst of N learners beyond the pool waits for N kernel starts in a row whatever the pool.
# Measured (benchmarks/bench_serve.py, bench_visit.py; 2-core machine, server on one core):
# * idle, before anyone comes: every page with a pool of 1 (Voilà's default_pool_size): 8 kernels,
#   741 MB RSS / 554 MB USS at the start of issue 10, 564 / 411 MB with its lighter kernels; the pools
#   below: 7 kernels, 511 / 374 MB; with THIRTYONE_CLASS_SIZE=16: 42 kernels, 2.5 GB / 1.8 GB
#   (the server alone: 81 MB RSS);
# * lesson 1 for one learner: time to interactive 1.9 s from the pool, 2.8-3.0 s without one;
# * a visit's CPU (kernel start + cells) before issue 10: index 0.56 s, lesson 1 0.72 s, lessons 2-6
#   1.2-2.9 s, glossary 0.39 s (the glossary is almost a bare kernel: 0.07 s of cells);
# * N learners arriving at once at lesson 1, the server's part (bench_serve.py without a browser):
#   pools of 1: p95 time to interactive 2.1 s for 2, 3.0-3.2 s for 4, 13-15 s for 16 (each learner past the
#   pool waits for a kernel start and the notebook, one after another); CLASS=16: 2.1 s for 16, clicks
#   p95 139-156 ms (README, "For a class").
# Every language's pages (issue 31): the English index and lessons have their pools from the start, and so does each
# other language's index; the first visit to a page in Spanish or German gives that language's lessons theirs
# (VisitorKernelManager._warm_language_of): idle, `make tutorial` holds 9 kernels, 643 MB RSS / 471 MB USS
# (6 December 2026), 6 more once another language is visited. A class names its language (THIRTYONE_CLASS_LANGUAGE),
# whose pages then get the class's pools from the start.
# So, for one learner or a small group (`make tutorial`): a pool of 1 for the index and each lesson
# (a learner reading one page finds the next one ready; without it lessons 2-6 would take 3-5 s), none
# for the glossary (a side trip from the course bar, as fast fresh as a lesson from its pool).
# For a class on one server (THIRTYONE_CLASS_SIZE=n, `make tutorial CLASS=n`): a class starts
# together, at the index and then lesson 1, so those two get a pool of n (a burst is then served
# from kernels that are ready; their refills run while the learners read); later lessons are reached
# one learner at a time, minutes apart, and get 2. Memory grows by about 2n kernels (README, "For a class").
# Binder: Voilà runs there as a Jupyter Server extension, which has no preheating at all (only the
# standalone `voila` app reads preheat_kernel), and that is the right choice for a 2 GB, 1-CPU
# container of ONE learner: the learner opens one page at a time (a lesson's kernel starts in 0.25 s of
# CPU and runs its cells in at most 0.4 s, benchmarks/bench_visit.py), so a pool per page would hold
# eight kernels (about 480 MB) to save a second now and then (before issue 10 the seven lessons open
# took 1.67 GB; now each page's kernel is about 60 MB resident).
def _class_size(environ: Mapping[str, str]) -> int:
    try:
        return max(0, int(environ.get("THIRTYONE_CLASS_SIZE") or 0))
    except ValueError:
        raise SystemExit("THIRTYONE_CLASS_SIZE must be a number of learners, like 16") from None


def _class_language(environ: Mapping[str, str]) -> str:
    from thirtyone.i18n import LANGUAGES

    lang = environ.get("THIRTYONE_CLASS_LANGUAGE") or "en"
    if lang not in LANGUAGES:
        raise SystemExit(f"THIRTYONE_CLASS_LANGUAGE must be one of the course's languages ({', '.join(LANGUAGES)}), "
                         f"not {lang!r}")
    return lang


def page_language(notebook_name: str) -> str:
    """The language of a page by its path under notebooks/: ``es/01-scoring.ipynb`` is Spanish, the rest English."""
    from thirtyone.i18n import LANGUAGES

    folder = os.path.normpath(notebook_name).split(os.sep)[0]
    return folder if folder in LANGUAGES and folder != "en" and folder != notebook_name else "en"


def language_pools(lang: str, environ: Mapping[str, str] = os.environ) -> dict[str, dict[str, int]]:
    """The preheated kernels of one language's pages once its pages are visited (or from the start: English and
    the class's language), by each page's pool in the course manifest (:attr:`thirtyone.course.Page.pool`): a
    pool of 1 for the index and each lesson (of ``THIRTYONE_CLASS_SIZE`` where the class's language's learners
    arrive together, the index and lesson 1; 2 for its later lessons), none for the glossary and the Review."""
    from thirtyone import course

    class_size = _class_size(environ) if lang == _class_language(environ) else 0
    first = max(1, class_size)
    later = 2 if class_size else 1
    sizes = {course.Pool.ARRIVAL: first, course.Pool.ONE_AT_A_TIME: later, course.Pool.NONE: 0}
    pool = {page.stem: page.pool for page in course.PAGES}
    return {listed.path: {"pool_size": sizes[pool[listed.stem]]} for listed in course.pages(lang)}


def warm_languages(environ: Mapping[str, str] = os.environ) -> tuple[str, ...]:
    """The languages whose every page has its pool from the start: English and the class's language."""
    return tuple(dict.fromkeys(("en", _class_language(environ))))


def pools(environ: Mapping[str, str] = os.environ) -> dict[str, dict[str, int]]:
    """Voilà's ``kernel_pools_config`` at the start: preheated kernels per page, for ``THIRTYONE_CLASS_SIZE``
    learners of ``THIRTYONE_CLASS_LANGUAGE``. Every language's index has one; the other pages of a language
    other than English and the class's get theirs when a page in that language is first visited
    (``VisitorKernelManager._warm_language_of``)."""
    from thirtyone.i18n import LANGUAGES

    config: dict[str, dict[str, int]] = {}
    for lang in LANGUAGES:
        sizes = language_pools(lang, environ)
        if lang not in warm_languages(environ):
            sizes = {name: entry for name, entry in sizes.items() if name.endswith("/index.ipynb")}
        config |= sizes
    config["default"] = {"pool_size": 0}  # any other notebook: a kernel when visited
    return config


# -- odd addresses answer 404/403/302, never 500 -------------------------------------------------
def jupyter_server_static() -> str:
    """Jupyter Server's own static directory.

    Jupyter Server's error pages and its logout page (page.html) call static_url(), which needs a
    static_path that Voilà's tornado settings lack: /logout and every 404 from a Jupyter handler
    raised "You must define the 'static_path' setting" and answered 500. Its own static directory
    makes them render (the page's few style links are not served by Voilà: the page is plain)."""
    import jupyter_server

    return os.path.join(os.path.dirname(jupyter_server.__file__), "static")


def logout_goes_home() -> type:
    """Voilà's identity provider (Jupyter Server's PasswordIdentityProvider), except that /logout
    clears the login cookie (there is one only with --token) and goes to the index instead of
    showing Jupyter Server's logout page, a page of Jupyter Server's look about its own login."""
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.auth.identity import PasswordIdentityProvider
    from jupyter_server.auth.logout import LogoutHandler
    from traitlets import default

    class LogoutGoesHome(LogoutHandler):
        @allow_unauthenticated
        def get(self) -> None:
            self.identity_provider.clear_login_cookie(self)
            self.redirect(self.base_url)

    class LessonsIdentityProvider(PasswordIdentityProvider):
        @default("logout_handler_class")
        def _logout_goes_home(self) -> type:
            return LogoutGoesHome

    return LessonsIdentityProvider


def template_files_answer_404() -> None:
    """Voilà's /voila/templates/<template>/static/<file> handler asserts the address has that shape
    (voila/static_file_handler.py): `/voila/templates/x` or `/voila/templates/../voila.py` raised
    AssertionError/ValueError, a 500. Any other shape, or a path that climbs out, is a 404 now;
    what is left is checked by tornado's own root check (403 outside the template)."""
    from tornado.web import HTTPError
    from voila.static_file_handler import TemplateStaticFileHandler

    base = TemplateStaticFileHandler.parse_url_path
    if getattr(base, "checks_shape", False):
        return

    def parse_url_path(self: Any, path: str) -> Any:
        parts = os.path.normpath(path or ".").split(os.path.sep, 2)
        if len(parts) != 3 or parts[1] != "static" or ".." in parts[0] or parts[2].startswith(".."):
            raise HTTPError(404)
        return base(self, path)

    parse_url_path.checks_shape = True  # type: ignore[attr-defined]  # marks the patch: applied once
    TemplateStaticFileHandler.parse_url_path = parse_url_path


def no_nul_in_paths() -> None:
    """A NUL byte in an address (`/voila/render/%00`, `/voila/files/%00.png`) reached os.stat, which
    raised ValueError: a 500. Voilà's pages and its file handlers (tornado StaticFileHandlers, which
    have no prepare of their own) answer 400 first. The page handler's check is in
    :func:`give_pages_their_xsrf_cookie`."""
    from tornado.web import HTTPError, RequestHandler, StaticFileHandler

    if getattr(StaticFileHandler.prepare, "refuses_nul", False):
        return

    def prepare(self: RequestHandler) -> None:
        if any("\x00" in str(arg) for arg in self.path_args):
            raise HTTPError(400)

    prepare.refuses_nul = True  # type: ignore[attr-defined]  # marks the patch: applied once
    StaticFileHandler.prepare = prepare  # type: ignore[method-assign]  # tornado's has no check of its own


def give_pages_their_xsrf_cookie() -> None:
    """Voilà's page shuts its kernel down on leaving with a request that carries the _xsrf cookie;
    Voilà never sets that cookie, so the server answered 403 and the browser logged a console
    error (voila issue #1458). Tornado sets the cookie the first time a handler reads its token,
    so every Voilà page reads it. (A prelaunch_hook could do it too, but Voilà refuses one
    together with preheat_kernel.)"""
    from tornado.web import HTTPError
    from voila.handler import VoilaHandler

    base_prepare = VoilaHandler.prepare
    if getattr(base_prepare, "sets_xsrf_cookie", False):
        return

    async def prepare(self: Any, *args: Any, **kwargs: Any) -> None:
        await base_prepare(self, *args, **kwargs)
        if any("\x00" in str(arg) for arg in self.path_args):  # see no_nul_in_paths
            raise HTTPError(400)
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)

    prepare.sets_xsrf_cookie = True  # type: ignore[attr-defined]  # marks the patch: applied once
    VoilaHandler.prepare = prepare


def pages_end_when_their_kernel_fails() -> None:
    """A page whose kernel died before running its notebook ("Kernel died before replying to kernel_info") never
    ended: the failure ended Voilà's task that feeds the page (``put_html``, "Task exception was never retrieved"),
    and the page's connection got heartbeats for ever, so the browser waited until the page watch gave up after
    ``arriveTimeout`` (60 s). Voilà's content generator now stops there, the failure logged in one line: the page
    arrives cut short, and its watch sees that at once and reloads it, which starts a new kernel."""
    from voila.notebook_renderer import NotebookRenderer

    original = NotebookRenderer.generate_content_generator
    if getattr(original, "ends_on_failure", False):
        return

    def generate_content_generator(self: Any, kernel_id: str | None = None, kernel_future: Any = None) -> Any:
        inner = original(self, kernel_id, kernel_future)

        async def ended() -> Any:
            try:
                async for item in inner:
                    yield item
            except Exception as e:  # the page ends here; its watch reloads it
                self.log.error("The page %s ended early: its kernel failed (%s: %s)", self.notebook_path,
                               type(e).__name__, e)

        return ended()

    generate_content_generator.ends_on_failure = True  # type: ignore[attr-defined]  # marks the patch: applied once
    NotebookRenderer.generate_content_generator = generate_content_generator


def configure(c: Config) -> None:
    """Set the lessons' settings on ``c`` (the config Voilà or Jupyter Server loads voila.py with) and
    patch the server's odd addresses; ``notebooks/voila.py`` calls it."""
    c.Voila.ip = "127.0.0.1"  # this machine only
    c.Voila.open_browser = False

    c.VoilaConfiguration.template = "thirtyone"  # lab template without CDN links (share/jupyter/voila/templates)
    c.VoilaConfiguration.strip_sources = True  # a learner sees prose and widgets, never code
    c.VoilaConfiguration.show_tracebacks = False  # an error says "there was an error", not a traceback
    # ?template=../../x answered 500 (and ?template=nope hung for 30 s): the address cannot pick a template or theme
    c.VoilaConfiguration.allow_template_override = "NO"
    c.VoilaConfiguration.allow_theme_override = "NO"
    # Only images next to the notebooks are served as files; nothing hidden, nothing above notebooks/.
    c.VoilaConfiguration.file_allowlist = [r"[^/]*\.(png|jpg|svg)"]
    c.VoilaConfiguration.file_denylist = [r"(^|/)\.", r"\.\."]

    # Kernels talk to the server over Unix sockets beside their connection files, not TCP: a TCP port is
    # picked free, closed, and bound by the kernel a moment later, and when a visit starts some 20 kernels at
    # once another process can take it between the two ("ZMQError: Address already in use"; the kernel died
    # and its page never ended). Sockets named by path cannot collide, and no other user can reach them.
    c.KernelManager.transport = "ipc"
    c.VoilaConfiguration.multi_kernel_manager_class = VisitorKernelManager  # standalone `voila`
    c.Voila.kernel_websocket_connection_class = VisitorConnection
    c.ServerApp.kernel_websocket_connection_class = VisitorConnection
    c.ServerApp.kernel_manager_class = VisitorKernelManager  # Jupyter Server (Binder, a hub's user servers)
    # Idle kernels are shut down after 15 minutes, even with a tab still open; a page's kernel with no
    # browser after 90 s (the pass runs every 15 s: it only walks the kernel table).
    c.MappingKernelManager.cull_idle_timeout = 900
    c.MappingKernelManager.cull_interval = 15
    c.MappingKernelManager.cull_connected = True
    c.VisitorKernelManager.unconnected_timeout = 90

    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaKernelManager.kernel_pools_config = pools()
    c.VisitorKernelManager.warm_at_start = list(warm_languages())

    c.Voila.tornado_settings = {"static_path": jupyter_server_static()}
    c.Voila.identity_provider_class = logout_goes_home()  # standalone Voilà only; a hub's login stays its own
    template_files_answer_404()
    no_nul_in_paths()
    give_pages_their_xsrf_cookie()
    pages_end_when_their_kernel_fails()
