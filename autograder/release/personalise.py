"""Personalised student notebooks: each student sees their own variant of the per-student exercises.

`personalise_notebook(nb, student_id, release_root)` is the one entry point (the grading service's
download page and `jaxgrade release --per-student ROSTER` both call it). Today one exercise has
variants: `recompile` (chapter 2), whose call sequence comes from the release's pool
(`jaxcourse/recompile_pool.json`, selection in `jaxcourse/variants.py`). In a personalised notebook
  * the recompile statement shows the student's own sequence instead of the shared example, and
  * the answer cell's `show_recompile_sequence("你的学号")` call carries the student's id,
and `metadata.jaxgrade.personalised_for` records the id. The grader never reads that id: it judges
every student against the sequence of the id it knows itself (folder or file name, LMS student,
service login), so editing a personalised notebook changes nothing about how it is graded.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from typing import Any

from autograder import registry

# jaxcourse loads its JAX-backed names on first use, so this import keeps the grading service (which
# personalises downloads) a process that never loads JAX (tests/test_jax_free_parent.py).
from jaxcourse.variants import POOL_FILE, load_pool, normalise_student_id, variant_index

_CODE_BLOCK = re.compile(r"```python\n.*?```", re.S)
_SHOW_CALL = re.compile(r'show_recompile_sequence\("[^"\n]*"\)')


class PersonaliseError(ValueError):
    """The notebook or the release cannot be personalised (English, for instructors and services)."""


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _set_source(cell: dict[str, Any], text: str) -> None:
    lines = text.split("\n")
    cell["source"] = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def _role(cell: dict[str, Any]) -> tuple[str | None, str | None]:
    meta = cell.get("metadata", {}).get("jaxgrade", {})
    return (meta.get("role"), meta.get("exercise")) if isinstance(meta, dict) else (None, None)


def personalise_notebook(nb: dict, student_id: str, release_root: Path) -> dict:
    """A copy of the released notebook `nb` showing `student_id` their own recompile sequence.

    Notebooks without a per-student exercise (chapter 5) come back as an unchanged copy apart from
    the metadata. Raises PersonaliseError for an empty id or a release without a usable pool.
    """
    if not normalise_student_id(student_id) or any(ch in student_id for ch in '"\\\n\r'):
        raise PersonaliseError(f"unusable student id {student_id!r}")
    out = copy.deepcopy(nb)
    meta = out.setdefault("metadata", {}).setdefault("jaxgrade", {})
    meta["personalised_for"] = student_id
    cells = out.get("cells", [])
    variant_exercises = registry.variant_exercises()  # the exercises whose cells show the student's variant
    if not any(_role(c)[1] in variant_exercises for c in cells):
        return out
    try:
        pool = load_pool(Path(release_root) / "jaxcourse" / POOL_FILE.name)
    except (OSError, ValueError, KeyError) as exc:
        raise PersonaliseError(f"release {release_root} has no usable recompile pool: {exc}") from exc
    index = variant_index(student_id, pool)
    sequence = pool.sequences[index].rstrip("\n")
    for cell in cells:
        role, exercise = _role(cell)
        if exercise not in variant_exercises:
            continue
        text = _source(cell)
        if role == "statement":
            if not _CODE_BLOCK.search(text):
                raise PersonaliseError("the recompile statement has no python code block to replace")
            text = _CODE_BLOCK.sub(lambda _m: f"```python\n{sequence}\n```", text, count=1)
            yours = f"下面就是你(学号 {student_id})的调用序列(变体 {index + 1}/{len(pool.sequences)})。"
            text = text.replace("下面是一个示例序列,题目说的就是这样一段代码。", yours)
            text = text.replace("(没有打印过时用上面的示例序列)", "(请先运行作答区里的这一行)")
            text = _SHOW_CALL.sub(lambda _m: f'show_recompile_sequence("{student_id}")', text)
            _set_source(cell, text)
        elif role == "answer":
            _set_source(cell, _SHOW_CALL.sub(lambda _m: f'show_recompile_sequence("{student_id}")', text))
    return out


def write_per_student(release_root: Path, student_ids: list[str], out: Path) -> list[Path]:
    """`out/<student id>/`: a copy of the release whose notebooks are personalised; one folder each."""
    from autograder.model import ReleaseInfo  # the grading model, only needed here

    release = ReleaseInfo.load(release_root)
    out.mkdir(parents=True, exist_ok=True)
    folders = []
    for sid in student_ids:
        folder = out / sid
        if folder.exists():
            shutil.rmtree(folder)
        shutil.copytree(release_root, folder, ignore=shutil.ignore_patterns("__pycache__"))
        for path in release.notebooks.values():
            nb = json.loads(path.read_text(encoding="utf-8"))
            personal = personalise_notebook(nb, sid, release_root)
            (folder / path.name).write_text(json.dumps(personal, indent=1, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
        folders.append(folder)
    return folders
