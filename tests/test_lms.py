"""LMS bulk downloads in and gradebook files out: Canvas/Moodle/flat names, roster mapping, exports.

`jaxgrade grade` runs for real here (intake, batch, gradebook, reports) with the fake runner of
test_grade_cli (scores from markers in the students' code), because what is tested is whose work
lands in which row, not JAX grading.
"""

from __future__ import annotations

import csv
import io
import os
import zipfile
from pathlib import Path

import pytest

from autograder.commands import grade
from autograder.grade.reports import GRADES_COLUMNS
from autograder.lms.export import ScoreRow, canvas_csv, moodle_csv
from autograder.lms.layouts import scan_download
from autograder.lms.mapping import map_students
from autograder.lms.names import parse_canvas, parse_moodle
from autograder.roster import Student, parse_roster

from helpers.fake_grading import ALL_OK, fake_grade, make_release, nb_bytes, parser

ROSTER = (
    "student_id,name,email,lms_id,sis_login_id,section\n"
    "2026001,Zhang San,zs@example.edu,101,zhangsan,A\n"
    "2026002,Li Si,ls@example.edu,102,lisi,B\n"
    "2026003,Wang Wu,ww@example.edu,103,wangwu,A\n"
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = grade.run(parser().parse_args(argv), grade_fn=fake_grade)
    out, err = capsys.readouterr()
    return code, out, err


def rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


# ------------------------------------------------------------------------------------------ names


def test_canvas_names_parse_with_and_without_late_marker() -> None:
    on_time = parse_canvas("zhangsan_101_555001_ch02_performance.ipynb")
    assert on_time is not None
    assert (on_time.lms_id, on_time.name, on_time.original, on_time.late) == (
        "101", "zhangsan", "ch02_performance.ipynb", False)  # fmt: skip
    late = parse_canvas("lisi_LATE_102_555002_silu.cc")
    assert late is not None and (late.lms_id, late.original, late.late) == ("102", "silu.cc", True)
    for bad in (
        "ch02_performance.ipynb",
        "zhangsan_ch02.ipynb",
        "zhangsan_abc_555_x.ipynb",
        "_101_5_x.ipynb",
    ):
        assert parse_canvas(bad) is None, bad


def test_moodle_names_parse_folders_files_and_other_plugins() -> None:
    folder = parse_moodle("Zhang San_101_assignsubmission_file_")
    assert folder is not None and (folder.lms_id, folder.name, folder.original) == ("101", "Zhang San", "")
    file = parse_moodle("Li Si_102_assignsubmission_file_ch05_interop.ipynb")
    assert file is not None and file.original == "ch05_interop.ipynb"
    text = parse_moodle("Wang Wu_103_assignsubmission_onlinetext_")
    assert text is not None and text.plugin == "onlinetext"
    assert parse_moodle("Zhang San_assignsubmission_file_") is None


# ---------------------------------------------------------------------------------- Canvas, end to end


def canvas_zip(path: Path) -> Path:
    """A Canvas bulk download: two roster students (one late, with a C++ file), one unknown, one bad name."""
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("zhangsan_101_900001_ch02_performance.ipynb", nb_bytes("ch02", ALL_OK))
        zf.writestr("zhangsan_101_900001_ch05_interop.ipynb", nb_bytes("ch05", ALL_OK))
        zf.writestr("lisi_LATE_102_900002_ch02_performance-1.ipynb", nb_bytes("ch02", "histogram:a"))
        zf.writestr("lisi_LATE_102_900002_silu.cc", b"// student kernel\n")
        zf.writestr("zhaoliu_999_900003_ch02_performance.ipynb", nb_bytes("ch02", ALL_OK))
        zf.writestr("ch02 final (2).ipynb", nb_bytes("ch02", ALL_OK))
    return path


@pytest.fixture
def canvas_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, int, str]:
    release = make_release(tmp_path / "release")
    download = canvas_zip(tmp_path / "submissions.zip")
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    out = tmp_path / "out"
    argv = [str(download), "--layout", "canvas", "--roster", str(tmp_path / "roster.csv"), "--out", str(out),
            "--release", str(release), "--jobs", "2", "--assignment", "Homework 2 (4242)"]  # fmt: skip
    code, _, err = run(argv, capsys)
    return out, code, err


