"""The parent is total over student data: every decoder and reader it applies to child or submission
data returns a value or raises StudentInputError, nothing else, within a bounded time (Hypothesis).

What is checked of a returned value: its text encodes as UTF-8 (no lone surrogate reaches the
gradebook, the content hash or the feedback) and its integers fit int64. Example counts are modest
(the suite runs on two shared cores); the deadline per example is generous for the same reason, and
the worst cases at the caps are timed explicitly.
"""

from __future__ import annotations

import io
import json
import socket
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder import untrusted_json
from autograder.exercises import CHAPTERS
from autograder.grade import cells as cells_mod
from autograder.grade.batch import GradingScope, grade_student
from autograder.grade.cells import map_cells
from autograder.grade.intake import Entry, intake_student, parse_notebook
from autograder.grade.intake_read import DEFAULT_LIMITS, read_zip
from autograder.grade.observation_stream import ObservationStream, decode_array
from autograder.grade.progress_reader import ProgressReader
from autograder.model import ReleaseInfo, StudentSubmission
from autograder.observations import Observations, StudentError, read_npy, read_observations
from autograder.sandboxed.wire import FRAME_MAGIC, FRAME_PREFIX
from autograder.student_input import StudentInputError, valid_data, valid_text

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
pytestmark = pytest.mark.filterwarnings("ignore:Duplicate name:UserWarning")
PROPERTY = settings(
    max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow], database=None
)

# text with everything hostile in it: lone surrogates, NUL, escapes, brackets, magics
HOSTILE_CHARS = st.sampled_from(
    [
        "\ud800",
        "\udfff",
        "\udc80",
        "\x00",
        "\\",
        '"',
        "[",
        "{",
        "}",
        "]",
        "!",
        "%",
        "\n",
        "1+",
        "(",
        ")",
        "é",
        "😀",
    ]
)
TEXT = st.lists(st.one_of(st.text(max_size=8), HOSTILE_CHARS), max_size=40).map("".join)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**400), max_value=10**400), st.floats(), TEXT
)
JSON_DATA = st.recursive(
    SCALARS,
    lambda kids: st.one_of(st.lists(kids, max_size=5), st.dictionaries(TEXT, kids, max_size=5)),
    max_leaves=30,
)


def json_bytes(value: Any) -> bytes:
    """JSON as a child or a hand-edited notebook could write it: lone surrogates as escapes."""
    return json.dumps(value, ensure_ascii=True, allow_nan=True).encode()


def assert_plain(value: Any) -> None:
    """Valid text everywhere, integers within int64."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            v.encode("utf-8")
        elif isinstance(v, bool) or v is None or isinstance(v, float):
            pass
        elif isinstance(v, int):
            assert -(2**63) <= v < 2**63, v
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, StudentError):
            stack.extend([v.type, v.message])
        elif isinstance(v, np.ndarray):
            assert v.dtype.kind in "biufc"
        else:
            raise AssertionError(f"unexpected {type(v).__name__}")


def returns_or_refuses(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """fn's value, or None when it raised StudentInputError; any other exception fails the test."""
    try:
        return fn(*args, **kwargs)
    except StudentInputError as exc:
        exc.message_zh.encode("utf-8")
        return None


# --- the bottom layer ------------------------------------------------------------------------------


@PROPERTY
@given(TEXT)
def test_valid_text_leaves_no_lone_surrogate(text: str) -> None:
    out = valid_text(text)
    out.encode("utf-8")
    assert len(out) == len(text)
    if "\ud800" not in text and "\udfff" not in text and "\udc80" not in text:
        assert out == text


@PROPERTY
@given(JSON_DATA)
def test_valid_data_makes_every_string_valid(value: Any) -> None:
    json.dumps(valid_data(json.loads(json.dumps(value))), ensure_ascii=False).encode("utf-8")


# --- JSON on every channel ------------------------------------------------------------------------


