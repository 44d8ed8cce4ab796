"""Fresh device arrays for the call sequences of the probes (child side; only makes arrays).

A call sequence makes a fresh array for a call and, for the next fresh call of the same size, drops it
and makes another, so that a memo a student keeps by `id()` meets the dropped array's id again (the
probes' `_run_calls`). Whether CPython gives the new object the freed block depends on what is
allocated in between, and `jax.device_put` of a NumPy array makes a short-lived object of the array's
size before the array it returns: that object takes the freed block, the returned array another. So
each fresh array is held with a spacer (another array, made right after it) until the slot's next
array is made: the old array is dropped, then the spacer (first in its pool's free list), so the
short-lived object takes the spacer's block and the returned array the old one's; an anchor made with
them stays to the end, so their pool never empties (an emptied pool may go to objects of another
size). When the id still differs the array is made again (the extra ones held, which walks the
allocator through the pools before the old one's). `jnp.array` (one object) would not need the spacer
but compiles a copy per shape, and did not find the block more often. Best effort: in the sandboxed
child the old block is sometimes taken for good (measured: a recycled tangent got the id, a recycled
cotangent and a recycled point pair did not); tests/test_memo_call_sequences_reduce_sum_safe_distance.py
checks the plain case.
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

# bound at import, before student code
_device_put = jax.device_put


class FreshArrays:
    """The last fresh array of each slot (e.g. "X", "Y") and its spacer, held until the slot's next
    array is made."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[Any, Any]] = {}
        self._anchors: list[Any] = []

    def make(self, slot: str, data: np.ndarray, *, recycle: bool, tries: int = 64) -> Any:
        """`data` on the device as a new array for `slot`. With `recycle`, the slot's last array is
        dropped right before (then its spacer), and the array is made again (the extra ones dropped
        after) until it has the dropped one's id, at most `tries` times."""
        old, spacer = self._held.pop(slot, (None, None))
        freed = id(old) if recycle and old is not None else None
        del old, spacer  # the last references: the old block, then the spacer's, are free
        spare = []
        v = _device_put(data)
        while freed is not None and id(v) != freed and len(spare) < tries:
            spare.append(v)
            v = _device_put(data)
        spare.clear()
        # the spacer, and an anchor kept to the end: the pool of the three never empties (an empty pool
        # may go to objects of another size, and the old block with it)
        self._held[slot] = (v, _device_put(data))
        self._anchors.append(_device_put(data))
        return v

    def drop(self) -> None:
        self._held.clear()
        self._anchors.clear()
