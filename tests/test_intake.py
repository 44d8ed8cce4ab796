"""Intake of hostile submissions: every bad-input kind gets a status and a Chinese message."""

from __future__ import annotations

import json
import os
import stat
import struct
import threading
import zipfile
from pathlib import Path

import pytest

from autograder.grade.intake import (
    Entry,
    IntakeLimits,
    content_hash,
    discover,
    intake_student,
    read_submissions,
)
from autograder.messages import intake_message

CH02_CODE = "def primitive_histogram(f, *args):\n    return {}\n"
CH05_CODE = "def gammaln_cb(x):\n    return x\n"


def code(src: str, exercise: str | None = None, role: str = "answer") -> dict:
    meta = {"jaxgrade": {"role": role, "exercise": exercise}} if exercise else {}
    return {"cell_type": "code", "metadata": meta, "source": src.splitlines(keepends=True),
            "outputs": [{"output_type": "stream", "name": "stdout", "text": "x" * 100}],
            "execution_count": 3}  # fmt: skip


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def notebook(chapter: str | None, cells: list[dict], release: str = "2026-fall", **meta: object) -> dict:
    metadata: dict = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    if chapter:
        metadata["jaxgrade"] = {"chapter": chapter, "release": release}
    metadata.update(meta)
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": metadata, "cells": cells}


def ch02(extra: str = "") -> dict:
    return notebook("ch02", [md("# 第 2 章"), code(CH02_CODE + extra, "histogram")])


def ch05(extra: str = "") -> dict:
    return notebook("ch05", [code(CH05_CODE + extra, "gammaln_callback")])


def dump(nb: dict) -> bytes:
    return json.dumps(nb, ensure_ascii=False).encode()


def one(folder: Path, **kw: object):
    subs = read_submissions(folder, **kw)  # type: ignore[arg-type]
    assert len(subs) == 1, subs
    return subs[0]


def zip_with(path: Path, members: dict[str, bytes], *, date: tuple | None = None) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=date or (2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)


def add_symlink(zf: zipfile.ZipFile, name: str, target: str) -> None:
    """A zip member that a Unix unzip would create as a symlink to `target`."""
    link = zipfile.ZipInfo(name)
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    zf.writestr(link, target)


# ----------------------------------------------------------------------------------------- good input


def test_single_notebook_is_parsed_and_normalised(tmp_path: Path) -> None:
    (tmp_path / "s1.ipynb").write_bytes(dump(ch02()))
    sub = one(tmp_path)
    assert sub.status == "ok" and sub.student_id == "s1"
    nb = sub.notebooks["ch02"].notebook
    cell = nb["cells"][1]
    assert cell["source"] == CH02_CODE  # list of lines joined
    assert cell["outputs"] == [] and cell["execution_count"] is None  # outputs never kept
    assert cell["metadata"]["jaxgrade"] == {"role": "answer", "exercise": "histogram"}
    assert set(sub.notebooks) == {"ch02"}


def test_folder_with_both_chapters_any_names_and_extra_files(tmp_path: Path) -> None:
    d = tmp_path / "s2"
    (d / "work").mkdir(parents=True)
    (d / "my homework (final).ipynb").write_bytes(dump(ch05()))
    (d / "work" / "perf.ipynb").write_bytes(dump(ch02()))
    (d / "silu.cc").write_text("// kernel\n")
    (d / "notes.pdf").write_bytes(b"%PDF")
    (d / ".ipynb_checkpoints").mkdir()
    (d / ".ipynb_checkpoints" / "perf-checkpoint.ipynb").write_bytes(b"garbage")
    sub = one(tmp_path)
    assert sub.status == "ok"
    assert sub.notebooks["ch02"].source_name == "work/perf.ipynb"
    assert sub.notebooks["ch05"].source_name == "my homework (final).ipynb"
    assert sub.extra_files == {"silu.cc": b"// kernel\n"}
    assert any("忽略 1 个" in p for p in sub.problems_zh)  # the pdf


