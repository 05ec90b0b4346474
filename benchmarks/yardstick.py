"""The yardstick every benchmark's figures are also given in: an empty 10-million-step Python loop,
``for _ in range(10_000_000): pass``, timed in the same run, because this machine's speed swings about twofold.

One clock for all: CPU seconds (``time.process_time``) of the process that runs the loop, so that other load on
the machine skews it less. A benchmark that times wall-clock seconds (a page in a browser, a move seen by every
client) still divides by this CPU figure: the loop gets a core of its own when the machine is quiet, and then
the two agree.
"""

from __future__ import annotations

import subprocess
import sys
import time

__all__ = ["empty_loop", "empty_loop_on"]

_CODE = ("import time\nt = time.process_time()\nfor _ in range(10_000_000):\n    pass\n"
         "print(time.process_time() - t)")


def empty_loop() -> float:
    """CPU seconds of an empty 10-million-step Python loop in this process (this machine's speed right now)."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


def empty_loop_on(core: str) -> float:
    """CPU seconds of the same loop in a fresh Python pinned to ``core`` (``taskset -c core``), beside a server
    pinned there."""
    out = subprocess.run(["taskset", "-c", core, sys.executable, "-c", _CODE], capture_output=True, text=True,
                         check=True)
    return float(out.stdout)
