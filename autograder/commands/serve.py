"""`jaxgrade serve`: run the grader service (argument parsing only; the service is in app.py/core.py)."""

from __future__ import annotations

import argparse
import logging
import os
import stat
import sys
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from autograder.service.domain.course.config import POLICIES, ServiceConfig

if TYPE_CHECKING:
    from autograder.service.domain.core import Service


def _iso(value: str) -> datetime:
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO 8601 time: {value!r}") from None
    if when.tzinfo is None:
        raise argparse.ArgumentTypeError(f"{value!r} has no time zone (e.g. 2026-12-20T23:59+08:00)")
    return when


def add_arguments(parser: argparse.ArgumentParser) -> None:  # over 80 lines: one flat add_argument per option
    parser.add_argument(
        "--data",
        required=True,
        type=Path,
        metavar="DIR",
        help="folder for everything the service keeps (database, uploads, outputs, tokens)",
    )
    parser.add_argument(
        "--release",
        type=Path,
        default=None,
        help="released assignment to grade against (default: the last assignments/<version>/ here)",
    )
    parser.add_argument(
        "--course",
        type=Path,
        default=None,
        metavar="TOML",
        help="the term's assignments (course.toml: releases, deadlines, late policies, visibility); "
        "without it the service has one assignment, a1, from --release and --deadline",
    )
    parser.add_argument(
        "--language",
        default=None,
        metavar="LANG",
        help="the language students read (a catalogue under autograder/locale/, e.g. en; default: the "
        "course file's `language`, else $JAXGRADE_LANGUAGE, else zh_CN); the grading processes inherit it",
    )
    parser.add_argument(
        "--roster",
        type=Path,
        default=None,
        metavar="CSV",
        help="student_id,name[,email,...]: add or update students; new tokens go to DIR/tokens.csv",
    )
    parser.add_argument(
        "--tas",
        type=Path,
        default=None,
        metavar="CSV",
        help="named TAs (a 'name' column): each new one gets a token in DIR/ta-tokens.csv; the audit "
        "log records the TA's name (DIR/ta-token stays the TA named 'ta')",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL without a password (default: sqlite:///DIR/service.sqlite; or postgresql://"
        f"USER@/DB?host=/run/postgresql); a URL with a password goes in ${DB_URL_ENV} or --db-file",
    )
    parser.add_argument(
        "--db-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="read the database URL from FILE (its first line; readable by its owner only)",
    )
    parser.add_argument(
        "--upgrade-db",
        action="store_true",
        help="upgrade a database made by an older jaxgrade to this one's schema (back it up first; "
        "a SQLite file is also copied next to itself); without it the service refuses to start on one",
    )
    parser.add_argument("--workers", type=int, default=1, help="grading workers (default: %(default)s)")
    parser.add_argument(
        "--deadline",
        type=_iso,
        default=None,
        metavar="ISO8601",
        help="attempts after it are late; the counted attempt is the last one before it",
    )
    parser.add_argument(
        "--late-until",
        type=_iso,
        default=None,
        metavar="ISO8601",
        help="late attempts are accepted until then (default: none after --deadline)",
    )
    parser.add_argument(
        "--policy",
        choices=POLICIES,
        default="last",
        help="which attempt counts for grades.csv (default: %(default)s)",
    )
    parser.add_argument(
        "--max-attempts-per-hour",
        type=int,
        default=12,
        metavar="N",
        help="per student (default: %(default)s)",
    )
    parser.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the URL browsers use; with https:// session cookies are __Host- prefixed and Secure",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy's address whose X-Forwarded-For names the client (repeatable)",
    )
    parser.add_argument(
        "--reissue-token",
        action="append",
        default=[],
        metavar="ID",
        help="give this student a new token (appended to DIR/tokens.csv; the old one stops working)",
    )
    parser.add_argument(
        "--reissue-ta-token",
        action="append",
        default=[],
        metavar="NAME",
        help="give this named TA a new token (appended to DIR/ta-tokens.csv; the old one stops working)",
    )
    parser.add_argument(
        "--max-upload-mb", type=float, default=50.0, help="one upload's size cap (default: %(default)s)"
    )
    parser.add_argument(
        "--max-student-storage-mb",
        type=float,
        default=500.0,
        help="cap on all stored attempts of one student (default: %(default)s)",
    )
    _add_grading_arguments(parser)
    _add_regrade_arguments(parser)