def test_chapter_from_interfaces_when_metadata_is_missing(tmp_path: Path) -> None:
    a = notebook(None, [code(CH02_CODE), code("predicted_compiles = 3\n")])
    b = notebook(None, [code("silu_ffi = None\nrms_norm_prim_p = None\n")])
    (tmp_path / "s3").mkdir()
    (tmp_path / "s3" / "a.ipynb").write_bytes(dump(a))
    (tmp_path / "s3" / "b.ipynb").write_bytes(dump(b))
    sub = one(tmp_path)
    assert set(sub.notebooks) == {"ch02", "ch05"}
    assert sub.notebooks["ch02"].source_name == "a.ipynb"


def test_cell_exercise_metadata_decides_before_interfaces(tmp_path: Path) -> None:
    nb = notebook(None, [code("x = 1\n", "silu_ffi"), code("y = 2\n", "ffi_lowering")])
    (tmp_path / "s.ipynb").write_bytes(dump(nb))
    assert set(one(tmp_path).notebooks) == {"ch05"}


@pytest.mark.parametrize("claimed", [["ch02"], {"ch": "ch02"}, 2, None])
def test_chapter_metadata_that_is_not_a_name_is_ignored(tmp_path: Path, claimed: object) -> None:
    """A list or object as chapter is not hashable: it must not crash intake into a grader_error
    (a student could dodge a zero with it); the code decides, as when the metadata is missing."""
    nb = notebook(None, [code(CH02_CODE)], jaxgrade={"chapter": claimed, "release": "2026-fall"})
    (tmp_path / "s.ipynb").write_bytes(dump(nb))
    assert set(one(tmp_path).notebooks) == {"ch02"}


def test_metadata_claiming_the_wrong_chapter_loses_to_the_code(tmp_path: Path) -> None:
    nb = notebook("ch05", [code(CH02_CODE + "def fusion_report(f):\n    pass\n")])
    (tmp_path / "s.ipynb").write_bytes(dump(nb))
    sub = one(tmp_path)
    assert set(sub.notebooks) == {"ch02"}
    assert any("元数据标为第 5 章" in p for p in sub.problems_zh)


def test_deleted_reordered_and_retyped_cells_are_just_parsed(tmp_path: Path) -> None:
    cells = [
        {"cell_type": "markdown", "metadata": {"jaxgrade": {"role": "answer", "exercise": "histogram"}},
         "source": CH02_CODE},  # an answer cell turned into markdown
        {"cell_type": "raw", "metadata": {}, "source": "raw"},
        code("predicted_compiles = 2\n", "recompile"),
        code("import os\n"),  # added cell without metadata
    ]  # fmt: skip
    (tmp_path / "s.ipynb").write_bytes(dump(notebook("ch02", cells)))
    sub = one(tmp_path)
    assert sub.status == "ok"
    kinds = [c["cell_type"] for c in sub.notebooks["ch02"].notebook["cells"]]
    assert kinds == ["markdown", "raw", "code", "code"]


def test_other_release_is_noted_but_graded(tmp_path: Path) -> None:
    (tmp_path / "s.ipynb").write_bytes(dump(notebook("ch02", [code(CH02_CODE)], release="2025-spring")))
    sub = one(tmp_path, release_version="2026-fall")
    assert sub.status == "ok"
    assert any("2025-spring" in p and "2026-fall" in p for p in sub.problems_zh)


def test_two_entries_for_one_student_are_merged(tmp_path: Path) -> None:
    (tmp_path / "s1.ipynb").write_bytes(dump(ch02()))
    zip_with(tmp_path / "s1.zip", {"ch05.ipynb": dump(ch05())})
    sub = one(tmp_path)
    assert set(sub.notebooks) == {"ch02", "ch05"}


def test_utf8_bom_is_tolerated(tmp_path: Path) -> None:
    (tmp_path / "s.ipynb").write_bytes(b"\xef\xbb\xbf" + dump(ch02()))
    assert one(tmp_path).status == "ok"


