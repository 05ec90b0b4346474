"""`make static`: the whole course (English, Spanish, German) as a static site in build/static/.

A learner opens build/static/index.html (the English index, with its language switch) from any static host
(GitHub Pages, a school's web server, `python3 -m http.server -d build/static`) and every page runs in their
browser: Voici renders the notebooks as Voilà would, and each page's Python is Pyodide (CPython compiled to
WebAssembly) in a web worker, with the package and the widgets' Python side installed from wheels shipped
beside the runtime. Nothing is fetched from outside the site at run time, and a service worker (sw.js) keeps
every file a page fetched, so the course keeps working offline once a page has loaded.

What it is built from, every piece pinned (the one place per ecosystem):
- PyPI: binder/requirements.txt, its ``# static-build:`` lines (Voici and JupyterLite, installed into an
  environment of their own, .cache/static/venv) and its ``# static-wheel:`` lines (the pure-Python wheels the
  page's Python needs: the widgets and IPython);
- npm: tools/static/package.json and package-lock.json (Pyodide's runtime: pyodide.asm.wasm, the standard
  library, pyodide-lock.json; no wheels), installed with ``npm ci``;
- this checkout: thirtyone/ (its own wheel, made here, with the compiled catalogs and the shipped data, and
  without its NumPy dependency: the static edition runs without NumPy and matplotlib, which Pyodide cannot get
  here), notebooks/ (every page of every language, as the course manifest thirtyone/course.py lists them) and the Voici template tools/static/template/, which
  extends the Voilà template share/jupyter/voila/templates/thirtyone/.

Every module the pages' Python imports, the standard library's and every wheel's, is shipped as bytecode, compiled
at build time by Pyodide's own Python under Node (:func:`bytecode`): a page that compiled them from source would
spend seconds of every visit on it (a warm visit of lesson 1 took 8–10 s, 4–6 s with the bytecode, on this busy
machine; a first visit downloads 25.5 MB instead of 21.6: bytecode is larger than source). The kernel's own packages (micropip, piplite, the kernel's) are loaded with the rest in one
call, not installed one by one after Python has started.

Pyodide's lock is rewritten to hold exactly the wheels shipped, each with its file's sha256 (pyodide.mjs checks
it; Pyodide repackages some wheels under the same file name, so its own hashes would not match PyPI's files).
Downloads are kept in .cache/static/ between runs; a fresh clone fetches them. The site is built in a fresh
temporary folder each time (a stale .jupyterlite.doit.db would skip steps) and then replaces build/static/.

    .venv/bin/python tools/static/build.py [--out build/static]
"""

from __future__ import annotations

import argparse
import base64
import csv
import glob
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CACHE = ROOT / ".cache" / "static"
OUT = ROOT / "build" / "static"
REQUIREMENTS = ROOT / "binder" / "requirements.txt"
TEMPLATE = HERE / "template"
VOILA_TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "thirtyone"
NOTEBOOKS = ROOT / "notebooks"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""What the site needs of the npm package (its lock is rewritten; its consoles, maps and types are left out)."""
PAGE_PACKAGES = ("thirtyone",)
"""What every page's Python loads before its first cell (with what they depend on, from the lock)."""
KERNEL_WHEELS = ("pyodide_kernel", "ipykernel", "piplite")
"""The kernel's own wheels (in its extension's pypi/ folder), added to the lock so Pyodide loads them with the
rest, in parallel, and neither micropip nor piplite need look for them."""
SITE_PACKAGES = "/lib/python3.13/site-packages/"
STDLIB = "/lib/python313.zip/"
"""Where Pyodide 0.29 (Python 3.13) imports the wheels' modules and the standard library's from."""


def log(message: str) -> None:
    print(f"make static: {message}", flush=True)


def normal(name: str) -> str:
    """A package name as Pyodide's lock keys it (PEP 503, but lower case with '-')."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(kind: str) -> list[str]:
    """The ``# static-<kind>: name==version`` lines of binder/requirements.txt."""
    found = re.findall(rf"^# static-{kind}:\s*(\S+==\S+)\s*$", REQUIREMENTS.read_text(), re.M)
    if not found:
        raise SystemExit(f"make static: no '# static-{kind}:' pins in {REQUIREMENTS}")
    return found


