"""The LTI 1.3 tool side of `jaxgrade serve` that is not HTTP (message validation by `pylti1p3next`,
a maintained fork of pylti1p3); imports only `course/`. Its tables are `storage/lti_tables.py`; the
routes are `web/lti/`; `jaxgrade lti ...` is `app/lti_cli.py`; the outbox that reads the ledger is
`gradebook/lti_outbox.py`.

- `platforms.py`, `registration_links.py`, `dynamic_registration.py`  platform registrations;
- `keys.py`             the tool's RSA key pair: generated on first use, rotated on request, published;
- `links.py`, `matching.py`, `roster_sync.py`, `roles.py`  whose launch is which roster account;
- `courses.py`, `context_binding.py`  the LMS courses bound to this term;
- `connector.py`, `outbound.py`, `net_guard.py`  every request to a platform, through one guard;
- `lti_visibility.py`, `lti_withdrawal.py`  when a score may go to the LMS, and taking one back;
- `ta_view.py`          what the TA's LTI page shows.
"""
