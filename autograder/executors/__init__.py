"""The Dask executor (trusted client side and worker task): `--executor tcp://HOST:PORT`.

The `Executor` protocol and the local thread pool are the engine's (grade/executor.py). Here:
dask_executor.py (a client of a Dask distributed scheduler, one of those executors), dask_tasks.py
(what its workers run), the release and compile cache archives and the grader version.
"""

from __future__ import annotations


def parse_executor(spec: str) -> str:
    """`local` or a Dask scheduler address `tcp://HOST:PORT` / `tls://HOST:PORT` (ValueError otherwise)."""
    if spec == "local":
        return spec
    scheme, sep, rest = spec.partition("://")
    host, colon, port = rest.rpartition(":")
    if not sep or scheme not in ("tcp", "tls") or not colon or not host or not port.isdigit():
        raise ValueError(f"--executor {spec!r}: use 'local' or a Dask scheduler address tcp://HOST:PORT")
    return spec