def run(*args: str | Path, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


# -- the build tools --------------------------------------------------------------------------------------------

def build_env() -> Path:
    """The environment with Voici and JupyterLite (the static-build pins), made once and again when they change."""
    venv = CACHE / "venv"
    wanted = "\n".join(pins("build"))
    stamp = venv / ".pins"
    if stamp.exists() and stamp.read_text() == wanted:
        return venv
    log("installing Voici and JupyterLite into .cache/static/venv")
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins("build"))
    stamp.write_text(wanted)
    return venv


def pyodide_runtime() -> Path:
    """Pyodide's runtime from npm, as tools/static/package-lock.json pins it (``npm ci``, once per lock)."""
    npm = CACHE / "npm"
    lock = (HERE / "package-lock.json").read_bytes()
    stamp = npm / ".lock"
    if not (stamp.exists() and stamp.read_bytes() == lock):
        if not shutil.which("npm"):
            raise SystemExit("make static: npm is needed to fetch Pyodide (apt-get install npm)")
        log("fetching Pyodide with npm ci")
        shutil.rmtree(npm, ignore_errors=True)
        npm.mkdir(parents=True)
        shutil.copy(HERE / "package.json", npm)
        shutil.copy(HERE / "package-lock.json", npm)
        run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", cwd=npm)
        stamp.write_bytes(lock)
    return npm / "node_modules" / "pyodide"


