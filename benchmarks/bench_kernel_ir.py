"""Which IR makes the kernel's fingerprint: -O0, -O1 or the course's -O2 (not a test).

    .venv/bin/python benchmarks/bench_kernel_ir.py [--seeds 2] [--smoke]

For every silu.cc of tests/corpus/answers/silu_ffi (the degenerate family left out) and, for the
independently written ones, disguised copies (benchmarks/similarity_levels.cpp_copy: renamed,
reordered, a helper split off, dead helpers and locals), the IR is written by clang++ with the
course's flags at each optimisation level (outside the sandbox: this measures the representation,
the grader's own IR step is timed by bench_grading.py --behaviour-cost). Per level it prints:
  * copies whose fingerprint (grade/kernel_ir.py) equals their original's, and the mean share of
    the copy's 4-grams that its original holds;
  * the highest share between two different answers (the closer to 1, the less it tells apart);
  * the mean seconds of the IR command beside the build's (`-shared`), as a ratio.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.grade.build import ir_argv  # noqa: E402
from autograder.grade.kernel_ir import ir_fingerprint  # noqa: E402
from autograder.similarity.behaviour import K_GRAM  # noqa: E402
from benchmarks.bench_similarity import _base_names, _written_independently  # noqa: E402
from benchmarks.similarity_corpus import load_corpus  # noqa: E402
from benchmarks.similarity_levels import cpp_copy  # noqa: E402
from jaxcourse.kernels import compile_argv  # noqa: E402


def grams(seqs: tuple[tuple[str, ...], ...]) -> set[tuple[str, ...]]:
    return {s[i : i + K_GRAM] for s in seqs for i in range(max(1, len(s) - K_GRAM + 1))}


def share(a: set, b: set) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def run(argv: list[str]) -> float:
    t0 = time.monotonic()
    subprocess.run(argv, check=True, capture_output=True)
    return time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--smoke", action="store_true", help="the two independent kernels, one copy, -O2 only")
    args = ap.parse_args()
    corpus = load_corpus("silu_ffi")
    texts: dict[str, str] = {}
    for name in _base_names("silu_ffi"):
        kernel = corpus[name].kernel
        if kernel is None or (args.smoke and not _written_independently("silu_ffi", name)):
            continue
        texts[name] = kernel
        if _written_independently("silu_ffi", name):
            for seed in range(1, 2 if args.smoke else args.seeds + 1):
                texts[f"{name}@{seed}"] = cpp_copy(kernel, "cpp_helpers_dead", seed) or kernel
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-bench-ir-"))
    build_s = 0.0
    for name, text in texts.items():
        (work / f"{name}.cc").write_text(text)
    built = list(texts)[:4]
    for name in built:
        build_s += run(compile_argv(work / f"{name}.cc", work / f"{name}.so"))
    build_s /= len(built)
    print(f"{len(texts)} kernels; the build (-shared) takes {build_s:.2f} s on average")
    for opt in ("-O2",) if args.smoke else ("-O0", "-O1", "-O2"):
        fps: dict[str, set] = {}
        same = copies = 0
        shares: list[float] = []
        ir_s = 0.0
        for name in texts:
            ir_cmd = ir_argv(compile_argv(work / f"{name}.cc", work / "k.ll"))
            argv = [opt if a == "-O2" else a for a in ir_cmd]
            ir_s += run(argv)
            seqs = ir_fingerprint((work / "k.ll").read_text(errors="replace"))
            fps[name] = (seqs, grams(seqs))  # type: ignore[assignment]
        for name, (seqs, g) in fps.items():
            if "@" in name:
                copies += 1
                base_seqs, base_g = fps[name.split("@")[0]]
                same += seqs == base_seqs
                shares.append(share(g, base_g))
        apart = max((share(fps[a][1], fps[b][1]) for a, b in combinations(fps, 2)
                     if a.split("@")[0] != b.split("@")[0] and fps[a][0] != fps[b][0]), default=0.0)
        identical = sum(1 for a, b in combinations(fps, 2)
                        if a.split("@")[0] != b.split("@")[0] and fps[a][0] == fps[b][0])
        print(f"{opt}: copies identical {same}/{copies}, mean share copy~original "
              f"{sum(shares) / max(1, len(shares)):.2f}; different answers: {identical} pairs identical, "
              f"highest share otherwise {apart:.2f}; IR {ir_s / len(texts):.2f} s "
              f"({ir_s / len(texts) / build_s:.2f}x the build)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
