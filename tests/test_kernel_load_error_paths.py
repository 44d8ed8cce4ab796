"""A student's kernel library that fails to load is named by the student's source, never by the grader's
path to it (issue 43, section 4): `OSError: /sandbox/scratch/prebuilt/<key>.so: undefined symbol: ...`
showed the sandbox's scratch folder. Graded for real (`jaxgrade grade`, bwrap sandbox, silu_ffi only):
a corpus-like chapter-5 answer whose kernel declares a helper the handler calls but never defines it,
and one that exports no `Silu` handler. The symbol stays in the message; no `/sandbox/` or host path."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from autograder.grade.run.sandbox_paths_for_student import error_for_student
from autograder.sandbox import SCRATCH_TARGET

from helpers.batch_cli import grade, sandbox_prerequisites
from helpers.paths import REPO

CH05 = REPO / "examples" / "submissions" / "s001_all_correct" / "ch05_interop.ipynb"
KERNEL_CELL = 12  # the %%writefile silu.cc answer cell of the example notebook
HOST_PATH = re.compile(r"(?<![\w.+\-/:])/(?:sandbox|tmp|work|usr|root|home|proc)/")

VARIANTS = {
    # the handler calls a helper the file declares and never defines: dlopen fails (RTLD_NOW)
    "s_undefined_helper": (
        ("namespace {\n", "float ScaleOf(float v);\nnamespace {\n"),
        ("out[i] = in[i] * StableSigmoid(in[i]);", "out[i] = ScaleOf(in[i]) * StableSigmoid(in[i]);"),
    ),
    # the library loads, but the handler the notebook asks for is not exported
    "s_no_handler": (
        ("XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl", "XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluFwd, SiluImpl"),
    ),
}


def write_variant(subs: Path, sid: str, edits: tuple[tuple[str, str], ...]) -> None:
    nb = json.loads(CH05.read_text(encoding="utf-8"))
    cell = nb["cells"][KERNEL_CELL]
    src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    assert src.startswith("%%writefile silu.cc"), src[:40]
    for old, new in edits:
        assert src.count(old) == 1, old
        src = src.replace(old, new)
    cell["source"] = src
    (subs / sid).mkdir(parents=True)
    (subs / sid / "ch05_interop.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def test_a_kernel_that_fails_to_load_is_named_by_its_source_in_the_real_sandbox(tmp_path: Path) -> None:
    if why := sandbox_prerequisites():
        pytest.fail(f"this test grades in the real sandbox: {why}")
    subs, out = tmp_path / "subs", tmp_path / "out"
    for sid, edits in VARIANTS.items():
        write_variant(subs, sid, edits)
    done = grade(subs, out, "--jobs", "2", "--exercises", "silu_ffi", timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    symbols = {"s_undefined_helper": "undefined symbol: _Z7ScaleOff",
               "s_no_handler": "undefined symbol: Silu"}
    for sid, symbol in symbols.items():
        texts = {p.name: p.read_text(encoding="utf-8") for p in (out / sid).glob("*.*") if p.suffix in
                 (".json", ".md", ".html")}
        shown = json.dumps(json.loads(texts["results.json"]), ensure_ascii=False)  # \uXXXX decoded
        assert symbol in shown, (sid, shown[:2000])
        lines = [ln for ln in shown.split("\\n") if symbol in ln]
        assert all("silu.cc" in ln for ln in lines), lines[:2]
        for name, text in texts.items():
            assert SCRATCH_TARGET not in text and "prebuilt/" not in text, (sid, name)
            leak = HOST_PATH.search(text)
            assert str(tmp_path) not in text and leak is None, (sid, name, leak)


def test_an_unknown_library_and_other_sandbox_paths_keep_only_a_name() -> None:
    text = (f"OSError: {SCRATCH_TARGET}/prebuilt/0123abcd.so: undefined symbol: Foo "
            f"(from {SCRATCH_TARGET}/work/silu.cc and /sandbox/lib/jaxcourse/kernels.py)")
    shown = error_for_student(text, {})
    assert "/sandbox" not in shown and "0123abcd" not in shown, shown
    assert "undefined symbol: Foo" in shown and "silu.cc" in shown and "kernels.py" in shown, shown
    named = error_for_student(f"{SCRATCH_TARGET}/prebuilt/k1.so: undefined symbol: Bar", {"k1.so": "my.cc"})
    assert "my.cc" in named and "undefined symbol: Bar" in named, named