def wheels(venv: Path) -> list[Path]:
    """The static-wheel pins, downloaded from PyPI once into .cache/static/wheels."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for pin in pins("wheel"):
        name, version = pin.split("==")
        stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"
        have = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
        if not have:
            log(f"downloading {pin}")
            run(venv / "bin" / "python", "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
                "--platform", "any", "--abi", "none", "--dest", folder, pin)
            have = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
        if len(have) != 1 or not have[0].name.endswith("-none-any.whl"):
            raise SystemExit(f"make static: no pure-Python wheel for {pin} in {folder}: {have}")
        found.append(have[0])
    return found


# -- the package's own wheel ------------------------------------------------------------------------------------

def project_version() -> str:
    match = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert match, "pyproject.toml has no version"
    return match.group(1)


def project_wheel(dest: Path) -> Path:
    """thirtyone's wheel for the page: the package's Python, its shipped data, its widgets' CSS and JS and its
    catalogs (each .po and the .mo compiled from it), declaring no dependency (NumPy is not there)."""
    version = project_version()
    package = ROOT / "thirtyone"
    files = sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                   and p.suffix not in (".pot", ".pyc", ".mo") and p.name != "server.py")
    info = f"thirtyone-{version}.dist-info"
    meta = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: thirtyone\nVersion: {version}\n"
                            "Summary: The card game 31, its rules engine and lessons (the static edition's build)\n"
                            "Requires-Dist: ipywidgets\nRequires-Dist: anywidget\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tools/static/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/top_level.txt": "thirtyone\n",
    }
    path = dest / f"thirtyone-{version}-py3-none-any.whl"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        def add(name: str, data: bytes, second: int = 0) -> None:
            info_ = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, second))  # the same bytes for the same files
            info_.compress_type = zipfile.ZIP_DEFLATED
            info_.external_attr = 0o644 << 16
            whl.writestr(info_, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([name, f"sha256={digest}", len(data)])
        for file in files:
            add(file.relative_to(ROOT).as_posix(), file.read_bytes())
        for po in sorted(package.glob("locale/*/LC_MESSAGES/thirtyone.po")):
            # the .po says the language is there (i18n.LANGUAGES); the .mo, newer, is what i18n reads
            add(po.with_suffix(".mo").relative_to(ROOT).as_posix(), compiled(po), second=2)
        for name, text in meta.items():
            add(name, text.encode())
        writer.writerow([f"{info}/RECORD", "", ""])
        whl.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)), record.getvalue())
    return path


def compiled(po: Path) -> bytes:
    """A catalog compiled as `make` compiles it (pybabel compile), here from the .po itself: the .mo beside it
    is not in git and may be older."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def stand_in(name: str, why: str, dest: Path) -> Path:
    """An empty wheel under a module's name, for what the kernel asks to install and the pages never use: it
    installs nothing to import (``import sqlite3`` still fails, as IPython expects where it is missing)."""
    info = f"{name}-0.0.0.dist-info"
    path = dest / f"{name}-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for file, text in ((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\nSummary: {why}\n"),
                           (f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
                           (f"{info}/RECORD", "")):
            whl.writestr(zipfile.ZipInfo(file, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


STAND_INS = {
    "sqlite3": "a stand-in: Pyodide's sqlite3 module is not in its npm package; IPython keeps no history without it",
    "jedi": "a stand-in: jedi completes code as it is typed, and no page has a code editor",
}
"""What the kernel installs before a page runs that the site does not ship (initKernel asks for each)."""


def slim(wheel: Path, dest: Path) -> Path:
    """A copy of a wheel without its ``*.data/`` folder (a JupyterLab extension's JavaScript, which the page's
    Python never reads: the site has it once, as a federated extension) nor its own tests, and with a RECORD to
    match."""
    def kept(name: str) -> bool:
        return ".data/" not in name.split("/", 1)[0] + "/" and "/tests/" not in f"/{name}"

    out = dest / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as whl:
        for name in filter(kept, src.namelist()):
            data = src.read(name)
            if name.endswith(".dist-info/RECORD"):
                data = "".join(line + "\n" for line in data.decode().splitlines() if kept(line.split(",")[0])).encode()
            whl.writestr(src.getinfo(name), data)
    return out


# -- bytecode -----------------------------------------------------------------------------------------------------

COMPILE_PY = r"""
import importlib.util, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

def compiled(src, dst, prefix):
    # every module of a zip (a wheel, the standard library) as sourceless bytecode: name.py -> name.pyc, an
    # unchecked hash-based .pyc (PEP 552: imported without a look at any source), RECORD rewritten to match
    record, lines, out = None, {}, []
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if name.endswith(".py") and ".dist-info/" not in name:
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    pass
                else:
                    data = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                    lines[name] = name + "c"
                    name += "c"
            if name.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            out.append((info, name, data))
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        import base64, hashlib
        for info, name, data in out:
            new = zipfile.ZipInfo(name, info.date_time)
            new.external_attr, new.compress_type = info.external_attr, zipfile.ZIP_DEFLATED
            zout.writestr(new, data)
        if record:
            info, data = record
            sizes = {name: data for _, name, data in out}
            rows = []
            for row in data.decode().splitlines():
                path = row.split(",")[0]
                if path in lines:
                    body = sizes[lines[path]]
                    digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
                    row = f"{lines[path]},sha256={digest},{len(body)}"
                rows.append(row + "\n")
            new = zipfile.ZipInfo(info.filename, info.date_time)
            new.external_attr, new.compress_type = info.external_attr, zipfile.ZIP_DEFLATED
            zout.writestr(new, "".join(rows))

warnings.simplefilter("ignore")  # what the sources say of themselves (invalid escapes in old tests)
for job in Path("/work/jobs.txt").read_text().splitlines():
    src, dst, prefix = job.split("\t")
    compiled("/work/" + src, "/work/" + dst, prefix)
"""
"""Run in Pyodide itself (under Node, at build time): its Python writes the bytecode its Python reads."""

COMPILE_JS = """
import { loadPyodide } from %(module)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(work)s }, "/work");
py.runPython(%(code)s);
"""


def bytecode(pyodide: Path, zips: list[tuple[Path, str]], dest: Path) -> list[Path]:
    """Each zip (a wheel, or Pyodide's standard library) with its modules compiled to bytecode by Pyodide's own
    Python: a page would otherwise compile every module it imports from source on every visit (IPython, the
    widgets, the standard library: seconds of a visit's CPU). ``zips`` pairs a file with the folder its modules
    are imported from (their tracebacks' file names); each compiled zip goes to ``dest`` under its own name and is
    kept in .cache/static/pyc/, by its source's sha256, for the next build."""
    cache = CACHE / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    found, jobs = [], []
    with tempfile.TemporaryDirectory(prefix="thirtyone-pyc-") as tmp:
        work = Path(tmp)
        for i, (src, prefix) in enumerate(zips):
            key = hashlib.sha256(src.read_bytes() + prefix.encode()).hexdigest()[:20]
            kept = cache / f"{src.name}.{key}"
            if not kept.exists():
                for old in cache.glob(f"{glob.escape(src.name)}.*"):  # an older build's (say, of thirtyone)
                    old.unlink()
                (work / str(i)).mkdir()
                shutil.copy(src, work / str(i) / src.name)
                jobs.append((f"{i}/{src.name}", f"{i}/out-{src.name}", prefix, kept))
            found.append(kept)
        if jobs:
            if not shutil.which("node"):
                raise SystemExit("make static: node is needed to compile the pages' Python (apt-get install nodejs)")
            log(f"compiling {len(jobs)} zip(s) to Pyodide's bytecode")
            (work / "jobs.txt").write_text("".join(f"{s}\t{d}\t{p}\n" for s, d, p, _ in jobs))
            script = work / "compile.mjs"
            script.write_text(COMPILE_JS % {
                "module": json.dumps((pyodide / "pyodide.mjs").as_uri()), "index": json.dumps(f"{pyodide}/"),
                "work": json.dumps(str(work)), "code": json.dumps(COMPILE_PY)})
            run("node", script)
            for _, dst, _, kept in jobs:
                shutil.copy(work / dst, kept)
        return [Path(shutil.copy(kept, dest / src.name)) for kept, (src, _) in zip(found, zips)]


# -- Pyodide's lock ---------------------------------------------------------------------------------------------

def requires(wheel: Path) -> list[str]:
    """The names a wheel requires outside extras, normalised."""
    with zipfile.ZipFile(wheel) as whl:
        meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        text = whl.read(meta).decode()
    names = []
    for line in re.findall(r"^Requires-Dist:\s*(.+)$", text, re.M):
        if "extra ==" in line:
            continue
        names.append(normal(re.match(r"[A-Za-z0-9_.-]+", line.strip()).group(0)))
    return names


def write_lock(pyodide: Path, shipped: list[Path], dest: Path) -> list[str]:
    """pyodide-lock.json holding exactly the shipped wheels (each with its file's sha256, its version and what it
    depends on among them); returns their names."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    known = lock["packages"]
    entries = {}
    names = {}
    for wheel in shipped:
        name, version = wheel.name.split("-")[:2]
        names[normal(name)] = wheel
    for key, wheel in names.items():
        version = wheel.name.split("-")[1]
        imports = sorted({n.split("/")[0].removesuffix(".py") for n in zipfile.ZipFile(wheel).namelist()
                          if "/" in n and ".dist-info/" not in n and ".data/" not in n
                          or n.endswith((".py", ".pyc")) and "/" not in n})
        entry = dict(known.get(key) or {"install_dir": "site", "package_type": "package", "unvendored_tests": False,
                                        "name": key})
        entry.update(
            name=key, version=version, file_name=wheel.name, imports=entry.get("imports") or imports,
            sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
            depends=sorted({d for d in requires(wheel) if d in names and d != key}),
            unvendored_tests=False)
        entries[key] = entry
    lock["packages"] = dict(sorted(entries.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(entries)


# -- the site ---------------------------------------------------------------------------------------------------

def notebook_pages() -> list[Path]:
    """Every page of every language of the course, relative to notebooks/: the pages the course manifest titles in
    each language (:func:`thirtyone.course.pages`; a page written in notebooks/ that the manifest does not list is
    no page of the course)."""
    from thirtyone import course, i18n

    found = [Path(listed.path) for lang in i18n.LANGUAGES for listed in course.pages(lang)]
    missing = [str(path) for path in found if not (NOTEBOOKS / path).is_file()]
    if missing:
        raise SystemExit(f"make static: the course manifest lists pages notebooks/ lacks: {', '.join(missing)} "
                         "(run .venv/bin/python tools/make_notebooks.py)")
    return found


def static_links(notebook: str) -> str:
    """A notebook whose links between pages (the course bar and the language switch are HTML inside Markdown,
    which Voici does not rewrite) lead to the static pages: ``href="02-scat.ipynb"`` → ``href="02-scat.html"``."""
    nb = json.loads(notebook)
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = re.sub(r'href="([^":#?]+)\.ipynb([#?][^"]*)?"', r'href="\1.html\2"', source)
    return json.dumps(nb, ensure_ascii=False, indent=1)


def static_progress_js() -> str:
    """The Voilà template's progress.js with the static site's addresses: a page is <stem>.html, not .ipynb."""
    text = (VOILA_TEMPLATE / "static" / "progress.js").read_text()
    replaced = text.replace(r"\.ipynb$", r"\.html$").replace('.ipynb"]', '.html"]')
    if replaced.count(".html") < 4 or ".ipynb" in replaced.replace("/*", "").split("*/", 1)[1]:
        raise SystemExit("make static: progress.js's page addresses changed; update static_progress_js()")
    return replaced


def lite_dir(work: Path, pyodide: Path, shipped: list[Path]) -> tuple[Path, list[str]]:
    """The JupyterLite folder Voici builds from: the notebooks, Pyodide with its lock and wheels, the config."""
    lite = work / "lite"
    contents = lite / "contents"
    for page in notebook_pages():
        (contents / page).parent.mkdir(parents=True, exist_ok=True)
        (contents / page).write_text(static_links((NOTEBOOKS / page).read_text()))
    runtime = lite / "static" / "pyodide"
    runtime.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy(pyodide / name, runtime / name)
    bytecode(pyodide, [(pyodide / "python_stdlib.zip", STDLIB)], runtime)
    for wheel in shipped:
        shutil.copy(wheel, runtime / wheel.name)
    names = write_lock(pyodide, shipped, runtime)
    # every package the kernel would otherwise install one by one after Python has started (micropip, then piplite
    # with it, then each of the kernel's), named as the kernel looks for them, in one loadPackage call
    packages = [*PAGE_PACKAGES, *KERNEL_WHEELS, *STAND_INS, "ipython", "comm", "micropip"]
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "31",
            # JupyterLite's service worker (service-worker.js) keeps every file a page fetched and answers from
            # that cache first: the course goes on working offline once loaded
            "enableServiceWorkerCache": True,
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "pipliteUrls": [],
                "loadPyodideOptions": {"packages": packages, "convertNullToNone": True},
            }},
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    return lite, names


def template_share(work: Path) -> Path:
    """A Jupyter data folder holding the Voilà template and the static one that extends it."""
    share = work / "share" / "jupyter"
    templates = share / "voila" / "templates"
    shutil.copytree(VOILA_TEMPLATE, templates / "thirtyone")
    shutil.copytree(TEMPLATE, templates / "thirtyone-static")
    (templates / "thirtyone-static" / "static" / "progress.js").write_text(static_progress_js())
    return share


def kernel_wheels(venv: Path, dest: Path) -> list[Path]:
    """The kernel's own wheels (pyodide_kernel, ipykernel's stand-in) from its JupyterLab extension."""
    pypi = venv / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION / "static" / "pypi"
    found = []
    for name in KERNEL_WHEELS:
        (wheel,) = pypi.glob(f"{name}-*-py3-none-any.whl")
        found.append(Path(shutil.copy(wheel, dest / wheel.name)))
    return found


def build(out: Path) -> None:
    started = time.monotonic()
    venv = build_env()
    pyodide = pyodide_runtime()
    downloaded = wheels(venv)
    with tempfile.TemporaryDirectory(prefix="thirtyone-static-") as tmp:
        work = Path(tmp)
        ready = work / "wheels"
        ready.mkdir()
        built = work / "built"
        built.mkdir()
        sources = [slim(w, built) for w in downloaded]
        sources.append(project_wheel(built))
        sources += kernel_wheels(venv, built)
        shipped = bytecode(pyodide, [(w, SITE_PACKAGES) for w in sources], ready)
        shipped += [stand_in(name, why, ready) for name, why in STAND_INS.items()]
        lite, names = lite_dir(work, pyodide, shipped)
        share = template_share(work)
        anywidget = next(w for w in downloaded if w.name.startswith("anywidget-"))
        site = work / "site"
        env = dict(os.environ, JUPYTER_PATH=str(share), JUPYTER_CONFIG_DIR=str(work / "config"),
                   JUPYTER_DATA_DIR=str(work / "data"), PYTHONDONTWRITEBYTECODE="1")
        log(f"building {len(notebook_pages())} pages with Voici ({', '.join(names)})")
        extensions = work / "labextensions"
        shutil.copytree(venv / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION, extensions / KERNEL_EXTENSION)
        (lite / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {
                # the front ends: the kernel's and anywidget's (the widgets' own is inside Voici), and no other
                "federated_extensions": [str(anywidget)], "ignore_sys_prefix": ["federated_extensions"],
                "no_sourcemaps": True, "no_unused_shared_packages": True},
            "FederatedExtensionAddon": {"extra_labextensions_path": [str(extensions)]}}, indent=2))
        done = subprocess.run([str(a) for a in (venv / "bin" / "voici", "build", "--lite-dir", lite, "--contents",
                                                lite / "contents", "--output-dir", site, "--template",
                                                "thirtyone-static")], cwd=lite, env=env, capture_output=True, text=True)
        if done.returncode:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"make static: voici build failed ({done.returncode})")
        finish(site)
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(site, out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {size / 1e6:.1f} MB "
        f"in {time.monotonic() - started:.0f} s; try it: python3 -m http.server -d {out}")


UNUSED = ("build", "doc", "files", "voici/tree", "jupyter-lite.ipynb", "bootstrap.js", "config-utils.js")
"""What Voici's build writes that no page of the course uses: JupyterLab's own app (build/; Voici's is voici/build/),
its docs, the notebooks as files (each page carries its own), the file browser (voici/tree/), the app's start-up
scripts (the landing page is ours)."""
SW_PATCHES = (
    # the contents listing, which every page asks for when it starts, kept too (offline it must come from the cache)
    ('t.pathname.includes("/api/")', '(t.pathname.includes("/api/")&&!t.pathname.includes("/api/contents/"))'),
    # a file in the cache is answered from it and not fetched again behind the page's back (that cost a warm
    # visit the whole runtime again, 22 MB); a new build is a new cache, named after it ...
    ('const CACHE="precache"', 'const CACHE="thirtyone-{build}"'),
    ("a?e.waitUntil(refetch(t)):", "a?0:"),
    # ... and the caches of older builds are deleted when the new one takes over
    ("e.waitUntil(self.clients.claim())",
     "e.waitUntil(caches.keys().then(k=>Promise.all(k.filter(n=>n!==CACHE).map(n=>caches.delete(n))))"
     ".then(()=>self.clients.claim()))"),
)
"""JupyterLite's service worker (service-worker.js), which keeps every file a page fetched, made to serve a static
course: each patch must match exactly once."""


KERNEL_NULL = (re.compile(r"t\[e\]=(\w) instanceof Map\|\|\1 instanceof Array\?this\.mapToObject\(\1\):\1;return t\}"),
               r"t[e]=\1===void 0?null:\1 instanceof Map||\1 instanceof Array||\1!==null&&typeof \1=='object'&&"
               r"Object.getPrototypeOf(\1)===Object.prototype?this.mapToObject(\1):\1;return t}")
"""The Pyodide kernel's worker turns what Python sends (a widget's state, a message's content) into JavaScript with
Pyodide's ``toJs``, which makes ``None`` ``undefined`` (and a dict a plain object, inside which the kernel's
``mapToObject`` did not look); the message then travels as JSON, which drops an undefined value. So a trait set to ``None`` never reached the page: ``button.layout.display = None`` (shown again) left the
button hidden, lesson 6's "Next round" among them. Patched so that ``None`` arrives as ``null``, as a server's kernel
sends it (and ``loadPyodideOptions.convertNullToNone`` makes the page's ``null`` ``None`` in Python, the other way)."""


def patch_kernel(site: Path) -> None:
    """:data:`KERNEL_NULL` in every copy of the kernel's code (it is bundled more than once); it must match."""
    found = 0
    for script in (site / "extensions" / KERNEL_EXTENSION / "static").glob("*.js"):
        text, n = KERNEL_NULL[0].subn(KERNEL_NULL[1], script.read_text())
        if n:
            script.write_text(text)
            found += n
    if not found:
        raise SystemExit("make static: the Pyodide kernel's mapToObject changed; update KERNEL_NULL in tools/static/build.py")


def finish(site: Path) -> None:
    """The landing page, JupyterLite's service worker patched (:data:`SW_PATCHES`), the kernel's ``None`` made
    ``null`` (:data:`KERNEL_NULL`), what no page uses dropped."""
    (site / "index.html").write_text(LANDING)
    patch_kernel(site)
    worker = site / "service-worker.js"
    text = worker.read_text()
    build = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file())).hexdigest()[:12]
    for old, new in SW_PATCHES:
        if text.count(old) != 1:
            raise SystemExit(f"make static: service-worker.js changed ({old!r}); update SW_PATCHES in tools/static/build.py")
        text = text.replace(old, new.replace("{build}", build))
    worker.write_text(text)
    for name in UNUSED:
        path = site / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for junk in site.rglob("*.map"):
        junk.unlink()
    shared_theme(site / "voici" / "render")