# ----------------------------------------------------------------------------------------- bad notebooks


@pytest.mark.parametrize(
    ("data", "status", "words"),
    [
        (b"", "malformed:empty", "是空的"),
        (b"   \n", "malformed:empty", "是空的"),
        ("{\"cells\": []}".encode("utf-16"), "malformed:not_utf8", "UTF-8"),
        (b"\xff\xfe\x00garbage", "malformed:not_utf8", "UTF-8"),
        (b"{\"cells\": [", "malformed:not_json", "JSON"),
        (b"[" * 100000 + b"]" * 100000, "malformed:not_json", "JSON"),  # recursion bomb
        (b"[1, 2]", "malformed:not_notebook", "结构"),
        (json.dumps({"nbformat": 3, "worksheets": [{"cells": []}]}).encode(),
         "malformed:nbformat", "nbformat 4"),
        (json.dumps({"nbformat": "4", "cells": []}).encode(), "malformed:nbformat", "nbformat 4"),
        (json.dumps({"nbformat": 4, "cells": {"a": 1}}).encode(), "malformed:not_notebook", "cells"),
        (json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": 5}]}).encode(),
         "malformed:not_notebook", "source"),
        (json.dumps({"nbformat": 4, "cells": [{"cell_type": "evil"}]}).encode(),
         "malformed:not_notebook", "类型"),
        (dump(notebook(None, [code("print('hello')\n")])), "malformed:unknown_chapter", "哪一章"),
    ],
)  # fmt: skip
def test_bad_notebooks_get_a_status_and_a_chinese_message(
    tmp_path: Path, data: bytes, status: str, words: str
) -> None:
    (tmp_path / "s9.ipynb").write_bytes(data)
    sub = one(tmp_path)
    assert sub.status == status
    assert sub.notebooks == {}
    assert any(words in p for p in sub.problems_zh), sub.problems_zh


def test_size_is_capped_before_parsing(tmp_path: Path) -> None:
    # invalid JSON that is also too large: the size check must answer first
    (tmp_path / "big.ipynb").write_bytes(b"{" + b" " * 5000)
    sub = one(tmp_path, limits=IntakeLimits(max_notebook_bytes=1000))
    assert sub.status == "malformed:too_large"
    assert any("太大" in p for p in sub.problems_zh)


def test_student_total_size_is_capped(tmp_path: Path) -> None:
    d = tmp_path / "s"
    d.mkdir()
    for i in range(3):
        (d / f"n{i}.ipynb").write_bytes(dump(ch02(extra="#" * 400)))
    sub = one(tmp_path, limits=IntakeLimits(max_student_bytes=1200, max_notebook_bytes=1000))
    assert sub.status == "malformed:too_large"


def test_one_bad_notebook_does_not_spoil_a_good_one(tmp_path: Path) -> None:
    d = tmp_path / "s"
    d.mkdir()
    (d / "good.ipynb").write_bytes(dump(ch02()))
    (d / "broken.ipynb").write_bytes(b"{nope")
    sub = one(tmp_path)
    assert sub.status == "ok" and set(sub.notebooks) == {"ch02"}
    assert any("broken.ipynb" in p and "JSON" in p for p in sub.problems_zh)


def test_duplicate_chapter_newest_by_mtime_is_graded(tmp_path: Path) -> None:
    d = tmp_path / "s"
    d.mkdir()
    (d / "b_old.ipynb").write_bytes(dump(ch02("# old\n")))
    (d / "a_new.ipynb").write_bytes(dump(ch02("# new\n")))
    os.utime(d / "b_old.ipynb", (1_700_000_000, 1_700_000_000))
    os.utime(d / "a_new.ipynb", (1_800_000_000, 1_800_000_000))
    sub = one(tmp_path)
    chosen = sub.notebooks["ch02"]
    assert chosen.source_name == "a_new.ipynb"
    assert "# new" in chosen.notebook["cells"][1]["source"]
    assert "a_new.ipynb" in chosen.note_zh and "修改时间" in chosen.note_zh
    assert chosen.note_zh in sub.problems_zh


