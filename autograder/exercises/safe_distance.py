"""Hidden checks of chapter 2 exercise 4, `safe_pairwise_distance(X, Y)` (trusted parent side).

Fresh float32 point sets are drawn here (N != M, d = 1, duplicated rows so that distances of exactly
0 appear off the diagonal too, rows that share only some coordinates with another row, a row
1e-5..1e-4 from another, points near 100 separated by ~1e-3, a batch for vmap). The child
records the student's distances and gradients; the parent compares them with float64 NumPy
references computed from the same float32 inputs:
  D_ij = ||x_i - y_j||,
  d/dX of sum(D(X, X)) = 2 sum_j u_ij,   u_ij = (x_i - x_j)/||x_i - x_j|| (0 where the distance is 0),
  d/dX of sum(W * D(X, Y)) = sum_j W_ij u_ij,  d/dY = -sum_i W_ij u_ij.

Points: the behaviour checks are `forward_matches_v1`, `grad_matches_analytic`, `far_from_origin`
and `jit_and_vmap` (values against the float64 references). Gate: gradients are finite where
distances are exactly 0 (the double-`where` mechanism; a single `where` around the square root gives
nan there); all-zero gradients are finite too, so its points count only with `grad_matches_analytic`.
`exact_zero_distance` (an all-zero matrix has it) counts only with `forward_matches_v1`.
Feedback names the failing property and how it fails, never a reference value.
"""

from __future__ import annotations

import numpy as np

from autograder.exercises.base import (
    CheckOutcome,
    Exercise,
    ProbeInputs,
    SubCheck,
    lost,
    mismatch_zh,
    observed_nothing,
    student_error_zh,
    unanswered,
)
from autograder.exercises.call_sequence import CALL_WHY_ZH
from autograder.exercises.class_draws import class_rng
from autograder.exercises.input_classes import InputClass
from autograder.i18n import N_, _
from autograder.observations import ObservationInvalid, Observations

__all__ = ["EXERCISE", "inputs", "verdict"]

EXERCISE = Exercise(
    id="safe_distance",
    chapter="ch02",
    title_zh=N_("练习 4:可微的安全距离"),
    subchecks=(
        SubCheck(
            "finite_grad_at_zero",
            2,
            N_("距离恰为 0 处的梯度有限(对 X 和对 Y 求梯度都不出现 nan/inf)"),
            gate=True,
            counts_with=("grad_matches_analytic",),
        ),
        SubCheck(
            "forward_matches_v1", 2, N_("前向结果与 v1 一致(N ≠ M、d = 1、含重复行、X 与 Y 是同一个数组)")
        ),
        SubCheck(
            "exact_zero_distance",
            1,
            N_("点与自身、与完全相同的点的距离恰好是 0.0"),
            counts_with=("forward_matches_v1",),
        ),
        SubCheck(
            "grad_matches_analytic", 2, N_("对 X、对 Y 的梯度与 float64 解析梯度一致(距离为 0 的项贡献 0)")
        ),
        SubCheck("far_from_origin", 2, N_("坐标约 100、间距约 1e-3 的点,距离误差不超过 1e-4")),
        SubCheck("jit_and_vmap", 1, N_("在 jax.jit 下、以及用 jax.vmap 批量计算时结果正确")),
    ),
    relies_on=("jax.jit", "jax.vmap", "jax.grad", "jax.numpy.sum", "jax.numpy.asarray", "jax.enable_x64"),
)

FWD_RTOL = FWD_ATOL = 1e-5
GRAD_RTOL = GRAD_ATOL = 1e-4
FAR_ATOL = 1e-4
FWD64_RTOL = FWD64_ATOL = 1e-12  # v1 in float64 is exact to ~1e-16 here; float32 digits miss by ~1e-7
VARIANT_KEYS = ("fwd.square", "fwd.row1", "fwd.big", "fwd.empty", "fwd.f64", "fwd.zeros", "fwd.coincide",
                "fwd.nonfinite")
# Appended to forward_matches_v1's message when the variant's classes were checked (translated where read)
VARIANT_OK_ZH = N_(";N = M = d、X 只有一行、坐标约 1e18、X 为空点集、x64 下 float64 输入、"
                   "所有点都重合、输入含 NaN/inf 时也与参考一致"
                   "(相对误差 ≤ 1e-5,float64 为 1e-12)")


def _with_duplicates(rng: np.random.Generator, n: int, m: int, d: int) -> tuple[np.ndarray, np.ndarray]:
    """X (n, d) with one duplicated row, Y (m, d) sharing rows with X: zero distances off the diagonal."""
    X = rng.normal(size=(n, d)).astype(np.float32)
    Y = rng.normal(size=(m, d)).astype(np.float32)
    i, j = rng.choice(n, size=2, replace=False)
    X[j] = X[i]
    for k in rng.choice(m, size=min(2, m - 1), replace=False):
        Y[k] = X[rng.integers(0, n)]
    return X, Y


