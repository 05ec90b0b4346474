"""Binder's steps, repeated here because mybinder.org cannot be reached from the tests.

A fresh virtual environment gets exactly ``binder/requirements.txt`` (pip's usual cache is
shared, so only the first run downloads), then ``binder/postBuild`` runs with that
environment first on PATH, as repo2docker runs it. Then Jupyter Server serves the address
the README's Binder badge opens, ``voila/render/notebooks/index.ipynb``, from the repo root.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, ROOT, Server, free_port, wait_for_http

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

BADGE_PATH = "voila/render/notebooks/index.ipynb"


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
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password="],
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