def test_duplicate_chapter_in_zip_uses_member_timestamps(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "s.zip", "w") as zf:
        zf.writestr(zipfile.ZipInfo("z_first.ipynb", (2026, 3, 1, 10, 0, 0)), dump(ch05("# later\n")))
        zf.writestr(zipfile.ZipInfo("a_second.ipynb", (2026, 2, 1, 10, 0, 0)), dump(ch05("# earlier\n")))
    sub = one(tmp_path)
    assert sub.notebooks["ch05"].source_name == "z_first.ipynb"


# ----------------------------------------------------------------------------------------- zips


def test_zip_path_traversal_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    zip_with(subs / "evil.zip", {"ok.ipynb": dump(ch02()), "../evil.txt": b"pwned", "../../evil2": b"x"})
    before = sorted(p.name for p in tmp_path.rglob("*"))
    sub = one(subs)
    assert sub.status == "malformed:unsafe_zip"
    assert sub.notebooks == {}
    assert any("不安全的路径" in p for p in sub.problems_zh)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    assert not (tmp_path / "evil.txt").exists()


@pytest.mark.parametrize("name", ["/etc/passwd", "C:/Windows/evil.ipynb", "a\\..\\..\\b.ipynb"])
def test_zip_absolute_and_backslash_names_are_refused(tmp_path: Path, name: str) -> None:
    zip_with(tmp_path / "s.zip", {name: dump(ch02())})
    assert one(tmp_path).status == "malformed:unsafe_zip"


def test_zip_symlink_member_is_refused(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "s.zip", "w") as zf:
        zf.writestr("nb.ipynb", dump(ch02()))
        add_symlink(zf, "silu.cc", "/etc/shadow")
    sub = one(tmp_path)
    assert sub.status == "malformed:unsafe_zip"
    assert any("符号链接" in p for p in sub.problems_zh)


def test_zip_bomb_by_declared_size(tmp_path: Path) -> None:
    zip_with(tmp_path / "s.zip", {"nb.ipynb": dump(ch02()), "bomb.cc": b"\0" * (4 * 2**20)})
    assert (tmp_path / "s.zip").stat().st_size < 50_000  # highly compressible
    sub = one(tmp_path, limits=IntakeLimits(max_student_bytes=2**20))
    assert sub.status == "malformed:zip_bomb"
    assert any("解压后过大" in p for p in sub.problems_zh)


def _lie_about_size(path: Path, member: str, fake_size: int) -> None:
    """Rewrite the declared uncompressed size of `member` (local header and central directory)."""
    data = bytearray(path.read_bytes())
    name = member.encode()
    lh = data.find(b"PK\x03\x04")
    while lh != -1:
        n = struct.unpack_from("<H", data, lh + 26)[0]
        if bytes(data[lh + 30 : lh + 30 + n]) == name:
            struct.pack_into("<I", data, lh + 22, fake_size)
        lh = data.find(b"PK\x03\x04", lh + 4)
    cd = data.find(b"PK\x01\x02")
    while cd != -1:
        n = struct.unpack_from("<H", data, cd + 28)[0]
        if bytes(data[cd + 46 : cd + 46 + n]) == name:
            struct.pack_into("<I", data, cd + 24, fake_size)
        cd = data.find(b"PK\x01\x02", cd + 4)
    path.write_bytes(bytes(data))


def test_zip_member_lying_about_its_size_is_refused(tmp_path: Path) -> None:
    zip_with(tmp_path / "s.zip", {"nb.ipynb": dump(ch02()), "k.cc": b"A" * (3 * 2**20)})
    _lie_about_size(tmp_path / "s.zip", "k.cc", 100)
    with zipfile.ZipFile(tmp_path / "s.zip") as zf:
        assert zf.getinfo("k.cc").file_size == 100  # the lie is in place
    sub = one(tmp_path, limits=IntakeLimits(max_student_bytes=2**20))
    # reading stops at the declared size (zipfile) or at our byte count; either way the archive is refused
    assert sub.status in ("malformed:zip_bomb", "malformed:bad_zip")
    assert sub.notebooks == {}


