"""Gradescope's run_autograder (no image needed): who it grades (the id per-student variants follow),
that its results.json is the one `jaxgrade grade` writes for the same submission, and the trusted
compile cache the bundle may carry."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from autograder.bundle.gradescope import STUDENT_ID, student_id


@pytest.mark.parametrize(
    ("meta", "want"),
    [
        ({"id": 1, "users": [{"sid": "2026001", "email": "a@x.edu"}, {"sid": "2026002"}]}, "2026001"),
        ({"id": 1, "users": [{"sid": "", "email": "a@x.edu"}]}, "a@x.edu"),
        ({"id": 1, "users": [{"sid": None, "email": None}]}, STUDENT_ID),
        ({"id": 1, "users": []}, STUDENT_ID),
        ({"id": 1, "users": "nonsense"}, STUDENT_ID),
        ([1, 2], STUDENT_ID),
    ],
)
def test_the_first_submitters_student_id_else_email_else_the_fixed_id(
    tmp_path: Path, meta: object, want: str
) -> None:
    (tmp_path / "submission_metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    assert student_id(tmp_path) == want


def test_no_or_broken_metadata_grades_under_the_fixed_id(tmp_path: Path) -> None:
    assert student_id(tmp_path) == STUDENT_ID
    (tmp_path / "submission_metadata.json").write_text("{", encoding="utf-8")
    assert student_id(tmp_path) == STUDENT_ID


# ------------------------------------------------------------- the compile cache in the bundle

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"


def _own_name() -> str:
    from autograder.grade import compile_cache

    return compile_cache.cache_name((RELEASE / "manifest.json").read_bytes(), "2026-fall")


@pytest.fixture(scope="module")
def filled_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache root holding this release's cache as warm-cache publishes it, filled by a trusted
    process (no student code) compiling one function with JAX's persistent cache."""
    from helpers.trusted_cache import fill_trusted

    root = tmp_path_factory.mktemp("xla-root")
    fill_trusted(root / _own_name())
    return root


def _bundle(out: Path, cache_root: Path, *extra: str) -> subprocess.CompletedProcess[str]:

    env = {**os.environ, "JAXGRADE_COMPILE_CACHE_ROOT": str(cache_root)}
    argv = [sys.executable, "-m", "autograder.cli", "bundle", "--release", "2026-fall", "--out", str(out)]
    argv += extra
    return subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)


