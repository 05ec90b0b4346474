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


def set_xsrf_cookie(req_handler, notebook, cwd):
    """Give the page its _xsrf cookie (tornado sets it when the token is first read).

    Voilà's page shuts its kernel down on leaving with a beacon that carries this cookie;
    without it the server answers 403 and the browser logs a console error (voila issue #1458).
    """
    req_handler.xsrf_token


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
