"""Mapping a student's notebook onto setup + per-exercise answer cells (autograder/grade/cells.py).

Uses the real released chapter 5 notebook when a release can be built from solutions/, and a small
hand-written release notebook for the rest, so each rule is visible in the test itself.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from autograder.exercises import CHAPTERS
from autograder.grade.cells import map_cells, signed_exercises, strip_otter

REPO = Path(__file__).resolve().parents[1]


def code(src: str, meta: dict | None = None) -> dict:
    return {"cell_type": "code", "metadata": {"jaxgrade": meta} if meta else {}, "source": src,
            "outputs": [], "execution_count": None}


def md(src: str, meta: dict | None = None) -> dict:
    return {"cell_type": "markdown", "metadata": {"jaxgrade": meta} if meta else {}, "source": src}


def nb(cells: list[dict]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}


SETUP_A = "import jax\nimport jax.numpy as jnp"
SETUP_B = "from jaxcourse import CompileCounter, count_fusions"
STATEMENTS = {ex: f"## 练习:{ex}\n\n请定义接口。" for ex in CHAPTERS["ch02"]}
TEMPLATES = {ex: f"# ✍️ 作答区:{ex}" for ex in CHAPTERS["ch02"]}
SELFCHECKS = {ex: f'grader.check("{ex}")' for ex in CHAPTERS["ch02"]}
ANSWERS = {
    "histogram": "def primitive_histogram(f, *args):\n    return {}",
    "recompile": "predicted_compiles = 4",
    "fusion": "def fusion_report(f, *args):\n    return (1, 2.0)",
    "safe_distance": "def safe_pairwise_distance(X, Y):\n    return X @ Y.T",
}


def release_ch02() -> dict:
    otter_init = '# Initialize Otter\nimport otter\ngrader = otter.Notebook("ch02.ipynb")'
    cells = [code(otter_init, {"role": "selfcheck"}),
             md("# 第 2 章"), code(SETUP_A, {"role": "setup"}), code(SETUP_B, {"role": "setup"})]
    for ex in CHAPTERS["ch02"]:
        cells += [md(STATEMENTS[ex], {"role": "statement", "exercise": ex}),
                  code(TEMPLATES[ex], {"role": "answer", "exercise": ex}),
                  code(SELFCHECKS[ex], {"role": "selfcheck", "exercise": ex})]
    return nb(cells)


def answered(release: dict) -> dict:
    out = copy.deepcopy(release)
    for c in out["cells"]:
        meta = c["metadata"].get("jaxgrade", {})
        if meta.get("role") == "answer":
            c["source"] = ANSWERS[meta["exercise"]]
    return out


def strip_metadata(notebook: dict) -> dict:
    out = copy.deepcopy(notebook)
    for c in out["cells"]:
        c["metadata"] = {}
    return out


def sources(mapped, ex: str) -> list[str]:
    return [c.source for c in mapped.answers[ex]]


def test_metadata_present_gives_release_setup_and_one_answer_per_exercise():
    release = release_ch02()
    student = answered(release)
    student["cells"][2]["source"] = "import jax\nprint('my own setup')"  # the student's setup edit is ignored
    mapped = map_cells("ch02", release, student)
    assert mapped.setup == (SETUP_A, SETUP_B)
    assert mapped.attribution == "metadata"
    assert {ex: sources(mapped, ex) for ex in CHAPTERS["ch02"]} == {ex: [a] for ex, a in ANSWERS.items()}
    assert any("第 3 个单元格" in n for n in mapped.notes_zh)
    assert [c.index for c in mapped.answers["histogram"]] == [5]


def test_student_added_cells_join_the_preceding_exercise_and_otter_lines_are_dropped():
    release = release_ch02()
    student = answered(release)
    at = next(i for i, c in enumerate(student["cells"]) if c["source"] == ANSWERS["fusion"])
    student["cells"][at + 1:at + 1] = [code("helper = 3\ngrader.check('fusion')"), md("我的笔记"),
                                      code("   \n# 只是注释\n")]
    mapped = map_cells("ch02", release, student)
    assert sources(mapped, "fusion") == [ANSWERS["fusion"], "helper = 3"]
    assert sources(mapped, "recompile") == [ANSWERS["recompile"]]


def test_stripped_metadata_is_recovered_from_release_text():
    release = release_ch02()
    mapped = map_cells("ch02", release, strip_metadata(answered(release)))
    assert mapped.attribution == "recovered"
    assert mapped.setup == (SETUP_A, SETUP_B)
    assert {ex: sources(mapped, ex) for ex in CHAPTERS["ch02"]} == {ex: [a] for ex, a in ANSWERS.items()}


def test_stripped_and_rewritten_notebook_is_mapped_by_interface_names():
    """No metadata, statements rewritten, cells in a new order, self-checks deleted: names decide."""
    release = release_ch02()
    student = nb([code("import jax\nimport jax.numpy as jnp\nimport numpy as np"),
                  code(ANSWERS["safe_distance"]), code("def _norm(v):\n    return v"),
                  md("我的草稿"), code(ANSWERS["histogram"]), code(ANSWERS["recompile"] + "  # 猜的"),
                  code("%%time\n" + ANSWERS["fusion"])])
    mapped = map_cells("ch02", release, student)
    assert mapped.attribution == "names"
    assert sources(mapped, "safe_distance") == [ANSWERS["safe_distance"], "def _norm(v):\n    return v"]
    # the imports come before any exercise: they run with the first exercise, before every probe
    assert sources(mapped, "histogram") == ["import jax\nimport jax.numpy as jnp\nimport numpy as np",
                                            ANSWERS["histogram"]]
    assert sources(mapped, "recompile") == [ANSWERS["recompile"] + "  # 猜的"]
    assert sources(mapped, "fusion") == ["%%time\n" + ANSWERS["fusion"]]


def test_cells_before_any_exercise_go_to_the_first_exercise():
    release = release_ch02()
    student = nb([code("import scipy"), code(ANSWERS["fusion"])])
    mapped = map_cells("ch02", release, student)
    assert sources(mapped, "histogram") == ["import scipy"]
    assert sources(mapped, "fusion") == [ANSWERS["fusion"]]


def test_reordered_exercises_keep_their_own_cells():
    release = release_ch02()
    student = answered(release)
    blocks, head, block = [], [], None
    for c in student["cells"]:
        meta = c["metadata"].get("jaxgrade", {})
        if meta.get("role") == "statement":
            block = [c]
            blocks.append(block)
        elif block is not None:
            block.append(c)
        else:
            head.append(c)
    student["cells"] = head + [c for b in reversed(blocks) for c in b]
    mapped = map_cells("ch02", release, student)
    assert {ex: sources(mapped, ex) for ex in CHAPTERS["ch02"]} == {ex: [a] for ex, a in ANSWERS.items()}


def test_answer_retyped_to_markdown_or_deleted_means_no_answer():
    release = release_ch02()
    student = answered(release)
    for c in student["cells"]:
        meta = c["metadata"].get("jaxgrade", {})
        if meta.get("role") == "answer" and meta["exercise"] == "fusion":
            c["cell_type"] = "markdown"
            c.pop("outputs"), c.pop("execution_count")
    student["cells"] = [c for c in student["cells"]
                        if c["metadata"].get("jaxgrade", {}).get("exercise") != "recompile"]
    mapped = map_cells("ch02", release, student)
    assert mapped.answers["fusion"] == ()
    assert mapped.answers["recompile"] == ()
    assert sources(mapped, "histogram") == [ANSWERS["histogram"]]


def test_untouched_template_and_selfcheck_copies_are_not_answers():
    release = release_ch02()
    mapped = map_cells("ch02", release, strip_metadata(release))
    assert all(v == () for v in mapped.answers.values())


def test_list_sources_and_crlf_are_handled():
    release = release_ch02()
    student = answered(release)
    for c in student["cells"]:
        c["source"] = [line + "\r\n" for line in c["source"].split("\n")]
    mapped = map_cells("ch02", release, strip_metadata(student))
    assert mapped.attribution == "recovered"
    assert [len(mapped.answers[ex]) for ex in CHAPTERS["ch02"]] == [1, 1, 1, 1]


def test_garbage_notebook_maps_to_no_answers():
    mapped = map_cells("ch02", release_ch02(), {"cells": [1, "x", {"cell_type": "code", "source": 5}]})
    assert all(v == () for v in mapped.answers.values())


@pytest.mark.parametrize(("src", "expected"), [
    ("%%writefile silu.cc\nint x;", ["silu_ffi"]),
    ("%%writefile -a 'cpp/silu.cpp'\nint y;", ["silu_ffi"]),
    ("ad.primitive_jvps[custom_reduce_sum_p] = jvp\nbatching.primitive_batchers[custom_reduce_sum_p] = b",
     ["reduce_sum_rules"]),
    ("ad.deflinear2(custom_reduce_sum_p, transpose)", ["reduce_sum_rules"]),
    ("@jax.custom_jvp\ndef gammaln_cb(x):\n    return x", ["gammaln_callback"]),
    ("rms_norm_prim_p = Primitive('rms_norm_prim')", ["ffi_lowering"]),
    ("@jax.custom_vjp\ndef silu_ffi(x):\n    return x\nsilu_ffi.defvjp(f, b)", ["silu_ffi"]),
    ("x = custom_reduce_sum(a, (0,))", []),  # using the setup's function is no answer
    ("def helper():\n    rms_norm_prim_p = 1", []),  # a local name is not a definition
])
def test_chapter5_signs(src, expected):
    assert signed_exercises(src, CHAPTERS["ch05"]) == expected


def test_strip_otter_keeps_the_rest_of_the_cell():
    assert strip_otter('x = 1\ngrader.check("q1")\nimport otter\ny = 2') == "x = 1\ny = 2"


def test_real_chapter5_release_maps_the_master_answers(fresh_release: Path):
    release = json.loads((fresh_release / "ch05_interop.ipynb").read_text(encoding="utf-8"))
    master = json.loads((REPO / "solutions" / "ch05_interop.ipynb").read_text())
    ref: dict[str, list[str]] = {}
    for c in master["cells"]:
        meta = c["metadata"].get("jaxgrade", {})
        if c["cell_type"] == "code" and meta.get("role") == "answer":
            ref.setdefault(meta["exercise"], []).append("".join(c["source"]))
    student = copy.deepcopy(release)
    seen: dict[str, int] = {}
    for c in student["cells"]:
        meta = c["metadata"].get("jaxgrade", {})
        if meta.get("role") == "answer":
            ex = meta["exercise"]
            c["source"] = ref[ex][seen.get(ex, 0)]
            seen[ex] = seen.get(ex, 0) + 1
    for variant in (student, strip_metadata(student)):
        mapped = map_cells("ch05", release, variant)
        assert len(mapped.setup) >= 1 and all("otter" not in s for s in mapped.setup)
        for ex in CHAPTERS["ch05"]:
            got = "\n".join(sources(mapped, ex))
            for answer_src in ref[ex]:
                body = [ln for ln in answer_src.splitlines()
                        if ln.strip() and not ln.lstrip().startswith("#")]
                assert body and all(ln in got for ln in body), (ex, variant is student)
        assert sources(mapped, "silu_ffi")[0].startswith("%%writefile silu.cc")


SUBMIT = "import jaxcourse\n\njaxcourse.submit()"


@pytest.mark.parametrize("keep_metadata", [True, False])
def test_submit_cell_is_never_graded(keep_metadata: bool):
    """The last cell uploads the notebook from the student's kernel; grading must not run it."""
    release = release_ch02()
    release["cells"].append(code(SUBMIT, {"role": "submit"}))
    student = answered(release)
    if not keep_metadata:
        student = strip_metadata(student)
    mapped = map_cells("ch02", release, student)
    assert {ex: sources(mapped, ex) for ex in CHAPTERS["ch02"]} == {ex: [a] for ex, a in ANSWERS.items()}