@PROPERTY
@given(
    st.one_of(
        JSON_DATA.map(json_bytes),
        st.binary(max_size=300),
        st.lists(
            st.sampled_from(
                [
                    b"[",
                    b"]",
                    b"{",
                    b"}",
                    b'"',
                    b"\\",
                    b"1",
                    b",",
                    b":",
                    b"\\ud800",
                    b"1" * 500,
                    b"\xed\xa0\x80",
                    b"NaN",
                ]
            ),
            max_size=200,
        ).map(b"".join),
    )
)
def test_untrusted_json_returns_plain_data_or_refuses(data: bytes) -> None:
    doc = returns_or_refuses(untrusted_json.loads, data)
    assert_plain(doc)


def test_untrusted_json_bounds_numbers_and_text() -> None:
    assert untrusted_json.loads(b"1" + b"0" * 400) == float("inf")
    assert untrusted_json.loads(b"-" + b"9" * 30) < -1e29
    assert untrusted_json.loads(b"9223372036854775807") == 2**63 - 1
    assert untrusted_json.loads(b'["\\ud800", {"\\udfff": 1}]') == ["\ufffd", {"\ufffd": 1}]
    assert untrusted_json.loads(b'"\\ud83d\\ude00"') == "😀"  # a pair is one valid character
    with pytest.raises(StudentInputError):
        untrusted_json.loads('"x"'.encode("utf-16"))  # UTF-8 only, no guessing
    with pytest.raises(StudentInputError):
        untrusted_json.loads(b'"\xed\xa0\x80"')  # an encoded surrogate is not UTF-8


# --- observation files, arrays, frames -------------------------------------------------------------


ENTRY = st.one_of(
    st.fixed_dictionaries({"json": JSON_DATA}),
    st.fixed_dictionaries({"json": st.fixed_dictionaries({"float": st.one_of(TEXT, JSON_DATA)})}),
    st.fixed_dictionaries(
        {"error": st.one_of(JSON_DATA, st.fixed_dictionaries({"type": TEXT, "message": TEXT}))}
    ),
    st.fixed_dictionaries({"npy": st.sampled_from(["a.npy", "missing.npy", "../x.npy", "bad.npy"])}),
    JSON_DATA,
)


@PROPERTY
@given(st.dictionaries(TEXT, ENTRY, max_size=8), st.binary(max_size=200))
def test_read_observations_returns_observations(values: dict, junk_npy: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        np.save(folder / "a.npy", np.arange(6, dtype=np.float32).reshape(2, 3), allow_pickle=False)
        (folder / "bad.npy").write_bytes(junk_npy)
        (folder / "ex.json").write_bytes(json_bytes({"format": 1, "exercise": "ex", "values": values}))
        obs = read_observations(folder, "ex")
    assert isinstance(obs, Observations)
    assert_plain(obs.values)
    for key in obs.values:  # every getter the verdicts use: a value or ObservationInvalid
        for getter in (obs.number, obs.integer, obs.text, obs.mapping, obs.array):
            try:
                getter(key)
            except ValueError:  # ObservationInvalid
                pass


def test_float_escape_without_a_number_is_the_keys_error() -> None:
    with tempfile.TemporaryDirectory() as d:
        values = {
            "nan": {"json": {"float": "nan"}},
            "abc": {"json": {"float": "abc"}},
            "list": {"json": {"float": [1]}},
            "huge": {"json": 10**400},
        }
        (Path(d) / "ex.json").write_bytes(json_bytes({"format": 1, "exercise": "ex", "values": values}))
        obs = read_observations(Path(d), "ex")
    assert obs is not None and np.isnan(obs.number("nan"))
    assert isinstance(obs.error("abc"), StudentError) and isinstance(obs.error("list"), StudentError)
    assert obs.number("huge") == float("inf")


def npy_bytes(arr: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, arr, allow_pickle=False)
    return buf.getvalue()


@PROPERTY
@given(
    st.one_of(
        st.binary(max_size=300),
        st.tuples(
            st.sampled_from([npy_bytes(np.zeros((2, 3), "<f4")), npy_bytes(np.arange(5))]),
            st.integers(0, 140),
            st.binary(min_size=1, max_size=8),
        ).map(lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + len(t[2]) :]),
    )
)
def test_read_npy_returns_a_numeric_array_or_refuses(data: bytes) -> None:
    arr = returns_or_refuses(read_npy, data)
    assert arr is None or (isinstance(arr, np.ndarray) and arr.dtype.kind in "biufc")


