# Jupyter Server's settings on Binder, and on a JupyterHub whose image is built from binder/
# (binder/postBuild copies this file next to voila.py, into the environment's etc/jupyter).
# Voilà's server extension reads voila.py for Voilà's own settings only; loading it here as well
# gives Jupyter Server the lessons' kernel manager and culling times (thirtyone/server.py, via voila.py):
# a Voilà page's kernel is shut down 90 s after its browser has gone (or if it never came),
# any idle kernel after 15 minutes.
load_subconfig("voila.py")  # noqa: F821 (provided by traitlets when Jupyter Server loads this file)
