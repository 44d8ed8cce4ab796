"""`jaxgrade serve --executor tcp://...` end to end on a real loopback Dask cluster (a scheduler and
two workers, tests/helpers/dask_cluster.py): the examples uploaded through the API get the grades of a
local batch of the same files under the same ids (the session's `examples_batch`), while one Dask
worker is SIGKILLed mid-grading; by the service database's records every attempt is graded exactly once."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.storage import db

from helpers.batch_cli import rows, sandbox_prerequisites
from helpers.dask_cluster import LoopbackCluster, kill_while_executing, two_worker_cluster
from helpers.served import EXAMPLE_IDS, example_files, read_csv, serve, upload, wait_final, write_roster

BLANK = "s900_blank"  # the blank release that examples_batch grades beside the examples (batch_cli.py)
pytestmark = pytest.mark.slow
if sandbox_prerequisites():  # pragma: no cover - only where the sandbox cannot run
    print(f"test_service_dask skipped: {sandbox_prerequisites()}", file=sys.stderr)
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=sandbox_prerequisites())]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackCluster]:
    with two_worker_cluster(tmp_path_factory.mktemp("dask-logs")) as c:
        yield c


def test_serve_on_dask_grades_like_the_batch_through_a_killed_worker(
    cluster: LoopbackCluster, examples_batch, tmp_path: Path
) -> None:
    # The local batch is the session's one grading of the examples (`examples_batch`, tests/conftest.py:
    # `jaxgrade grade --jobs 2` of the examples plus a blank release), which test_service.py, test_dask.py
    # and test_end_to_end.py read too; this test used to grade the same files the same way again.
    reference = examples_batch.out
    assert examples_batch.proc.returncode == 0, examples_batch.proc.stderr
    batch = read_csv((reference / "grades.csv").read_text(encoding="utf-8"))
    roster = write_roster(tmp_path / "roster.csv", EXAMPLE_IDS)
    served = serve(
        tmp_path / "data", "--roster", str(roster), "--workers", "2", "--executor", cluster.address
    )
    finished = threading.Event()
    killed: list[str] = []
    killer = threading.Thread(
        target=lambda: killed.extend(
            kill_while_executing(
                cluster, lambda k: k.startswith("jaxgrade-grade-"), times=1, stop=finished.is_set
            )
        )
    )
    killer.start()
    try:
        ids = {}
        for sid in EXAMPLE_IDS:
            status, doc = upload(served, sid, example_files(sid))
            assert status == 202, doc
            ids[sid] = doc["id"]
        final = {sid: wait_final(served, sid, aid) for sid, aid in ids.items()}
        finished.set()
        killer.join()
        engine = db.connect(f"sqlite:///{(tmp_path / 'data' / 'service.sqlite').resolve()}")
        g = db.gradings.c
        with engine.connect() as conn:
            runs = conn.execute(sa.select(g.attempt_id, g.outcome)).all()
        engine.dispose()
        from helpers.served import call

        service_csv = read_csv(call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode())
    finally:
        finished.set()
        served.stop()
    assert killed, "no Dask worker was killed while grading"
    assert {sid: a["status"] for sid, a in final.items()} == {sid: "graded" for sid in EXAMPLE_IDS}
    for sid in EXAMPLE_IDS:
        assert service_csv[sid] == batch[sid], sid  # the batch's cells, under the same id
    assert sorted(aid for aid, outcome in runs if outcome == "graded") == sorted(ids.values())
    assert set(rows(reference)) == {*EXAMPLE_IDS, BLANK}