DTYPES = st.one_of(
    st.sampled_from(["f3", "i16", "<f4", ">i8", "|b1", "c5", "u0", "f16", "c32", "|u1", "O"]),
    st.text(max_size=6),
    JSON_DATA,
)
SHAPES = st.one_of(st.lists(st.integers(-2, 2**41), max_size=34), JSON_DATA)


@PROPERTY
@given(DTYPES, SHAPES, st.binary(max_size=64))
def test_decode_array_returns_an_array_or_refuses(dtype: Any, shape: Any, payload: bytes) -> None:
    arr = returns_or_refuses(decode_array, dtype, shape, payload)
    assert arr is None or (isinstance(arr, np.ndarray) and arr.nbytes == len(payload))


def frame(header: Any, payload: bytes = b"") -> bytes:
    head = json.dumps(header).encode() if not isinstance(header, bytes) else header
    return FRAME_PREFIX.pack(FRAME_MAGIC, len(head), len(payload)) + head + payload


HEADER = st.fixed_dictionaries(
    {"op": st.sampled_from(["put", "end", "hello", "x"]), "seq": st.one_of(st.integers(0, 5), JSON_DATA)},
    optional={
        "ex": st.one_of(st.sampled_from(["a", "b"]), JSON_DATA),
        "key": st.one_of(TEXT, JSON_DATA),
        "kind": st.sampled_from(["json", "error", "npy", "x"]),
        "dtype": DTYPES,
        "shape": SHAPES,
        "frames": st.one_of(st.integers(0, 3), JSON_DATA),
        "tampered": JSON_DATA,
    },
)
FRAMES = st.lists(
    st.one_of(
        st.tuples(HEADER, st.one_of(JSON_DATA.map(json_bytes), st.binary(max_size=40))).map(
            lambda t: frame(*t)
        ),
        st.binary(max_size=40).map(lambda b: frame(b)),  # a header that is not JSON
        st.binary(max_size=30),  # bytes that are not a frame at all
    ),
    max_size=12,
).map(b"".join)


