"""The parent's remembered expected values (autograder/exercises/reference_memo.py): computed once
per parameter set, kept in a private folder of the grader's, never trusted when malformed, and
equal to a fresh computation. Real JAX and a real clean subprocess; no stand-ins."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from autograder.exercises import reference_memo


@pytest.fixture
def memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "memo"
    monkeypatch.setenv(reference_memo.ENV, str(folder))
    reference_memo.forget_in_process()
    yield folder
    reference_memo.forget_in_process()


def test_computed_once_then_read_from_the_folder(memo: Path) -> None:
    calls = []

    def compute() -> dict:
        calls.append(1)
        return {"a": (1, 2.5)}

    assert reference_memo.remembered("t", {"x": 1}, compute) == {"a": [1, 2.5]}  # JSON types, first time too
    assert reference_memo.remembered("t", {"x": 1}, compute) == {"a": [1, 2.5]}
    reference_memo.forget_in_process()
    assert reference_memo.remembered("t", {"x": 1}, compute) == {"a": [1, 2.5]}  # from the folder
    assert len(calls) == 1
    assert reference_memo.remembered("t", {"x": 2}, compute) == {"a": [1, 2.5]}
    assert len(calls) == 2  # other parameters, other entry
    assert stat.S_IMODE(os.stat(memo).st_mode) == 0o700
    assert len(list(memo.glob("t-*.json"))) == 2


def test_malformed_or_foreign_entries_are_recomputed(memo: Path) -> None:
    reference_memo.remembered("t", {"x": 1}, lambda: 7)
    (entry,) = memo.glob("t-*.json")
    for planted in (b"not json", json.dumps({"key": "other", "value": 99}).encode(), b"[1, 2]"):
        entry.write_bytes(planted)
        reference_memo.forget_in_process()
        assert reference_memo.remembered("t", {"x": 1}, lambda: 7) == 7
        assert json.loads(entry.read_bytes())["value"] == 7  # replaced by the fresh value
    entry.unlink()
    entry.symlink_to(memo / "elsewhere.json")
    (memo / "elsewhere.json").write_text(json.dumps({"key": entry.stem, "value": 99}))
    reference_memo.forget_in_process()
    assert reference_memo.remembered("t", {"x": 1}, lambda: 7) == 7  # a symlink is never followed


def test_off_keeps_values_in_the_process_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(reference_memo.ENV, "off")
    reference_memo.forget_in_process()
    assert reference_memo.root() is None
    assert reference_memo.remembered("t", {"x": 1}, lambda: 3) == 3
    assert not reference_memo.known("t", {"x": 2})
    reference_memo.forget_in_process()


def test_remembered_values_equal_fresh_ones(memo: Path) -> None:
    """Recompile pool, fusion and histogram: what the memo returns after a restart equals a fresh
    measurement, and the pool is measured by one clean process."""
    from autograder.exercises import fusion, histogram, recompile
    from autograder.exercises.structure_pool import structure_seed

    counts = recompile.measure_pool()
    alone = [recompile.measure_clean([s], recompile.RELEASE_FUNCTION)[0] for s in recompile.POOL.sequences]
    assert counts == alone
    assert all(reference_memo.known("recompile", {"sequence": s, "function": recompile.RELEASE_FUNCTION})
               for s in recompile.POOL.sequences)
    fusion_params = fusion.inputs(11, structure_seed=structure_seed("test", "fusion", 11)).params
    histogram_params = histogram.inputs(11, structure_seed=structure_seed("test", "histogram", 11)).params
    first = (fusion.measure(fusion_params), histogram.expected_histograms(histogram_params))
    reference_memo.forget_in_process()
    again = (fusion.measure(fusion_params), histogram.expected_histograms(histogram_params))
    assert again == first
    assert all(type(c) is int and type(b) is float for c, b in again[0].values())
    fresh = {name: histogram.reference_histogram(f, *args)
             for name, f, args in histogram._targets().build_targets(histogram_params)}
    assert again[1] == fresh and list(again[1]) == list(fresh)