def test_zip_with_too_many_members(tmp_path: Path) -> None:
    zip_with(tmp_path / "s.zip", {f"f{i}.txt": b"x" for i in range(30)})
    assert one(tmp_path, limits=IntakeLimits(max_files=10)).status == "malformed:too_many_files"


@pytest.mark.parametrize("data", [b"PK\x03\x04 not really a zip", b"", os.urandom(300)])
def test_corrupt_zip(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "s.zip").write_bytes(data)
    assert one(tmp_path).status == "malformed:bad_zip"


def test_zip_with_single_top_folder_and_nested_archive(tmp_path: Path) -> None:
    zip_with(
        tmp_path / "s.zip",
        {
            "hw/ch05.ipynb": dump(ch05()),
            "hw/silu.cc": b"int x;",
            "hw/inner.zip": b"PK..",
            "__MACOSX/._x": b"x",
        },  # fmt: skip
    )
    sub = one(tmp_path)
    assert sub.status == "ok"
    assert sub.extra_files == {"silu.cc": b"int x;"}
    assert any("嵌套" in p for p in sub.problems_zh)


def test_empty_zip_and_empty_folder_are_not_submitted(tmp_path: Path) -> None:
    zip_with(tmp_path / "a.zip", {})
    (tmp_path / "b").mkdir()
    subs = read_submissions(tmp_path)
    assert [(s.student_id, s.status) for s in subs] == [("a", "not_submitted"), ("b", "not_submitted")]


def test_folder_without_notebook(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "readme.txt").write_text("hi")
    sub = one(tmp_path)
    assert sub.status == "malformed:no_notebook"
    assert any("没有找到 Jupyter 笔记本" in p for p in sub.problems_zh)


def test_unsupported_entry_type(tmp_path: Path) -> None:
    (tmp_path / "s7.pdf").write_bytes(b"%PDF")
    sub = one(tmp_path)
    assert (sub.student_id, sub.status) == ("s7", "malformed:unsupported_type")


def _mark_encrypted(path: Path, member: str) -> None:
    """Set the "encrypted" flag of `member` in the central directory (what zipfile reads)."""
    data = bytearray(path.read_bytes())
    cd = data.find(b"PK\x01\x02")
    while cd != -1:
        n = struct.unpack_from("<H", data, cd + 28)[0]
        if bytes(data[cd + 46 : cd + 46 + n]) == member.encode():
            struct.pack_into("<H", data, cd + 8, struct.unpack_from("<H", data, cd + 8)[0] | 0x1)
        cd = data.find(b"PK\x01\x02", cd + 4)
    path.write_bytes(bytes(data))


def test_zip_members_left_out_are_named_in_order_and_the_rest_is_graded(tmp_path: Path) -> None:
    big = b"x" * (2 * 2**20 + 1)  # over the 2 MB cap of one extra file
    zip_with(
        tmp_path / "s.zip",
        {
            "hw/ch05.ipynb": dump(ch05()),
            "hw/secret.ipynb": dump(ch02()),
            "hw/a/b/deep.cc": b"int d;",
            "hw/big.cc": big,
            "hw/inner.zip": b"PK..",
            "hw/bad name.cc": b"int b;",
            "hw/notes.txt": b"hi",
            "hw/silu.cc": b"int s;",
        },  # fmt: skip
    )
    _mark_encrypted(tmp_path / "s.zip", "hw/secret.ipynb")
    sub = one(tmp_path, limits=IntakeLimits(max_depth=3))
    assert sub.status == "ok"
    assert list(sub.notebooks) == ["ch05"] and sub.extra_files == {"silu.cc": b"int s;"}
    # while reading (archive names), then what was read (names without the top folder), then the count
    assert sub.problems_zh == (
        intake_message("encrypted", name="hw/secret.ipynb"),
        intake_message("too_deep", name="hw/a/b/deep.cc"),
        intake_message("extra_too_large", name="hw/big.cc", detail="2.0 MB"),
        intake_message("nested_archive", name="hw/inner.zip"),
        intake_message("unsafe_name", name="bad name.cc"),
        intake_message("ignored_files", detail="1"),
    )


