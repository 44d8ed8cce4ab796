"""IPython's input machinery, imported once per process under a lock (trusted parent).

The parent reads notebooks with IPython's transformer (`cells.py`: magics rewritten before `ast`;
`build.py`: what a `%%writefile` cell writes). Those imports are deferred, since a batch that never
meets a magic should not pay for IPython. But two jobs graded at once (`--jobs 2`, or chapters at
once) can then import it in two threads at the same moment, and IPython's modules import each other
in a cycle: the second thread can find a module partially initialised and fail with "cannot import
name 'ESC_MAGIC' from partially initialized module", a grader fault no student caused. Every deferred
IPython import of the parent goes through `load()` first, so the first one completes under the lock.
"""

from __future__ import annotations

import importlib
import threading

_LOCK = threading.Lock()
_loaded = False
MODULES = (
    "IPython.core.error",
    "IPython.core.inputtransformer2",
    "IPython.core.magic_arguments",
    "IPython.core.magics.osm",
    "autograder.sandboxed.ipython_transform",
)


def load() -> None:
    """Import every module of MODULES once, in one thread at a time (later calls return at once)."""
    global _loaded
    if _loaded:
        return
    with _LOCK:
        if not _loaded:
            for name in MODULES:
                importlib.import_module(name)
            _loaded = True
