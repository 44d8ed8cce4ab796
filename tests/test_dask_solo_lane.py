"""The order in which the Dask executor sends tasks when workers die (autograder/executors/solo_lane.py).

The lane only orders callables, so these tests drive it with a simulated cluster: tasks start when the
lane launches them and end in the order Hypothesis draws, some of their first tries given up (as Dask
gives up a task after dead workers). The real cluster is tests/test_dask.py's poison test."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.executors.solo_lane import SoloLane


class SimulatedCluster:
    """What is on the cluster now, and every launch in order, checked as it happens."""

    def __init__(self, lane: SoloLane) -> None:
        self.lane = lane
        self.running: list[tuple[str, int]] = []  # (task, try) on the cluster
        self.launched: list[tuple[str, int]] = []

    def launcher(self, task: str, attempt: int):
        def launch() -> None:
            if attempt == 2:  # a second try is alone on the cluster
                assert self.running == [], (task, self.running)
            else:  # nothing starts beside a second try
                assert all(a == 1 for _, a in self.running), (task, self.running)
            self.running.append((task, attempt))
            self.launched.append((task, attempt))

        return launch

    def end(self, index: int, given_up: bool) -> None:
        task, attempt = self.running.pop(index)
        if attempt == 2:
            self.lane.second_try_done()
        elif given_up:
            self.lane.first_try_done(again=self.launcher(task, 2))
        else:
            self.lane.first_try_done()


@settings(max_examples=300, deadline=None)
@given(
    n_tasks=st.integers(1, 12),
    started_before_end=st.lists(st.integers(0, 3), min_size=12, max_size=12),
    ends=st.lists(st.tuples(st.integers(0, 100), st.booleans()), min_size=40, max_size=40),
)
def test_second_tries_run_alone_and_every_task_runs(n_tasks, started_before_end, ends) -> None:
    lane = SoloLane()
    cluster = SimulatedCluster(lane)
    tasks = [f"s{i:02d}" for i in range(n_tasks)]
    submitted = 0
    for step in range(400):
        for _ in range(started_before_end[step % 12]):  # the batch submits in bursts between ends
            if submitted < n_tasks:
                lane.start(cluster.launcher(tasks[submitted], 1))
                submitted += 1
        if not cluster.running:
            if submitted == n_tasks:
                break
            lane.start(cluster.launcher(tasks[submitted], 1))  # an idle cluster gets the next task
            submitted += 1
            continue
        pick, given_up = ends[step % 40]
        cluster.end(pick % len(cluster.running), given_up)
    assert cluster.running == [] and lane.drain() == []
    firsts = [t for t, a in cluster.launched if a == 1]
    assert firsts == tasks  # each once, in the order submitted
    seconds = [t for t, a in cluster.launched if a == 2]
    assert len(seconds) == len(set(seconds))


def test_a_given_up_task_waits_for_the_first_tries_on_the_cluster_and_holds_new_ones_back() -> None:
    lane = SoloLane()
    order: list[str] = []
    lane.start(lambda: order.append("a"))
    lane.start(lambda: order.append("b"))
    lane.first_try_done(again=lambda: order.append("a again"))  # a given up; b still on the cluster
    lane.start(lambda: order.append("c"))  # held back: a's second try comes first
    assert order == ["a", "b"]
    lane.first_try_done()  # b ends: a's second try goes, alone
    assert order == ["a", "b", "a again"]
    lane.second_try_done()
    assert order == ["a", "b", "a again", "c"]


def test_what_never_started_is_handed_back_when_the_executor_closes() -> None:
    lane = SoloLane()
    lane.start(lambda: None)
    lane.first_try_done(again=lambda: None)
    lane.start(lambda: None)  # held (the second try is running)
    assert len(lane.drain()) == 1 and lane.drain() == []