@PROPERTY
@given(FRAMES)
def test_observation_stream_takes_observations_whatever_arrives(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        scratch, dest = Path(d) / "scratch", Path(d) / "dest"
        scratch.mkdir()
        with ObservationStream(scratch, ("a", "b"), "tok", dest) as stream:
            child = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            child.connect(str(scratch / "obs.sock"))
            try:
                stream.pump(1.0)
                child.sendall(frame({"op": "hello", "seq": 0, "token": "tok"}) + data)
                child.shutdown(socket.SHUT_WR)
                stream.drain()
                for ex in ("a", "b"):
                    obs = stream.take(ex)
                    assert isinstance(obs, Observations)
                    assert_plain(obs.values)
            finally:
                child.close()


# --- progress ------------------------------------------------------------------------------------


@PROPERTY
@given(
    st.lists(
        st.one_of(
            JSON_DATA.map(json_bytes),
            st.binary(max_size=60),
            st.fixed_dictionaries(
                {
                    "phase": st.sampled_from(["ready", "cells", "done", "x"]),
                    "exercise": st.one_of(st.sampled_from(["a", "z"]), JSON_DATA),
                    "token": st.sampled_from(["tok", "no"]),
                    "error": JSON_DATA,
                }
            ).map(json_bytes),
        ),
        max_size=20,
    )
)
def test_progress_reader_returns_events(lines: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "progress.jsonl"
        with ProgressReader(path, ("a",), "tok") as reader:
            with open(path, "ab") as f:
                f.write(b"\n".join(lines) + b"\n")
            events = reader.read_new()
    for ev in events:
        assert ev.exercise in (None, "a")
        ev.error.encode("utf-8")


# --- intake: notebooks, zips, and the cell mapping -----------------------------------------------

CELL = st.fixed_dictionaries(
    {
        "cell_type": st.sampled_from(["code", "markdown", "raw", "x"]),
        "source": st.one_of(TEXT, st.lists(TEXT, max_size=4), JSON_DATA),
    },
    optional={
        "metadata": st.one_of(
            JSON_DATA,
            st.fixed_dictionaries({"jaxgrade": st.fixed_dictionaries({"role": TEXT, "exercise": TEXT})}),
        ),
        "id": JSON_DATA,
    },
)
NOTEBOOK = st.fixed_dictionaries(
    {"nbformat": st.sampled_from([4, 3, "4"]), "cells": st.one_of(st.lists(CELL, max_size=6), JSON_DATA)},
    optional={
        "metadata": st.one_of(
            JSON_DATA,
            st.fixed_dictionaries(
                {"jaxgrade": st.fixed_dictionaries({"chapter": TEXT, "release": JSON_DATA})}
            ),
        )
    },
)


@PROPERTY
@given(st.one_of(NOTEBOOK.map(json_bytes), st.binary(max_size=200)))
def test_parse_notebook_returns_a_notebook_or_refuses(data: bytes) -> None:
    nb = returns_or_refuses(parse_notebook, data, "nb.ipynb")
    if nb is not None:
        assert_plain(nb)
        json.dumps(nb, ensure_ascii=False).encode("utf-8")  # what the content hash encodes


MEMBER_NAMES = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "k.cc",
                "k.cc/k.cc",
                "a/b.h",
                "a",
                "a/",
                "x.ipynb",
                "hw/x.ipynb",
                "../e.cc",
                "/abs.cc",
                "n\x00.cc",
                "s.zip",
            ]
        ),
        TEXT,
    ),
    max_size=6,
)


