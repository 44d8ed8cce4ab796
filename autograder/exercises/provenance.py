"""Did a value come out of the FFI handler? Bit-for-bit comparison with the handler's own output
(trusted parent side, shared by the chapter-5 FFI exercises).

A float32 result that is close to the reference proves the right numbers, not where they came from:
a jnp fallback next to a `custom_call` whose result is thrown away is close too. A handler is
deterministic machine code, so the same input gives the same bits wherever it is called, while any
other formula (jnp, NumPy, another kernel) rounds differently on a share of the elements (measured
for SiLU: XLA's `jax.nn.silu` differs from a C++ `x * 1/(1+exp(-x))` in about 1 element of 5, and
jnp RMSNorm from the course kernel in about half of them). The handler's bits come from a process
the student's Python cannot reach: the kernel child for the student's own `Silu`/`SiluBwd`, the
parent's exact float32 replica for the course's `RmsNorm` (`ffi_lowering.course_rms_norm_f32`).
Empty arrays carry no bits and prove nothing either way.

A single case can match by chance (a 0-d SiLU matches in about 4 of 5 draws), so the structural
gates ask for evidence in elements (`HandlerEvidence.shows_handler`): at least
`MIN_EVIDENCE_ELEMENTS` elements in cases that are the handler's output bit for bit, and at least
`EVIDENCE_RATIO` times as many as in cases with the right values that are not. Honest code has no
such case (its right values are the handler's bits; a wrong case, e.g. rows a wrong batching rule
rearranged, counts for neither side); a fallback matches 32 elements in a row
with a chance below 1e-3 for SiLU and 1e-9 for RMSNorm.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from autograder.exercises.base import ArrayCases
from autograder.i18n import _

__all__ = ["EVIDENCE_RATIO", "MIN_EVIDENCE_ELEMENTS", "HandlerEvidence", "differing_bits"]

MIN_EVIDENCE_ELEMENTS = 32
EVIDENCE_RATIO = 4


def differing_bits(got: np.ndarray, bits: np.ndarray) -> int:
    """How many elements of float32 `got` are not bit-identical to `bits` (shapes already equal)."""
    a = np.ascontiguousarray(got, np.float32).view(np.uint32)
    b = np.ascontiguousarray(bits, np.float32).view(np.uint32)
    return int(np.count_nonzero(a != b))


@dataclass
class HandlerEvidence:
    """Per-case bit comparisons of one handler: which observed arrays are its output."""

    handler_zh: str  # how the feedback names the handler, e.g. "你的 Silu 内核"
    matched: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    matched_elements: int = 0
    unmatched_elements: int = 0

    def close(
        self,
        cases: ArrayCases,
        key: str,
        expected: np.ndarray,
        bits: np.ndarray | None,
        what_zh: str,
        *,
        rtol: float,
        atol: float | None = None,
        unavailable_zh: str | None = None,
    ) -> None:
        """`cases.close(...)`, and the case passes only if the observed array is also `bits` exactly.
        `bits` None means the handler's output is unknown (`unavailable_zh` says why). Whether the
        array is the handler's output is recorded even when its values are wrong (a wrong kernel
        called honestly is still the student's kernel)."""
        before = len(cases.problems)
        got = cases.close(key, expected, what_zh, rtol=rtol, atol=atol)
        if got is None or got.size == 0:
            return  # close() recorded what was wrong; an empty array has no bits
        values_ok = len(cases.problems) == before
        if bits is None or np.shape(bits) != got.shape:
            self._unmatched(key, got.size, values_ok)
            why = unavailable_zh or _("没有它的输出")
            problem = _("{what_zh}:无法确认结果来自{handler_zh}({why})").format(
                what_zh=what_zh, handler_zh=self.handler_zh, why=why
            )
        elif differ := differing_bits(got, bits):
            self._unmatched(key, got.size, values_ok)
            problem = (
                _(
                    "{what_zh}:{differ}/{size} 个元素不是{handler_zh}算出来的(与直接调用它的结果不逐位相同:"
                    "数值须来自 FFI 内核的输出)"
                ).format(what_zh=what_zh, differ=differ, size=got.size, handler_zh=self.handler_zh)
            )
        else:
            self.matched.append(key)
            self.matched_elements += got.size
            return
        if values_ok:
            cases.fail(problem)

    def _unmatched(self, key: str, size: int, values_ok: bool) -> None:
        """Only a case with the right values counts against the handler: a wrong value that is not
        its output (a wrong batching rule rearranging its rows) is a mistake, not a fallback."""
        self.unmatched.append(key)
        if values_ok:
            self.unmatched_elements += size

    @property
    def shows_handler(self) -> bool:
        """Enough elements came out of the handler, and few did not (see the module doc)."""
        m, u = self.matched_elements, self.unmatched_elements
        return m >= MIN_EVIDENCE_ELEMENTS and m >= EVIDENCE_RATIO * u
