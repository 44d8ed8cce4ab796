"""`jaxgrade release`: the real otter assign on the real master notebooks, checked end to end.

Real masters (solutions/, JAX 0.12.0.1, real kernel via nbclient + ipykernel):
- each released student notebook runs top to bottom in a kernel whose cwd is a copy of the release
  folder, and every self-check (`grader.check("<id>")`) reports 尚未作答, not a crash and not a pass;
- with the master's answer cells pasted into the released answer cells, every self-check passes;
- no distinctive line of any answer (solution region of a master) appears in any released file;
- two releases of the same sources are byte-identical, the manifest hashes match the files, and the
  committed assignments/2026-fall/ is exactly what the current masters release to.
Tiny fixture masters (tests/fixtures/solutions/, no JAX): refusal paths, metadata restore, the CLI
with --verify-run.

The helpers that read masters and released files here are written independently of
autograder/release/, so a bug there cannot hide itself.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.model import ReleaseInfo
from autograder.release.build import ReleaseError, build_release

from helpers.nbexec import KernelSession
from helpers.paths import REPO

FIXTURE = REPO / "tests" / "fixtures" / "solutions"
SOLUTIONS = REPO / "solutions"
COMMITTED = REPO / "assignments" / "2026-fall"
NOT_ANSWERED = "尚未作答"
PASSED = "All test cases passed!"
CHECK = re.compile(r'^grader\.check\("(\w+)"\)$')


def _quiet(_msg: str) -> None:
    pass


def release(solutions: Path, out: Path, version: str = "t", **kw) -> Path:
    return build_release(version, solutions, out, log=_quiet, **kw).path


# ------------------------------------------------------------ independent readers (test side)


def _jg(cell) -> dict:
    return cell.get("metadata", {}).get("jaxgrade") or {}


def _src(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def master_notebooks(solutions: Path) -> dict[str, nbformat.NotebookNode]:
    out = {}
    for p in sorted(solutions.glob("*.ipynb")):
        nb = nbformat.read(p, as_version=4)
        out[nb.metadata["jaxgrade"]["chapter"]] = nb
    return out


def master_answer_cells(master) -> dict[str, list[str]]:
    """exercise -> sources of the master's answer code cells, in order (the reference answers)."""
    out: dict[str, list[str]] = {}
    for c in master.cells:
        if c.cell_type == "code" and _jg(c).get("role") == "answer":
            out.setdefault(_jg(c)["exercise"], []).append(_src(c))
    return out


def answer_region_lines(source: str) -> tuple[list[str], list[str]]:
    """(lines inside BEGIN/END SOLUTION or marked `# SOLUTION`, the other lines), stripped."""
    inside, answer, rest = False, [], []
    for line in source.splitlines():
        if "BEGIN SOLUTION" in line:
            inside = True
        elif "END SOLUTION" in line:
            inside = False
        elif inside:
            answer.append(line.strip())
        elif re.search(r"#\s*SOLUTION\s*$", line):
            answer.append(re.sub(r"#\s*SOLUTION\s*$", "", line).strip())
        else:
            rest.append(line.strip())
    return answer, rest


def library_lines() -> set[str]:
    lines: set[str] = set()
    for d in ("jaxcourse", "kernels"):
        for p in (REPO / d).rglob("*"):
            if p.is_file() and p.suffix in (".py", ".cc", ".h"):
                lines |= {x.strip() for x in p.read_text(encoding="utf-8").splitlines()}
    return lines


def distinctive_answer_lines(masters: dict[str, nbformat.NotebookNode]) -> dict[str, str]:
    """answer line -> exercise, for lines (>= 12 chars) shown nowhere else to students."""
    public = library_lines()
    answers: list[tuple[str, str]] = []
    for nb in masters.values():
        for c in nb.cells:
            role = _jg(c).get("role")
            if role == "answer" and c.cell_type == "code":
                ans, rest = answer_region_lines(_src(c))
                answers += [(line, _jg(c)["exercise"]) for line in ans]
                public |= set(rest)
            elif c.cell_type != "raw" and role != "answer":
                public |= {x.strip() for x in _src(c).splitlines()}
    return {line: ex for line, ex in answers if len(line) >= 12 and line not in public}