def zip_bytes(names: list[str], body: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in names:
            safe = name.encode("utf-8", "replace").decode("utf-8")
            zf.writestr(safe or "empty", body)
    return buf.getvalue()


@PROPERTY
@given(
    st.one_of(
        st.tuples(MEMBER_NAMES, st.one_of(NOTEBOOK.map(json_bytes), st.binary(max_size=50))).map(
            lambda t: zip_bytes(*t)
        ),
        st.binary(max_size=200),
    )
)
def test_zip_intake_returns_a_submission(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "s.zip"
        path.write_bytes(data)
        returns_or_refuses(read_zip, path, DEFAULT_LIMITS, [])
        sub = intake_student("s", [Entry("s", path, "zip")], release_version="2026-fall")
    assert_plain([sub.status, *sub.problems_zh, *(json.dumps(n.notebook) for n in sub.notebooks.values())])
    assert not any(p.startswith(f"{q}/") for p in sub.extra_files for q in sub.extra_files)


SOURCES = st.one_of(
    TEXT,
    st.sampled_from(
        [
            "x = " + "+".join(["1"] * 3000),
            "(" * 300 + ")" * 300,
            "\n".join(["!echo hi"] * 120) + "\ndef primitive_histogram(f):\n    pass\n",
            "def fusion_report(f, *args):\n    return 1, 2\n" + "#" * (cells_mod.MAX_ANALYSED_CELL_CHARS + 1),
            "%%writefile silu.cc\nint x;",
            "predicted_compiles = 4\x00",
        ]
    ),
)


@PROPERTY
@given(
    st.lists(
        st.tuples(st.sampled_from(["code", "markdown"]), SOURCES, st.one_of(st.none(), JSON_DATA)), max_size=6
    )
)
def test_map_cells_returns_a_mapping(cells: list[tuple[str, str, Any]]) -> None:
    release = json.loads((RELEASE / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    student = {
        "nbformat": 4,
        "metadata": {},
        "cells": [
            {"cell_type": kind, "source": valid_text(src), "metadata": meta if isinstance(meta, dict) else {}}
            for kind, src, meta in cells
        ],
    }
    mapped = map_cells("ch02", release, student)
    assert set(mapped.answers) == set(CHAPTERS["ch02"])


# --- bounded parent work -------------------------------------------------------------------------


def _cpu(fn: Any, *args: Any) -> float:
    t0 = time.thread_time()
    fn(*args)
    return time.thread_time() - t0


def test_magic_lines_past_the_cap_are_not_transformed_and_the_student_is_told() -> None:
    release = json.loads((RELEASE / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    cell = "\n".join(["!echo x"] * 2000) + "\ndef fusion_report(f, *args):\n    return 1, 2\n"
    student = {
        "nbformat": 4,
        "metadata": {},
        "cells": [{"cell_type": "code", "source": cell, "metadata": {}}],
    }
    cells_mod._python_text.cache_clear()
    seconds = _cpu(map_cells, "ch02", release, student)
    mapped = map_cells("ch02", release, student)
    # unbounded, IPython's transformer is quadratic in the magic lines: 3.3 s of CPU at 1,000, ~13 s here
    assert seconds < 2.0, seconds
    assert any("太长" in n for n in mapped.notes_zh)
    assert [c.index for c in mapped.answers["fusion"]] == [0]  # the pattern still finds the definition


def test_a_notebook_of_many_cells_at_the_caps_costs_bounded_cpu() -> None:
    release = json.loads((RELEASE / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    magic = "\n".join(["%pwd"] * cells_mod.MAX_MAGIC_LINES) + "\n"
    code = "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(4000))[
        : cells_mod.MAX_ANALYSED_CELL_CHARS
    ]
    student = {
        "nbformat": 4,
        "metadata": {},
        "cells": [
            {
                "cell_type": "code",
                "source": f"{magic}x{i} = {i}\n" if i % 2 else f"{code}#{i}",
                "metadata": {},
            }
            for i in range(200)
        ],
    }
    cells_mod._python_text.cache_clear()
    assert _cpu(map_cells, "ch02", release, student) < 5.0


# --- the batch: a StudentInputError is the student's status ---------------------------------------


def test_a_student_input_error_from_grading_is_the_students_status() -> None:
    release = ReleaseInfo.load(RELEASE)
    sub = StudentSubmission("s1", "h" * 64, {}, {}, (), "ok")

    def grade(_sub: StudentSubmission) -> Any:
        raise StudentInputError("frame: f3", "数组观测结果的类型无效")

    result = grade_student(sub, release, grade, GradingScope())
    assert result.status == "malformed:unusable_input"
    assert result.total == 0 and len(result.scores) == 8
    assert any("数组观测结果的类型无效" in m for m in result.messages_zh)


def test_student_input_error_keeps_its_message_across_processes() -> None:
    import pickle

    from autograder.grade.intake_read import Refused

    for exc in (StudentInputError("d", "消息"), Refused("not_json", "a.ipynb")):
        back = pickle.loads(pickle.dumps(exc))
        assert isinstance(back, StudentInputError) and back.message_zh == exc.message_zh


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(pytest.main([__file__, "-q"]))


def test_a_writefile_cell_over_the_source_cap_is_not_read_and_the_student_is_told() -> None:
    from autograder.grade.build import MAX_WRITEFILE_CHARS, find_kernel_sources, writefile_notes
    from autograder.grade.cells import AnswerCell

    big = [AnswerCell(0, "%%writefile silu.cc\n" + "int x;\n" * (MAX_WRITEFILE_CHARS // 7 + 1))]
    t0 = time.thread_time()
    notes, sources = writefile_notes(big), find_kernel_sources(big, {})
    assert time.thread_time() - t0 < 1.0  # read in full, IPython's transform and ast took ~1 s per 2 MB
    assert sources == [] and len(notes) == 1 and "2 MB" in notes[0]
    small = [AnswerCell(0, "%%writefile silu.cc\nint x;\n")]
    assert [s.name for s in find_kernel_sources(small, {})] == ["silu.cc"] and writefile_notes(small) == []
