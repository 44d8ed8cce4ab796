"""`jaxcourse.submit()`: the last cell of each chapter notebook, submitting from inside Jupyter.

It saves the open notebook, finds the release's chapter notebooks (and `silu.cc`) next to
`manifest.json`, uploads them to the grader service with the student's token, waits with one
progress line and shows the score table and the feedback inline. Only `IPython.display` (HTML and
one Javascript save request), so JupyterLab, classic Notebook and VS Code need no extension.

Standard library and IPython only; it never imports JAX. The HTTP part is the release's copy of
`jaxgrade submit` (`_submit_client.py`). Every failure ends as a Chinese message in the cell's
output, never a traceback: the function catches everything, including a pressed stop button.

Where things come from:
- the service: `JAXGRADE_SERVER`, else `manifest.json`'s `service.url` (`jaxgrade release --service-url`);
- the assignment of a term: `JAXGRADE_ASSIGNMENT`, else `manifest.json`'s `service.assignment`
  (`jaxgrade release --service-assignment`), else the only open one the service lists, else none
  (the service infers it). With an assignment, only its chapters' notebooks are sent, so a release
  split by chapters into several assignments submits from either chapter's notebook;
- the token: `JAXGRADE_TOKEN`, else `~/.jaxgrade/token`, else a hidden prompt (`getpass`); it is
  never written anywhere, so it cannot end up in the notebook.
"""

from __future__ import annotations

import html
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxcourse import _submit_client as client
from jaxcourse._i18n import N_, _

MANIFEST = "manifest.json"
TOKEN_FILE = Path(".jaxgrade") / "token"
EXTRA_FILES = {"silu.cc": "ch05"}  # written by the chapter 5 `%%writefile` cell: part of ch05
STATUS_ZH = {
    "queued": N_("排队中"),
    "running": N_("评分中"),
    "graded": N_("已评分"),
    "grader_error": N_("评分系统故障"),
}
# Classic Notebook 6 has a global `Jupyter.notebook`; JupyterLab and Notebook 7 have a save button
# (command docmanager:save) on the toolbar of the visible notebook panel.
_SAVE_JS = """
if (window.Jupyter && window.Jupyter.notebook) { window.Jupyter.notebook.save_checkpoint(); }
else {
  const b = document.querySelector(
    '.jp-NotebookPanel:not(.lm-mod-hidden) [data-command="docmanager:save"]');
  if (b) { b.click(); }
}
"""


NOT_SAVED_ZH = N_("没能自动保存 notebook,将提交磁盘上最后保存的版本;如果有改动没保存,请先按 Ctrl+S 再运行。")


class SubmitStopped(Exception):
    """The submission cannot go on; the message (Chinese, HTML-safe text) is for the student."""


@dataclass(frozen=True)
class Release:
    root: Path
    notebooks: tuple[str, ...]
    service_url: str | None
    assignment: str | None = None
    chapters: tuple[str, ...] = ()  # the chapter of each of `notebooks`, in the same order


@dataclass(frozen=True)
class Target:
    """Where the upload goes and what it holds."""

    assignment: str | None  # sent as ?assignment=; None: the service infers it
    chapters: tuple[str, ...] | None  # send only these chapters' files; None: all of the release's
    listed: tuple[dict[str, Any], ...]  # the service's assignments (empty: a service without the list)


class _Output:
    """One progress line that is replaced in place, plus blocks appended below it."""

    def __init__(self) -> None:
        self._html, self._display, self._handle = None, None, None
        try:
            from IPython import get_ipython
            from IPython.display import HTML, display
        except ImportError:  # plain Python: text on stdout
            return
        if get_ipython() is None:
            return
        self._html, self._display = HTML, display
        self._handle = display(HTML(_line(_("准备提交…"))), display_id=True)

    def progress(self, text: str) -> None:
        if self._handle is not None and self._html is not None:
            self._handle.update(self._html(_line(text)))
        else:
            print(text, flush=True)

    def block(self, markup: str, plain: str) -> None:
        if self._display is not None and self._html is not None:
            self._display(self._html(markup))
        else:
            print(plain, flush=True)

    def save_request(self) -> None:
        if self._display is not None:
            from IPython.display import Javascript

            self._display(Javascript(_SAVE_JS))


def _line(text: str) -> str:
    return f'<div class="jaxcourse-submit-progress" style="font-family:monospace">{html.escape(text)}</div>'


def _box(title: str, text: str, colour: str) -> str:
    return (
        f'<div class="jaxcourse-submit-message" style="border-left:4px solid {colour};'
        f'padding:6px 10px;margin:4px 0"><b>{html.escape(title)}</b><br>{html.escape(text)}</div>'
    )


