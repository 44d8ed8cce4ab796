"""The held-out similarity corpus (tests/corpus/similarity_heldout/) is well formed.

It is ground truth for measuring the similarity detector, so a broken answer, a dangling name in
pairs.json or a "copy" identical to its source would silently skew every number measured on it.
"""

from __future__ import annotations

import ast
import json
import subprocess
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from autograder import registry
from jaxcourse.kernels import KERNEL_FLAGS, compiler_path, ffi_include_dir

from helpers.similarity_heldout import (
    CORPUS,
    DISGUISES,
    EXERCISES,
    KERNEL_EXERCISE,
    KERNEL_FILE,
    STUDENTS,
    copy_groups,
    copy_pairs,
    independent_pairs,
    load_class,
    load_pairs,
    natural_convergence,
    students_answering,
)

MIN_STUDENTS = 20
MIN_COPIES = 40
MIN_PER_DISGUISE = 4
MIN_EXERCISES_PER_STUDENT = 5  # "most" of the eight

RULE_TABLES = ("ad.primitive_jvps", "ad.primitive_transposes", "batching.primitive_batchers")

CLASS = load_class()


def _defined_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _registered_tables(tree: ast.Module, primitive: str) -> set[str]:
    """`ad.primitive_jvps` etc. for every top-level `table[primitive] = rule`."""
    tables = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Subscript) and ast.unparse(t.slice) == primitive:
                    tables.add(ast.unparse(t.value))
    return tables


def test_class_size_and_coverage():
    assert len(CLASS) >= MIN_STUDENTS, f"{len(CLASS)} students"
    few = {sid: sorted(a) for sid, a in CLASS.items() if len(a) < MIN_EXERCISES_PER_STUDENT}
    assert not few, f"students answering fewer than {MIN_EXERCISES_PER_STUDENT} exercises: {few}"

    def is_answer(p: Path) -> bool:
        if p.is_dir():
            return p.name == KERNEL_EXERCISE and {c.name for c in p.iterdir()} <= {"answer.py", KERNEL_FILE}
        return p.suffix == ".py" and p.stem in EXERCISES and p.stem != KERNEL_EXERCISE

    stray = sorted(str(p.relative_to(STUDENTS)) for p in STUDENTS.glob("*/*") if not is_answer(p))
    assert not stray, f"files that are no exercise's answer: {stray}"


def test_corpus_exercises_are_the_courses():
    """The corpus's exercise ids are registered ones (a renamed exercise would orphan its answers)."""
    assert set(EXERCISES) <= set(registry.exercise_ids())


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_answer_parses_and_defines_the_interface(exercise):
    entry = registry.entry(exercise)
    problems = []
    for sid in students_answering(exercise):
        python, _kernel = CLASS[sid][exercise]
        try:
            tree = ast.parse(python)
        except SyntaxError as e:
            problems.append(f"{sid}: {e}")
            continue
        if entry.registers_rules:
            missing = set(RULE_TABLES) - _registered_tables(tree, entry.interface)
            if missing:
                problems.append(f"{sid}: registers no rule in {sorted(missing)}")
        elif entry.interface not in _defined_names(tree):
            problems.append(f"{sid}: defines no {entry.interface}")
        if entry.student_variants and f'show_recompile_sequence("{sid}")' not in python:
            problems.append(f"{sid}: does not print its own call sequence")
    assert not problems, "\n".join(problems)


def test_every_kernel_answer_has_its_kernel():
    missing = [sid for sid in students_answering(KERNEL_EXERCISE) if CLASS[sid][KERNEL_EXERCISE][1] is None]
    assert not missing, f"{KERNEL_EXERCISE} answers without {KERNEL_FILE}: {missing}"


@pytest.mark.slow  # one clang++ run per kernel
def test_every_kernel_compiles(tmp_path: Path):
    """`-fsyntax-only` with the course's own flags and the jaxlib FFI headers (jaxcourse/kernels.py)."""
    flags = [f for f in KERNEL_FLAGS if f not in ("-shared", "-fPIC")]
    failures = []
    for sid in students_answering(KERNEL_EXERCISE):
        source = STUDENTS / sid / KERNEL_EXERCISE / KERNEL_FILE
        argv = [compiler_path(), *flags, "-fsyntax-only", "-I", ffi_include_dir(), "--", str(source)]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=tmp_path)
        if done.returncode != 0:
            failures.append(f"{sid}:\n{done.stderr[-2000:]}")
    assert not failures, "\n".join(failures)


