"""A real Dask cluster on loopback for tests and benchmarks: `dask scheduler` + `dask worker` processes.

Started with Dask's own CLI exactly as the README tells a TA (one grading slot per worker,
`distributed.scheduler.allowed-failures` 1), each in its own process group so that stopping the
cluster ends the nanny, its worker and any sandboxed child, and nothing else.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .ports import HOST, free_port

DASK = str(Path(sys.executable).with_name("dask"))


class LoopbackCluster:
    def __init__(self, log_dir: Path, *, allowed_failures: int = 1, port: int | None = None):
        self.log_dir = log_dir
        self.port = port or free_port()
        self.address = f"tcp://{HOST}:{self.port}"
        self.env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": str(allowed_failures)}
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        self._client: Any = None
        log_dir.mkdir(parents=True, exist_ok=True)

    def _spawn(
        self, name: str, argv: list[str], env: dict[str, str], cwd: Path | None = None
    ) -> subprocess.Popen[bytes]:
        log = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115 (the child owns it)
        try:
            return subprocess.Popen(
                argv, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd, start_new_session=True
            )
        finally:
            log.close()

    def start_scheduler(self) -> None:
        self.scheduler = self._spawn(
            "scheduler",
            [
                DASK,
                "scheduler",
                "--host",
                HOST,
                "--port",
                str(self.port),
                "--dashboard-address",
                f"{HOST}:{free_port()}",
            ],
            self.env,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
                return
            except OSError:
                if self.scheduler.poll() is not None:
                    raise RuntimeError(f"dask scheduler exited; see {self.log_dir}") from None
                time.sleep(0.2)
        raise RuntimeError("dask scheduler did not listen within 60 s")

    def start_worker(
        self, name: str, *, slots: int = 1, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> None:
        argv = [
            DASK,
            "worker",
            self.address,
            "--name",
            name,
            "--nthreads",
            str(slots),
            "--resources",
            f"grader={slots}",
            "--host",
            HOST,
            "--no-dashboard",
            "--memory-limit",
            "0",
        ]
        self.workers[name] = self._spawn(name, argv, env or self.env, cwd)

    def client(self) -> Any:
        from distributed import Client

        if self._client is None:
            self._client = Client(self.address, timeout=30, set_as_default=False)
        return self._client

    def wait_for_workers(self, n: int, timeout: float = 180) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.client().scheduler_info(n_workers=-1)["workers"]) >= n:
                return
            time.sleep(0.5)
        raise RuntimeError(f"fewer than {n} Dask workers after {timeout} s; logs in {self.log_dir}")

    def worker_pid(self, address: str) -> int:
        return int(self.client().run(os.getpid, workers=[address])[address])

    def executing(self) -> dict[str, list[str]]:
        """Worker address -> keys of the tasks it is executing right now (not merely assigned)."""
        return self.client().run(lambda dask_worker: [str(ts.key) for ts in dask_worker.state.executing])

    def kill_scheduler(self) -> None:
        """SIGKILL, as a crashed machine would: no goodbye to clients and workers."""
        assert self.scheduler is not None
        os.killpg(self.scheduler.pid, signal.SIGKILL)
        self.scheduler.wait(timeout=20)
        self.scheduler = None

    def stop(self) -> None:
        if self._client is not None:
            try:
                self._client.close(timeout=5)
            except Exception:
                pass
            self._client = None
        for proc in self.workers.values():
            _end_group(proc)
        self.workers.clear()
        if self.scheduler is not None:
            _end_group(self.scheduler)
            self.scheduler = None


def _end_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=20)


def kill_while_executing(
    cluster: LoopbackCluster,
    wanted: Callable[[str], bool],
    *,
    times: int,
    stop: Callable[[], bool],
    settle_s: float = 2.0,
) -> list[str]:
    """SIGKILL the worker process executing a task whose key `wanted` accepts, up to `times` times.

    The worker is found through the workers' own executing sets and killed from outside (its nanny
    restarts it). Returns the names of what was killed ("<address> pid <pid> key <key>").
    """
    killed: list[str] = []
    while len(killed) < times and not stop():
        try:
            running = cluster.executing()
        except Exception:  # a worker restarting: look again
            time.sleep(0.5)
            continue
        target = next(((a, k) for a, keys in running.items() for k in keys if wanted(k)), None)
        if target is None:
            time.sleep(0.3)
            continue
        time.sleep(settle_s)  # mid-task: the runner has started its sandboxed children
        try:
            if target[1] not in cluster.executing().get(target[0], []):
                continue  # finished meanwhile
            pid = cluster.worker_pid(target[0])
            os.kill(pid, signal.SIGKILL)
        except Exception:
            continue
        killed.append(f"{target[0]} pid {pid} key {target[1]}")
        time.sleep(1.0)
    return killed


@contextlib.contextmanager
def two_worker_cluster(log_dir: Path) -> Iterator[LoopbackCluster]:
    """A scheduler and workers w1, w2 on loopback, ready; stopped again however the block ends."""
    c = LoopbackCluster(log_dir)
    c.start_scheduler()
    c.start_worker("w1")
    c.start_worker("w2")
    try:
        c.wait_for_workers(2)
        yield c
    finally:
        c.stop()
