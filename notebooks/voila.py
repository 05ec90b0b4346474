# Voilà's configuration for the lessons. `voila` reads ./voila.py from the directory it is started in,
# so `make tutorial` (cd notebooks && voila) and the browser tests pick this file up.
c = get_config()  # noqa: F821 (provided by traitlets when Voilà loads this file)

c.Voila.ip = "127.0.0.1"  # this machine only
c.Voila.open_browser = False

c.VoilaConfiguration.template = "thirtyone"  # lab template without CDN links (share/jupyter/voila/templates)
c.VoilaConfiguration.strip_sources = True  # a learner sees prose and widgets, never code
c.VoilaConfiguration.show_tracebacks = False  # an error says "there was an error", not a traceback
# Only images next to the notebooks are served as files; nothing hidden, nothing above notebooks/.
c.VoilaConfiguration.file_allowlist = [r"[^/]*\.(png|jpg|svg)"]
c.VoilaConfiguration.file_denylist = [r"(^|/)\.", r"\.\."]

# Idle kernels are shut down after 15 minutes, even with a tab still open.
c.MappingKernelManager.cull_idle_timeout = 900
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True


# Pages open fast: each lesson waits, already executed, in a kernel started ahead of time
# (a new one is started for the next visitor). Pooled kernels are not culled.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 1


def _give_pages_their_xsrf_cookie():
    """Voilà's page shuts its kernel down on leaving with a request that carries the _xsrf cookie;
    Voilà never sets that cookie, so the server answered 403 and the browser logged a console
    error (voila issue #1458). Tornado sets the cookie the first time a handler reads its token,
    so every Voilà page reads it. (A prelaunch_hook could do it too, but Voilà refuses one
    together with preheat_kernel.)"""
    from voila.handler import VoilaHandler

    base_prepare = VoilaHandler.prepare
    if getattr(base_prepare, "sets_xsrf_cookie", False):
        return

    async def prepare(self, *args, **kwargs):
        await base_prepare(self, *args, **kwargs)
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)

    prepare.sets_xsrf_cookie = True
    VoilaHandler.prepare = prepare


_give_pages_their_xsrf_cookie()