def test_canvas_zip_maps_user_ids_to_roster_students(canvas_run: tuple[Path, int, str]) -> None:
    out, code, err = canvas_run
    assert code == 0, err
    grades = {r["student_id"]: r for r in rows(out / "grades.csv")}
    assert sorted(grades) == ["2026001", "2026002"]  # roster ids, not Canvas ids; unknown 999 not graded
    assert float(grades["2026001"]["total"]) == 80.0
    assert float(grades["2026002"]["histogram"]) == 6.0  # 60 % of 10: only sub-check a
    assert grades["2026002"]["status"] == "partial:not_submitted:ch05"
    # grades.csv keeps exactly its columns
    header = (out / "grades.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header.split(",") == list(GRADES_COLUMNS)
    assert not list(out.glob(".lms-download-*")), "the staged copy is removed after the batch"


def test_canvas_report_names_late_unknown_and_unparsable(canvas_run: tuple[Path, int, str]) -> None:
    out, _, err = canvas_run
    report = (out / "report.md").read_text(encoding="utf-8")
    section = report[report.index("## LMS download (canvas)") :]
    assert "late (LMS marker): 2026002" in section
    assert "ch02 final (2).ipynb: not a Canvas submission name" in section
    assert "999 (zhaoliu): no roster row has lms_id 999" in section
    assert "on the roster without a submission: 2026003" in section
    assert "late: 2026002" in err and "ch02 final (2).ipynb" in err


def test_canvas_and_moodle_exports(canvas_run: tuple[Path, int, str]) -> None:
    out, _, _ = canvas_run
    canvas = rows(out / "canvas.csv")
    assert list(canvas[0]) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Homework 2 (4242)"]
    assert canvas[0]["Student"] == "Points Possible" and canvas[0]["Homework 2 (4242)"] == "80.00"
    by_id = {r["ID"]: r for r in canvas[1:]}
    want = {"Student": "Zhang San", "ID": "101", "SIS User ID": "2026001", "SIS Login ID": "zhangsan",
            "Section": "A", "Homework 2 (4242)": "80.00"}  # fmt: skip
    assert by_id["101"] == want
    assert by_id["102"]["Homework 2 (4242)"] == "6.00"
    assert by_id["103"]["Homework 2 (4242)"] == ""  # no submission: no grade sent
    moodle = {r["Identifier"]: r for r in rows(out / "moodle.csv")}
    assert moodle["Participant 101"]["Grade"] == "80.00"
    assert moodle["Participant 101"]["Email address"] == "zs@example.edu"
    assert moodle["Participant 103"]["Grade"] == ""


def test_canvas_extra_file_keeps_its_original_name(tmp_path: Path) -> None:
    download = canvas_zip(tmp_path / "d.zip")
    roster = parse_roster(ROSTER.encode())
    mapping = map_students(scan_download(download, "canvas"), roster)
    lisi = next(s for s in mapping.students if s.student_id == "2026002")
    assert sorted(i.rel for i in lisi.items) == ["ch02_performance-1.ipynb", "silu.cc"]
    assert lisi.late and lisi.lms_name == "lisi"


def test_without_roster_the_lms_id_is_the_student_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = make_release(tmp_path / "release")
    folder = tmp_path / "download"
    folder.mkdir()
    (folder / "zhangsan_101_900001_ch02_performance.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    out = tmp_path / "out"
    code, _, err = run(
        [str(folder), "--layout", "canvas", "--out", str(out), "--release", str(release)], capsys
    )
    assert code == 0, err
    assert [r["student_id"] for r in rows(out / "grades.csv")] == ["101"]
    assert not (out / "canvas.csv").exists()  # exports need the roster's names and ids


# ---------------------------------------------------------------------------------- Moodle and flat


def test_moodle_folders_and_files_in_a_zip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    release = make_release(tmp_path / "release")
    download = tmp_path / "moodle.zip"
    with zipfile.ZipFile(download, "w") as zf:
        zf.writestr(
            "Zhang San_101_assignsubmission_file_/hw/ch02_performance.ipynb", nb_bytes("ch02", ALL_OK)
        )
        zf.writestr("Zhang San_101_assignsubmission_file_/hw/ch05_interop.ipynb", nb_bytes("ch05", ALL_OK))
        zf.writestr("Li Si_102_assignsubmission_file_ch02.ipynb", nb_bytes("ch02", "recompile:a"))
        zf.writestr("Wang Wu_103_assignsubmission_onlinetext_onlinetext.html", b"<p>hi</p>")
        zf.writestr("Evil_104_assignsubmission_file_/../../escape.ipynb", nb_bytes("ch02", ALL_OK))
    (tmp_path / "roster.csv").write_text(ROSTER + "2026004,Evil,,104,,\n", encoding="utf-8")
    out = tmp_path / "out"
    argv = [str(download), "--layout", "moodle", "--roster", str(tmp_path / "roster.csv"),
            "--out", str(out), "--release", str(release)]  # fmt: skip
    code, _, err = run(argv, capsys)
    assert code == 0, err
    grades = {r["student_id"]: r for r in rows(out / "grades.csv")}
    assert sorted(grades) == ["2026001", "2026002"]
    assert float(grades["2026001"]["total"]) == 80.0
    assert float(grades["2026002"]["recompile"]) == 6.0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "a Moodle onlinetext entry" in report
    assert "a path with '..'; the whole submission of 104 is refused" in report
    assert not (tmp_path / "escape.ipynb").exists()
    moodle = {r["Identifier"]: r["Grade"] for r in rows(out / "moodle.csv")}
    assert moodle == {"Participant 101": "80.00", "Participant 102": "6.00", "Participant 103": "",
                      "Participant 104": ""}  # fmt: skip


def test_flat_folder_with_roster_refuses_unknown_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = make_release(tmp_path / "release")
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "2026001.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (subs / "typo2026.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    out = tmp_path / "out"
    argv = [str(subs), "--roster", str(tmp_path / "roster.csv"), "--out", str(out), "--release", str(release)]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    assert [r["student_id"] for r in rows(out / "grades.csv")] == ["2026001"]
    assert "typo2026: no roster row has student_id typo2026" in (out / "report.md").read_text(
        encoding="utf-8"
    )


def test_symlink_in_a_moodle_folder_refuses_that_student(tmp_path: Path) -> None:
    folder = tmp_path / "download"
    good = folder / "Zhang San_101_assignsubmission_file_"
    bad = folder / "Li Si_102_assignsubmission_file_"
    good.mkdir(parents=True)
    bad.mkdir()
    (good / "ch02.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (bad / "ch02.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    os.symlink("/etc/passwd", bad / "silu.cc")
    scan = scan_download(folder, "moodle")
    assert {i.key for i in scan.items} == {"101"}
    assert any("a symbolic link; the whole submission of 102 is refused" in p for p in scan.problems)


def test_bad_usage_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    release = make_release(tmp_path / "release")
    not_zip = tmp_path / "download.tar"
    not_zip.write_bytes(b"x")
    code, _, err = run([str(not_zip), "--layout", "canvas", "--out", str(tmp_path / "o"),
                        "--release", str(release)], capsys)  # fmt: skip
    assert code == 2 and "neither a folder nor a .zip" in err
    (tmp_path / "bad.csv").write_text("name\nx\n", encoding="utf-8")
    code, _, err = run([str(tmp_path), "--layout", "canvas", "--roster", str(tmp_path / "bad.csv"),
                        "--out", str(tmp_path / "o"), "--release", str(release)], capsys)  # fmt: skip
    assert code == 2 and "lacks column(s) student_id" in err


# ---------------------------------------------------------------------------------- export functions


def test_canvas_csv_from_plain_rows_neutralises_formulas() -> None:
    rows_ = [ScoreRow(Student("s1", "=HYPERLINK(1)", lms_id="7"), 12.5), ScoreRow(Student("s2", "Bo"), None)]
    text = canvas_csv(rows_, assignment="HW", points_possible=None)
    lines = text.splitlines()
    assert lines[0] == "Student,ID,SIS User ID,SIS Login ID,Section,HW"
    assert lines[1] == "'=HYPERLINK(1),7,s1,,,12.50"
    assert lines[2] == "Bo,,s2,,,"
    assert moodle_csv(rows_).splitlines()[1] == "Participant 7,'=HYPERLINK(1),,12.50,"
