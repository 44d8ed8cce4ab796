"""`jaxgrade serve`: the grader service (trusted side; never runs student code, never imports JAX).

Modules, one job each:
- `config.py`  the service's settings (`ServiceConfig`), built by `cli.py` from the command line.
- `db.py`      the database schema (SQLAlchemy Core, the same for SQLite and PostgreSQL).
- `blobs.py`   the content-addressed store of every uploaded file (write once, never overwritten).
- `core.py`    `Service`: every operation the JSON API and the pages offer (submit, attempts,
               feedback, grades, TA views), plus the queue operations the workers use.
- `worker.py`  grading workers: claim the next queued attempt, grade it with `jaxgrade grade`
               in a subprocess (the batch code path), store the outcome.
- `uploads.py` reading a multipart upload from a request with a streaming size cap.
- `spool.py`   `DIR/spool/`: an upload's files while its body streams in, removed when the request
               ends; a crashed process's leftovers swept at start-up.
- `api.py`     the FastAPI router for `/api/...`; `app.py` builds the application.
- `jaxgrade serve` and `jaxgrade submit` (stdlib only) are autograder/commands/serve.py and submit.py.
"""