def find_release(start: Path | None = None) -> Release:
    """The release folder: the notebook's folder (the kernel's cwd), else the one above this package."""
    here = Path(__file__).resolve().parent.parent
    for root in (start or Path.cwd(), here):
        path = root / MANIFEST
        if path.is_file():
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
                by_chapter = [(str(ch), str(nb)) for ch, nb in dict(doc["notebooks"]).items()]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise SubmitStopped(
                    _("{path} 无法读取({exc}),请重新下载作业文件夹。").format(path=path, exc=exc)
                ) from None
            service = doc.get("service")
            service = service if isinstance(service, dict) else {}
            return Release(
                root,
                tuple(nb for _unused, nb in by_chapter),
                _text(service.get("url")),
                _text(service.get("assignment")),
                tuple(ch for ch, _unused in by_chapter),
            )
    raise SubmitStopped(
        _(
            "没有找到 manifest.json:请在作业文件夹(含 manifest.json 的那个文件夹)里打开 notebook,"
            "再运行这个单元。"
        )
    )


def _text(value: object) -> str | None:
    return (value.strip() or None) if isinstance(value, str) else None


def assignment_id(release: Release) -> str | None:
    """The term's assignment the student or the release names; None: see `choose_target`."""
    return os.environ.get("JAXGRADE_ASSIGNMENT", "").strip() or release.assignment


def choose_target(server: str, token: str, named: str | None) -> Target:
    """The named assignment, else the only open one of a term, with the chapters it holds (the
    release's other chapters belong to other assignments, which would make the service refuse the
    upload). A service without the list (older), or one that cannot answer now: all files, named
    as they were; the upload itself then says what is wrong."""
    try:
        listed = tuple(a for a in client.fetch_assignments(server, token) if isinstance(a.get("id"), str))
    except (client.ServerSaid, OSError, ValueError):
        return Target(named, None, ())
    if named is None:
        open_now = [a for a in listed if a.get("open") is True]
        if len(listed) > 1 and len(open_now) == 1:
            named = open_now[0]["id"]
    found = next((a for a in listed if a["id"] == named), None)
    chapters = found.get("chapters") if found is not None else None
    if not isinstance(chapters, list):
        return Target(named, None, listed)
    return Target(named, tuple(str(ch) for ch in chapters), listed)


def service_url(release: Release) -> str:
    url = os.environ.get("JAXGRADE_SERVER", "").strip() or release.service_url
    if not url:
        raise SubmitStopped(
            _("本次发布没有写明评分服务的地址。请向助教确认地址,在 notebook 里运行 "
            "%env JAXGRADE_SERVER=https://grader.example.edu(换成真实地址)后再运行这个单元;也可以在网页上提交。")
        )
    try:
        return client.check_server(url)
    except ValueError:
        raise SubmitStopped(
            _("评分服务地址 {url!r} 无效:必须以 https:// 开头(只有本机地址 localhost / 127.0.0.1 可以用 http://)。").format(url=url)
        ) from None


def read_token(ask: Callable[[str], str] | None = None) -> str:
    token = os.environ.get("JAXGRADE_TOKEN", "").strip()
    if token:
        return token
    path = Path.home() / TOKEN_FILE
    try:
        token = path.read_text(encoding="utf-8").strip()
    except OSError:
        token = ""
    if token:
        return token
    if ask is None:
        import getpass

        ask = getpass.getpass
    try:
        token = ask(_("请输入你的访问令牌(输入时不显示):")).strip()
    except Exception:  # noqa: BLE001 - a frontend without input (nbconvert, some viewers) refuses the prompt
        token = ""
    if not token:
        raise SubmitStopped(
            _(
                "没有找到你的访问令牌。请把助教发给你的令牌单独一行保存到 {path},"
                "或者在运行这个单元时出现的输入框里输入(输入的内容不会显示,"
                "也不会保存在 notebook 里)。"
            ).format(path=path)
        )
    return token


def _mtimes(paths: list[Path]) -> dict[Path, float]:
    return {p: p.stat().st_mtime for p in paths if p.is_file()}


def save_open_notebook(out: _Output, release: Release, timeout: float) -> bool:
    """Ask the frontend to save; True once a chapter notebook's file changed within `timeout` s."""
    paths = [release.root / n for n in release.notebooks]
    before = _mtimes(paths)
    out.save_request()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(_mtimes(paths).get(p, 0.0) > t for p, t in before.items()):
            time.sleep(0.3)  # let the frontend finish writing the file
            return True
        time.sleep(0.2)
    return False


