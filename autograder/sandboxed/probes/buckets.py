"""Observing several cases with one call (child side, only observes).

A probe pays for compilation once per bucket: the cases of one sub-check that may share a compiled
program run in ONE jitted call (`observe_bucket`), each case keeping its own shapes and every array
passed as an argument (never a captured constant, see the course notes on jaxlib 0.12's CPU
backend and large captured constants). One case that raises takes its bucket's keys with it, so a
bucket holds the cases of one sub-check only: its verdict is lost either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax


def observe_many(rec: Any, keys: tuple[str, ...], fn: Callable[[], Any]) -> None:
    """Run `fn` once and record its len(keys) results under `keys` (or its error under all of them)."""
    try:
        results = tuple(fn())
        if len(results) != len(keys):
            raise ValueError(f"expected {len(keys)} results, got {len(results)}")
    except Exception as exc:  # the student's code may raise anything; that is an observation
        for key in keys:
            rec.put_error(key, exc)
        return
    for key, result in zip(keys, results, strict=True):
        rec.observe(key, lambda result=result: result)


def observe_bucket(rec: Any, keys: tuple[str, ...], fn: Callable[..., tuple], *args: Any) -> None:
    """Record the len(keys) results of ONE jitted call `jax.jit(fn)(*args)` under `keys`, or its
    error under all of them."""
    observe_many(rec, keys, lambda: jax.jit(fn)(*args))