def text_units(root: Path) -> dict[str, str]:
    """locator -> text of every released file (a notebook contributes one unit per cell)."""
    units = {}
    for p in sorted(root.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        if p.suffix == ".ipynb":
            for i, c in enumerate(json.loads(p.read_bytes())["cells"]):
                units[f"{rel}#{i}"] = _src(c) + "\n" + json.dumps(c.get("outputs", []), ensure_ascii=False)
        else:
            units[rel] = p.read_text(encoding="utf-8", errors="replace")
    return units


def leaks(units: dict[str, str], answers: dict[str, str]) -> list[tuple[str, str, str]]:
    return [
        (ex, loc, line.strip())
        for loc, text in units.items()
        for line in text.splitlines()
        if (ex := answers.get(line.strip())) is not None
    ]


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def paste_answers(released, master) -> nbformat.NotebookNode:
    """The released notebook with the master's answer cells pasted into its answer cells."""
    nb = nbformat.from_dict(json.loads(json.dumps(released)))
    ref = master_answer_cells(master)
    seen: dict[str, int] = {}
    for c in nb.cells:
        if c.cell_type == "code" and "otter_answer_cell" in c.metadata.get("tags", []):
            ex = _jg(c).get("exercise")
            assert _jg(c).get("role") == "answer", f"answer-tagged cell without role answer: {_src(c)[:80]}"
            c.source = ref[ex][seen.get(ex, 0)]
            seen[ex] = seen.get(ex, 0) + 1
    assert seen == {ex: len(v) for ex, v in ref.items()}, "released answer cells do not match the master's"
    return nb


def run_in_release_copy(release_root: Path, nb, tmp: Path) -> tuple[list[str], dict[str, str]]:
    """Execute `nb` in one kernel with cwd = a copy of the release; (errors, exercise -> check text)."""
    work = tmp / "release"
    shutil.copytree(release_root, work)
    errors, checks = [], {}
    with KernelSession(work) as kernel:
        for cell, run in kernel.run_notebook(nb):
            if not run.ok:
                errors.append(f"{_jg(cell)} {cell.source[:60]!r}: {run.error}")
            m = CHECK.match(cell.source.strip())
            if m:
                checks[m.group(1)] = run.text
    return errors, checks


# ------------------------------------------------------------ real masters (JAX, real kernel)


def _real_masters_present() -> bool:
    return all(
        any(nbformat.read(p, as_version=4).metadata.get("jaxgrade", {}).get("chapter") == ch
            for p in SOLUTIONS.glob("*.ipynb"))
        for ch in CHAPTERS
    )  # fmt: skip


@pytest.fixture(scope="module")
def real_release(fresh_release: Path) -> Path:
    assert _real_masters_present(), f"both chapter masters must exist in {SOLUTIONS}"
    return fresh_release


@pytest.fixture(scope="module")
def real_masters() -> dict[str, nbformat.NotebookNode]:
    return master_notebooks(SOLUTIONS)


@pytest.mark.slow
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_student_notebook_runs_and_every_selfcheck_says_not_answered(real_release, chapter, tmp_path):
    manifest = json.loads((real_release / "manifest.json").read_text())
    nb = nbformat.read(real_release / manifest["notebooks"][chapter], as_version=4)
    errors, checks = run_in_release_copy(real_release, nb, tmp_path)
    assert errors == []
    assert sorted(checks) == sorted(CHAPTERS[chapter])
    for ex, text in checks.items():
        assert NOT_ANSWERED in text and PASSED not in text, f"{ex}: {text[:400]}"


@pytest.mark.slow
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_reference_answers_pasted_back_pass_every_selfcheck(real_release, real_masters, chapter, tmp_path):
    manifest = json.loads((real_release / "manifest.json").read_text())
    released = nbformat.read(real_release / manifest["notebooks"][chapter], as_version=4)
    solved = paste_answers(released, real_masters[chapter])
    errors, checks = run_in_release_copy(real_release, solved, tmp_path)
    assert errors == []
    assert sorted(checks) == sorted(CHAPTERS[chapter])
    for ex, text in checks.items():
        assert PASSED in text, f"{ex}: {text[:600]}"


def test_no_answer_line_survives_in_the_release(real_release, real_masters):
    answers = distinctive_answer_lines(real_masters)
    assert set(answers.values()) == set(EXERCISE_IDS), "each exercise needs distinctive answer lines"
    assert leaks(text_units(real_release), answers) == []
    # The search itself works: pasting the answers back makes every exercise's lines show up.
    manifest = json.loads((real_release / "manifest.json").read_text())
    solved = {}
    for ch, name in manifest["notebooks"].items():
        nb = paste_answers(nbformat.read(real_release / name, as_version=4), real_masters[ch])
        solved |= {f"{name}#{i}": _src(c) for i, c in enumerate(nb.cells)}
    assert {ex for ex, _, _ in leaks(solved, answers)} == set(EXERCISE_IDS)


def test_release_is_deterministic_and_manifest_hashes_match(real_release, tmp_path):
    again = release(SOLUTIONS, tmp_path, version="2026-fall")
    first, second = tree_bytes(real_release), tree_bytes(again)
    assert sorted(first) == sorted(second)
    assert [k for k in first if first[k] != second[k]] == []
    manifest = json.loads(first["manifest.json"])
    files = {k: hashlib.sha256(v).hexdigest() for k, v in first.items() if k != "manifest.json"}
    assert manifest["files"] == files
    assert [e["id"] for e in manifest["exercises"]] == list(EXERCISE_IDS)
    assert manifest["source"] == {
        f"solutions/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest() for p in SOLUTIONS.glob("*.ipynb")
    }
    info = ReleaseInfo.load(real_release)  # what `jaxgrade grade` reads
    assert info.version == "2026-fall" and set(info.points) == set(EXERCISE_IDS)
    for chapter, path in info.notebooks.items():
        nb = json.loads(path.read_bytes())
        assert nb["metadata"]["jaxgrade"] == {"chapter": chapter, "release": "2026-fall"}
        assert len({c["id"] for c in nb["cells"]}) == len(nb["cells"])
        roles = [(_jg(c).get("role"), _jg(c).get("exercise")) for c in nb["cells"]]
        for ex in CHAPTERS[chapter]:
            assert ("statement", ex) in roles and ("answer", ex) in roles and ("selfcheck", ex) in roles
        assert ("setup", None) in roles


def test_committed_release_is_what_the_current_masters_release_to(real_release):
    assert COMMITTED.is_dir(), f"{COMMITTED} is missing"
    fresh, committed = tree_bytes(real_release), tree_bytes(COMMITTED)
    stale = sorted(set(fresh) ^ set(committed))
    stale += sorted(k for k in fresh if committed.get(k, fresh[k]) != fresh[k])
    assert stale == [], (
        "assignments/2026-fall is stale; regenerate it with "
        "`.venv/bin/jaxgrade release --version 2026-fall --force`"
    )


# ------------------------------------------------------------ fixture masters (no JAX)


@pytest.fixture(scope="module")
def fixture_release(tmp_path_factory) -> Path:
    return release(FIXTURE, tmp_path_factory.mktemp("fixture"), version="v1")


def test_fixture_release_has_the_documented_layout(fixture_release):
    root = fixture_release
    files = sorted(tree_bytes(root))
    assert files == sorted([
        "ch02_performance.ipynb", "ch05_interop.ipynb", "manifest.json",
        *(f"tests/{ex}.py" for ex in EXERCISE_IDS),
        "jaxcourse/__init__.py", "jaxcourse/kernels.py", "jaxcourse/measure.py", "jaxcourse/reference.py",
        "jaxcourse/recompile_pool.json", "jaxcourse/variants.py",
        "jaxcourse/notebook_submit.py", "jaxcourse/_submit_client.py",
        "jaxcourse/quiz.py", "jaxcourse/quiz_answers.py", "quiz.json",
        "jaxcourse/_i18n.py", "jaxcourse/locale/en/LC_MESSAGES/jaxcourse.mo",
        "kernels/rms_norm.cc",
    ])  # fmt: skip
    # the fixture masters have no quiz: an empty public quiz file, an empty key beside the folder
    assert json.loads((root / "quiz.json").read_text())["questions"] == []
    assert json.loads((root.parent / "v1.quiz-key.json").read_text())["questions"] == []
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["version"] == "v1"
    assert manifest["notebooks"] == {"ch02": "ch02_performance.ipynb", "ch05": "ch05_interop.ipynb"}
    points = {e["id"]: e["points"] for e in manifest["exercises"]}
    assert points["ffi_lowering"] == 5 and points["fusion"] == 10  # master value; default 10
    for rel in ("jaxcourse/kernels.py", "kernels/rms_norm.cc"):
        assert (root / rel).read_bytes() == (REPO / rel).read_bytes()
    # the notebook's submit cell uses the release's copy of the client `jaxgrade submit` runs (a
    # regular file, not a link: Gradescope's bundle holds regular files only)
    shipped_client = root / "jaxcourse" / "_submit_client.py"
    assert not shipped_client.is_symlink()
    assert (REPO / "jaxcourse" / "_submit_client.py").read_bytes() == shipped_client.read_bytes()
    from autograder.commands import submit as command

    assert command.run.__module__ == "jaxcourse._submit_client"  # one copy of the code
    assert "service" not in manifest  # no --service-url: the students set JAXGRADE_SERVER
    for name in manifest["notebooks"].values():
        code = [c for c in json.loads((root / name).read_text())["cells"] if c["cell_type"] == "code"]
        assert code[-1]["metadata"]["jaxgrade"] == {"role": "submit"}
        assert "otter_ignore" in code[-1]["metadata"]["tags"]
        assert "".join(code[-1]["source"]).endswith("jaxcourse.submit()")
    # hidden test cases stay with the instructor
    assert "hidden-fixture-marker" not in "".join(text_units(root).values())
    # no staging folder left behind; the quiz key sits beside the release folder
    assert sorted(p.name for p in root.parent.iterdir()) == ["v1", "v1.quiz-key.json"]


def test_fixture_two_releases_are_byte_identical(fixture_release, tmp_path):
    again = release(FIXTURE, tmp_path, version="v1")
    assert tree_bytes(again) == tree_bytes(fixture_release)


def test_existing_version_is_kept_unless_force(fixture_release, tmp_path):
    root = tmp_path / "v1"
    shutil.copytree(fixture_release, root)
    (root / "marker").write_text("old")
    with pytest.raises(ReleaseError, match="already exists"):
        release(FIXTURE, tmp_path, version="v1")
    assert (root / "marker").exists()
    release(FIXTURE, tmp_path, version="v1", force=True)
    assert not (root / "marker").exists() and (root / "manifest.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v1", "v1.quiz-key.json"]


def test_answer_surviving_a_marker_typo_stops_the_release(tmp_path):
    masters = tmp_path / "solutions"
    shutil.copytree(FIXTURE, masters)
    path = masters / "ch02_performance.ipynb"
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        if _jg(c) == {"role": "answer", "exercise": "histogram"}:
            c.source = c.source.replace("# BEGIN SOLUTION", "#BEGIN SOLUTION")
            c.source = c.source.replace("# END SOLUTION", "#END SOLUTION")
    nbformat.write(nb, path)
    out = tmp_path / "out"
    with pytest.raises(ReleaseError, match=r"answer of histogram survives in ch02_performance\.ipynb"):
        release(masters, out, version="v1")
    assert not (out / "v1").exists() and list(out.iterdir()) == []


def test_master_without_a_submit_cell_stops_the_release(tmp_path):
    masters = tmp_path / "solutions"
    shutil.copytree(FIXTURE, masters)
    path = masters / "ch05_interop.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if _jg(c).get("role") != "submit"]
    nbformat.write(nb, path)
    with pytest.raises(ReleaseError, match=r"ch05_interop\.ipynb: the last code cell is not the submit cell"):
        release(masters, tmp_path / "out", version="v1")


def test_service_url_and_assignment_go_into_the_manifest(tmp_path):
    from autograder.release import build
    from autograder.term import course

    url = "https://grader.example.edu"
    root = release(FIXTURE, tmp_path, version="v1", service_url=url, service_assignment="hw2")
    assert json.loads((root / "manifest.json").read_text())["service"] == {"url": url, "assignment": "hw2"}
    with pytest.raises(ReleaseError, match="must be an http"):
        release(FIXTURE, tmp_path / "bad", version="v1", service_url="ftp://grader.example.edu")
    with pytest.raises(ReleaseError, match="--service-assignment 'HW 2' must be an assignment id"):
        release(FIXTURE, tmp_path / "bad", version="v1", service_assignment="HW 2")
    assert build._ASSIGNMENT_ID.pattern == course._ID.pattern  # the ids `serve --course` accepts


def test_missing_exercise_stops_the_release(tmp_path):
    masters = tmp_path / "solutions"
    shutil.copytree(FIXTURE, masters)
    path = masters / "ch05_interop.ipynb"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: ffi_lowering", "name: ffi_lowering_typo"), encoding="utf-8")
    with pytest.raises(ReleaseError, match="ffi_lowering_typo"):
        release(masters, tmp_path / "out", version="v1")


def test_cell_metadata_lost_by_otter_is_restored(tmp_path):
    from autograder.release.masters import read_master
    from autograder.release.otter_run import run_otter_assign
    from autograder.release.postprocess import release_notebook

    master = read_master(FIXTURE / "ch05_interop.ipynb")
    student = run_otter_assign(master.path, tmp_path / "otter").student_notebook.read_text(encoding="utf-8")
    intact = release_notebook(student, master, "v1")
    assert intact.restored_cells == 0
    nb = nbformat.reads(student, as_version=4)
    dropped = [c for c in nb.cells if _jg(c).get("role") in ("answer", "statement")][:3]
    for c in dropped:
        del c.metadata["jaxgrade"]
    again = release_notebook(nbformat.writes(nb), master, "v1")
    assert again.restored_cells == 3 and again.data == intact.data


@pytest.mark.slow
def test_cli_release_with_verify_run(tmp_path, capsys):
    import argparse

    from autograder.commands import release as command  # what `jaxgrade release` dispatches to

    def main(argv: list[str]) -> int:
        parser = argparse.ArgumentParser(prog="jaxgrade release")
        command.add_arguments(parser)
        return command.run(parser.parse_args(argv))

    argv = ["--version", "v1", "--solutions", str(FIXTURE), "--out", str(tmp_path), "--verify-run"]
    assert main(argv) == 0
    out = capsys.readouterr()
    assert "verify-run: ch05_interop.ipynb [solved]" in out.err and "released v1" in out.out
    assert ReleaseInfo.load(tmp_path / "v1").points["ffi_lowering"] == 5.0
    assert main(argv) == 1 and "--force" in capsys.readouterr().err