def _share_some_coordinates(rng: np.random.Generator, X: np.ndarray, Y: np.ndarray,
                            keep_rows: tuple[int, ...] = ()) -> None:
    """In place: one row of Y and one of X take some, not all, coordinates of another X row.

    Pairs that agree in only some coordinates separate masking per pair (right) from masking per
    coordinate (wrong, yet right on inputs where pairs are either equal or differ everywhere).
    """
    n, d = X.shape
    if d < 2:
        return
    for target in (Y, X):
        # never a row with an exact zero distance to another row (X-X or X-Y): the checks rely on them
        others = [*(X[k] for k in range(n)), *(Y[k] for k in range(len(Y)))]
        free = [r for r in range(len(target))
                if sum(np.array_equal(target[r], o) for o in others) == 1  # equal only to itself
                and not (target is X and r in keep_rows)]
        if not free:
            continue
        dst = free[int(rng.integers(0, len(free)))]
        src = int(rng.integers(0, n))
        if target is X and src == dst:
            src = (dst + 1) % n
        keep = rng.choice(d, size=int(rng.integers(1, d)), replace=False)
        target[dst, keep] = X[src, keep]


def _near_coincident(rng: np.random.Generator, X: np.ndarray, Y: np.ndarray) -> tuple[int, ...]:
    """In place: a row of X moved to 1e-5..1e-4 from another X row (in every coordinate); returns
    the two rows (which `_share_some_coordinates` must leave alone), or () when no row is free.

    Such a pair separates an exact zero test (right: a unit-vector gradient) from a threshold on
    the squared distance or an epsilon under the square root (wrong: a gradient near 0 there). The
    moved row is one equal to no other row, so the coincident rows stay.
    """
    n, d = X.shape
    others = [*(X[k] for k in range(n)), *(Y[k] for k in range(len(Y)))]
    free = [r for r in range(n) if sum(np.array_equal(X[r], o) for o in others) == 1]  # only itself
    if not free:
        return ()
    r = free[int(rng.integers(0, len(free)))]
    s = int(rng.choice([k for k in range(n) if k != r]))
    for _unused in range(16):
        # every component at least half the largest: each coordinate moves by more than float32's ulp
        direction = rng.uniform(0.5, 1.0, size=d) * rng.choice([-1.0, 1.0], size=d)
        direction /= np.linalg.norm(direction)
        sep = float(np.exp(rng.uniform(np.log(1e-5), np.log(1e-4))))
        moved = (X[s].astype(np.float64) + sep * direction).astype(np.float32)
        if np.all(moved != X[s]) and not any(np.array_equal(moved, o) for o in others):
            X[r] = moved
            return (r, s)
    return ()


