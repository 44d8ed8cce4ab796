"""The LTI tables, on their own MetaData: schema revisions 0008_lti, 0009_lti_bindings and
0015_lti_links create them (tests compare the two).

lti_platforms     one row per (issuer, client id): the platform's URLs, deployment ids, and the
                  rule that finds a launching user on the roster (`match_on`, see matching.py)
lti_tool_keys     the tool's RSA keys (keys.py)
lti_launch_data   the OIDC state/nonce and validated launches of pylti1p3 (storage.py); rows expire
lti_contexts      one row per LMS course seen in a launch: its AGS and NRPS endpoints
lti_members       which LMS user (`sub`) of a context is which roster student
lti_line_items    one AGS line item per (context, assignment), made once and found again
lti_scores        the score outbox: one row per (context, assignment, student), the score wanted
                  and the score last sent; `status` pending | sent | failed | held (not released)
lti_unmatched     launches whose user is not on the roster (shown to the TAs, never guessed)
lti_links         which LMS user (`sub`) of a platform (issuer) is which roster account: one each way
                  (links.py; revision 0015_lti_links)
lti_bindings      the LMS contexts bound to this service's course (context_binding.py): only their
                  launches give rights, only they are synced and sent grades
"""

from __future__ import annotations

import sqlalchemy as sa

from autograder.service.storage.db import state_check
from autograder.states import LtiScoreState

metadata = sa.MetaData()

DEFAULT_MATCH_ON = "lms_id,sis_login_id,email"

platforms = sa.Table(
    "lti_platforms",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("issuer", sa.Text, nullable=False),
    sa.Column("client_id", sa.Text, nullable=False),
    sa.Column("auth_login_url", sa.Text, nullable=False),
    sa.Column("auth_token_url", sa.Text, nullable=False),
    sa.Column("keyset_url", sa.Text, nullable=False),
    sa.Column("deployment_ids", sa.Text, nullable=False),  # JSON list of strings
    sa.Column("match_on", sa.Text, nullable=False, server_default=DEFAULT_MATCH_ON),
    # JSON list of origins of the platform's services besides its URLs' (platforms.origins); 0015
    sa.Column("service_origins", sa.Text, nullable=False, server_default="[]"),
    sa.Column("created_at", sa.Float, nullable=False),  # unix seconds
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.UniqueConstraint("issuer", "client_id", name="uq_lti_platform"),
)

tool_keys = sa.Table(
    "lti_tool_keys",
    metadata,
    sa.Column("kid", sa.Text, primary_key=True),  # the public JWK's RFC 7638 thumbprint
    sa.Column("private_pem", sa.Text, nullable=False),
    sa.Column("public_jwk", sa.Text, nullable=False),  # JSON
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("retired_at", sa.Float, nullable=True),  # set by a rotation; still published for a while
)

launch_data = sa.Table(
    "lti_launch_data",
    metadata,
    sa.Column("key", sa.String(255), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),  # JSON
    sa.Column("expires_at", sa.Float, nullable=False),
)

contexts = sa.Table(
    "lti_contexts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("issuer", sa.Text, nullable=False),
    sa.Column("client_id", sa.Text, nullable=False),
    sa.Column("deployment_id", sa.Text, nullable=False),
    sa.Column("context_id", sa.Text, nullable=False),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("ags", sa.Text, nullable=True),  # JSON: the AGS endpoint claim (lineitems, scope)
    sa.Column("nrps_url", sa.Text, nullable=True),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.UniqueConstraint("issuer", "client_id", "context_id", name="uq_lti_context"),
)

members = sa.Table(
    "lti_members",
    metadata,
    sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), primary_key=True),
    sa.Column("sub", sa.String(255), primary_key=True),
    sa.Column("student_id", sa.String(128), nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)
sa.Index("lti_members_by_student", members.c.student_id)

line_items = sa.Table(
    "lti_line_items",
    metadata,
    sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), primary_key=True),
    sa.Column("assignment_id", sa.String(64), primary_key=True),
    sa.Column("url", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

scores = sa.Table(
    "lti_scores",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), nullable=False),
    sa.Column("assignment_id", sa.String(64), nullable=False),
    sa.Column("student_id", sa.String(128), nullable=False),
    sa.Column("sub", sa.String(255), nullable=False),
    sa.Column("score", sa.Float, nullable=False),  # the final score wanted in the LMS
    sa.Column("max_score", sa.Float, nullable=False),
    sa.Column("changed_at", sa.Float, nullable=False),  # the AGS timestamp of this score
    sa.Column("status", sa.String(16), nullable=False),  # LtiScoreState
    sa.Column("tries", sa.Integer, nullable=False),
    sa.Column("not_before", sa.Float, nullable=False),
    sa.Column("claimed_until", sa.Float, nullable=True),  # a sender holds it until then
    sa.Column("last_error", sa.Text, nullable=True),
    sa.Column("sent_score", sa.Float, nullable=True),  # what the LMS has (None: nothing sent yet)
    sa.Column("sent_at", sa.Float, nullable=True),
    sa.UniqueConstraint("context", "assignment_id", "student_id", name="uq_lti_score"),
    state_check("status", LtiScoreState, "ck_lti_scores_status"),
)
sa.Index("lti_scores_due", scores.c.status, scores.c.not_before)

unmatched = sa.Table(
    "lti_unmatched",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("issuer", sa.Text, nullable=False),
    sa.Column("sub", sa.Text, nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("email", sa.Text, nullable=False),
    sa.Column("detail", sa.Text, nullable=False),  # JSON: the identifiers the launch carried, the reason
    sa.Column("at", sa.Float, nullable=False),
)

bindings = sa.Table(
    "lti_bindings",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("issuer", sa.String(255), nullable=False),
    sa.Column("deployment_id", sa.String(255), nullable=False),
    sa.Column("context_id", sa.String(255), nullable=False),
    sa.Column("bound_by", sa.String(128), nullable=False),  # who bound it (the admin command: "cli")
    sa.Column("bound_at", sa.Float, nullable=False),  # unix seconds
    sa.UniqueConstraint("issuer", "deployment_id", "context_id", name="uq_lti_binding"),
)

links = sa.Table(
    "lti_links",
    metadata,
    sa.Column("issuer", sa.String(255), primary_key=True),
    sa.Column("student_id", sa.String(128), primary_key=True),
    sa.Column("sub", sa.String(255), nullable=False),
    sa.Column("linked_by", sa.String(32), nullable=False),  # links.HOW: what made the link
    sa.Column("linked_at", sa.Float, nullable=False),  # unix seconds
    sa.UniqueConstraint("issuer", "sub", name="uq_lti_link_sub"),
)
