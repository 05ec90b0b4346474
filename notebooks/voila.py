# Voilà's configuration for the lessons. `voila` reads ./voila.py from the directory it is started in,
# so `make tutorial` (cd notebooks && voila) and the browser tests pick this file up; binder/postBuild
# copies it into the environment's Jupyter config directory for Voilà's server extension and Jupyter
# Server. The settings, the kernel manager and the server's patches live in thirtyone/server.py.
from thirtyone.server import configure

c = get_config()  # noqa: F821 (provided by traitlets when Voilà loads this file)
configure(c)
