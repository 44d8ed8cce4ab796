"""The kernel build's behavioural fingerprint (grade/kernel_ir.py, grade/build.py): the opcode
sequence of the student's own code in the optimised IR, made by real clang++ in the real bwrap
sandbox, read by the parent as untrusted text, and used as the `silu.cc` unit's channel.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.grade.build import BuildCache, KernelSource, ir_argv
from autograder.grade.kernel_ir import ir_fingerprint, valid_sequences
from autograder.grade.run.behaviour_read import KERNEL_UNIT, ExerciseBehaviour, kernel_fingerprint
from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
from autograder.model import ReleaseInfo
from autograder.sandbox import Limits, Mount, make_sandbox
from autograder.sandboxed.behaviour import MAX_JAXPRS, MAX_NAME_CHARS, MAX_PRIMITIVES
from autograder.similarity import analyse, report, units
from autograder.similarity.behaviour import CHANNEL_CODE, CHANNEL_IR

from helpers.paths import RELEASE
from helpers.similarity import blank_result

REAL = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)

HEAD = '#include <cmath>\n#include <cstdint>\n#include "xla/ffi/api/ffi.h"\nnamespace ffi = xla::ffi;\n'
BIND = ("XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,\n"
        "    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());\n")
ORIGINAL = HEAD + """
static inline float Sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float v = x.typed_data()[i];
    y->typed_data()[i] = v * Sigmoid(v) + 0.25f * std::sqrt(std::fabs(v));
  }
  return ffi::Error::Success();
}
""" + BIND
# renamed, the helper split in two, definitions reordered (with prototypes), an unused helper with
# external linkage, unused locals and a branch that can never run
DISGUISED = HEAD + """
static float kOne(float q);
static float kExpNeg(float q);
float NeverCalled(float q) { return q * 7.0f + std::log(q); }
extern "C" float NeverExported(float q) { return NeverCalled(q) * q; }
static ffi::Error kBody(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  int unused = 3; (void)unused;
  const int64_t count = in.element_count();
  for (int64_t j = 0; j < count; ++j) {
    const float w = in.typed_data()[j];
    if (false) { out->typed_data()[j] = NeverCalled(w); }
    float root = std::sqrt(std::fabs(w));
    out->typed_data()[j] = w * (1.0f / kOne(kExpNeg(w))) + 0.25f * root;
  }
  return ffi::Error::Success();
}
static float kExpNeg(float q) { return std::exp(-q); }
static float kOne(float q) { return 1.0f + q; }
""" + BIND.replace("SiluImpl", "kBody")
INDEPENDENT = HEAD + """
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float v = x.typed_data()[i];
    y->typed_data()[i] = 0.5f * v * (1.0f + std::tanh(0.5f * v)) + 0.25f * std::sqrt(std::fabs(v));
  }
  return ffi::Error::Success();
}
""" + BIND


@pytest.fixture
def cache(tmp_path) -> BuildCache:
    sandbox = make_sandbox("bwrap", uid=65099, gid=65099)
    hidden = [*covered_top_level(BUILD_VISIBLE), tmp_path]
    mounts = [Mount(Path(p), p) for p in python_prefixes()]
    return BuildCache(tmp_path / "cache", sandbox, scratch_root=tmp_path / "scratch",
                      limits=Limits(wall_s=120, address_space_bytes=4 * 2**30), hidden=hidden, mounts=mounts)


@REAL
def test_a_disguised_copy_of_a_kernel_has_the_same_ir_fingerprint_and_an_independent_one_does_not(
    cache: BuildCache,
) -> None:
    texts = {"original": ORIGINAL, "disguised": DISGUISED, "independent": INDEPENDENT}
    built = {name: cache.build(KernelSource("silu.cc", text.encode(), "cell 3"), fingerprint=True)
             for name, text in texts.items()}
    assert all(b.ok for b in built.values()), {n: b.diagnostics for n, b in built.items()}
    original = built["original"].ir
    assert original and any("call expf" in s for s in original)  # the student's maths, by the callee
    assert built["disguised"].ir == original
    assert built["independent"].ir and built["independent"].ir != original
    # a build from the cache comes with its fingerprint (read back from `<key>.ir.json`)
    again = cache.build(KernelSource("other.cc", ORIGINAL.encode(), "file other.cc"), fingerprint=True)
    assert again.ir == original and again.ir_s == 0.0
    # the course kernels are built without it
    assert cache.build(KernelSource("silu.cc", INDEPENDENT.encode(), "x")).ir == ()


@REAL
def test_a_forged_cached_fingerprint_is_dropped(cache: BuildCache) -> None:
    src = KernelSource("silu.cc", ORIGINAL.encode(), "cell 3")
    key = cache.build(src, fingerprint=True).key
    (cache.root / f"{key}.ir.json").write_text(json.dumps({"jaxprs": [["a\nb"]]}))
    assert cache.build(src, fingerprint=True).ir == ()


class _RecordingSandbox:
    """The real sandbox, recording when each program started and when its wait returned."""

    def __init__(self, inner: object) -> None:
        self.inner, self.events = inner, []

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def start(self, argv, **kwargs):  # noqa: ANN001, ANN201
        kind = "ir" if "-emit-llvm" in argv else "so"
        proc = self.inner.start(argv, **kwargs)
        self.events.append(("start", kind))
        events, wait = self.events, proc.wait

        def recorded_wait(timeout=None):  # noqa: ANN001, ANN202
            result = wait(timeout)
            if result is not None:
                events.append(("end", kind))
            return result

        proc.wait = recorded_wait
        return proc


@REAL
def test_the_ir_step_runs_beside_the_build_and_dies_with_a_failed_one(cache: BuildCache) -> None:
    recording = _RecordingSandbox(cache.sandbox)
    cache.sandbox = recording  # type: ignore[assignment]
    built = cache.build(KernelSource("silu.cc", ORIGINAL.encode(), "cell 3"), fingerprint=True)
    assert built.ok and built.ir and any("call expf" in s for s in built.ir)
    # both compilers were running before the library's compiler was waited for
    assert recording.events.index(("start", "ir")) < recording.events.index(("end", "so"))
    assert (cache.root / f"{built.key}.ir.json").is_file()
    recording.events.clear()
    broken = cache.build(KernelSource("silu.cc", (ORIGINAL + "\nint broken(;\n").encode(), "cell 3"),
                         fingerprint=True)
    assert not broken.ok and broken.ir == ()
    assert ("start", "ir") in recording.events and ("end", "ir") not in recording.events  # killed, not read
    assert not (cache.root / f"{broken.key}.ir.json").exists()
    assert list(cache.scratch_root.iterdir()) == []  # both scratch folders removed


def test_the_ir_command_is_the_build_command_writing_text_ir() -> None:
    argv = ["clang++", "-std=c++17", "-O2", "-shared", "-fPIC", "-I", "inc", "-o", "k.ll", "--", "k.cc"]
    assert ir_argv(argv) == ["clang++", "-std=c++17", "-O2", "-S", "-emit-llvm", "-fPIC", "-I", "inc",
                             "-o", "k.ll", "--", "k.cc"]


IR = """
define %struct.XLA_FFI_Error* @Silu(%struct.XLA_FFI_CallFrame* %0) {
  %2 = call i32 @_ZN3xla3ffi4BindEv(void ()* @_ZL4Impl)
  ret %struct.XLA_FFI_Error* null
}
define internal void @_ZL4Impl(float* %0) {
  %2 = load float, float* %0, align 4
  %3 = tail call float @expf(float %2)
  %4 = fcmp olt float %3, 1.0
  call void @llvm.lifetime.start.p0i8(i64 4, i8* null)
  store float %3, float* %0
  ret void
}
define linkonce_odr i32 @_ZN3xla3ffi4BindEv(void ()* %0) {
  ret i32 0
}
define float @DeadExported(float %0) {
  %2 = call float @_ZL4Dead(float %0)
  ret float %2
}
define internal float @_ZL4Dead(float %0) {
  %2 = fmul float %0, 2.0
  ret float %2
}
declare float @expf(float)
"""


def test_the_fingerprint_is_the_handlers_reachable_own_code_without_names() -> None:
    # `DeadExported` is unmangled and external too, but takes no call frame: no handler, and what
    # only it reaches is not walked
    assert ir_fingerprint(IR) == (("load", "call expf", "fcmp olt", "store", "ret"),)
    assert ir_fingerprint(IR.replace("_ZL4Impl", "_ZL9Renamedxx")) == ir_fingerprint(IR)
    assert ir_fingerprint("") == () and ir_fingerprint("define @x(") == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    "define internal void @_ZL1f(float* %0) {", "define i8* @H(i8* %0) {", "}", "  ret void",
    "  %1 = call float @expf(float %0)", '  call void @"_ZL1f"()', "declare float @expf(float)",
    "  %2 = fadd float %1, %1", "  br label %3", "3:", "  " + "x" * 300, "define linkonce_odr void @g() {",
    "  call void @H(i8* null)", "\x00\ud7ff", "  %q = icmp", "  tail", "  = ",
]) | st.text(max_size=40), max_size=60))
def test_any_ir_text_gives_sequences_within_the_caps(lines: list[str]) -> None:
    seqs = ir_fingerprint("\n".join(lines))
    assert valid_sequences([list(s) for s in seqs]) == seqs
    assert len(seqs) <= MAX_JAXPRS


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=5),
                    max_leaves=40))
def test_the_parent_drops_a_malformed_kernel_fingerprint_whole(raw: object) -> None:
    seqs = valid_sequences(raw)
    if seqs is None:
        assert ExerciseBehaviour.from_json({"jaxprs": raw}) is None
        return
    assert isinstance(raw, list) and len(seqs) == len(raw) <= MAX_JAXPRS
    assert all(len(s) <= MAX_PRIMITIVES and all(0 < len(n) <= MAX_NAME_CHARS and n.isprintable() for n in s)
               for s in seqs)


def test_malformed_kernel_fingerprints_are_dropped() -> None:
    assert valid_sequences([["fadd"]] * (MAX_JAXPRS + 1)) is None
    assert valid_sequences([["fadd"] * (MAX_PRIMITIVES + 1)]) is None
    assert valid_sequences([["fadd", "x" * (MAX_NAME_CHARS + 1)]]) is None
    assert valid_sequences([["fadd", ""]]) is None
    assert valid_sequences({"jaxprs": []}) is None
    assert kernel_fingerprint(()) is None
    assert kernel_fingerprint((("fadd", "ret"),)) == ExerciseBehaviour((("fadd", "ret"),))


def test_the_codec_carries_the_kernel_fingerprint() -> None:
    from dataclasses import replace

    from autograder.grade import codec

    result = replace(blank_result(), behaviour={KERNEL_UNIT: ExerciseBehaviour((("fneg", "call expf"),))})
    release = ReleaseInfo.load(RELEASE)
    back = codec.decode_result(codec.encode_result(result), student_id=result.student_id,
                               content_hash_hex=result.content_hash, release=release, exercises=())
    assert back.behaviour == result.behaviour


def test_the_report_says_the_kernel_ir_matched() -> None:
    kernel_a = HEAD + "static float A(float v) { return v * 2.0f; }\n" + BIND
    kernel_b = HEAD + "namespace { float B(float q) { float r = q; r += q; return r; } }\n" + BIND
    students = [units.StudentUnits(s, {KERNEL_UNIT: kernel_a if s == "a" else kernel_b}, ()) for s in "ab"]
    rare = tuple("load fneg call expf fadd fdiv fmul store add br".split())
    common = tuple("load load icmp br mul icmp br ret".split())
    fps = {s: {KERNEL_UNIT: ExerciseBehaviour((common, rare))} for s in "ab"}
    fps.update({f"x{i}": {KERNEL_UNIT: ExerciseBehaviour((common,))} for i in range(8)})
    result = analyse.analyse(students, units.Subtracted({}, {}), units=(KERNEL_UNIT,), behaviour=fps)
    (pair,) = result.units[KERNEL_UNIT].pairs
    assert pair.channels == (CHANNEL_CODE, CHANNEL_IR)  # the two kernels share the FFI boilerplate too
    html = report.body_html(result)
    assert "matched on code + kernel IR" in html and "<td>code + kernel IR</td>" in html
    assert "Kernel builds of 10 student(s) compared too" in html
