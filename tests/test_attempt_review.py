"""The parts of the TA's attempt page that read untrusted or counted data, without a server:
`attempt_review.code_cells` (a student's upload, hostile) and `attempt_numbers.numbers` (the number
a person reads for an attempt)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import nbformat
from hypothesis import given
from hypothesis import strategies as st

from autograder.service.domain.course import attempt_numbers
from autograder.service.domain.review import attempt_review
from autograder.service.domain.review.attempt_review import MAX_CELL_CHARS, MAX_CELLS

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "submissions" / "s001_all_correct"


def test_a_notebooks_code_cells_are_its_code_cells_in_order() -> None:
    path = EXAMPLE / "ch05_interop.ipynb"
    cells = attempt_review.code_cells(path.name, path.read_bytes())
    expected = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    assert cells is not None and [c.source for c in cells] == expected
    assert [c.index for c in cells] == list(range(1, len(expected) + 1))
    assert {c.file for c in cells} == {path.name} and not any(c.truncated for c in cells)


def test_a_file_that_is_not_a_notebook_is_shown_as_its_text_and_binary_not_at_all() -> None:
    (cell,) = attempt_review.code_cells("broken.ipynb", b'{"cells": [')  # type: ignore[misc]
    assert cell.source == '{"cells": [' and cell.index == 1
    assert attempt_review.code_cells("kernel.cc", b"int main() {}")[0].source == "int main() {}"  # type: ignore[index]
    assert attempt_review.code_cells("data.npy", b"\x93NUMPY\xff\xfe") is None


def test_huge_cells_and_many_cells_are_cut() -> None:
    doc = {"cells": [{"cell_type": "code", "source": "x" * (MAX_CELL_CHARS + 5)}] * (MAX_CELLS + 3)}
    cells = attempt_review.code_cells("big.ipynb", json.dumps(doc).encode())
    assert cells is not None and len(cells) == MAX_CELLS
    assert all(c.truncated and len(c.source) == MAX_CELL_CHARS for c in cells)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(
    name=st.sampled_from(["a.ipynb", "b.py", "c"]),
    data=st.one_of(
        st.binary(max_size=300),
        _json.map(lambda d: json.dumps(d).encode()),
        st.lists(
            st.fixed_dictionaries({"cell_type": st.sampled_from(["code", "markdown"]), "source": _json})
        ).map(lambda cells: json.dumps({"cells": cells}).encode()),
    ),
)
def test_any_upload_gives_cells_of_text_or_none_never_an_error(name: str, data: bytes) -> None:
    cells = attempt_review.code_cells(name, data)
    if cells is not None:
        assert all(isinstance(c.source, str) and c.file == name for c in cells)
        assert len(cells) <= MAX_CELLS and all(len(c.source) <= 5 * MAX_CELL_CHARS for c in cells)


class _A:
    def __init__(self, id: int, assignment_id: str | None) -> None:
        self.id, self.assignment_id = id, assignment_id


@given(st.lists(st.sampled_from(["hw2", "hw5", None]), max_size=30), st.randoms())
def test_numbers_count_each_assignments_attempts_from_one_in_upload_order(
    assignments: list[str | None], rnd: object
) -> None:
    attempts = [_A(i + 1, a) for i, a in enumerate(assignments)]
    shuffled = list(attempts)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    number = attempt_numbers.numbers(shuffled)
    seen: Counter[str | None] = Counter()
    for a in attempts:  # in id order, each assignment counts on its own
        seen[a.assignment_id] += 1
        assert number[a.id] == seen[a.assignment_id]