def test_folder_nested_too_deep_is_left_out_and_the_rest_is_graded(tmp_path: Path) -> None:
    d = tmp_path / "s"
    (d / "a" / "b" / "c").mkdir(parents=True)
    (d / "nb.ipynb").write_bytes(dump(ch02()))
    (d / "a" / "b" / "c" / "ch05.ipynb").write_bytes(dump(ch05()))
    sub = one(tmp_path, limits=IntakeLimits(max_depth=2))
    assert sub.status == "ok" and list(sub.notebooks) == ["ch02"]
    assert sub.problems_zh == (intake_message("too_deep", name="a/b"),)


# ----------------------------------------------------------------------------------------- file system tricks


def test_symlink_in_folder_refuses_the_student(tmp_path: Path) -> None:
    d = tmp_path / "subs" / "s"
    d.mkdir(parents=True)
    (d / "nb.ipynb").write_bytes(dump(ch02()))
    secret = tmp_path / "secret.cc"
    secret.write_text("TA secret")
    (d / "silu.cc").symlink_to(secret)
    sub = one(tmp_path / "subs")
    assert sub.status == "malformed:symlink"
    assert b"TA secret" not in b"".join(sub.extra_files.values())


def test_symlinked_top_level_notebook_is_refused(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_bytes(dump(ch02()))
    (tmp_path / "subs").mkdir()
    (tmp_path / "subs" / "s.ipynb").symlink_to(tmp_path / "real.json")
    assert one(tmp_path / "subs").status == "malformed:symlink"


def test_fifo_does_not_hang_intake(tmp_path: Path) -> None:
    d = tmp_path / "s"
    d.mkdir()
    (d / "nb.ipynb").write_bytes(dump(ch02()))
    os.mkfifo(d / "trap.ipynb")
    result: list = []
    t = threading.Thread(target=lambda: result.append(one(tmp_path)), daemon=True)
    t.start()
    t.join(60)  # a hang would leave the thread alive: reported as a failure, not a timing assertion
    assert result, "intake blocked on a FIFO"
    assert result[0].status == "malformed:special_file"


def test_a_hostile_entry_refuses_the_student_after_a_good_one(tmp_path: Path) -> None:
    d = tmp_path / "s"
    d.mkdir()
    (d / "nb.ipynb").write_bytes(dump(ch02()))
    (d / "bad name.cc").write_text("x")
    with zipfile.ZipFile(tmp_path / "s.zip", "w") as zf:  # read after the folder (sorted names)
        add_symlink(zf, "silu.cc", "/etc/shadow")
    sub = one(tmp_path)
    assert sub.status == "malformed:unsafe_zip"
    assert sub.notebooks == {} and sub.extra_files == {}
    assert len(sub.problems_zh) == 2
    assert sub.problems_zh[0] == intake_message("unsafe_name", name="bad name.cc")
    assert "符号链接" in sub.problems_zh[1]


def test_an_entry_that_cannot_be_read_is_a_bad_file_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "s.ipynb").write_bytes(dump(ch02()))
    gone_zip = Entry("s", tmp_path / "s.zip", "zip")  # listed by discover, gone before it was read
    gone_dir = Entry("s", tmp_path / "s", "dir")
    sub = intake_student("s", [gone_zip, gone_dir, Entry("s", tmp_path / "s.ipynb", "ipynb")])
    assert sub.status == "ok" and list(sub.notebooks) == ["ch02"]
    assert sub.problems_zh == (
        intake_message("bad_zip", name="s.zip", detail="FileNotFoundError"),
        intake_message("not_notebook", name="s", detail="FileNotFoundError"),
    )
    assert intake_student("s", [gone_dir]).status == "malformed:not_notebook"
    assert intake_student("s", [gone_zip]).status == "malformed:bad_zip"


