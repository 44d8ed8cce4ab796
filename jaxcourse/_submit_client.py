"""`jaxgrade submit --server URL [--assignment ID] FILES...`: upload, wait for the grade, print it.

The token comes from the JAXGRADE_TOKEN environment variable or a `--token-file` only the owner can
read (mode 0600); never from argv, where every user of the machine sees it (`ps`, /proc). Plain
http is refused except to a loopback address, and the Authorization header is dropped on any
redirect to another scheme, host or port (compared as scheme + host:port).

Standard library only (urllib), so a student's own Python can run it without the grader's
dependencies: every release ships this file as `jaxcourse/_submit_client.py`, and
`python3 jaxcourse/_submit_client.py --server URL FILES...` runs it alone. `jaxgrade submit` is
this module (autograder/commands/submit.py re-exports it), and `jaxcourse.submit()` (the notebook's
submit cell) reuses its `upload`, `wait_for_grade` and `fetch_feedback`.
Messages for the student are the server's Chinese ones. `--assignment` names the assignment of a
term (`?assignment=ID`); without it the service infers it from the chapters uploaded.

Exit codes: 0 graded; 1 the grader failed (the attempt will be regraded) or the wait timed out;
2 refused (bad token, too large, too many attempts, after the deadline, unusable files) or bad usage.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import mimetypes
import os
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxcourse._i18n import _

# AttemptState's final values (autograder/states.py): this script runs alone, with the standard library
GRADED, GRADER_ERROR = "graded", "grader_error"
FINISHED = (GRADED, GRADER_ERROR)

EXIT_GRADED, EXIT_GRADER, EXIT_REFUSED = 0, 1, 2
USER_AGENT = "jaxgrade-submit/1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILES",
        help="the chapter notebooks (.ipynb), or one .zip, plus optional .cc files",
    )
    parser.add_argument("--server", required=True, help="the grader service, e.g. https://grader.example.edu")
    parser.add_argument(
        "--assignment",
        default=None,
        metavar="ID",
        help="the assignment of the term to submit to, e.g. hw2 (default: the service infers it from "
        "the chapters of the files)",
    )
    parser.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="a file (mode 0600) holding your access token (default: the JAXGRADE_TOKEN variable)",
    )
    # Refused with an explanation: a token in argv is readable by every user of the machine.
    parser.add_argument("--token", default=None, help=argparse.SUPPRESS)
    parser.add_argument(
        "--no-wait", action="store_true", help="upload and exit without waiting for the grade"
    )
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds to wait for the grade")
    parser.add_argument("--poll", type=float, default=3.0, help="seconds between status checks")


def multipart_body(files: list[tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = "jaxgrade-" + secrets.token_hex(16)
    parts: list[bytes] = []
    for name, data in files:
        quoted = name.replace("\\", "_").replace('"', "_").replace("\r", "_").replace("\n", "_")
        ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{quoted}"\r\n'
            f"Content-Type: {ctype}\r\n\r\n".encode()
            + data
            + b"\r\n"
        )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class _NoCredentialElsewhere(urllib.request.HTTPRedirectHandler):
    """Follows redirects, but never carries the Authorization header to another scheme/host:port."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and _origin(newurl) != _origin(req.full_url):
            new.remove_header("Authorization")
        return new


def _origin(url: str) -> tuple[str, str]:
    parts = urllib.parse.urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme.lower(), f"{(parts.hostname or '').lower()}:{parts.port or default}"


_OPENER = urllib.request.build_opener(_NoCredentialElsewhere)


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_problem(server: str) -> str | None:
    """Why `server` cannot be used (English), or None."""
    parts = urllib.parse.urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "--server must start with http:// or https://"
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        return "--server must use https:// (plain http is only allowed to this machine's loopback)"
    return None


def read_token(args: argparse.Namespace) -> tuple[str, str | None]:
    """(token, None) or ("", why not)."""
    if getattr(args, "token", None):
        return "", "--token is refused: other users can read argv; set JAXGRADE_TOKEN or use --token-file"
    path = getattr(args, "token_file", None)
    if path is None:
        token = os.environ.get("JAXGRADE_TOKEN", "").strip()
        return (token, None) if token else ("", "no token (set JAXGRADE_TOKEN or use --token-file)")
    try:
        st = os.stat(path)
        if st.st_mode & 0o077 or st.st_uid != os.getuid():
            return "", f"{path} must be yours and private (chmod 600 {path})"
        token = Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        return "", f"cannot read {path}: {exc.strerror or exc}"
    return (token, None) if token else ("", f"{path} is empty")


