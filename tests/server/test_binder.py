"""Binder's steps, repeated here because mybinder.org cannot be reached from the tests.

A fresh virtual environment gets exactly ``binder/requirements.txt`` (pip's usual cache is
shared, so only the first run downloads), then ``binder/postBuild`` runs with that
environment first on PATH, as repo2docker runs it. Then Jupyter Server serves the address
the README's Binder badge opens, ``voila/render/notebooks/index.ipynb``, from the repo root,
with the settings postBuild gave it (the lessons' kernel manager: a page's kernel without a
browser is shut down; here after a few seconds instead of 90, set on the command line).
A class's JupyterHub (``binder/class/config.yaml``) opens the same address in the same image.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ARTIFACTS, ROOT, Server, free_port, kernel_model, wait_for_http

pytestmark = [pytest.mark.slow, pytest.mark.server, pytest.mark.timeout(1800)]

BADGE_PATH = "voila/render/notebooks/index.ipynb"
UNCONNECTED = 20
"""Seconds a page's kernel may go without a browser on this test's server (voila.py says 90): long
enough for chromium to load the page and connect after the page's cells have run."""


def run(cmd: list[str], env: dict[str, str], log: Path) -> None:
    with log.open("ab") as out:
        subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, check=True)


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    venv = tmp_path_factory.mktemp("binder") / "venv"
    log = ARTIFACTS / "binder.log"
    ARTIFACTS.mkdir(exist_ok=True)
    log.write_text("")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    env.pop("JUPYTER_PATH", None)
    run([str(bin_dir / "pip"), "install", "--quiet", "-r", "binder/requirements.txt"], env, log)
    run(["bash", "binder/postBuild"], env, log)
    assert (venv / "share/jupyter/voila/templates/thirtyone/index.html.j2").exists()
    port = free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [str(bin_dir / "jupyter"), "server", "--no-browser", "--allow-root", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
             "--MappingKernelManager.cull_interval=1", f"--VisitorKernelManager.unconnected_timeout={UNCONNECTED}"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(proc, port, log)
    try:
        wait_for_http(server.url("api/status"), timeout=120, proc=proc)
        yield server
    finally:
        server.stop()


def test_binder_serves_the_index_in_voila(binder_server: Server) -> None:
    with urllib.request.urlopen(binder_server.url(BADGE_PATH), timeout=120) as r:
        assert r.status == 200
        html = r.read().decode("utf-8")
    assert "31: learn the card game" in html
    assert "application/vnd.jupyter.widget-view+json" in html  # the cells ran and made widgets
    assert "from thirtyone" not in html  # sources stripped
    assert "fontawesome-free" not in html  # the thirtyone template, nothing from a CDN


def test_binder_index_widgets_render_in_chromium(binder_server: Server, page: Any) -> None:
    page.goto(binder_server.url(BADGE_PATH))
    page.wait_for_selector('.to-score-view button, .to-score-view [data-card="K♥"]', timeout=120_000)
    assert page.get_by_role("link", name="What is a hand worth?", exact=True).get_attribute("href") == "01-scoring.ipynb"


def test_binder_shuts_down_the_kernel_of_a_page_nobody_opened(binder_server: Server) -> None:
    """A link preview of the badge's address: Jupyter Server runs the lessons' kernel manager."""
    with urllib.request.urlopen(binder_server.url(BADGE_PATH), timeout=120) as r:
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', r.read().decode("utf-8"))
    assert kernel
    model = kernel_model(binder_server, kernel.group(1))
    assert model is not None and model["connections"] == 0
    deadline = time.monotonic() + UNCONNECTED + 60
    while kernel_model(binder_server, kernel.group(1)) is not None:
        assert time.monotonic() < deadline, "the kernel of a page nobody opened is still running"
        time.sleep(1)


@pytest.mark.parametrize("path", ["voila/templates/../voila.py", "voila/templates/x", "voila/render/%00"])
def test_binder_answers_odd_addresses_without_500(binder_server: Server, path: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(binder_server.url(path), timeout=60)
    assert e.value.code in (400, 403, 404)


# -- a class on JupyterHub or BinderHub: binder/class/config.yaml and the README ----------------------
def badge_urlpath() -> str:
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/[^)\s]*\?urlpath=([^)\s]+)\)", readme)
    assert badge, "the README has no Binder badge"
    return urllib.parse.unquote(badge.group(1))


def test_the_hub_opens_what_the_badge_opens() -> None:
    config = yaml.safe_load((ROOT / "binder/class/config.yaml").read_text())
    user = config["singleuser"]
    assert badge_urlpath() == BADGE_PATH
    assert user["defaultUrl"] == "/" + BADGE_PATH  # the Voilà index, served as test_binder_serves_the_index_in_voila checks
    assert user["storage"]["type"] == "none"  # a home volume would hide the lessons repo2docker put in the image
    assert user["memory"]["limit"] == "2G" and user["cpu"]["limit"] == 1  # a Binder box
    assert user["image"]["name"] and user["image"]["tag"]
    text = (ROOT / "binder/class/config.yaml").read_text()
    assert "repo2docker" in text and "--user-name jovyan" in text


def test_the_readme_gives_a_binderhub_address_for_the_same_page() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## For a class", 1)[1].split("\n## ", 1)[0]
    forms = re.findall(r"https://<[^>]+>/v2/gh/[^\s`?]+\?urlpath=([^\s`)]+)", section)
    assert forms and all(urllib.parse.unquote(f) == BADGE_PATH for f in forms)
    assert "binder/class/config.yaml" in section
