"""The kernel sub-checks of a corpus variant's silu.cc, judged as the grader judges them: the kernel
child's probe runs in a process of its own (a handler may crash it) and writes observations that the
parent's reader reads back (shared by the chapter-5 corpus tests and the call-sequence tests)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from autograder.observations import Observations

from helpers.paths import REPO

CORPUS = REPO / "tests" / "corpus" / "answers"


# The kernel child's probe on one library, in a process of its own (a handler may crash it), as
# kernel_main runs it: observations written to files, read back by the parent's reader.
_KERNEL_CHILD = """
import sys
import numpy as np
from autograder.sandboxed.observe import Recorder
from autograder.sandboxed.probes.silu_ffi_kernel import kernel_probe
inp = np.load(sys.argv[2], allow_pickle=True).item()
rec = Recorder(sys.argv[3], "silu_ffi.kernel")
kernel_probe(sys.argv[1], inp, rec)
rec.flush()
"""


def silu_kernel_checks(variant: str, tmp_path: Path) -> tuple[str, list]:
    """The kernel child's end and the two kernel sub-checks of a corpus variant's silu.cc."""
    import subprocess
    import sys

    from autograder.exercises import silu_ffi
    from autograder.observations import read_observations
    from autograder.sandboxed.wire import KERNEL_RUN_KEY
    from jaxcourse.kernels import build_kernel

    tmp_path.mkdir()
    source = tmp_path / "silu.cc"
    source.write_text((CORPUS / "silu_ffi" / variant / "silu.cc").read_text(encoding="utf-8"),
                      encoding="utf-8")
    so = build_kernel(source)
    inp = silu_ffi.inputs(11, structure_seed=3)
    np.save(tmp_path / "inp.npy", {**inp.params, **inp.arrays}, allow_pickle=True)
    (tmp_path / "obs").mkdir()
    done = subprocess.run([sys.executable, "-c", _KERNEL_CHILD, str(so), str(tmp_path / "inp.npy"),
                           str(tmp_path / "obs")], cwd=REPO, check=False,
                          capture_output=True, timeout=300)
    status = "ok" if done.returncode == 0 else "crashed"
    kernel = read_observations(tmp_path / "obs", "silu_ffi.kernel")
    assert kernel is not None, done.stderr[-2000:]
    obs = Observations("silu_ffi", {**{f"kernel.{k}": v for k, v in kernel.values.items()},
                                    KERNEL_RUN_KEY: status})
    assert silu_ffi._kernel_unavailable(obs) is None  # the cases before the large one are all there
    return status, silu_ffi._kernel_checks(inp, obs)
