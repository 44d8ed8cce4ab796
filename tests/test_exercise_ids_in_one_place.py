"""No exercise id is named in code outside its own modules and the registry.

Adding an exercise touches one place (docs/instructors/adding-an-exercise.md): everything another
module needs to know about one exercise (its interface sign, whether it compiles files, whether each
student gets their own variant) is a field of its `ExerciseEntry` in autograder/registry.py, so no
table elsewhere lists ids. The scan reads the Python AST of autograder/ and jaxcourse/ (comments and
docstrings may mention exercises) and flags an id used as a string constant, a dotted/slashed path
component of one, a name, an attribute or an import.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from autograder import registry

REPO = Path(__file__).resolve().parents[1]
SCANNED = ("autograder", "jaxcourse")

# An exercise's own modules may name it: the registry, its trusted module and its probes.
ALLOWED_OWN = ("autograder/registry.py",)
# A migration is history frozen at its revision: 0010 parses grades.csv cells written when these eight
# exercises were the columns, so it must name them as they were, not read today's registry.
FROZEN_HISTORY = "autograder/service/storage/migrations/versions/"
# The only allowlist: the English word, not the exercise. "histogram" is also the chart of score and
# pair-similarity counts (a field and a template key) in these modules. Keyed by file name, so the
# entries survive the service's modules moving into layer folders.
HOMONYMS = {
    ("items_page.py", "histogram"),
    ("pages.py", "histogram"),
    ("similarity_page.py", "histogram"),
    ("analyse.py", "histogram"),
    ("report.py", "histogram"),
}


@dataclass(frozen=True)
class IdUse:
    path: str
    line: int
    exercise: str
    how: str


def _own_files(exercise_id: str) -> set[str]:
    return {
        f"autograder/exercises/{exercise_id}.py",
        f"autograder/sandboxed/probes/{exercise_id}.py",
        f"autograder/sandboxed/probes/{exercise_id}_kernel.py",
    }


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def id_uses(source: str, rel_path: str, ids: tuple[str, ...]) -> list[IdUse]:
    """Every place `source` names one of `ids` in code (not in comments or docstrings)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    wanted = set(ids)
    found: list[IdUse] = []

    def hit(node: ast.AST, name: str, how: str) -> None:
        homonym = (rel_path.rsplit("/", 1)[-1], name) in HOMONYMS
        if name in wanted and rel_path not in _own_files(name) and not homonym:
            found.append(IdUse(rel_path, getattr(node, "lineno", 0), name, how))

    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            for part in {node.value, *re.split(r"[./:]", node.value)}:
                hit(node, part, "string")
        elif isinstance(node, ast.Name):
            hit(node, node.id, "name")
        elif isinstance(node, ast.Attribute):
            hit(node, node.attr, "attribute")
        elif isinstance(node, ast.alias):
            for part in {*node.name.split("."), *(node.asname or "").split(".")}:
                hit(node, part, "import")
        elif isinstance(node, ast.ImportFrom) and node.module:
            for part in node.module.split("."):
                hit(node, part, "import")
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            hit(node, node.name, "definition")
    return found


def scan_tree(root: Path, ids: tuple[str, ...]) -> list[IdUse]:
    found: list[IdUse] = []
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel in ALLOWED_OWN or rel.startswith(FROZEN_HISTORY):
                continue
            found += id_uses(path.read_text(encoding="utf-8"), rel, ids)
    return found


def test_no_exercise_id_is_named_outside_its_own_modules_and_the_registry() -> None:
    uses = scan_tree(REPO, registry.exercise_ids())
    assert uses == [], "\n".join(f"{u.path}:{u.line}: {u.exercise} ({u.how})" for u in uses)


def test_the_scan_catches_a_planted_id_in_each_form() -> None:
    planted = (
        'TABLE = {"recompile": 1}\n'
        "from autograder.exercises import silu_ffi\n"
        "import autograder.exercises.fusion\n"
        "x = obj.histogram\n"
        'mod = "autograder.sandboxed.probes.ffi_lowering"\n'
        "def f():\n"
        '    """safe_distance in a docstring is prose."""\n'
        "    # gammaln_callback in a comment is prose\n"
        "    return reduce_sum_rules\n"
    )
    uses = id_uses(planted, "autograder/service/planted.py", registry.exercise_ids())
    assert sorted((u.exercise, u.how) for u in uses) == [
        ("ffi_lowering", "string"),
        ("fusion", "import"),
        ("histogram", "attribute"),
        ("recompile", "string"),
        ("reduce_sum_rules", "name"),
        ("silu_ffi", "import"),
    ]
    # its own module may name it
    assert id_uses(planted, "autograder/exercises/recompile.py", ("recompile",)) == []