def test_hostile_names_keep_the_id_and_drop_unsafe_extras(tmp_path: Path) -> None:
    sid = "-rf $(touch pwned); ü\u202e"
    d = tmp_path / sid
    d.mkdir()
    (d / "--help.ipynb").write_bytes(dump(ch05()))
    (d / "-o evil.cc").write_text("x")
    (d / "good.cc").write_text("y")
    sub = one(tmp_path)
    assert sub.student_id == sid
    assert sub.status == "ok"
    assert sub.notebooks["ch05"].source_name == "--help.ipynb"
    assert sub.extra_files == {"good.cc": b"y"}
    assert any("-o evil.cc" in p and "不允许的字符" in p for p in sub.problems_zh)
    assert not (tmp_path / "pwned").exists()


def test_undecodable_file_name_becomes_an_escaped_id(tmp_path: Path) -> None:
    raw = os.fsencode(tmp_path) + b"/s\xff1.ipynb"
    with open(raw, "wb") as f:
        f.write(dump(ch02()))
    sub = one(tmp_path)
    assert sub.student_id == "s\\xff1"
    assert sub.status == "ok"


def test_dot_entries_are_ignored(tmp_path: Path) -> None:
    (tmp_path / ".DS_Store").write_bytes(b"\0")
    (tmp_path / "s.ipynb").write_bytes(dump(ch02()))
    found = discover(tmp_path)
    assert list(found.students) == ["s"] and found.ignored == [".DS_Store"]


# ----------------------------------------------------------------------------------------- content hash


def test_content_hash_covers_code_and_extras_only(tmp_path: Path) -> None:
    def sub_of(nb: dict, extras: dict[str, bytes] | None = None, name: str = "a"):
        d = tmp_path / name
        d.mkdir()
        (d / "x.ipynb").write_bytes(dump(nb))
        for k, v in (extras or {}).items():
            (d / k).write_bytes(v)
        return intake_student(name, [Entry(name, d, "dir")])

    base = sub_of(ch02(), name="a")
    # same code, different markdown, outputs, tampered points metadata, file name -> same hash
    nb2 = ch02()
    nb2["cells"][0]["source"] = "# 完全不同的说明"
    nb2["cells"][1]["outputs"] = []
    nb2["metadata"]["jaxgrade"]["points"] = 999
    nb2["metadata"]["otter"] = {"tests": {"q1": "def test(): return True"}}
    same = sub_of(nb2, name="b")
    assert same.content_hash == base.content_hash
    assert sub_of(ch02("# changed\n"), name="c").content_hash != base.content_hash
    assert sub_of(ch02(), {"silu.cc": b"int a;"}, name="d").content_hash != base.content_hash
    assert (
        sub_of(ch02(), {"silu.cc": b"int b;"}, name="e").content_hash
        != sub_of(ch02(), {"silu.cc": b"int a;"}, name="f").content_hash
    )
    retyped = ch02()
    retyped["cells"][1]["metadata"] = {}
    assert sub_of(retyped, name="g").content_hash != base.content_hash  # cell mapping can change


def test_content_hash_is_deterministic() -> None:
    from autograder.model import ChapterNotebook

    nb = ChapterNotebook("ch02", "x.ipynb", {"cells": [{"cell_type": "code", "metadata": {}, "source": "a"}]})
    assert content_hash({"ch02": nb}, {}) == content_hash({"ch02": nb}, {})
    assert len(content_hash({"ch02": nb}, {})) == 64


def test_zip_with_a_huge_central_directory_is_refused_before_parsing(tmp_path: Path) -> None:
    zip_with(tmp_path / "s.zip", {f"{i}": b"" for i in range(400)})
    sub = one(tmp_path, limits=IntakeLimits(max_files=100))
    assert sub.status == "malformed:too_many_files"
    assert any("400" in p for p in sub.problems_zh)  # counted from the headers, not from zipfile
