"""The files shipped in ``thirtyone/data/``, and the one place that knows them.

Each file holds something the package can compute but a kernel should not have to: the hand tables every
score is looked up in, the knock-timing tables and the threshold tournament lesson 5 charts, the knock-rule
tournament the intermediate bot's rule comes from, and the first results lesson 5 opens on (its charts are drawn as
SVG when shown, nothing shipped). :data:`FILES` names every one, with the function that computes its
bytes (its builder) and what it holds; :func:`load` reads a file once per process (JSON parsed; the hand
tables memory-mapped, so every kernel shares their pages). A missing or damaged file is computed by its
builder instead: never an error, only slower.

``python -m thirtyone build-data`` (``make data``) writes them afresh with :func:`write`; a test checks
that every file equals :func:`build`, byte for byte.

This module sits below every other: it imports nothing of the package. A builder is named by its dotted path
and imported only when a file is built, so each lives in the layer that can compute it.
"""

from __future__ import annotations

import importlib
import json
import mmap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DIR", "ShippedFile", "FILES", "entry", "load", "build", "write"]

DIR = Path(__file__).resolve().parent / "data"
"""The folder the files are shipped in."""


@dataclass(frozen=True)
class ShippedFile:
    """One shipped file: its name, the function that computes it, what it holds."""

    name: str
    """The file's name in :data:`DIR`; a name ending in ``.json`` is read as JSON, any other memory-mapped."""
    builder: str
    """``module:function``: a function of no arguments that returns the file's bytes, computed now."""
    holds: str
    """What the file holds, and who reads it."""
    size: int | None = None
    """The file's length in bytes when it never changes (the hand tables): any other length is damage."""
    measured: bool = False
    """A measurement of most of an hour (the bots' strength): ``make data`` and the byte-for-byte test leave it alone,
    ``build-data NAME`` computes it; when it is missing or damaged :func:`load` gives ``None``, never most of an hour of
    computing."""

    @property
    def path(self) -> Path:
        """Where the file is shipped."""
        return DIR / self.name


FILES: dict[str, ShippedFile] = {f.name: f for f in (
    ShippedFile("hand_tables.bin", "thirtyone.scoring:hand_table_bytes",
                "the plain scoring of every ordered three-card hand (scoring.hand_table_blocks)", 2 * 52 ** 3),
    ShippedFile("knock_tables.json", "thirtyone.analysis:knock_table_bytes",
                "the knock-timing tables of Scat and Schwimmen (analysis.load_knock_tables)"),
    ShippedFile("knock_rules.json", "thirtyone.knockrules:knock_rule_bytes",
                "the knock-rule tournament of every preset, 2-6 players, and the intermediate bot's rules "
                "(knockrules.shipped_knock_rules, policy.DEFAULT_THRESHOLDS)"),
    ShippedFile("threshold_tournament.json", "thirtyone.timing:threshold_table_bytes",
                "the threshold tournament of Scat and Schwimmen, 2-6 players (timing.shipped_thresholds)"),
    ShippedFile("precomputed.json", "thirtyone.cli:precomputed_bytes",
                "lesson 5's first advice and first study results (precomputed.lookup)"),
    ShippedFile("strength.json", "thirtyone.strength:strength_bytes",
                "the bots' strength in duplicate play, issue 19's cells (strength.shipped_strength, lesson 5's table)",
                measured=True),
)}
"""Every shipped file by name, in the order they are built: a file a builder reads comes before it (the
intermediate bot knocks by the knock-rule tournament's winners, and the threshold tournament and the first
results play against it)."""

_CACHE: dict[str, Any] = {}
"""Each file's content once :func:`load` has read it."""


def entry(name: str) -> ShippedFile:
    """The shipped file called ``name``; a ``ValueError`` names the files there are."""
    try:
        return FILES[name]
    except KeyError:
        raise ValueError(f"no shipped file {name!r}; the files are: {', '.join(FILES)}") from None


def build(name: str) -> bytes:
    """The content of the file ``name``, computed now by its builder (the shipped file must equal it)."""
    module, function = entry(name).builder.split(":")
    return getattr(importlib.import_module(module), function)()


def _read(file: ShippedFile) -> Any:
    """The file's content as shipped (JSON parsed, or the bytes memory-mapped); computed now if it is missing
    or damaged."""
    json_file = file.name.endswith(".json")
    try:
        if json_file:
            return json.loads(file.path.read_text(encoding="utf-8"))
        with open(file.path, "rb") as f:
            content = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        if file.size is None or len(content) == file.size:
            return content
    except (OSError, ValueError):  # missing, unreadable, empty or not JSON
        pass
    if file.measured:
        return None
    fresh = build(file.name)
    return json.loads(fresh) if json_file else fresh


def load(name: str) -> Any:
    """The content of the shipped file ``name``, read once per process: a JSON file parsed, the hand tables as
    memory-mapped bytes. Treat it as read-only: every caller shares it."""
    if name not in _CACHE:
        _CACHE[name] = _read(entry(name))
    return _CACHE[name]


def write(name: str) -> Path:
    """Compute the file ``name`` (:func:`build`) and write it; returns its path. The new file replaces the old
    one whole, so a process that has the old one mapped keeps reading it; this process reads the new one."""
    out = entry(name).path
    part = out.with_name(out.name + ".part")
    part.write_bytes(build(name))
    part.replace(out)
    _CACHE.pop(name, None)
    return out
