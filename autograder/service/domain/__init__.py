"""The service's rules, one job per module, over `storage/`: settings, the roster's identities,
submissions and their queues and leases, overrides, extensions, grade release, reviews and
regrades, exports, and the LTI side that is not HTTP (platforms, keys, the outbox of grades and
roster syncs). `core.Service` builds them on one database. Never imports `web/` or `app/`."""