def collect_files(release: Release, chapters: tuple[str, ...] | None = None) -> list[tuple[str, bytes]]:
    """The release's notebooks and extra files; with `chapters`, only theirs (all when the release
    has none of those chapters: the service then names the mismatch)."""
    names = [*release.notebooks, *EXTRA_FILES]
    if chapters is not None:
        of = dict(zip(release.notebooks, release.chapters, strict=False)) | EXTRA_FILES
        own = [name for name in names if of.get(name) in chapters]
        names = own if any(name.endswith(".ipynb") for name in own) else names
    files: list[tuple[str, bytes]] = []
    for name in names:
        path = release.root / name
        if path.is_file():
            try:
                files.append((name, path.read_bytes()))
            except OSError as exc:
                raise SubmitStopped(
                    _("无法读取 {path}:{value}").format(path=path, value=exc.strerror or exc)
                ) from None
    if not any(name.endswith(".ipynb") for name, _unused in files):
        raise SubmitStopped(
            _("在 {root} 里没有找到本次作业的 notebook({join})。").format(
                root=release.root, join=_("、").join(release.notebooks)
            )
        )
    return files


def _listing(listed: tuple[dict[str, Any], ...]) -> str:
    shown = [f"{a['id']}({a.get('title') or a['id']})" for a in listed if a.get("open") is not False]
    return _("现在可以提交的作业:{join}。").format(join=_('、').join(shown)) if shown else ""


def refusal_text(
    exc: client.ServerSaid, assignment: str | None = None, listed: tuple[dict[str, Any], ...] = ()
) -> str:
    """The service's own Chinese message, with the next allowed time for a 429 and where the
    assignment id comes from when the service does not know it or needs one."""
    zh = str(exc.doc.get("message_zh") or exc.doc.get("message") or "")
    if exc.doc.get("reason") == "no_assignment" and assignment:
        return _(
            "{zh} 作业编号「{assignment}」来自环境变量 JAXGRADE_ASSIGNMENT 或 manifest.json,"
            "请向助教确认正确的编号。"
        ).format(zh=zh, assignment=assignment) + _listing(listed)
    if exc.doc.get("reason") == "choose_assignment":
        return _(
            "{zh} 请在 notebook 里运行 %env JAXGRADE_ASSIGNMENT=作业编号 后再运行这个单元"
            "(作业编号是网页上作业页面地址 "
            "/assignments/ 后面的部分,例如 hw2)。"
        ).format(zh=zh) + _listing(listed)
    if exc.status == 401:
        return _("{zh} 请检查令牌(~/.jaxgrade/token 或环境变量 JAXGRADE_TOKEN)是否和助教发的一致。").format(
            zh=zh
        )
    if exc.status == 429:
        wait = exc.doc.get("retry_after")
        if isinstance(wait, int | float) and wait > 0:
            when = time.strftime("%H:%M", time.localtime(time.time() + float(wait)))
            return _("{zh} 下次可以提交的时间:{when} 之后。").format(zh=zh, when=when)
    if exc.status >= 500:
        return _("评分服务出错({status}),这次没有提交成功,请稍后再试。{zh}").format(status=exc.status, zh=zh)
    return zh or _("提交被拒绝({status})。").format(status=exc.status)


def result_html(att: dict[str, Any], feedback: bytes | None, page: str) -> str:
    note = client.hidden_note(att)
    if note is not None:  # graded, not shown yet: the service's message, not an empty table
        anchor = f"<a href='{html.escape(page)}' target='_blank'>{html.escape(page)}</a>"
        link = "<p>" + html.escape(_("成绩公布后查看:{page}")).format(page=anchor) + "</p>"
        head = html.escape(_("提交 #{id}").format(id=client.number_of(att)))
        return f"<h4>{head}</h4><p class='jaxcourse-submit-hidden'>{html.escape(note)}</p>{link}"
    rows = "".join(
        f"<tr><td>{html.escape(str(ex))}</td><td style='text-align:right'>"
        f"{'-' if score is None else html.escape(f'{score:g}')}</td></tr>"
        for ex, score in dict(att.get("exercises") or {}).items()
    )
    if att.get("score") is not None:
        rows += (
            _("<tr><th>总分</th><th style='text-align:right'>{score:g} / {max_score:g}</th></tr>").format(
                score=att["score"], max_score=att["max_score"]
            )
        )
    late = _("(迟交)") if att.get("late") else ""
    head = _("提交 #{int} 已评分{late}").format(int=client.number_of(att), late=late)
    table = _(
        "<table class='jaxcourse-submit-scores'><tr><th>练习</th><th>得分</th></tr>{rows}</table>"
    ).format(rows=rows)
    link = _("<p>网页版:<a href='{escape}' target='_blank'>{escape}</a></p>").format(escape=html.escape(page))
    if feedback is None:
        return _("<h4>{escape}</h4>{table}<p>详细反馈暂时无法下载。</p>{link}").format(
            escape=html.escape(head), table=table, link=link
        )
    # The feedback is the batch's own escaped page; a sandboxed iframe keeps its styles to itself.
    doc = html.escape(feedback.decode("utf-8", "replace"), quote=True)
    frame = (
        f"<iframe class='jaxcourse-submit-feedback' sandbox='' srcdoc=\"{doc}\" "
        "style='width:100%;height:520px;border:1px solid #ccc'></iframe>"
    )
    return _("<h4>{escape}</h4>{table}<h4>详细反馈</h4>{frame}{link}").format(
        escape=html.escape(head), table=table, frame=frame, link=link
    )