class ServerSaid(Exception):
    def __init__(self, status: int, doc: dict[str, Any]):
        super().__init__(doc.get("message", ""))
        self.status, self.doc = status, doc


def _request(
    url: str, token: str, *, data: bytes | None = None, ctype: str | None = None, timeout: float = 120.0
) -> tuple[int, bytes]:
    headers = {"Authorization": f"Bearer {token}", "User-Agent": USER_AGENT, "Accept": "application/json"}
    if ctype:
        headers["Content-Type"] = ctype
    req = urllib.request.Request(
        url, data=data, headers=headers, method="POST" if data is not None else "GET"
    )
    try:
        with _OPENER.open(req, timeout=timeout) as resp:
            return resp.status, resp.read(16 * 2**20)
    except urllib.error.HTTPError as exc:
        body = exc.read(64 * 1024)
        try:
            doc = json.loads(body)
        except ValueError:
            doc = {"message": body.decode("utf-8", "replace")[:300]}
        raise ServerSaid(exc.code, doc if isinstance(doc, dict) else {"message": str(doc)}) from None


def check_server(server: str) -> str:
    """The service's base URL without a trailing slash; ValueError unless it is http(s)."""
    server = server.strip().rstrip("/")
    why = server_problem(server)
    if why:  # the same rule as `jaxgrade submit`: https, or plain http to loopback only
        raise ValueError(why)
    return server


def submissions_url(server: str, assignment: str | None = None) -> str:
    """The upload address; `assignment` names the term's assignment (the server checks the id)."""
    if not assignment:
        return f"{server}/api/submissions"
    return f"{server}/api/submissions?" + urllib.parse.urlencode({"assignment": assignment})


@dataclass(frozen=True)
class Uploaded:
    """An accepted upload: `id` addresses it (/api/submissions/<id>, the attempt page); `number` is
    what the student reads, its place among their attempts of the assignment (1, 2, 3 ...)."""

    id: int
    number: int


def upload_attempt(
    server: str, token: str, files: list[tuple[str, bytes]], *, assignment: str | None = None
) -> Uploaded:
    """POST the files as one submission (to `assignment`, else the one the service infers).
    Raises ServerSaid or OSError."""
    body, ctype = multipart_body(files)
    _unused, raw = _request(submissions_url(server, assignment), token, data=body, ctype=ctype)
    try:
        doc = json.loads(raw)
        return Uploaded(int(doc["id"]), number_of(doc))
    except (ValueError, KeyError, TypeError) as exc:
        raise OSError(f"unexpected answer from {server}: {exc}") from None


def upload(server: str, token: str, files: list[tuple[str, bytes]], *, assignment: str | None = None) -> int:
    """`upload_attempt`'s attempt id (the address of its status and feedback)."""
    return upload_attempt(server, token, files, assignment=assignment).id


def number_of(att: dict[str, Any]) -> int:
    """The attempt's number for people (the service's `number`); a service that predates it sends
    only the id, which is then the only name the attempt has."""
    number = att.get("number")
    return number if isinstance(number, int) and not isinstance(number, bool) else int(att["id"])


def fetch_assignments(server: str, token: str) -> list[dict[str, Any]]:
    """The service's assignments (`GET /api/me/assignments`: id, title, chapters, open). Raises
    ServerSaid (404 from a service older than the list), OSError or ValueError."""
    _unused, raw = _request(f"{server}/api/me/assignments", token)
    doc = json.loads(raw)
    if not isinstance(doc, list) or not all(isinstance(a, dict) for a in doc):
        raise ValueError("the assignments are not a JSON list of objects")
    return doc


def fetch_attempt(server: str, token: str, attempt_id: int) -> dict[str, Any]:
    _unused, raw = _request(f"{server}/api/submissions/{attempt_id}", token)
    doc = json.loads(raw)
    if not isinstance(doc, dict):
        raise ValueError("the attempt is not a JSON object")
    return doc


def fetch_feedback(server: str, token: str, attempt_id: int) -> bytes:
    return _request(f"{server}/api/submissions/{attempt_id}/feedback", token)[1]


FINAL_STATES = ("graded", "grader_error")


def wait_for_grade(
    server: str,
    token: str,
    attempt_id: int,
    *,
    timeout: float,
    poll: float,
    on_status: Callable[[str], None],
) -> dict[str, Any] | None:
    """Poll until the attempt is graded or failed; None on timeout. on_status sees each new state.

    A failed status request (a restart of the service) is reported and waited through."""
    deadline = time.monotonic() + timeout
    last = ""
    while True:
        try:
            att = fetch_attempt(server, token, attempt_id)
        except (ServerSaid, OSError, ValueError) as exc:
            att = {"status": f"unreachable ({exc})"}
        status = str(att.get("status"))
        if status != last:
            on_status(status)
            last = status
        if status in FINAL_STATES:
            return att
        if time.monotonic() > deadline:
            return None
        time.sleep(max(0.2, poll))