THEME = re.compile(r'<style type="text/css">(.{100000,}?)</style>', re.S)
"""JupyterLab's theme, which Voici writes into every page (240 kB, the same on every page)."""


def shared_theme(render: Path) -> None:
    """JupyterLab's theme (:data:`THEME`) taken out of every page into one stylesheet beside them, named after its
    content: a page is a quarter of its size, and the browser (and the service worker) keep the theme once for the
    whole course. Every page must hold the same theme."""
    pages = sorted(render.rglob("*.html"))
    themes = {m.group(1) for page in pages if (m := THEME.search(page.read_text()))}
    if len(themes) != 1:
        raise SystemExit(f"make static: expected one JupyterLab theme in every page, found {len(themes)}; "
                         "update THEME in tools/static/build.py")
    theme = themes.pop()
    name = f"theme-{hashlib.sha256(theme.encode()).hexdigest()[:12]}.css"
    (render / name).write_text(theme)
    for page in pages:
        link = f'<link rel="stylesheet" href="{os.path.relpath(render / name, page.parent)}" type="text/css">'
        text, n = THEME.subn(lambda _m, link=link: link, page.read_text(), count=1)
        if n != 1:
            raise SystemExit(f"make static: {page.name} has no JupyterLab theme; update THEME in tools/static/build.py")
        page.write_text(text)


LANDING = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>31: learn the card game</title>
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta http-equiv="refresh" content="0; url=voici/render/index.html">
<script>location.replace('voici/render/index.html' + location.hash);</script>
</head>
<body>
<p><a href="voici/render/index.html">31: learn the card game: the course</a>
(<a href="voici/render/es/index.html" lang="es" hreflang="es">Español</a>,
<a href="voici/render/de/index.html" lang="de" hreflang="de">Deutsch</a>)</p>
</body>
</html>
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the site goes (default: build/static)")
    args = parser.parse_args(argv)
    build(args.out.resolve())


if __name__ == "__main__":
    main()
