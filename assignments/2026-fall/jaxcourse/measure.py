"""Chapter 2 measurement tools: count real XLA compilations and fusions."""

from __future__ import annotations

import logging
import re

import jax

_FUSION_CALL = re.compile(r" fusion\(")


def count_fusions(hlo_text: str) -> int:
    """Number of `fusion(...)` instructions (= fused kernels) in optimised HLO text."""
    return len(_FUSION_CALL.findall(hlo_text))


def compiled_hlo(f, *args, **jit_kwargs) -> str:
    """Optimised HLO text of jit(f) compiled for `args`."""
    return jax.jit(f, **jit_kwargs).lower(*args).compile().as_text()


class CompileCounter(logging.Handler):
    """Counts real XLA compilations of jit functions while active.

    with CompileCounter("f") as cc:
        ...
    cc.count  # compilations of functions named "f" (all functions when name is None)
    """

    _PREFIX = "Compiling jit("

    def __init__(self, name: str | None = None):
        super().__init__(level=logging.DEBUG)
        self.fn_name = name
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if msg.startswith(self._PREFIX):
            fn = msg[len(self._PREFIX):].split(")")[0]
            if self.fn_name is None or fn == self.fn_name:
                self.records.append(msg)

    def __enter__(self) -> CompileCounter:
        self._logger = logging.getLogger("jax")
        self._logger.addHandler(self)
        # Silence jax's own stream handler while log_compiles is on; restore it afterwards.
        self._saved = [(h, h.level) for h in self._logger.handlers if h is not self]
        for h, _ in self._saved:
            h.setLevel(logging.ERROR)
        self._ctx = jax.log_compiles(True)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._ctx.__exit__(*exc)
        for h, level in self._saved:
            h.setLevel(level)
        self._logger.removeHandler(self)

    @property
    def count(self) -> int:
        return len(self.records)
