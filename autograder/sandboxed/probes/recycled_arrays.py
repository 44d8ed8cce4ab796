"""Fresh device arrays for the call sequences, made where a dropped array was (child side; only
makes arrays, observes nothing).

A memo keyed by id() or by a buffer's address is stale once its array is collected and a new array
takes that id or that memory. Whether the allocators hand the freed slot to the next array is
chance (after a grad, which allocates and frees many objects, it often does not), so a step that is
there to meet a recycled key takes the slot on purpose:
  - the buffer: on the CPU, `jax.device_put` aliases a 64-byte-aligned NumPy array instead of copying
    it, so every fresh array is made over an aligned host buffer of its own (a "slab") kept here;
    a step that takes a dropped array's buffer writes its data into that array's slab and puts the
    slab on the device again: the handler sees the same pointer, with other values. The slab is
    rewritten only when nothing holds the dropped array any more (a weak reference says so): JAX
    arrays are immutable, and one a student kept must not change under them.
  - the id: up to `ATTEMPTS` arrays are made in a row and the first that took the dropped array's
    id is kept, the others dropped.
When the slot cannot be taken, a new array is used all the same (the call is judged either way).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np

ATTEMPTS = 64
ALIGN = 64  # bytes: the alignment at which jax.device_put on the CPU aliases a NumPy array


@dataclass(frozen=True)
class Slot:
    """Where a dropped array lived: its id() and its buffer's address."""

    ident: int
    address: int


def slot_of(x: Any) -> Slot:
    return Slot(id(x), int(x.unsafe_buffer_pointer()))


class Recycler:
    """Makes the fresh arrays of one call sequence and remembers the host buffers they alias."""

    def __init__(self) -> None:
        self._slabs: dict[int, tuple[np.ndarray, weakref.ref]] = {}  # buffer address -> (slab, its array)

    def _over(self, slab: np.ndarray) -> Any:
        x = jax.device_put(slab)
        self._slabs[int(x.unsafe_buffer_pointer())] = (slab, weakref.ref(x))
        return x

    def _new_slab(self, host: np.ndarray) -> np.ndarray:
        raw = np.empty(host.nbytes + ALIGN, np.uint8)
        start = -raw.ctypes.data % ALIGN
        slab = raw[start:start + host.nbytes].view(host.dtype).reshape(host.shape)
        slab[...] = host
        return slab

    def fresh(self, host: np.ndarray, taking: Slot | None = None, key: str = "id") -> Any:
        """A device array holding `host`'s values, made now; with `taking`, one in that slot's buffer
        (key "address") or with its id (key "id") when it can be had."""
        host = np.asarray(host)
        if taking is not None and key == "address":
            slab, ref = self._slabs.get(taking.address, (None, None))
            if slab is not None and ref is not None and ref() is None and slab.shape == host.shape \
                    and slab.dtype == host.dtype:
                slab[...] = host
                return self._over(slab)
        if taking is None or key != "id":
            return self._over(self._new_slab(host))
        made: list[Any] = []
        for _attempt in range(ATTEMPTS):
            x = self._over(self._new_slab(host))
            if id(x) == taking.ident:
                return x  # the others are dropped with `made`
            made.append(x)
        return made[-1]
