"""`jaxcourse.submit()` (the chapter notebooks' last cell) in a real Jupyter kernel against a real
`jaxgrade serve` on loopback: the graded round trip with the score table and feedback inline, every
refusal as a Chinese message without a traceback, and otter's `grader.export()` beside it.

The student's folder is a copy of the committed release with the all-correct example notebooks; the
kernel imports the release's own `jaxcourse/` from its cwd, as a student's Jupyter does.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from helpers.nbexec import CellRun, KernelSession
from helpers.paths import EXAMPLES, RELEASE
from helpers.ports import free_port
from helpers.served import Served, call, require_grading_tools, serving

ROSTER = "student_id,name,email\ns1,学生一,s1@example.edu\n"
SUBMIT = "import jaxcourse\njaxcourse.submit(save_timeout=0.5)"


def student_folder(root: Path) -> Path:
    work = root / "2026-fall"
    shutil.copytree(RELEASE, work, ignore=shutil.ignore_patterns("__pycache__"))
    for nb in (EXAMPLES / "s001_all_correct").glob("*.ipynb"):
        shutil.copy2(nb, work / nb.name)
    return work


def env_cell(**values: str) -> str:
    return "import os\n" + "\n".join(f"os.environ[{k!r}] = {v!r}" for k, v in values.items())


def assert_speaks_chinese_without_traceback(run: CellRun, *needles: str) -> None:
    assert run.ok, run.error
    assert "Traceback" not in run.text + run.html
    for needle in needles:
        assert needle in run.html, (needle, run.html[-2000:])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    require_grading_tools()
    with serving(tmp_path_factory.mktemp("submit-serve"), ROSTER, "--max-attempts-per-hour", "1") as s:
        yield s


@pytest.fixture()
def kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[KernelSession, Path]]:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))  # the kernel inherits it: ~/.jaxgrade/token lives here
    for var in ("JAXGRADE_SERVER", "JAXGRADE_TOKEN", "JAXGRADE_ASSIGNMENT"):
        monkeypatch.delenv(var, raising=False)
    work = student_folder(tmp_path)
    with KernelSession(work, timeout=1800) as session:
        yield session, home


@pytest.mark.slow
def test_submit_cell_grades_and_shows_scores_and_feedback_then_429(served: Served, kernel) -> None:
    session, home = kernel
    token = served.tokens["s1"]
    (home / ".jaxgrade").mkdir()
    (home / ".jaxgrade" / "token").write_text(token + "\n", encoding="utf-8")
    where = session.run("import jaxcourse, sys\nprint(jaxcourse.__file__, 'jax' in sys.modules)")
    assert where.text.split() == [str(session_cwd(session) / "jaxcourse" / "__init__.py"), "False"]

    session.run(env_cell(JAXGRADE_SERVER=served.url))
    manifest = session_cwd(session) / "manifest.json"  # a release made with --service-assignment zz
    doc = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**doc, "service": {"assignment": "zz"}}), encoding="utf-8")
    unknown = session.run(SUBMIT)  # refused before the body counts as an attempt
    assert_speaks_chinese_without_traceback(unknown, "提交被拒绝:没有这个作业。", "JAXGRADE_ASSIGNMENT")
    session.run(env_cell(JAXGRADE_ASSIGNMENT="a1"))  # the variable wins over manifest.json
    run = session.run(SUBMIT + "\nimport sys\nprint('jax' in sys.modules)")
    scores = "<table class='jaxcourse-submit-scores'>"
    assert_speaks_chinese_without_traceback(run, "已评分", scores, "详细反馈")
    assert run.text.strip().endswith("False")  # submitting loaded no JAX
    assert token not in run.text + run.html
    mine = json.loads(call(served, "GET", "/api/me/submissions", token=token)[2])
    assert len(mine) == 1 and mine[0]["status"] == "graded"
    att = mine[0]
    assert f"提交 #{att['id']} 已评分" in run.html
    assert f"{att['score']:g} / {att['max_score']:g}" in run.html
    for ex in att["exercises"]:
        assert f"<td>{ex}</td>" in run.html
    assert "srcdoc=" in run.html and "sandbox=''" in run.html  # the batch's feedback page, isolated
    assert "没能自动保存" in run.html  # no frontend ran the save request; the student is told

    again = session.run(SUBMIT)
    assert_speaks_chinese_without_traceback(
        again, "提交被拒绝", "一小时内最多提交 1 次", "下次可以提交的时间"
    )
    assert len(json.loads(call(served, "GET", "/api/me/submissions", token=token)[2])) == 1


def session_cwd(session: KernelSession) -> Path:
    return Path(session.run("import os\nprint(os.getcwd())").text.strip())


def test_refusals_are_chinese_messages_in_the_cell(served: Served, kernel, tmp_path: Path) -> None:
    session, _home = kernel
    no_server = session.run(SUBMIT)
    assert_speaks_chinese_without_traceback(no_server, "没有写明评分服务的地址", "JAXGRADE_SERVER")

    session.run(env_cell(JAXGRADE_SERVER=served.url))
    no_token = session.run(SUBMIT)  # no ~/.jaxgrade/token, and nbclient's kernel refuses input()
    assert_speaks_chinese_without_traceback(no_token, "没有找到你的访问令牌", ".jaxgrade/token")

    session.run(env_cell(JAXGRADE_TOKEN="not-a-token"))
    bad = session.run(SUBMIT)
    assert_speaks_chinese_without_traceback(bad, "访问令牌缺失或无效")

    session.run(env_cell(JAXGRADE_SERVER=f"http://127.0.0.1:{free_port()}", JAXGRADE_TOKEN="x"))
    down = session.run(SUBMIT)
    assert_speaks_chinese_without_traceback(down, "连不上评分服务", "文件还没有提交")

    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat(timespec="minutes")
    with serving(tmp_path / "closed", ROSTER, "--deadline", past) as closed:
        session.run(env_cell(JAXGRADE_SERVER=closed.url, JAXGRADE_TOKEN=closed.tokens["s1"]))
        late = session.run(SUBMIT)
        assert_speaks_chinese_without_traceback(late, "提交已截止")
        assert json.loads(call(closed, "GET", "/api/me/submissions", token=closed.tokens["s1"])[2]) == []

    session.run(env_cell(JAXGRADE_SERVER="ftp://grader.example.edu"))
    wrong = session.run(SUBMIT)
    assert_speaks_chinese_without_traceback(wrong, "无效:必须以 https:// 开头")


def test_otter_export_still_works_next_to_the_submit_cell(kernel) -> None:
    session, _home = kernel
    cwd = session_cwd(session)
    shutil.copy2(RELEASE / "ch02_performance.ipynb", cwd / "ch02_performance.ipynb")  # with its submit cell
    init = session.run('import otter\ngrader = otter.Notebook("ch02_performance.ipynb")')
    assert init.ok, init.error
    export = session.run(
        'grader.export("ch02_performance.ipynb", pdf=False, force_save=False, display_link=False)'
    )
    assert export.ok, export.error
    zips = sorted(cwd.glob("ch02_performance_*.zip"))
    assert len(zips) == 1, sorted(p.name for p in cwd.iterdir())
    with zipfile.ZipFile(zips[0]) as z:
        nb = json.loads(z.read("ch02_performance.ipynb"))
    last = [c for c in nb["cells"] if c["cell_type"] == "code"][-1]
    assert "otter_ignore" in last["metadata"]["tags"]  # otter's own grading skips the submit cell


def test_nbgrader_release_leaves_the_submit_cell_out() -> None:
    """nbgrader courses submit through nbgrader's exchange; its source notebook has no submit cell."""
    from autograder.nbgrader_bridge.source import source_notebook
    from autograder.release.masters import find_masters

    masters = find_masters(RELEASE.parents[1] / "solutions")
    for chapter, master in masters.items():
        released = json.loads((RELEASE / master.path.name).read_text(encoding="utf-8"))
        roles = [(c["metadata"].get("jaxgrade") or {}).get("role") for c in released["cells"]]
        assert roles.count("submit") == 1, chapter
        points = {q.id: q.points for q in master.questions}
        out = source_notebook(released, master, points)
        assert [(c["metadata"].get("jaxgrade") or {}).get("role") for c in out["cells"]].count("submit") == 0
        assert len(out["cells"]) == len(released["cells"]) - 1
