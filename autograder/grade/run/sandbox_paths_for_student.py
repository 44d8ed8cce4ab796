"""Error texts from the sandbox as the student may read them: no path of the grader's.

A child's errors name the paths the sandbox gave its files: a kernel library that fails to load reads
`OSError: /sandbox/scratch/prebuilt/<build key>.so: undefined symbol: ...`. The student never wrote
that path and cannot find it; the library is named by the source it was compiled from
(`你的内核库(由 silu.cc 编译)`), the student's own files by their names in the notebook's folder,
any other sandbox path by its file name; the symbol and the rest of the message stay.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from autograder.grade.build import without_host_details
from autograder.i18n import _
from autograder.messages import KERNEL_LIBRARY_UNNAMED_ZH, KERNEL_LIBRARY_ZH
from autograder.sandbox import SCRATCH_TARGET

# a library the grader built into the child's prebuilt/ folder (named `<build key>.so`)
_PREBUILT = re.compile(re.escape(SCRATCH_TARGET) + r"/prebuilt/([\w.+\-]+\.so)\b")
# any other path under the sandbox's own root (scratch, the mounted libraries, the launcher)
_SANDBOX_PATH = re.compile(r"(?<![\w.+\-/:])/sandbox(?:/[\w.+\-]+)+/?")


def library_zh(file_name: str, libraries: Mapping[str, str]) -> str:
    """A prebuilt library (`<key>.so`) as the student knows it: by the source it was built from."""
    source = libraries.get(file_name)
    return _(KERNEL_LIBRARY_ZH).format(source=source) if source else _(KERNEL_LIBRARY_UNNAMED_ZH)


def without_sandbox_paths(text: str, libraries: Mapping[str, str]) -> str:
    """`text` with the sandbox's paths replaced: prebuilt libraries by their sources (`libraries`:
    library file name -> the student's source file name), the notebook's folder dropped (the student's
    files keep their names), any other sandbox path by its file name."""
    if "/sandbox" not in text:
        return text
    text = _PREBUILT.sub(lambda m: library_zh(m.group(1), libraries), text)
    text = text.replace(f"{SCRATCH_TARGET}/work/", "")
    return _SANDBOX_PATH.sub(lambda m: m.group(0).rstrip("/").rsplit("/", 1)[-1], text)


def error_for_student(text: str, libraries: Mapping[str, str]) -> str:
    """A child's error message (a cell's, a probe's) as the student reads it: no sandbox path, and no
    host path, backtrace or long address either (the compiler's scrubber, build.without_host_details)."""
    return without_host_details(without_sandbox_paths(text, libraries))


__all__ = ["error_for_student", "library_zh", "without_sandbox_paths"]
