"""Course support library shipped with the chapter notebooks.

Students, the master notebooks and the grader all use these helpers, so a kernel is
compiled with the same flags everywhere and the chapter 2 measurement tools behave the
same in a notebook and in a grading sandbox. Nothing here knows about grading.

The names below are loaded on first use (PEP 562), so `import jaxcourse` (or one of its
plain-Python submodules, such as `jaxcourse.variants`) does not import JAX: the grader's
trusted parent reads the release's pool and compiler flags from here and never needs JAX.
`from jaxcourse import CompileCounter` works as with eager imports. `jaxcourse.submit()` (the
notebook's last cell, `notebook_submit.py`) uploads the chapter notebooks to the grader service.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from jaxcourse.notebook_submit import submit
    from jaxcourse.reference import pairwise_distance_v1, rms_norm_np64

_MODULE_OF = {
    "KERNEL_FLAGS": "kernels",
    "KernelBuildError": "kernels",
    "build_kernel": "kernels",
    "build_key": "kernels",
    "compile_argv": "kernels",
    "compiler_path": "kernels",
    "kernel_source_dir": "kernels",
    "load_kernel": "kernels",
    "register_rms_norm_targets": "kernels",
    "CompileCounter": "measure",
    "compiled_hlo": "measure",
    "count_fusions": "measure",
    "pairwise_distance_v1": "reference",
    "rms_norm_np64": "reference",
    "submit": "notebook_submit",
}

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
    "submit",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later lookups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
