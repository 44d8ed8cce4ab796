from otter.test_files import test_case

OK_FORMAT = False

name = "safe_distance"
points = 10

@test_case(points=None, hidden=False)
def test_safe_distance(env):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jaxcourse import pairwise_distance_v1
    fn = env.get('safe_pairwise_distance')
    assert callable(fn), '练习 4 尚未作答:请先在作答区定义函数 safe_pairwise_distance(X, Y)。'

    def dist(f, X, Y):
        try:
            D = f(X, Y)
        except Exception as e:
            raise AssertionError(f'调用 safe_pairwise_distance 时出错:{type(e).__name__}: {e}') from None
        assert D is not None, '练习 4 尚未作答:safe_pairwise_distance 返回了 None(函数体还是占位的 ...?)。'
        return np.asarray(D)

    def ref64(X, Y):
        X, Y = (np.asarray(X, np.float64), np.asarray(Y, np.float64))
        return np.linalg.norm(X[:, None, :] - Y[None, :, :], axis=-1)

    def unit_sum(P, Q):
        diff = np.asarray(P, np.float64)[:, None, :] - np.asarray(Q, np.float64)[None, :, :]
        nrm = np.linalg.norm(diff, axis=-1)
        safe = np.where(nrm > 0, nrm, 1.0)[..., None]
        return np.where(nrm[..., None] > 0, diff / safe, 0.0).sum(axis=1)
    rng = np.random.default_rng(5)
    X = rng.normal(size=(6, 4)).astype(np.float32)
    X[3] = X[1]
    Y = rng.normal(size=(5, 4)).astype(np.float32)
    Y[2] = X[0]
    Xj, Yj = (jnp.asarray(X), jnp.asarray(Y))
    for P, Q in [(X, Y), (X, X), (X[:, :1], Y[:, :1])]:
        D = dist(fn, jnp.asarray(P), jnp.asarray(Q))
        n, m = (len(P), len(Q))
        assert D.shape == (n, m), f'输出形状:输入 {P.shape} 与 {Q.shape} 时应为 {(n, m)},实际 {D.shape}。'
        err64 = float(np.abs(D - ref64(P, Q)).max())
        err_v1 = float(np.abs(D - np.asarray(pairwise_distance_v1(jnp.asarray(P), jnp.asarray(Q)))).max())
        assert err64 <= 1e-05 and err_v1 <= 1e-06, f'① 前向一致:输入 {P.shape}、{Q.shape} 时与 float64 参考的最大误差 {err64:.2e}(应 ≤ 1e-5),与 pairwise_distance_v1 的最大差 {err_v1:.2e}(应 ≤ 1e-6)。'
    DXX = dist(fn, Xj, Xj)
    assert np.all(np.diag(DXX) == 0.0) and DXX[1, 3] == 0.0 and (DXX[3, 1] == 0.0), f'① 距离恰为 0:点与自身、与完全相同的点的距离必须恰好是 0.0,实际对角线最大值 {float(np.abs(np.diag(DXX)).max()):.2e},重复行之间 {float(DXX[1, 3]):.2e}。'
    assert dist(fn, Xj, Yj)[0, 2] == 0.0, '① 距离恰为 0:X[0] 与 Y[2] 完全相同,距离必须恰好是 0.0。'
    gX = np.asarray(jax.jit(jax.grad(lambda Z: jnp.sum(fn(Z, Z))))(Xj))
    assert np.isfinite(gX).all(), '② 梯度有限:对 sum(D(X, X)) 求梯度出现了 nan/inf,距离为 0 处的梯度没有处理好。'
    g_ref = 2.0 * unit_sum(X, X)
    assert np.allclose(gX, g_ref, rtol=0.0001, atol=0.0001), f'③ 梯度正确:对 X 的梯度与 float64 解析梯度不一致,最大差 {float(np.abs(gX - g_ref).max()):.2e}。'
    gY = np.asarray(jax.grad(lambda Q: jnp.sum(fn(Xj, Q)))(Yj))
    assert np.isfinite(gY).all(), '② 梯度有限:对 Y 求梯度出现了 nan/inf(Y[2] 与 X[0] 相同,距离为 0)。'
    gY_ref = unit_sum(Y, X)
    assert np.allclose(gY, gY_ref, rtol=0.0001, atol=0.0001), f'③ 梯度正确:对 Y 的梯度与 float64 解析梯度不一致,最大差 {float(np.abs(gY - gY_ref).max()):.2e}。'
    Xo = (100.0 + 0.001 * rng.normal(size=(7, 3))).astype(np.float32)
    Yo = (100.0 + 0.001 * rng.normal(size=(4, 3))).astype(np.float32)
    Do = np.asarray(jax.jit(fn)(jnp.asarray(Xo), jnp.asarray(Yo)))
    err_far = float(np.abs(Do - ref64(Xo, Yo)).max())
    assert err_far <= 0.0001, f'④ 远离原点的精度:坐标约为 100、间距约 1e-3 时最大误差 {err_far:.2e}(应 ≤ 1e-4)。是否用了 |x|² + |y|² − 2x·y 恒等式?请直接对差值求平方和。'
    Xb = rng.normal(size=(3, 6, 4)).astype(np.float32)
    Yb = rng.normal(size=(3, 5, 4)).astype(np.float32)
    try:
        Db = np.asarray(jax.jit(jax.vmap(fn))(jnp.asarray(Xb), jnp.asarray(Yb)))
    except Exception as e:
        raise AssertionError(f'⑤ jit 与 vmap:jax.jit(jax.vmap(safe_pairwise_distance)) 出错:{type(e).__name__}: {e}') from None
    assert Db.shape == (3, 6, 5), f'⑤ jit 与 vmap:批量结果形状应为 (3, 6, 5),实际 {Db.shape}。'
    err_b = max((float(np.abs(Db[k] - ref64(Xb[k], Yb[k])).max()) for k in range(3)))
    assert err_b <= 1e-05, f'⑤ jit 与 vmap:批量计算与 float64 参考的最大误差 {err_b:.2e}(应 ≤ 1e-5)。'
    print('✅ 练习 4 自检通过')