def _add_regrade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--regrade-assignment",
        default=None,
        metavar="A",
        help="at start-up, queue a regrade of assignment A's attempts under --release (graded in the "
        "background behind live uploads; students see nothing until a TA publishes it on "
        "/ta/regrade-runs); an open run of the same release and scope is reused",
    )
    parser.add_argument(
        "--regrade-scope",
        choices=("counted", "all"),
        default="counted",
        help="with --regrade-assignment: each student's counted attempt, or every finished attempt "
        "(default: %(default)s)",
    )


def start_regrade(service: Service, args: argparse.Namespace) -> int:
    """The run `--regrade-assignment` asks for (an open one of the same release and scope, or a new one)."""
    release = service.cfg.release
    found = service.regrades.find_open(args.regrade_assignment, release, args.regrade_scope)
    if found is not None:
        return found
    # audit: the run's start is recorded by RegradeRuns.start with actor "cli"
    return service.regrades.start(args.regrade_assignment, release, args.regrade_scope, actor="cli")


def _add_grading_arguments(parser: argparse.ArgumentParser) -> None:
    """How the workers grade: passed through to `jaxgrade grade`, plus tries and leases."""
    parser.add_argument("--isolation", default=None, help="passed to jaxgrade grade --isolation")
    parser.add_argument("--executor", default=None, help="passed to jaxgrade grade --executor")
    parser.add_argument("--engine", default=None, help="passed to jaxgrade grade --engine")
    parser.add_argument("--image", default=None, help="passed to jaxgrade grade --image")
    parser.add_argument(
        "--timeout-scale", type=float, default=None, help="passed to jaxgrade grade --timeout-scale"
    )
    parser.add_argument("--max-tries", type=int, default=3, help="grading tries per attempt on grader faults")
    parser.add_argument(
        "--retry-backoff",
        type=float,
        default=15.0,
        metavar="S",
        help="seconds before the second try (doubles each time; default: %(default)s)",
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=60.0,
        metavar="S",
        help="a grading worker's lease on its attempt, renewed every S/4 while it grades; an attempt "
        "whose worker stopped (a killed process) is graded again after S (default: %(default)s)",
    )


DB_URL_ENV = "JAXGRADE_DB_URL"


