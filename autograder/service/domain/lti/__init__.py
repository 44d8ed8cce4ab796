"""The LTI 1.3 tool side of `jaxgrade serve` (message validation by `pylti1p3next`, a maintained
fork of pylti1p3).

- `tables.py`     the tool's own tables (platforms, tool keys) in the service database;
- `platforms.py`  platform registrations (`jaxgrade lti add-platform`);
- `keys.py`       the tool's RSA key pair: generated on first use, rotated on request, published;
- `routes.py`     the `/lti` routes (`/lti/jwks`);
- `cli.py`        `jaxgrade lti ...`.
"""
