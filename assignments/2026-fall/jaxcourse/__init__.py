"""Course support library shipped with the chapter notebooks.

Students, the master notebooks and the grader all use these helpers, so a kernel is
compiled with the same flags everywhere and the chapter 2 measurement tools behave the
same in a notebook and in a grading sandbox. Nothing here knows about grading.
"""

from jaxcourse.kernels import (
    KERNEL_FLAGS,
    KernelBuildError,
    build_kernel,
    build_key,
    compile_argv,
    compiler_path,
    kernel_source_dir,
    load_kernel,
    register_rms_norm_targets,
)
from jaxcourse.measure import CompileCounter, compiled_hlo, count_fusions
from jaxcourse.reference import pairwise_distance_v1, rms_norm_np64

__all__ = [
    "KERNEL_FLAGS",
    "CompileCounter",
    "KernelBuildError",
    "build_kernel",
    "build_key",
    "compile_argv",
    "compiled_hlo",
    "compiler_path",
    "count_fusions",
    "kernel_source_dir",
    "load_kernel",
    "pairwise_distance_v1",
    "register_rms_norm_targets",
    "rms_norm_np64",
]
