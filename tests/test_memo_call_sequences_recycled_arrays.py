"""The call sequences of reduce_sum_rules, safe_distance, gammaln_callback and silu_ffi meet recycled keys
on purpose, not by chance.

A memo keyed by a buffer's address (a static cache in a C++ handler) or by id() is only seen to be
wrong when a new array with other values comes where a dropped one was. The child's `Recycler`
(autograder/sandboxed/probes/recycled_arrays.py) makes such arrays; these tests pin what it promises:
the same buffer with the new values, an array a student kept never changes under them, the dropped
array's id (also after other arrays were made in between), and each gammaln_callback and silu_ffi
sequence (drawn in the parent) asks for both kinds of reuse right after the step whose
slot they take.
"""

from __future__ import annotations

import json
import subprocess
import sys

import jax
import numpy as np
import pytest

from autograder.exercises import gammaln_callback, silu_ffi
from autograder.sandboxed.probes.recycled_arrays import Recycler, slot_of

from helpers.paths import REPO
from helpers.silu_kernel_checks import silu_kernel_checks


def test_a_buffer_step_gets_the_dropped_arrays_buffer_with_the_new_values() -> None:
    rng = np.random.default_rng(3)
    first, second = (rng.standard_normal((7,)).astype(np.float32) for _ in range(2))
    recycler = Recycler()
    x = recycler.fresh(first)
    slot = slot_of(x)
    np.testing.assert_array_equal(np.asarray(x), first)
    del x  # dropped, as the probe drops a fresh array after its call
    y = recycler.fresh(second, slot, "address")
    assert int(y.unsafe_buffer_pointer()) == slot.address
    np.testing.assert_array_equal(np.asarray(y), second)


def test_a_kept_array_is_never_rewritten() -> None:
    """JAX arrays are immutable: one a memo kept holds its values, and the new array goes elsewhere."""
    first, second = np.arange(5, dtype=np.float32), -np.arange(5, dtype=np.float32)
    recycler = Recycler()
    kept = recycler.fresh(first)
    slot = slot_of(kept)
    y = recycler.fresh(second, slot, "address")
    np.testing.assert_array_equal(np.asarray(kept), first)
    np.testing.assert_array_equal(np.asarray(y), second)
    assert int(y.unsafe_buffer_pointer()) != slot.address


def test_an_id_step_gets_the_new_values() -> None:
    """Whether the id comes back is the allocator's; the values are always the step's own."""
    recycler = Recycler()
    x = recycler.fresh(np.ones((4,), np.float32))
    slot = slot_of(x)
    del x
    y = recycler.fresh(np.full((4,), 2.0, np.float32), slot, "id")
    assert isinstance(y, jax.Array)
    np.testing.assert_array_equal(np.asarray(y), np.full((4,), 2.0, np.float32))


# The id steps run in a fresh child Python, as the probes do in the sandboxed child (one thread, no
# Python work beside them). In this test process, threads of the suite (the early lane, the image
# build) allocate Python objects while `jax.device_put` releases the GIL, and may take the freed block
# first: the id then depends on what else runs, which is not what these tests pin.
_ID_STEPS = """
import json, sys
import jax
import numpy as np
from autograder.sandboxed.probes.recycled_arrays import Recycler, slot_of

def right_after(shape, rng):
    recycler = Recycler()
    slot = slot_of(recycler.fresh(rng.standard_normal(shape).astype(np.float32)))
    again = recycler.fresh(rng.standard_normal(shape).astype(np.float32), slot, "id")
    same = id(again) == slot.ident
    recycler.drop()
    return same

def after_others(shape, rng):
    recycler = Recycler()
    slot = slot_of(recycler.fresh(rng.standard_normal(shape).astype(np.float32)))
    between = [jax.device_put(rng.standard_normal(shape).astype(np.float32)) for _ in range(3)]
    between += [jax.numpy.sin(b) for b in between]
    del between
    again = recycler.fresh(rng.standard_normal(shape).astype(np.float32), slot, "id")
    same = id(again) == slot.ident
    recycler.drop()
    return same

rng = np.random.default_rng(int(sys.argv[2]))
step = {"right_after": right_after, "after_others": after_others}[sys.argv[1]]
print(json.dumps({str(tuple(shape)): step(tuple(shape), rng) for shape in json.loads(sys.argv[3])}))
"""


def _id_comes_back(step: str, seed: int, shapes: list[tuple[int, ...]]) -> dict[str, bool]:
    """For each shape, whether the id step in a fresh child Python got the dropped array's id."""
    run = subprocess.run([sys.executable, "-c", _ID_STEPS, step, str(seed), json.dumps(shapes)],
                         capture_output=True, text=True, timeout=300, cwd=REPO, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_recycled_fresh_array_takes_the_dropped_arrays_id() -> None:
    """The id step right after its slot's array is dropped, on the shapes the sequences use."""
    shapes = [(7, 6), (7, 3, 6), (5,), (3, 4)]
    assert _id_comes_back("right_after", 0, shapes) == {str(tuple(s)): True for s in shapes}


def test_the_id_comes_back_after_other_arrays_were_made_and_dropped() -> None:
    """A sequence runs other calls between a fresh array's step and the step that takes its id: the
    recycler holds the array until then, so the arrays those calls make and drop never take its
    block."""
    shapes = [(7, 6), (5,)]
    assert _id_comes_back("after_others", 1, shapes) == {str(tuple(s)): True for s in shapes}


@pytest.mark.parametrize("module", [gammaln_callback, silu_ffi], ids=lambda m: m.EXERCISE.id)
def test_each_structure_asks_for_every_memo_trap(module) -> None:
    """Every structure's sequence holds each trap, and a step that takes a slot follows a fresh step
    of its own op with no other call between (silu_ffi's buffer steps: a handler's static cache keeps
    its last call only)."""
    for k in range(16):
        steps = module.inputs(k, structure_seed=1000 + k).params["calls"]["steps"]
        whys = {s["why"] for s in steps}
        assert {"first", "again", "reshaped", "recycled", "interleaved", "jit"} <= whys, (k, whys)
        for i, st in enumerate(steps):
            if st.get("reuse") == "address":
                before = steps[i - 1]
                assert before["form"] == "fresh" and before["op"] == st["op"], (k, i)
            if st["why"] in ("recycled", "recycled_buffer"):
                earlier = [s for s in steps[:i] if s["form"] == "fresh" and s["op"] == st["op"]]
                assert any(not s["jit"] for s in earlier), (k, i)
        if module is silu_ffi:
            assert {"recycled_buffer", "other_cotangent"} <= whys
            assert {s["op"] for s in steps if s["why"] == "recycled_buffer"} == {"value", "grad"}


def test_the_kernel_child_loop_catches_a_handler_that_caches_by_pointer(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel child runs each handler in a while loop on its own output (one buffer, other values
    each time): a Silu that hands back its last output when its input pointer repeats fails
    `kernel Silu` there and nowhere else of the kernel checks; its correct SiluBwd passes."""
    monkeypatch.setenv("JAXCOURSE_BUILD_DIR", str(tmp_path / "build"))
    status, checks = silu_kernel_checks("wrong_kernel_pointer_cache", tmp_path / "scratch")
    assert status == "ok"
    silu, silu_bwd = checks
    assert not silu.passed and "循环" in silu.detail_zh and "Silu,形状" not in silu.detail_zh, silu
    assert silu_bwd.passed, silu_bwd