def _ulp_neighbours(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """(n, d) float32 points, all distinct, where row 1 is row 0 moved by one float32 ulp in some
    coordinates (closer than 1e-6: a squared distance below 1e-12) and row 3 likewise from row 2.

    Separates an exact zero test (right: a unit-vector gradient) from a threshold or an epsilon as
    small as 1e-12 on the squared distance (wrong: a zero gradient there). X's shape, so it runs in
    grad.self's compiled program."""
    while True:
        P = rng.normal(size=(n, d)).astype(np.float32)
        for a in (0, 2):
            coords = rng.choice(d, size=int(rng.integers(1, d + 1)), replace=False)
            towards = np.where(rng.random(len(coords)) < 0.5, -np.inf, np.inf).astype(np.float32)
            P[a + 1] = P[a]
            P[a + 1, coords] = np.nextafter(P[a, coords], towards)  # one float32 ulp per chosen coordinate
        D = _dist64(P, P)
        off = D[~np.eye(n, dtype=bool)]
        if off.min() > 1e-12 and D[0, 1] < 1e-6 and D[2, 3] < 1e-6:
            return P


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Shapes (N != M, d, the far pair, the batch) from the structure seed; points, weights and which
    rows are duplicated from `seed`. The d = 1 pair is X's and Y's bytes as points of dimension 1
    (N*d, 1) and (M*d, 1): the call sequence's reshaped call, so that eager call and fwd.d1 share
    their programs (`_call_plan`)."""
    shape_rng, rng = np.random.default_rng(structure_seed), np.random.default_rng(seed)
    n = int(shape_rng.integers(5, 10))
    m = int(shape_rng.choice([k for k in range(4, 10) if k != n]))
    d = int(shape_rng.integers(2, 7))
    n1, m1 = int(shape_rng.integers(3, 8)), int(shape_rng.integers(3, 8))
    nf, mf, df = int(shape_rng.integers(4, 9)), int(shape_rng.integers(3, 8)), int(shape_rng.integers(2, 6))
    b, nb, mb = int(shape_rng.integers(2, 5)), int(shape_rng.integers(3, 7)), int(shape_rng.integers(3, 7))
    X, Y = _with_duplicates(rng, n, m, d)
    _with_duplicates(rng, n1, m1, 1)  # the former d = 1 pair: still drawn, so the draws after stay
    # "coordinates around 100": each coordinate's centre drawn from the variant (no fixed 100.0)
    centre = np.random.default_rng([structure_seed, 33]).uniform(FAR_LOW, FAR_HIGH, size=df)
    Xfar = (centre + 1e-3 * rng.normal(size=(nf, df))).astype(np.float32)
    Yfar = (centre + 1e-3 * rng.normal(size=(mf, df))).astype(np.float32)
    pairs = [_with_duplicates(rng, nb, mb, d) for _unused in range(b)]
    near = _near_coincident(np.random.default_rng([seed, 5]), X, Y)  # its own stream, as below
    partial = np.random.default_rng([seed, 4])  # its own stream: the draws above stay as they were
    _share_some_coordinates(partial, X, Y, keep_rows=near)
    for px, py in pairs:
        _share_some_coordinates(partial, px, py)
    X1, Y1 = X.reshape(-1, 1).copy(), Y.reshape(-1, 1).copy()  # X's and Y's coordinates, bytes and all
    arrays = {
        "X": X, "Y": Y, "W": rng.uniform(0.5, 2.0, size=(n, m)).astype(np.float32),
        "X1": X1, "Y1": Y1, "Xfar": Xfar, "Yfar": Yfar,
        "Xb": np.stack([p[0] for p in pairs]), "Yb": np.stack([p[1] for p in pairs]),
        **_variant_classes(structure_seed, n, m, d),
        **_empty_and_float64(structure_seed, n, m, d),
        "Z": np.zeros((n, d), np.float32),  # every pair coincides: D(Z, Z) and its gradient are all 0
        "Zc": _all_coincide(structure_seed, n, d),  # the same with a drawn point: zeros are no special case
        **_nonfinite(structure_seed, X, Y),
        "Xulp": _ulp_neighbours(np.random.default_rng([seed, 6]), n, d),
    }
    fresh = np.random.default_rng([seed, 7])  # the call sequence's fresh point sets: X's and Y's shapes
    for j in range(2):
        arrays[f"q_X{j}"], arrays[f"q_Y{j}"] = _with_duplicates(fresh, n, m, d)
    return ProbeInputs(seed=seed, arrays=arrays, params={"calls": _call_plan(structure_seed)})


# Why a call of the eager call sequence is there (translated where read).
_CALL_ZH: dict[str, str] = {  # one array object stands for the pair X, Y here
    **CALL_WHY_ZH,
    "again": N_("再次用同样的数组对象调用"),
    "recycled": N_("前两个数组对象被回收之后新建的数组(它们的 id 可能被重用)"),
}


def _call_plan(structure_seed: int) -> dict:
    """The eager call sequence (probe `_run_calls`): the function meets concrete arrays one call after
    the other, so a memo it keeps across calls returns a stale matrix. Blocks in an order drawn from
    the class's own generator (the student's pool entry): X and Y as the probe holds them, and their
    bytes read as points of dimension 1 (a memo keyed by bytes returns the first shape's matrix); two
    fresh pairs of X's and Y's shapes, the first dropped before the second is made (a memo keyed by
    id() returns the first's); X and Y's values in float64 under x64 (a memo keyed by values but not
    dtype returns float32). X and Y again somewhere after their first call.

    Every call is eager, and eager JAX compiles per primitive, shape and dtype, so the sequence uses
    three shape-dtype pairs only, each one another case's too: X's and Y's shapes in float32 (fresh
    pairs alike), the d = 1 case's shapes (X1 and Y1 hold X's and Y's bytes: fwd.d1, eager after the
    sequence, compiles nothing) and X's and Y's shapes in float64 (fwd.f64's, eager: it pays for both).
    The three are needed: the float64 call needs a float32 call of its shape and values, and the
    same bytes in another shape a third pair."""
    r = class_rng(structure_seed, EXERCISE.id, "calls.memo_traps")
    blocks = [[{"args": ["X", "Y"], "why": "first"}, {"args": ["X", "Y"], "why": "reshaped", "dim": 1}],
              [{"args": ["q_X0", "q_Y0"], "why": "first", "fresh": True},
               {"args": ["q_X1", "q_Y1"], "why": "recycled", "fresh": True}],
              [{"args": ["X", "Y"], "why": "dtype", "dtype": "float64"}]]
    steps = [step for i in r.permutation(3) for step in blocks[int(i)]]
    first = next(i for i, st in enumerate(steps) if st["args"] == ["X", "Y"] and st["why"] == "first")
    steps.insert(int(r.integers(first + 1, len(steps) + 1)), {"args": ["X", "Y"], "why": "again"})
    return {"steps": steps}


def call_inputs(a: dict[str, np.ndarray], step: dict) -> tuple[np.ndarray, np.ndarray]:
    """The two point sets of a call of the sequence: the inputs' bytes as points of dimension `dim`
    when given, cast to the step's dtype."""
    pair = [a[name] for name in step["args"]]
    if "dim" in step:
        pair = [v.reshape(-1, step["dim"]) for v in pair]
    P, Q = (v.astype(step.get("dtype", v.dtype)) for v in pair)
    return P, Q


def _call_forward(obs: Observations, inp: ProbeInputs, key: str, errs: dict[str, float]) -> str | None:
    """None when call `key` ("calls.<i>") of the sequence matches v1 in float64, else a message."""
    i = int(key.split(".")[1])
    step = inp.params["calls"]["steps"][i]
    P, Q = call_inputs(inp.arrays, step)
    what = _("eager 调用序列第 {n} 次({why}),X 形状 {x_shape}、Y 形状 {y_shape}").format(
        n=i + 1, why=_(_CALL_ZH[step["why"]]), x_shape=P.shape, y_shape=Q.shape)
    want = _dist64(P, Q)
    raised = student_error_zh(obs, key)
    if raised:
        return f"{what}:{raised}"
    f64 = step.get("dtype") == "float64"
    try:
        got = obs.array(key, shape=want.shape, kinds="f", dtype="float64" if f64 else "float32")
    except ObservationInvalid as exc:
        return f"{what}:{exc.message_zh}"
    errs[key] = _max_err(got, want)
    rtol, atol = (FWD64_RTOL, FWD64_ATOL) if f64 else (FWD_RTOL, FWD_ATOL)
    if not _close(got, want, rtol, atol):
        return _("{label}:{mismatch_zh}(允许误差 {allowed})").format(  # the msgid `_forward` uses
            label=what, mismatch_zh=mismatch_zh(got, _bad(got, want, rtol, atol)),
            allowed=f"{atol:g} + {rtol:g}×|D|")
    return None


FAR_LOW, FAR_HIGH = 90.0, 110.0  # the centres of the far-from-origin points, per coordinate


def _all_coincide(structure_seed: int, n: int, d: int) -> np.ndarray:
    """(n, d) float32: one point drawn from the variant (continuous: scale log-uniform in 1e-3..1e3,
    any direction), repeated n times. Every pair coincides; no value is fixed (an all-zero set
    would let an answer special-case zeros)."""
    rng = np.random.default_rng([structure_seed, 32])
    point = rng.normal(size=d) * np.exp(rng.uniform(np.log(1e-3), np.log(1e3)))
    return np.tile(point.astype(np.float32), (n, 1))


def _nonfinite(structure_seed: int, X: np.ndarray, Y: np.ndarray) -> dict[str, np.ndarray]:
    """Xnf, Ynf: X and Y (their shapes: fwd.rect's compiled program) with, at places drawn from the
    variant, a NaN coordinate in one X row, +inf in another X row and, in the same coordinate, +inf
    in a Y row (inf - inf: NaN) and -inf in another Y row. The statement: NaN and inf propagate as in
    v1 (IEEE), so D holds NaN, inf and finite distances side by side."""
    rng = np.random.default_rng([structure_seed, 34])
    Xnf, Ynf = X.copy(), Y.copy()
    (nan_row, inf_row), (inf_y, neg_y) = rng.choice(len(X), 2, replace=False), rng.choice(len(Y), 2,
                                                                                          replace=False)
    col, other = int(rng.integers(0, X.shape[1])), int(rng.integers(0, X.shape[1]))
    Xnf[nan_row, other] = np.nan
    Xnf[inf_row, col] = Ynf[inf_y, col] = np.inf
    Ynf[neg_y, other] = -np.inf
    return {"Xnf": Xnf, "Ynf": Ynf}


BIG = 1e18  # coordinates up to this: squared differences (up to 4e36, times d <= 6) stay below float32's max


def _variant_classes(structure_seed: int, n: int, m: int, d: int) -> dict[str, np.ndarray]:
    """The boundary cases drawn from the structure seed alone, i.e. from the student's variant: a
    resubmission meets the same points again, so it cannot re-roll them away.

    Shapes are chosen to share compilations (docs/performance.md): `Xbig`/`Ybig` have X's and Y's
    shapes, so they run in fwd.rect's compiled program; `Xrow` is one row against Y.
      Xsq, Ysq    two different (d, d) arrays: N == M == d (repeated dimension sizes), with a row in
                  common so a zero distance sits off the diagonal of a square result
      Xrow        (1, d): an axis of length 1 against Y
      Xbig, Ybig  coordinates up to BIG with some rows coincident and some 1e-6 relatively apart
    """
    rng = np.random.default_rng([structure_seed, 30])
    Xsq = rng.normal(size=(d, d)).astype(np.float32)
    Ysq = rng.normal(size=(d, d)).astype(np.float32)
    Ysq[int(rng.integers(0, d))] = Xsq[int(rng.integers(0, d))]
    Xrow = rng.normal(size=(1, d)).astype(np.float32)
    Xbig = (rng.uniform(-0.5, 0.5, size=(n, d)) * BIG).astype(np.float32)
    Ybig = (rng.uniform(-0.5, 0.5, size=(m, d)) * BIG).astype(np.float32)
    Ybig[0] = Xbig[0]
    Ybig[1] = (Xbig[1].astype(np.float64) * (1 + 1e-6)).astype(np.float32)
    return {"Xsq": Xsq, "Ysq": Ysq, "Xrow": Xrow, "Xbig": Xbig, "Ybig": Ybig}


def _empty_and_float64(structure_seed: int, n: int, m: int, d: int) -> dict[str, np.ndarray]:
    """The empty and float64 classes, from a stream of the structure seed of their own (the draws
    above stay as they were):
      X0          (0, d): an empty point set against Y
      X64, Y64    float64 points of X's and Y's shapes (digits float32 cannot hold), X64's row 1
                  repeated as Y64's row 0 (an exact zero in float64 too), judged under x64
    """
    rng = np.random.default_rng([structure_seed, 31])
    X64, Y64 = rng.normal(size=(n, d)), rng.normal(size=(m, d))
    Y64[0] = X64[1]
    return {"X0": np.zeros((0, d), np.float32), "X64": X64, "Y64": Y64}


def _dist64(P: np.ndarray, Q: np.ndarray) -> np.ndarray:
    P, Q = np.asarray(P, np.float64), np.asarray(Q, np.float64)
    with np.errstate(invalid="ignore"):  # inf - inf: NaN, as in v1 (IEEE)
        return np.sqrt(np.sum((P[:, None, :] - Q[None, :, :]) ** 2, axis=-1))


def _units64(P: np.ndarray, Q: np.ndarray) -> np.ndarray:
    """u_ij = (p_i - q_j) / ||p_i - q_j||, 0 where the distance is 0; shape (len(P), len(Q), d)."""
    diff = np.asarray(P, np.float64)[:, None, :] - np.asarray(Q, np.float64)[None, :, :]
    nrm = np.linalg.norm(diff, axis=-1)[..., None]
    return np.where(nrm > 0, diff / np.where(nrm > 0, nrm, 1.0), 0.0)


def _max_err(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.max(np.abs(np.asarray(a, np.float64) - b))) if a.size else 0.0


def _bad(got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> np.ndarray:
    return ~(np.abs(np.asarray(got, np.float64) - want) <= atol + rtol * np.abs(want))


def _close(got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> bool:
    return not bool(np.any(_bad(got, want, rtol, atol)))


_LABEL_ZH: dict[str, str] = {  # what each observation key computes, as the student reads it
    "fwd.rect": "D(X, Y)", "fwd.self": "D(X, X)", "fwd.d1": N_("d = 1 时的 D"),
    "fwd.square": N_("N = M = d 时的 D"), "fwd.row1": N_("X 只有一行时的 D"),
    "fwd.big": N_("坐标约 1e18 时的 D"),
    "fwd.empty": N_("X 是空点集(0 行)时的 D"), "fwd.f64": N_("开启 x64 时 float64 输入的 D"),
    "fwd.far": N_("远离原点的 D"), "jit.rect": "jax.jit(D)(X, Y)", "vmap.batch": N_("jax.vmap(D) 的批量结果"),
    "grad.self": "∇ sum(D(X, X))", "grad.x": "∇_X sum(W·D(X, Y))", "grad.y": "∇_Y sum(W·D(X, Y))",
    "fwd.zeros": N_("所有点都重合(全 0 点集)时的 D"), "grad.zeros": N_("所有点都重合时的 ∇ sum(D(Z, Z))"),
    "fwd.coincide": N_("所有点都重合(同一个点重复)时的 D"),
    "grad.coincide": N_("所有点都重合(同一个点重复)时的 ∇ sum(D(Z, Z))"),
    "fwd.nonfinite": N_("输入含 NaN 或 inf 时的 D"),
    "grad.ulp": N_("两点相距不到 1e-6 时的 ∇ sum(D(X, X))"),
}


def _label(key: str) -> str:
    return _(_LABEL_ZH[key])  # a formula without words is not in the catalogue and stays as it is


class _Reader:
    """Typed access to the observations; collects a Chinese message per unreadable key."""

    def __init__(self, obs: Observations):
        self.obs = obs

    def array(self, key: str, shape: tuple[int, ...]) -> np.ndarray:
        raised = student_error_zh(self.obs, key)
        if raised:
            raise ObservationInvalid(key, f"{_label(key)}:{raised}")
        try:  # v1 keeps the inputs' dtype: float64 for the x64 case, float32 for every other
            dtype = "float64" if key == "fwd.f64" else "float32"
            return self.obs.array(key, shape=shape, kinds="f", dtype=dtype)
        except ObservationInvalid as exc:
            raise ObservationInvalid(key, f"{_label(key)}:{exc.message_zh}") from None


def _forward(reader: _Reader, key: str, want: np.ndarray, rtol: float, atol: float,
             errs: dict[str, float]) -> str | None:
    """None when the recorded distances match `want`, else a message (observed vs expected)."""
    got = reader.array(key, want.shape)
    errs[key] = _max_err(got, want)
    if not _close(got, want, rtol, atol):
        allowed = f"{atol:g} + {rtol:g}×|D|" if rtol else f"{atol:g}"
        return _("{label}:{mismatch_zh}(允许误差 {allowed})").format(
            label=_label(key), mismatch_zh=mismatch_zh(got, _bad(got, want, rtol, atol)), allowed=allowed
        )
    return None


def _nonfinite_forward(reader: _Reader, key: str, want: np.ndarray, errs: dict[str, float]) -> str | None:
    """None when NaN and inf sit where v1 puts them (IEEE propagation) and the finite distances match."""
    got = reader.array(key, want.shape).astype(np.float64)
    same_pattern = np.array_equal(np.isnan(got), np.isnan(want)) and np.array_equal(
        np.isposinf(got), np.isposinf(want)) and np.array_equal(np.isneginf(got), np.isneginf(want))
    finite = np.isfinite(want)
    if not same_pattern:
        return _("{label}:应按 IEEE 规则传播 NaN 与 inf(与 v1 相同),{bad}/{size} 个元素的 NaN/inf "
                 "位置与 v1 不同").format(label=_label(key), size=want.size, bad=int(np.count_nonzero(
                     (np.isnan(got) != np.isnan(want)) | (np.isinf(got) != np.isinf(want)))))
    errs[key] = _max_err(got[finite], want[finite])
    if not _close(got[finite], want[finite], FWD_RTOL, FWD_ATOL):
        return _("{label}:有限的距离与参考不符").format(label=_label(key))
    return None


def _references(inp: ProbeInputs) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The float64 reference distances and analytic gradients, by observation key."""
    a = inp.arrays
    X, Y, W = a["X"], a["Y"], a["W"]
    ref = {"fwd.rect": _dist64(X, Y), "fwd.self": _dist64(X, X), "fwd.d1": _dist64(a["X1"], a["Y1"]),
           "fwd.far": _dist64(a["Xfar"], a["Yfar"]), "jit.rect": _dist64(X, Y),
           "vmap.batch": np.stack([_dist64(p, q) for p, q in zip(a["Xb"], a["Yb"], strict=True)])}
    if "Xsq" in a:
        ref |= {"fwd.square": _dist64(a["Xsq"], a["Ysq"]), "fwd.row1": _dist64(a["Xrow"], Y),
                "fwd.big": _dist64(a["Xbig"], a["Ybig"])}
    if "X0" in a:
        ref |= {"fwd.empty": _dist64(a["X0"], Y), "fwd.f64": _dist64(a["X64"], a["Y64"])}
    if "Z" in a:
        ref["fwd.zeros"] = _dist64(a["Z"], a["Z"])
    if "Zc" in a:
        ref["fwd.coincide"] = _dist64(a["Zc"], a["Zc"])
    if "Xnf" in a:
        ref["fwd.nonfinite"] = _dist64(a["Xnf"], a["Ynf"])
    u_xy = _units64(X, Y)
    grad_ref = {"grad.self": 2.0 * _units64(X, X).sum(axis=1),
                **({"grad.zeros": np.zeros(a["Z"].shape)} if "Z" in a else {}),
                **({"grad.coincide": np.zeros(a["Zc"].shape)} if "Zc" in a else {}),
                **({"grad.ulp": 2.0 * _units64(a["Xulp"], a["Xulp"]).sum(axis=1)} if "Xulp" in a else {}),
                "grad.x": np.einsum("ij,ijk->ik", W.astype(np.float64), u_xy),
                "grad.y": -np.einsum("ij,ijk->jk", W.astype(np.float64), u_xy)}
    return ref, grad_ref


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    # over 80 lines: one block per sub-check, in the order the feedback lists them
    names = [s.name for s in EXERCISE.subchecks]
    if observed_nothing(obs):
        return lost(EXERCISE)
    if obs.values.get("defined") is not True:
        return unanswered(EXERCISE, _("没有找到可调用的 safe_pairwise_distance(X, Y)"))
    if all(obs.values.get(k, 0) is None for k in ("fwd.rect", "fwd.self", "fwd.d1", "fwd.far")):
        return unanswered(EXERCISE, _("safe_pairwise_distance 还是模板:它返回 None"))
    ref, grad_ref = _references(inp)
    reader = _Reader(obs)
    outcomes: dict[str, CheckOutcome] = {}
    errs: dict[str, float] = {}  # key -> max |observed - expected| seen while checking

    def worst(keys: list[str]) -> str:
        return f"{max(errs.get(k, 0.0) for k in keys):.1e}"

    def judge(name: str, parts: list[str], ok_text, run) -> None:
        """Run the checks of one sub-check; any ObservationInvalid becomes its failure message."""
        problems: list[str] = []
        for part in parts:
            try:
                msg = run(part)
            except ObservationInvalid as exc:
                msg = exc.message_zh
            if msg:
                problems.append(msg)
        ok = ok_text() if callable(ok_text) else ok_text
        outcomes[name] = CheckOutcome(name, not problems, ";".join(problems) if problems else ok)

    def finite(key: str) -> str | None:
        g = reader.array(key, grad_ref[key].shape)
        bad = int(np.size(g) - np.count_nonzero(np.isfinite(g)))
        return _("{label} 中有 {bad} 个 nan/inf").format(label=_label(key), bad=bad) if bad else None

    n_zero = int(np.count_nonzero(ref["fwd.rect"] == 0) + np.count_nonzero(ref["fwd.self"] == 0))
    grad_keys = ["grad.self", "grad.x", "grad.y",
                 *(k for k in ("grad.zeros", "grad.coincide", "grad.ulp") if k in grad_ref)]
    judge("finite_grad_at_zero", grad_keys,
          _("梯度全部有限(输入中共有 {n_zero} 对距离恰为 0 的点)").format(n_zero=n_zero), finite)

    variant = [k for k in VARIANT_KEYS if k in ref]  # the classes drawn from the student's variant
    calls = [f"calls.{i}" for i in range(len(inp.params.get("calls", {}).get("steps", ())))]
    judge("forward_matches_v1", ["fwd.rect", "fwd.self", "fwd.d1", *variant, *calls],
          lambda: _("与 float64 参考的最大误差 {error}(形状 {rect_shape}、{self_shape}、{d1_shape})").format(
              error=worst(["fwd.rect", "fwd.self", "fwd.d1"]), rect_shape=ref["fwd.rect"].shape,
              self_shape=ref["fwd.self"].shape, d1_shape=ref["fwd.d1"].shape,
          ) + (_(VARIANT_OK_ZH) if variant else ""),
          lambda k: _call_forward(obs, inp, k, errs) if k.startswith("calls.") else
          _nonfinite_forward(reader, k, ref[k], errs) if k == "fwd.nonfinite" else _forward(
              reader, k, ref[k], *((FWD64_RTOL, FWD64_ATOL) if k == "fwd.f64" else (FWD_RTOL, FWD_ATOL)),
              errs))

    def zeros(key: str) -> str | None:
        got = reader.array(key, ref[key].shape)
        mask = ref[key] == 0
        wrong = got[mask] != 0
        if np.any(wrong):
            return _("{label} 中应恰为 0 的 {int} 个距离里有 {int2} 个不是 0(最大 {float:.2e})").format(
                label=_label(key), int=int(mask.sum()), int2=int(wrong.sum()),
                float=float(np.max(np.abs(got[mask]))))
        return None

    # an empty result holds no zero to judge: an answer that raises there loses forward_matches_v1 only
    # (nor does the NaN/inf case: its zeros are forward_matches_v1's)
    zero_keys = ["fwd.self", "fwd.rect", "fwd.d1",
                 *(k for k in variant if k not in ("fwd.empty", "fwd.nonfinite"))]
    judge("exact_zero_distance", zero_keys,
          _("所有应恰为 0 的距离都是 0.0"), zeros)

    def grads(key: str) -> str | None:
        want = grad_ref[key]
        got = reader.array(key, want.shape)
        if not np.all(np.isfinite(got)):
            return _("{label} 含 nan/inf,无法与 float64 解析梯度比较").format(label=_label(key))
        errs[key] = _max_err(got, want)
        if not _close(got, want, GRAD_RTOL, GRAD_ATOL):
            return _("{label} 与 float64 解析梯度不符:{mismatch_zh}(允许误差 1e-4 + 1e-4×|g|)").format(
                label=_label(key), mismatch_zh=mismatch_zh(got, _bad(got, want, GRAD_RTOL, GRAD_ATOL)))
        return None

    judge("grad_matches_analytic", grad_keys,
          lambda: _("三个梯度与 float64 解析梯度的最大差 {worst}").format(
              worst=worst(["grad.self", "grad.x", "grad.y"])), grads)
    judge("far_from_origin", ["fwd.far"],
          lambda: _("最大误差 {worst}(允许 {FAR_ATOL:g}),形状 {shape}").format(
              worst=worst(["fwd.far"]), FAR_ATOL=FAR_ATOL, shape=ref["fwd.far"].shape),
          lambda k: _forward(reader, k, ref[k], 0.0, FAR_ATOL, errs))
    judge("jit_and_vmap", ["jit.rect", "vmap.batch"],
          lambda: _("jit 与 vmap 的最大误差 {worst}(批量形状 {shape})").format(
              worst=worst(["jit.rect", "vmap.batch"]), shape=ref["vmap.batch"].shape),
          lambda k: _forward(reader, k, ref[k], FWD_RTOL, FWD_ATOL, errs))
    return [outcomes[n] for n in names]


# --------------------------------------------------------------------------------------- input classes

def _min_nonzero_distance(P: np.ndarray) -> float:
    d = _dist64(P, P)
    return float(d[d > 0].min()) if np.any(d > 0) else float("inf")


INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("calls.memo_traps", "transform",
               "an eager call sequence in an order drawn per structure: X and Y as held, their bytes as "
               "points of dimension 1 (the d = 1 case's shapes), two fresh pairs of their shapes the first "
               "dropped before the second is made (the second takes its ids), X and Y again, their values "
               "in float64 (x64) "
               "(a function that memoises by id(), bytes, or values but not dtype returns a stale matrix)",
               ("forward_matches_v1",), lambda i: {s["why"] for s in i.params["calls"]["steps"]}
               >= {"reshaped", "recycled", "again", "dtype"}),
    InputClass("shape.n_ne_m", "shape", "N != M (an answer that transposes or assumes square fails)",
               ("forward_matches_v1",), lambda i: i.arrays["X"].shape[0] != i.arrays["Y"].shape[0]),
    InputClass("shape.d_1", "shape", "points of dimension 1 (an axis of length 1)",
               ("forward_matches_v1",), lambda i: i.arrays["X1"].shape[1] == 1),
    InputClass("points.coincident", "points",
               "exactly coincident points off the diagonal (X-X and X-Y): distance 0.0, finite gradient",
               ("exact_zero_distance", "finite_grad_at_zero", "grad_matches_analytic"),
               lambda i: bool(np.any(_dist64(i.arrays["X"], i.arrays["Y"]) == 0))),
    InputClass("points.near_coincident", "points",
               "two rows 1e-5..1e-4 apart: a threshold on the squared distance instead of an exact "
               "zero test gives them a zero gradient", ("grad_matches_analytic",),
               lambda i: _min_nonzero_distance(i.arrays["X"]) < 1e-4),
    InputClass("points.partial_coordinates", "points",
               "rows equal in some coordinates only (masking per coordinate instead of per pair fails)",
               ("forward_matches_v1",),
               lambda i: any(0 < np.sum(i.arrays["X"][a] == o) < i.arrays["X"].shape[1]
                             for a in range(len(i.arrays["X"])) for o in (*i.arrays["X"], *i.arrays["Y"]))),
    InputClass("points.same_array", "points", "D(X, X) called with one array object twice",
               ("forward_matches_v1", "grad_matches_analytic"), lambda i: True),
    InputClass("magnitude.far_from_origin", "magnitude",
               "coordinates ~100 (each coordinate's centre drawn in 90..110) separated by ~1e-3 (the "
               "|x|^2 + |y|^2 - 2x.y identity cancels)",
               ("far_from_origin",), lambda i: float(np.abs(i.arrays["Xfar"]).min()) > 50),
    InputClass("transform.jit_vmap", "transform", "under jax.jit and a jax.vmap batch of point sets",
               ("jit_and_vmap",), lambda i: i.arrays["Xb"].ndim == 3),
    InputClass("shape.repeated_sizes", "shape",
               "N = M = d with two different arrays (an answer that treats equal shapes as D(X, X), or "
               "mixes up axes of equal length, fails)", ("forward_matches_v1", "exact_zero_distance"),
               lambda i: i.arrays["Xsq"].shape == i.arrays["Ysq"].shape == (i.arrays["Xsq"].shape[1],) * 2),
    InputClass("shape.one_row", "shape", "X with one row, shape (1, d) (an axis of length 1: squeeze fails)",
               ("forward_matches_v1",), lambda i: i.arrays["Xrow"].shape[0] == 1),
    InputClass("magnitude.near_float32_overflow", "magnitude",
               "coordinates up to 1e18: squared differences just below float32's overflow (a half-precision "
               "or rescaled intermediate overflows); coincident rows there too",
               ("forward_matches_v1", "exact_zero_distance"),
               lambda i: float(np.abs(i.arrays["Xbig"]).max()) > 1e17),
    InputClass("dtype.float64", "dtype", "float64 points under jax.enable_x64 with a coincident pair: v1 "
               "returns float64 there, to ~1e-16 (an answer that casts to float32 loses the digits)",
               ("forward_matches_v1", "exact_zero_distance"),
               lambda i: i.arrays["X64"].dtype == np.float64 and bool(np.any(
                   _dist64(i.arrays["X64"], i.arrays["Y64"]) == 0))),
    InputClass("points.ulp_apart", "points",
               "two pairs of distinct rows one float32 ulp apart in some coordinates (closer than 1e-6, "
               "squared distance below 1e-12), through grad.self's program: a threshold or epsilon as small "
               "as 1e-12 on the squared distance gives them a zero gradient", ("grad_matches_analytic",),
               lambda i: 0 < _dist64(i.arrays["Xulp"][:1], i.arrays["Xulp"][1:2])[0, 0] < 1e-6),
    InputClass("points.all_coincide", "points",
               "point sets whose every pair coincides, X's shape: all zeros, and one point drawn from the "
               "variant (scale 1e-3..1e3) repeated: D(Z, Z) is all 0.0 and its gradient all 0 (a rescaling "
               "by the largest coordinate or difference divides 0 by 0; special-casing the all-zero set "
               "fails on the drawn one)",
               ("forward_matches_v1", "exact_zero_distance", "finite_grad_at_zero", "grad_matches_analytic"),
               lambda i: not np.any(i.arrays["Z"]) and bool(np.all(i.arrays["Zc"] == i.arrays["Zc"][:1]))
               and bool(np.all(i.arrays["Zc"] != 0)) and i.arrays["Z"].shape[0] >= 2),
    InputClass("points.nonfinite", "points",
               "NaN and +-inf coordinates (an inf in the same coordinate of an X and a Y row: inf - inf), "
               "X's and Y's shapes: the statement says they propagate as in v1 (IEEE): D holds NaN, inf "
               "where v1 does (a test `sq > 0` or a nan_to_num turns NaN into 0)", ("forward_matches_v1",),
               lambda i: bool(np.isnan(i.arrays["Xnf"]).any() and np.isinf(i.arrays["Ynf"]).any())),
    InputClass("dtype.integer_complex", "dtype", "integer or complex point sets",
               outside_task="the statement admits real floating-point points (float32, and float64 under "
                            "x64) only"),
    InputClass("shape.empty", "shape", "an empty point set, X of shape (0, d): the result is (0, M) "
               "(a reduction without identity over the points, e.g. a max for rescaling, raises)",
               ("forward_matches_v1",), lambda i: i.arrays["X0"].shape[0] == 0),
)
