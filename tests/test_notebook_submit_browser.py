"""`jaxcourse.submit()` in JupyterLab in Chromium: a real `jupyter lab` on loopback opens the student's
chapter notebook, its last cell (the submit cell) runs, the frontend honours the save request, and
the score table and the feedback appear in the cell's output from a real `jaxgrade serve`.

JupyterLab is started with `--expose-app-in-browser` only so the test can pick the last cell through
JupyterLab's own command API instead of scrolling a virtualised notebook.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.paths import EXAMPLES, RELEASE
from helpers.ports import free_port
from helpers.served import Served, require_grading_tools, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
# JupyterLab comes with nbgrader's own environment (.venv-nbgrader, scripts/bootstrap.sh): installed into
# the grading .venv it would bring rfc3987-syntax onto the grading path (test_nbgrader.py checks that).
JUPYTER_LAB = Path(__file__).resolve().parents[1] / ".venv-nbgrader" / "bin" / "jupyter-lab"
ROSTER = "student_id,name,email\ns1,学生一,s1@example.edu\n"
GRADING_WAIT_S = 1800  # a bound on a hung service, not a timing assertion

pytestmark = pytest.mark.slow
_missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER, JUPYTER_LAB) if not p.exists()]
if _missing:
    print(f"test_notebook_submit_browser: skipped, missing {', '.join(_missing)}")
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=f"missing {', '.join(_missing)}")]
else:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait


def student_folder(root: Path) -> Path:
    """The release with the all-correct answers; ch02 keeps the release's closing submit cells."""
    work = root / "2026-fall"
    shutil.copytree(RELEASE, work, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(EXAMPLES / "s001_all_correct" / "ch05_interop.ipynb", work / "ch05_interop.ipynb")
    answered = json.loads((EXAMPLES / "s001_all_correct" / "ch02_performance.ipynb").read_text("utf-8"))
    released = json.loads((RELEASE / "ch02_performance.ipynb").read_text("utf-8"))
    answered["cells"] += released["cells"][-2:]  # the "提交" heading and `jaxcourse.submit()`
    (work / "ch02_performance.ipynb").write_text(json.dumps(answered, ensure_ascii=False), "utf-8")
    return work


@pytest.fixture()
def lab(tmp_path: Path) -> Iterator[tuple[str, Path, Served]]:
    require_grading_tools()
    with serving(tmp_path / "serve", ROSTER) as served:
        home = tmp_path / "home"
        (home / ".jaxgrade").mkdir(parents=True)
        (home / ".jaxgrade" / "token").write_text(served.tokens["s1"], encoding="utf-8")
        work = student_folder(tmp_path)
        port, token = free_port(), secrets.token_hex(16)
        env = {**os.environ, "HOME": str(home), "JAXGRADE_SERVER": served.url}
        env.pop("JAXGRADE_TOKEN", None)
        log = (tmp_path / "lab.log").open("wb")
        proc = subprocess.Popen(
            [str(JUPYTER_LAB), "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--expose-app-in-browser",
             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}", "--LabApp.news_url=",
             *(["--allow-root"] if os.geteuid() == 0 else [])],  # CI runs the suite as root
            cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5).close()
                    break
                except OSError:
                    assert proc.poll() is None, (tmp_path / "lab.log").read_text()[-3000:]
                    time.sleep(0.2)
            yield f"{base}/lab/tree/ch02_performance.ipynb?token={token}", work, served
        finally:
            proc.terminate()
            proc.wait(timeout=60)
            log.close()


@pytest.fixture()
def driver() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000"):  # fmt: skip
        options.add_argument(arg)
    drv = webdriver.Chrome(service=DriverService(str(CHROMEDRIVER)), options=options)
    try:
        yield drv
    finally:
        drv.quit()


_KERNEL_IDLE = """
const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
return !!(w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel
          && w.sessionContext.session.kernel.status === 'idle' && w.content && w.content.widgets.length);
"""
_RUN_LAST_CELL = """
const w = window.jupyterapp.shell.currentWidget;
w.content.activeCellIndex = w.content.widgets.length - 1;
window.jupyterapp.commands.execute('notebook:run-cell');
"""
_LAST_OUTPUT = """
const w = window.jupyterapp.shell.currentWidget;
const cell = w.content.widgets[w.content.widgets.length - 1];
return cell.node.querySelector('.jp-OutputArea') ? cell.node.querySelector('.jp-OutputArea').innerText : '';
"""


def test_submit_cell_in_jupyterlab_saves_uploads_and_shows_the_grade(lab, driver, tmp_path: Path) -> None:
    url, work, served = lab
    notebook = work / "ch02_performance.ipynb"
    before = notebook.stat().st_mtime
    driver.get(url)
    WebDriverWait(driver, 180).until(lambda d: d.execute_script(_KERNEL_IDLE))
    driver.execute_script(_RUN_LAST_CELL)
    WebDriverWait(driver, GRADING_WAIT_S, poll_frequency=2).until(
        lambda d: "已评分" in d.execute_script(_LAST_OUTPUT) or "没有完成" in d.execute_script(_LAST_OUTPUT)
    )
    text = driver.execute_script(_LAST_OUTPUT)
    driver.save_screenshot(str(tmp_path / "jupyterlab-submit.png"))
    assert "没有完成" not in text, text
    assert "没能自动保存" not in text, text  # JupyterLab ran the save request
    assert notebook.stat().st_mtime > before
    assert "总分" in text and "safe_distance" in text, text
    frames = driver.execute_script(
        "return window.jupyterapp.shell.currentWidget.node.querySelectorAll("
        "'iframe.jaxcourse-submit-feedback').length"
    )
    assert frames == 1
    assert served.tokens["s1"] not in notebook.read_text(encoding="utf-8")  # the token never lands in it
