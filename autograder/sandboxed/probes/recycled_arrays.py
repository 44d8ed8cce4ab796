"""Fresh device arrays for the probes' call sequences, made where a dropped array was (child side; only
makes arrays, observes nothing). Used by reduce_sum_rules, safe_distance, gammaln_callback and
silu_ffi.

A memo keyed by id() or by a buffer's address is stale once its array is collected and a new array
takes that id or that memory. Whether the allocators hand the freed slot to the next array is chance
(after a grad, which allocates and frees many objects, it often does not), so a step that is there to
meet a recycled key takes the slot on purpose:
  - the buffer: on the CPU, `jax.device_put` aliases a 64-byte-aligned NumPy array instead of copying
    it, so every fresh array is made over an aligned host buffer of its own (a "slab") kept here; a
    step that takes a dropped array's buffer writes its data into that array's slab and puts the slab
    on the device again: the handler sees the same pointer, with other values. The slab is rewritten
    only when nothing holds the dropped array any more (a weak reference says so): JAX arrays are
    immutable, and one a student kept must not change under them.
  - the id: CPython gives a freed block to the next object of its size, but `jax.device_put` makes a
    short-lived object of that size before the array it returns, and that object takes the freed
    block. So each fresh array is held here with a spacer (another array, made right after it) until
    a step takes its slot: the array is dropped, then the spacer (first in its pool's free list), so
    the short-lived object takes the spacer's block and the returned array the old one's; an anchor
    made with them stays to the end, so their pool never empties (an emptied pool may go to objects
    of another size, and the old block with it). Holding the array also keeps the steps in between
    from taking its block. When the id still differs, arrays are made again (`ATTEMPTS` over the
    same slab, then `ATTEMPTS` each over a new slab, the extra ones held meanwhile, which walks the
    allocator through its pools) and the first with the id is kept.
When the slot cannot be taken, a new array is used all the same (the call is judged either way).
tests/test_memo_call_sequences_recycled_arrays.py checks both kinds of reuse on real JAX.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Literal

import jax
import numpy as np

ATTEMPTS = 64
ALIGN = 64  # bytes: the alignment at which jax.device_put on the CPU aliases a NumPy array

# bound at import, before student code
_device_put = jax.device_put


@dataclass(frozen=True)
class Slot:
    """Where a dropped array lived: its id() and its buffer's address."""

    ident: int
    address: int


def slot_of(x: Any) -> Slot:
    return Slot(id(x), int(x.unsafe_buffer_pointer()))


def _new_slab(host: np.ndarray) -> np.ndarray:
    """A copy of `host` in a 64-byte-aligned buffer of its own."""
    raw = np.empty(host.nbytes + ALIGN, np.uint8)
    start = -raw.ctypes.data % ALIGN
    slab = raw[start:start + host.nbytes].view(host.dtype).reshape(host.shape)
    slab[...] = host
    return slab


def _with_id(host: np.ndarray, slab: np.ndarray, x: Any, ident: int) -> tuple[Any, np.ndarray]:
    """An array holding `host`'s values with id `ident` if one comes within 2 * ATTEMPTS tries (else
    the last made), and the slab it is over. The arrays are made again, the extra ones held until the
    end, which walks the allocator through its pools: first over `slab` (in this process the id comes
    back there), then each over a new slab (whose own objects walk other pools: in the sandboxed child,
    only this found the id gammaln_callback's recycled step takes)."""
    made: list[tuple[Any, np.ndarray]] = [(x, slab)]
    while id(made[-1][0]) != ident and len(made) < 2 * ATTEMPTS:
        slab = slab if len(made) < ATTEMPTS else _new_slab(host)
        made.append((_device_put(slab), slab))
    x, slab = made[-1]
    made.clear()  # the others are dropped: a slab is rewritten only once nothing is over it
    return x, slab


class Recycler:
    """Makes the fresh arrays of one call sequence, holds each (with its spacer) until a step takes
    its slot, and remembers the host buffers they alias."""

    def __init__(self) -> None:
        self._slabs: dict[int, tuple[np.ndarray, weakref.ref]] = {}  # buffer address -> (slab, its array)
        self._held: dict[Slot, tuple[Any, Any]] = {}  # a fresh array's slot -> (the array, its spacer)
        self._anchors: list[Any] = []

    def _reused_slab(self, taking: Slot, host: np.ndarray) -> np.ndarray | None:
        """The dropped array's slab with `host`'s values, when nothing holds that array any more."""
        slab, ref = self._slabs.get(taking.address, (None, None))
        if slab is None or ref is None or ref() is not None or slab.shape != host.shape \
                or slab.dtype != host.dtype:
            return None
        slab[...] = host
        return slab

    def fresh(self, host: np.ndarray, taking: Slot | None = None,
              key: Literal["id", "address"] = "id") -> Any:
        """A device array holding `host`'s values, made now; with `taking` (a fresh array of this
        recycler's, dropped by the caller), one in that slot's buffer (key "address") or with its id
        (key "id") when it can be had."""
        host = np.asarray(host)
        old, spacer = self._held.pop(taking, (None, None)) if taking is not None else (None, None)
        del old, spacer  # the last references here: the old block, then the spacer's, are free
        slab = self._reused_slab(taking, host) if taking is not None and key == "address" else None
        slab = _new_slab(host) if slab is None else slab
        x = _device_put(slab)
        if taking is not None and key == "id" and id(x) != taking.ident:
            x, slab = _with_id(host, slab, x, taking.ident)
        self._slabs[int(x.unsafe_buffer_pointer())] = (slab, weakref.ref(x))
        # the spacer, and an anchor kept to the end (neither over a slab: no slab is rewritten under
        # them): the pool of the three never empties (an empty pool may go to objects of another size,
        # and the old block with it)
        self._held[slot_of(x)] = (x, _device_put(host))
        self._anchors.append(_device_put(host))
        return x

    def drop(self) -> None:
        """Lets go of every array made: the call sequence is over."""
        self._held.clear()
        self._anchors.clear()
