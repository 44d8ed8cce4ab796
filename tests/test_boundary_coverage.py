"""scripts/boundary_coverage.py: every boundary class is listed with the checks that draw it, and the
arrays holding the drawn boundaries are new in every grading (no value an answer could special-case)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script():
    path = ROOT / "scripts" / "boundary_coverage.py"
    spec = importlib.util.spec_from_file_location("boundary_coverage", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_boundaries_are_listed_with_their_checks_and_drawn_afresh(capsys) -> None:
    script = _script()
    assert script.main(["--exercise", "silu_ffi"]) == 0
    out = capsys.readouterr().out
    assert "magnitude.exp_overflow" in out and "kernel SiluBwd" in out
    rows = {name: checks for name, _kind, checks, _seen in script.rows("safe_distance")}
    assert "grad_matches_analytic" in rows["points.ulp_apart"]
    assert "finite_grad_at_zero" in rows["points.all_coincide"]
    assert "grad" in dict((n, c) for n, _k, c, _s in script.rows("gammaln_callback"))["magnitude.below_range"]
    # the overflow values of SiLU, the small arguments of gammaln and the ulp-apart rows are drawn
    assert not {"x1", "x2", "x3", "xv", "xg"} & set(script.fixed_arrays("silu_ffi"))
    assert "xsm" not in script.fixed_arrays("gammaln_callback")
    assert "Xulp" not in script.fixed_arrays("safe_distance")


def test_docs_boundary_table_is_the_scripts_output(tmp_path, monkeypatch, capsys) -> None:
    """docs/input-classes.md holds, between its markers, exactly what `--markdown` prints; `--check`
    says so, finds a stale copy, and `--write` mends it without touching the rest of the page."""
    script = _script()
    assert script.main(["--markdown"]) == 0
    table = capsys.readouterr().out
    doc = (ROOT / "docs" / "input-classes.md").read_text(encoding="utf-8")
    begin, end = doc.index(script.BEGIN_MARK), doc.index(script.END_MARK) + len(script.END_MARK)
    assert doc[begin:end] + "\n" == table
    assert "| silu_ffi | `shape.large_array` | shape | kernel Silu, kernel SiluBwd | 8/8 |" in table
    assert script.main(["--check"]) == 0
    stale = tmp_path / "input-classes.md"
    stale.write_text(doc.replace("| silu_ffi | `shape.large_array`", "| silu_ffi | `shape.big`"),
                     encoding="utf-8")
    monkeypatch.setattr(script, "DOC", stale)
    assert script.main(["--check"]) == 1
    assert script.main(["--write"]) == 0 and stale.read_text(encoding="utf-8") == doc
