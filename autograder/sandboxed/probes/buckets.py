"""Running several cases with one call (child side, only observes).

A probe pays for compilation once per bucket: the cases of one sub-check that may share a compiled
program run in ONE jitted call (`jit_bucket`), each case keeping its own shapes and every array
passed as an argument (never a captured constant, see the course notes on jaxlib 0.12's CPU
backend and large captured constants). One case that raises takes its bucket's keys with it, so a
bucket holds the cases of one sub-check only: its verdict is lost either way.

This module only runs the calls and hands back what happened; the probe module records it
(`record_bucket` there), because the child's tripwire accepts observation frames written from the
probe modules' own code only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax


@dataclass(frozen=True)
class BucketRun:
    keys: tuple[str, ...]
    results: tuple[Any, ...] = ()  # one per key when `error` is None
    error: BaseException | None = None  # what the call raised: an observation for every key


def run_bucket(keys: tuple[str, ...], fn: Callable[[], Any]) -> BucketRun:
    """Call `fn` once; its len(keys) results, or what it raised."""
    try:
        results = tuple(fn())
        if len(results) != len(keys):
            raise ValueError(f"expected {len(keys)} results, got {len(results)}")
    except Exception as exc:  # the student's code may raise anything; that is an observation
        return BucketRun(keys, error=exc)
    return BucketRun(keys, results)


def jit_bucket(keys: tuple[str, ...], fn: Callable[..., tuple], *args: Any) -> BucketRun:
    """ONE jitted call `jax.jit(fn)(*args)`, compiled once for all the bucket's cases."""
    return run_bucket(keys, lambda: jax.jit(fn)(*args))