def hidden_note(att: dict[str, Any]) -> str | None:
    """The service's message for a graded attempt whose grade is not shown yet ("已评分。成绩将在助教
    公布后显示。"), else None: every client shows this text instead of an empty score table."""
    note = att.get("grades_hidden")
    return str(note) if note else None


def score_table(att: dict[str, Any]) -> str:
    note = hidden_note(att)
    if note is not None:
        return _("提交 #{id}:{note}").format(id=number_of(att), note=note) + "\n"
    state = att.get("grade_status") or att["status"]
    lines = [
        _("提交 #{id}  状态:{value}").format(id=number_of(att), value=state)
        + (_("(迟交)") if att.get("late") else "")
    ]
    width = max((len(ex) for ex in att.get("exercises", {})), default=10)
    for ex, score in att.get("exercises", {}).items():
        lines.append(f"  {ex:<{width}}  {'-' if score is None else f'{score:g}'}")
    if att.get("score") is not None:
        lines.append(f"  {_('总分'):<{width - 2}}  {att['score']:g} / {att['max_score']:g}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    token, why = read_token(args)
    server = args.server.rstrip("/")
    why = why or server_problem(server)
    if why:
        print(f"jaxgrade submit: error: {why}", file=sys.stderr)
        return EXIT_REFUSED
    files: list[tuple[str, bytes]] = []
    for path in args.files:
        try:
            files.append((path.name, path.read_bytes()))
        except OSError as exc:
            print(f"jaxgrade submit: error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_REFUSED
    try:
        uploaded = upload_attempt(server, token, files, assignment=getattr(args, "assignment", None))
    except ServerSaid as exc:
        zh = exc.doc.get("message_zh") or ""
        if exc.doc.get("reason") == "choose_assignment":  # several open, the files fit more than one
            zh += _("请用 --assignment 作业编号(例如 --assignment hw2)指定。")
        print(
            _("提交被拒绝({status}):{zh}\nrefused ({status}): {get}").format(
                status=exc.status, zh=zh, get=exc.doc.get("message", "")
            ),
            file=sys.stderr,
        )
        return EXIT_REFUSED if exc.status < 500 else EXIT_GRADER
    except OSError as exc:
        print(f"jaxgrade submit: cannot reach {server}: {exc}", file=sys.stderr)
        return EXIT_GRADER
    attempt_id = uploaded.id  # the address; people read uploaded.number
    print(_("已提交:#{attempt_id}(已保存,正在排队评分)").format(attempt_id=uploaded.number), file=sys.stderr)
    page = f"{server}/attempts/{attempt_id}"
    if args.no_wait:
        print(_("查看结果:{page}").format(page=page))
        return EXIT_GRADED
    att = wait_for_grade(
        server,
        token,
        attempt_id,
        timeout=args.timeout,
        poll=args.poll,
        on_status=lambda status: print(_("状态:{status}").format(status=status), file=sys.stderr),
    )
    if att is None:
        print(_("等待超时;你的提交已保存,稍后在 {page} 查看结果。").format(page=page), file=sys.stderr)
        return EXIT_GRADER
    if att["status"] == GRADER_ERROR:
        print(_("评分系统出现故障,你的提交会被重新评分(这不是你的问题)。稍后查看:{page}").format(page=page))
        return EXIT_GRADER
    sys.stdout.write(score_table(att))
    if hidden_note(att) is not None:  # no feedback to fetch before the grade is shown
        print(_("成绩公布后查看:{page}").format(page=page))
        return EXIT_GRADED
    # named as the student reads the attempt: its assignment and number (ids are the service's)
    assignment = "".join(c for c in str(att.get("assignment") or "") if c.isalnum() or c in "-_")[:64]
    feedback = Path(f"jaxgrade-feedback-{assignment or 'attempt'}-{number_of(att)}.html")
    try:
        feedback.write_bytes(fetch_feedback(server, token, attempt_id))
        print(_("详细反馈:{resolve}(网页版:{page})").format(resolve=feedback.resolve(), page=page))
    except (ServerSaid, OSError) as exc:
        print(_("详细反馈:{page}(无法下载:{exc})").format(page=page, exc=exc))
    return EXIT_GRADED


def main(argv: list[str] | None = None) -> int:
    """Run as a standalone script (`python3 submit.py ...`): the file needs nothing but Python."""
    parser = argparse.ArgumentParser(prog="jaxgrade submit", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