def _status_zh(status: str) -> str:
    if status.startswith("unreachable"):
        return _("暂时连不上评分服务,继续等待")
    return _(STATUS_ZH[status]) if status in STATUS_ZH else status


def _upload_and_wait(out: _Output, server: str, token: str, release: Release, timeout: float) -> None:
    target = choose_target(server, token, assignment_id(release))
    files = collect_files(release, target.chapters)
    names = _("、").join(name for name, _unused in files)
    out.progress(
        _("正在上传:{names}").format(names=names)
        + (_("(作业 {assignment})").format(assignment=target.assignment) if target.assignment else "")
    )
    try:
        uploaded = client.upload_attempt(server, token, files, assignment=target.assignment)
    except client.ServerSaid as exc:
        raise SubmitStopped(
            _("提交被拒绝:{refusal_text}").format(
                refusal_text=refusal_text(exc, target.assignment, target.listed)
            )
        ) from None
    except OSError as exc:
        reason = getattr(exc, "reason", None) or exc
        raise SubmitStopped(
            _("连不上评分服务 {server}({reason})。文件还没有提交,请检查网络后再试。").format(
                server=server, reason=reason
            )
        ) from None
    attempt_id, number = uploaded.id, uploaded.number  # the address, and what the student reads
    page = f"{server}/attempts/{attempt_id}"
    started = time.monotonic()

    def on_status(status: str) -> None:
        waited = time.monotonic() - started
        out.progress(
            _("已提交 #{attempt_id}({names}):{status_zh},已等待 {waited:.0f} 秒").format(
                attempt_id=number, names=names, status_zh=_status_zh(status), waited=waited
            )
        )

    att = client.wait_for_grade(server, token, attempt_id, timeout=timeout, poll=2.0, on_status=on_status)
    if att is None:
        raise SubmitStopped(
            _("等了 {value:.0f} 分钟还没有评完;提交 #{attempt_id} 已经保存,稍后在 {page} 查看结果。").format(
                value=timeout / 60, attempt_id=number, page=page
            )
        )
    if att.get("status") == "grader_error":
        raise SubmitStopped(
            _("评分系统出现故障,提交 #{attempt_id} 会被重新评分(这不是你的问题)。稍后查看:{page}").format(
                attempt_id=number, page=page
            )
        )
    feedback: bytes | None = None
    try:
        if client.hidden_note(att) is None:  # a hidden grade has no feedback to show yet
            feedback = client.fetch_feedback(server, token, attempt_id)
    except (client.ServerSaid, OSError):
        feedback = None
    out.progress(
        _("提交 #{attempt_id} 已评分,用时 {value:.0f} 秒").format(
            attempt_id=number, value=time.monotonic() - started
        )
    )
    out.block(result_html(att, feedback, page), client.score_table(att))


def submit(*, timeout: float = 1800.0, save_timeout: float = 5.0) -> None:
    """Save, upload this assignment's notebooks, wait for the grade and show it (see the module doc)."""
    out = _Output()
    try:
        release = find_release()
        server = service_url(release)
        token = read_token()
        out.progress(_("正在保存 notebook…"))
        if not save_open_notebook(out, release, save_timeout):
            out.block(
                _box(_("提示"), _(NOT_SAVED_ZH), "#d90"),
                _("提示:没能自动保存 notebook,将提交最后保存的版本。"),
            )
        _upload_and_wait(out, server, token, release, timeout)
    except SubmitStopped as exc:
        out.progress(_("没有完成提交"))
        out.block(_box(_("提交没有完成"), str(exc), "#c00"), _("提交没有完成:{exc}").format(exc=exc))
    except KeyboardInterrupt:
        out.progress(_("已停止等待"))
        out.block(
            _box(_("已停止等待"), _("如果文件已经上传,提交会照常评分;稍后可在网页上查看结果。"), "#d90"),
            _("已停止等待。"),
        )
    except Exception as exc:  # noqa: BLE001 - a student must never see a traceback from this cell
        out.progress(_("没有完成提交"))
        text = _("提交时出现意外错误({name__}: {exc})。请改用网页提交,并告诉助教。").format(
            name__=type(exc).__name__, exc=exc
        )
        out.block(_box(_("提交没有完成"), text, "#c00"), text)