def test_pairs_name_existing_answers():
    doc = load_pairs()
    assert doc["version"] == 1 and doc["written"] and doc["rule"]
    dangling = [
        f"{c.exercise}: {sid}"
        for c in copy_pairs()
        for sid in (c.original, c.copy)
        if c.exercise not in CLASS.get(sid, {})
    ]
    dangling += [
        f"{g.exercise}: {sid} (natural convergence)"
        for g in natural_convergence()
        for sid in g.students
        if g.exercise not in CLASS.get(sid, {})
    ]
    assert not dangling, f"pairs.json names answers that do not exist: {dangling}"


def test_copies_are_distinct_from_their_originals():
    same = []
    for c in copy_pairs():
        assert c.original != c.copy, c
        original, copy = CLASS[c.original][c.exercise], CLASS[c.copy][c.exercise]
        for part, a, b in (("python", original[0], copy[0]), ("kernel", original[1], copy[1])):
            if a is not None and a == b:
                same.append(f"{c.exercise} {c.original} -> {c.copy}: the {part} is byte-identical")
    assert not same, "\n".join(same)


def test_copy_graph_is_simple():
    """Each student copies an exercise from one source at most, and no pair is listed twice."""
    seen = Counter((c.exercise, c.copy) for c in copy_pairs())
    twice = [k for k, n in seen.items() if n > 1]
    assert not twice, f"a student copied one exercise from two sources: {twice}"
    # a chain a -> b -> c would make b both a source and a copy: allowed only if written down on purpose
    for exercise in EXERCISES:
        copiers = {c.copy for c in copy_pairs(exercise)}
        sources = {c.original for c in copy_pairs(exercise)}
        assert not copiers & sources, f"{exercise}: chained copies {sorted(copiers & sources)}"


def test_counts_of_copies_and_disguises():
    pairs = copy_pairs()
    assert len(pairs) >= MIN_COPIES, f"{len(pairs)} copies"
    kinds = Counter(k for c in pairs for k in c.disguises)
    unknown = set(kinds) - set(DISGUISES)
    assert not unknown, f"disguise kinds not in the README's table: {sorted(unknown)}"
    few = {k: kinds[k] for k in DISGUISES if kinds[k] < MIN_PER_DISGUISE}
    assert not few, f"disguise kinds used fewer than {MIN_PER_DISGUISE} times: {few}"
    cc_only = [c for c in pairs if {"cc_templates_lambdas", "cc_unroll"} & set(c.disguises)]
    assert all(c.exercise == KERNEL_EXERCISE for c in cc_only), "C++ disguises outside silu_ffi"
    assert any(len(c.disguises) >= 3 for c in pairs), "no copy combines three disguises"
    assert any(len(g) >= 3 for e in EXERCISES for g in copy_groups(e)), "no source copied by two students"


def test_natural_convergence_groups_are_independent():
    for g in natural_convergence():
        assert len(g.students) >= 2, g
        independent = set(independent_pairs(g.exercise))
        for a, b in combinations(sorted(g.students), 2):
            assert (a, b) in independent, f"{g.exercise}: {a} and {b} are listed as converging but copied"


def test_graded_scores_cover_every_answer():
    """graded.json says which answers are correct; it must name exactly the answers on disk."""
    graded = json.loads((CORPUS / "graded.json").read_text(encoding="utf-8"))["scores"]
    on_disk = {(sid, ex) for sid, answers in CLASS.items() for ex in answers}
    in_file = {(sid, ex) for sid, row in graded.items() for ex in row}
    assert in_file == on_disk, (
        f"graded only: {sorted(in_file - on_disk)}, not graded: {sorted(on_disk - in_file)}"
    )
    for sid, row in graded.items():
        for ex, s in row.items():
            assert 0 <= s["score"] <= s["max_score"], (sid, ex, s)


def test_independent_pairs_leave_out_copy_groups():
    for exercise in EXERCISES:
        pairs = set(independent_pairs(exercise))
        n = len(students_answering(exercise))
        grouped = sum(len(g) * (len(g) - 1) // 2 for g in copy_groups(exercise))
        assert len(pairs) == n * (n - 1) // 2 - grouped, exercise
        for c in copy_pairs(exercise):
            assert tuple(sorted((c.original, c.copy))) not in pairs