def database_url(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> str | None:
    """The database URL from --db-file, else $JAXGRADE_DB_URL, else --db. A password never comes
    from the command line: every process of the machine can read it there (/proc/<pid>/cmdline)."""
    if args.db is not None and urlsplit(args.db).password is not None:
        raise ValueError(f"--db: the URL holds a password, which every user can read in the process list; "
                         f"pass it in ${DB_URL_ENV} or --db-file instead")  # fmt: skip
    if args.db_file is not None:
        st = os.stat(args.db_file)
        if st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise ValueError(f"--db-file {args.db_file}: readable by others; run: chmod 600 {args.db_file}")
        lines = args.db_file.read_text(encoding="utf-8").strip().splitlines()
        if not lines:
            raise ValueError(f"--db-file {args.db_file} is empty")
        return lines[0].strip()
    return environ.get(DB_URL_ENV) or args.db


def config_from_args(args: argparse.Namespace) -> ServiceConfig:
    from autograder.commands.grade import UsageError, _default_release

    release = args.release
    if release is None:
        try:
            release = _default_release()
        except UsageError as exc:
            raise ValueError(str(exc)) from None
    grade_args: list[str] = []
    for flag, value in (
        ("--isolation", args.isolation),
        ("--executor", args.executor),
        ("--engine", args.engine),
        ("--image", args.image),
        ("--timeout-scale", args.timeout_scale),
    ):
        if value is not None:
            grade_args += [flag, str(value)]
    if not 0 < args.port < 65536:
        raise ValueError("--port must be 1..65535")
    cfg = ServiceConfig(
        data_dir=args.data,
        release=Path(release),
        course=args.course,
        roster=args.roster,
        tas=args.tas,
        host=args.host,
        port=args.port,
        db_url=database_url(args),
        upgrade_db=args.upgrade_db,
        workers=args.workers,
        deadline=args.deadline,
        late_until=args.late_until,
        policy=args.policy,
        max_attempts_per_hour=args.max_attempts_per_hour,
        max_upload_bytes=int(args.max_upload_mb * 2**20),
        max_student_storage_bytes=int(args.max_student_storage_mb * 2**20),
        public_url=args.public_url,
        trusted_proxies=tuple(args.trusted_proxy),
        grade_args=tuple(grade_args),
        max_tries=args.max_tries,
        retry_backoff_s=args.retry_backoff,
        lease_s=args.lease,
    )
    cfg.check()
    return cfg


def select_language(args: argparse.Namespace) -> None:
    """--language, else the course file's `language`, else what the environment selected (i18n)."""
    from autograder import i18n
    from autograder.term.course import course_language

    language = args.language or (course_language(args.course) if args.course is not None else None)
    if language is not None:
        i18n.use(language)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from autograder.roster import RosterError
    from autograder.service.app.app import create_app
    from autograder.service.domain.core import Refusal, Service
    from autograder.service.storage.instance_lock import AlreadyServing, hold

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    instance = None
    try:
        select_language(args)
        cfg = config_from_args(args)
        if cfg.database_url.startswith("sqlite"):
            instance = hold(cfg.data_dir)  # held until this process exits
        service = Service(cfg)
        for sid in args.reissue_token:
            service.identity.reissue_token(sid)
            print(f"jaxgrade serve: new token for {sid} in {cfg.tokens_csv}", file=sys.stderr)
        for name in args.reissue_ta_token:
            service.identity.reissue_ta_token(name)
            print(f"jaxgrade serve: new token for TA {name} in {cfg.ta_tokens_csv}", file=sys.stderr)
        if args.regrade_assignment is not None:
            run_id = start_regrade(service, args)
            print(
                f"jaxgrade serve: regrade run {run_id} of {args.regrade_assignment} under {cfg.release}; "
                f"review and publish it at /ta/regrade-runs/{run_id}",
                file=sys.stderr,
            )
    except AlreadyServing as exc:
        print(f"jaxgrade serve: error: {exc}", file=sys.stderr)
        return 3
    except Refusal as exc:
        print(f"jaxgrade serve: error: --regrade-assignment: {exc.message_en}", file=sys.stderr)
        return 2
    except KeyError as exc:
        print(
            f"jaxgrade serve: error: --reissue-token/--reissue-ta-token: no such student/TA {exc}",
            file=sys.stderr,
        )
        return 2
    except (ValueError, RosterError, OSError) as exc:
        print(f"jaxgrade serve: error: {exc}", file=sys.stderr)
        return 2
    if service.new_tokens:
        print(
            f"jaxgrade serve: {len(service.new_tokens)} new student token(s) in {cfg.tokens_csv}",
            file=sys.stderr,
        )
    if service.new_ta_tokens:
        print(
            f"jaxgrade serve: {len(service.new_ta_tokens)} new TA token(s) in {cfg.ta_tokens_csv}",
            file=sys.stderr,
        )
    print(
        f"jaxgrade serve: TA token in {cfg.ta_token_file}; listening on http://{cfg.host}:{cfg.port}",
        file=sys.stderr,
    )
    app = create_app(cfg, service=service)
    uvicorn.run(
        app,
        host=cfg.host,
        port=cfg.port,
        log_level="info",
        proxy_headers=False,
        server_header=False,
        limit_concurrency=256,
        timeout_keep_alive=5,
    )
    if instance is not None:
        instance.release()
    return 0
