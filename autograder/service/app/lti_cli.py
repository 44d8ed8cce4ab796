"""`jaxgrade lti add-platform | allow-registration | bind-context | unbind-context | contexts |
rotate-key | jwks`: the LTI registration kept in the service database (`allow-registration`: a
one-time link for the LMS's dynamic registration; `bind-context`: an LMS course linked to this one).

Runs against the same database as `jaxgrade serve` (`--data DIR`, or `--db URL`); a running service
sees a new platform or key at once (they are read per request).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import sqlalchemy as sa


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="lti_command", required=True)
    add = sub.add_parser("add-platform", help="register an LMS (or add a deployment id to it)")
    rot = sub.add_parser("rotate-key", help="make a new tool key pair the signing key")
    pub = sub.add_parser("jwks", help="print the tool's public key set")
    allow = sub.add_parser(
        "allow-registration",
        help="print a one-time dynamic registration URL for an LMS admin to paste (LTI Dynamic Registration)",
    )
    allow.add_argument(
        "--public-url", default="", metavar="URL",
        help="the service's public URL (its `serve --public-url`), printed in front of the link",
    )  # fmt: skip
    allow.add_argument(
        "--valid-hours",
        type=float,
        default=24.0,
        metavar="H",
        help="the link expires after H hours (default 24)",
    )
    bind = sub.add_parser(
        "bind-context",
        help="link an LMS course (context) to this service's course: only bound contexts' launches "
        "give rights, get roster syncs and receive grades",
    )
    unbind = sub.add_parser("unbind-context", help="undo bind-context (its launches are refused again)")
    listing = sub.add_parser("contexts", help="list the bound LMS contexts")
    unlink = sub.add_parser(
        "unlink-account",
        help="remove the link of a roster account to its LMS user on a platform (the student's next "
        "launch as a learner, or the next roster sync, links it again)",
    )
    unlink.add_argument("--issuer", required=True, help="the platform's issuer (iss), as in add-platform")
    unlink.add_argument("--student-id", required=True, help="the roster account's student id")
    for p in (bind, unbind):
        p.add_argument("--issuer", required=True, help="the platform's issuer (iss), as in add-platform")
        p.add_argument("--deployment-id", required=True, help="the deployment id the course launches with")
        p.add_argument(
            "--context-id", required=True, help="the LMS course's context id (shown on the refusal page)"
        )
    for p in (add, rot, pub, allow, bind, unbind, listing, unlink):
        p.add_argument("--data", type=Path, required=True, metavar="DIR", help="the service's --data folder")
        p.add_argument("--db", default=None, metavar="URL", help="the service's --db URL, if it uses one")
    add.add_argument(
        "--issuer", required=True, help="the platform's issuer (iss), e.g. https://canvas.instructure.com"
    )
    add.add_argument("--client-id", required=True, help="the client id the platform gave this tool")
    add.add_argument("--auth-login-url", required=True, help="the platform's OIDC authorisation endpoint")
    add.add_argument("--auth-token-url", required=True, help="the platform's OAuth2 token endpoint")
    add.add_argument("--keyset-url", required=True, help="the platform's public JWKS URL")
    add.add_argument(
        "--deployment-id", required=True, action="append", help="a deployment id (repeat for several)"
    )
    add.add_argument(
        "--match-on",
        default="lms_id,sis_login_id,email",
        metavar="FIELDS",
        help="roster fields that find a launching LMS user, tried in this order (default: %(default)s); "
        "lms_id = the LTI user id (or a custom lms_id parameter), sis_login_id = the person's SIS id",
    )
    add.add_argument(
        "--service-origin", action="append", default=[], metavar="ORIGIN",
        help="another origin (https://host[:port]) the platform serves grades (AGS) and rosters (NRPS) "
        "at, besides those of its four URLs; Canvas: your school's https://SCHOOL.instructure.com "
        "(repeat for several; added, never dropped)",
    )  # fmt: skip


def _engine(args: argparse.Namespace) -> sa.Engine:
    from autograder.service.storage.db import connect

    url = args.db or f"sqlite:///{(args.data / 'service.sqlite').resolve()}"
    if not args.db:
        args.data.mkdir(mode=0o700, parents=True, exist_ok=True)
    return connect(url)


def run(args: argparse.Namespace) -> int:
    from autograder.service.domain.lti import keys
    from autograder.service.domain.lti.platforms import Platform, PlatformError, add_platform

    engine = _engine(args)
    if args.lti_command == "add-platform":
        try:
            p = add_platform(
                engine,
                Platform(
                    args.issuer,
                    args.client_id,
                    args.auth_login_url,
                    args.auth_token_url,
                    args.keyset_url,
                    tuple(args.deployment_id),
                    args.match_on,
                    tuple(args.service_origin),
                ),
            )
        except PlatformError as exc:
            print(f"jaxgrade lti: {exc}", file=sys.stderr)
            return 2
        kid = keys.signing_key(engine).kid
        print(f"platform {p.issuer} client {p.client_id}: deployments {', '.join(p.deployment_ids)}")
        print(f"tool key {kid} (public keys at <service>/lti/jwks)")
    elif args.lti_command == "allow-registration":
        from autograder.service.domain.lti import registration_links

        if not 0 < args.valid_hours <= 24 * 30:
            print("jaxgrade lti: --valid-hours must be more than 0 and at most 720", file=sys.stderr)
            return 2
        secret = registration_links.create(engine, args.valid_hours * 3600)
        print(f"{args.public_url.rstrip('/')}/lti/register/{secret}")
        print(
            f"(one registration, valid {args.valid_hours:g} h: paste it as the dynamic registration URL"
            " in the LMS; keep it secret, whoever opens it registers a platform)",
            file=sys.stderr,
        )
    elif args.lti_command == "unlink-account":
        from autograder.service.domain.lti import links

        was = links.unlink(engine, args.issuer, args.student_id, "cli")
        if was is None:
            print(f"jaxgrade lti: {args.student_id} has no link on {args.issuer}", file=sys.stderr)
            return 2
        print(f"unlinked {args.student_id} from LMS user {was} of {args.issuer}")
    elif args.lti_command in ("bind-context", "unbind-context", "contexts"):
        return _contexts(engine, args)
    elif args.lti_command == "rotate-key":
        print(f"new signing key {keys.rotate(engine).kid}")
    else:
        print(json.dumps(keys.jwks(engine), indent=2, sort_keys=True))
    return 0


def _contexts(engine: sa.Engine, args: argparse.Namespace) -> int:
    from autograder.service.domain.lti import context_binding as cb

    if args.lti_command == "contexts":
        for k in cb.bound_keys(engine):
            print(f"{k.issuer}\t{k.deployment_id}\t{k.context_id}")
        return 0
    key = cb.ContextKey(args.issuer, args.deployment_id, args.context_id)
    if args.lti_command == "unbind-context":
        if not cb.unbind(engine, key):
            print("jaxgrade lti: that context was not bound", file=sys.stderr)
            return 2
        print(f"unbound context {key.context_id} of {key.issuer} (deployment {key.deployment_id})")
        return 0
    try:
        new = cb.bind(engine, key, "cli")
    except ValueError as exc:
        print(f"jaxgrade lti: {exc}", file=sys.stderr)
        return 2
    state = "bound" if new else "already bound"
    print(f"{state}: context {key.context_id} of {key.issuer} (deployment {key.deployment_id})")
    return 0