def test_the_bundle_holds_the_compile_cache_only_when_asked(filled_root: Path, tmp_path: Path) -> None:
    """With --compile-cache auto the zip holds every entry of this machine's cache under
    compile-cache/<name>/ (listed in BUNDLE.json); without the option the zip is the same bytes
    whether or not a filled cache exists here, and holds nothing of it."""

    from autograder.grade import compile_cache

    name = _own_name()
    with_cache = _bundle(tmp_path / "with.zip", filled_root, "--compile-cache", "auto")
    assert with_cache.returncode == 0, with_cache.stderr
    assert f"with compile cache {name}" in with_cache.stdout
    entries = compile_cache.read_entries(filled_root / name)
    with zipfile.ZipFile(tmp_path / "with.zip") as zf:
        held = {n: zf.read(n) for n in zf.namelist() if n.startswith("compile-cache/")}
        listed = json.loads(zf.read("BUNDLE.json"))["files"]
    assert held == {f"compile-cache/{name}/{e}": data for e, data in entries.items()}
    assert set(held) <= set(listed)

    without = _bundle(tmp_path / "without.zip", filled_root)
    assert without.returncode == 0, without.stderr
    no_cache_here = _bundle(tmp_path / "plain.zip", tmp_path / "no-cache-root")
    assert no_cache_here.returncode == 0, no_cache_here.stderr
    assert (tmp_path / "without.zip").read_bytes() == (tmp_path / "plain.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "without.zip") as zf:
        assert not [n for n in zf.namelist() if n.startswith("compile-cache")]
        assert "compile-cache" not in zf.read("BUNDLE.json").decode()


def test_the_bundle_refuses_a_cache_of_another_release(filled_root: Path, tmp_path: Path) -> None:

    from autograder.grade import compile_cache

    own = compile_cache.CACHE_NAME.fullmatch(_own_name())
    assert own is not None
    other = _own_name().replace(f"-r{own['release']}-", f"-r{'0' * 16}-")
    shutil.copytree(filled_root / _own_name(), tmp_path / other)
    done = _bundle(tmp_path / "x.zip", filled_root, "--compile-cache", str(tmp_path / other))
    assert done.returncode == 1
    assert "made for another release (manifest.json) than this bundle's" in done.stderr
    assert not (tmp_path / "x.zip").exists()


def _installed(filled_root: Path, tmp_path: Path, name: str) -> Path:
    """setup.sh's install step on a zip's compile-cache/ holding the filled cache under `name`."""

    from autograder.bundle import install_compile_cache

    assert _bundle(tmp_path / "b.zip", filled_root, "--compile-cache", "auto").returncode == 0
    source = tmp_path / "source"
    with zipfile.ZipFile(tmp_path / "b.zip") as zf:
        zf.extractall(source, [n for n in zf.namelist() if n.startswith("compile-cache/")])
    if name != _own_name():
        (source / "compile-cache" / _own_name()).rename(source / "compile-cache" / name)
    root = tmp_path / "opt-jaxgrade-xla"
    assert install_compile_cache(source / "compile-cache", root) == [name]
    return root


def test_the_installed_cache_is_used_when_made_for_this_host(
    filled_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:

    from autograder.bundle.gradescope import _compile_cache
    from autograder.grade import compile_cache

    root = _installed(filled_root, tmp_path, _own_name())
    folder = root / _own_name()
    assert compile_cache.read_entries(folder) == compile_cache.read_entries(filled_root / _own_name())
    assert {stat.S_IMODE(os.stat(p).st_mode) for p in (root, folder)} == {0o711}
    assert {stat.S_IMODE(os.stat(p).st_mode) for p in folder.iterdir()} == {0o444}
    assert {os.stat(p).st_uid for p in (root, folder, *folder.iterdir())} == {os.geteuid()}
    monkeypatch.setenv("JAXGRADE_COMPILE_CACHE_ROOT", str(root))
    assert _compile_cache(RELEASE, "2026-fall", "bwrap") == folder
    assert capsys.readouterr().out == f"compile cache {_own_name()}: used\n"
    assert _compile_cache(RELEASE, "2026-fall", "none") is None  # unsandboxed children never get it


def test_a_cache_made_on_another_cpu_is_refused_with_the_reason(
    filled_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from autograder.bundle.gradescope import _compile_cache

    other = _own_name().rsplit("-cpu", 1)[0] + "-cpu" + "0" * 12
    root = _installed(filled_root, tmp_path, other)
    monkeypatch.setenv("JAXGRADE_COMPILE_CACHE_ROOT", str(root))
    assert _compile_cache(RELEASE, "2026-fall", "bwrap") is None
    out = capsys.readouterr().out
    own_cpu = _own_name().rsplit("-cpu", 1)[1]
    assert out == (
        f"compile cache {_own_name()}: not used: {other} is made for another CPU (machine and CPU "
        f"flags): 000000000000 there, {own_cpu} here\n"
    )


# --- one submission graded by run_autograder and by `jaxgrade grade` ------------------------------

EXAMPLES = REPO / "examples" / "submissions"


def _gradescope_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notebook: Path, sid: str) -> dict:
    """results.json of `grade()` for a submission folder holding `notebook`, graded as `sid`."""
    from autograder.bundle.gradescope import grade

    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    shutil.copy2(notebook, root / "submission" / notebook.name)
    meta = {"id": 1, "users": [{"sid": sid, "email": "student@example.edu"}]}
    (root / "submission_metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    monkeypatch.setenv("JAXGRADE_RELEASE", str(RELEASE))
    monkeypatch.setenv("JAXGRADE_ISOLATION", "bwrap")
    monkeypatch.setenv("JAXGRADE_TIMEOUT_SCALE", "3")
    monkeypatch.delenv("JAXGRADE_COMPILE_CACHE_ROOT", raising=False)
    work = tmp_path / "gradescope-work"
    work.mkdir()
    return grade(root, work)


def _batch_results(tmp_path: Path, notebook: Path, sid: str) -> dict:
    """OUT/<sid>/results.json of a real `jaxgrade grade` of the folder SUBS/<sid>/ holding `notebook`."""
    subs, out = tmp_path / "subs", tmp_path / "out"
    (subs / sid).mkdir(parents=True)
    shutil.copy2(notebook, subs / sid / notebook.name)
    proc = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out),
         "--release", str(RELEASE), "--jobs", "1", "--isolation", "bwrap", "--timeout-scale", "3",
         "--compile-cache", "off"],
        capture_output=True, text=True, cwd=REPO, timeout=1500, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads((out / sid / "results.json").read_text(encoding="utf-8"))


def _without_time(doc: dict) -> dict:
    """execution_time sums the phases' wall clock; the batch also counts its intake phase."""
    return {k: v for k, v in doc.items() if k != "execution_time"}


def test_a_refused_submission_gets_the_batch_results_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook, sid = EXAMPLES / "s004_malformed.ipynb", "s004_malformed"
    gradescope = _gradescope_results(tmp_path, monkeypatch, notebook, sid)
    assert gradescope["score"] == 0.0
    assert gradescope["extra_data"]["status"] == "malformed:not_json"
    assert _without_time(gradescope) == _without_time(_batch_results(tmp_path, notebook, sid))


@pytest.mark.slow
def test_a_graded_submission_gets_the_batch_results_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chapter 2 graded in the bwrap sandbox, chapter 5 not submitted: the runner, then the scores
    of the missing chapter and the submission status, exactly as in a batch."""
    notebook, sid = EXAMPLES / "s005_only_ch02.ipynb", "s005_only_ch02"
    gradescope = _gradescope_results(tmp_path, monkeypatch, notebook, sid)
    assert gradescope["score"] == 40.0
    assert gradescope["extra_data"]["status"] == "partial:not_submitted:ch05"
    assert _without_time(gradescope) == _without_time(_batch_results(tmp_path, notebook, sid))
