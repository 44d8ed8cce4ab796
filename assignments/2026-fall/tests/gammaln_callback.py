from otter.test_files import test_case

OK_FORMAT = False

name = "gammaln_callback"
points = 10

@test_case(points=None, hidden=False)
def test_gammaln_callback(env):
    import jax
    import jax.numpy as jnp
    import numpy as np
    import scipy.special as sps
    fn = env.get('gammaln_cb')
    assert fn is not None, '练习 2 尚未作答:请在作答区定义 gammaln_cb(x)。'
    assert isinstance(fn, jax.custom_jvp), f'custom_jvp:gammaln_cb 应当用 @jax.custom_jvp 定义,实际是 {type(fn).__name__}。'

    def run(prop, compute):
        try:
            return compute()
        except Exception as e:
            first = (str(e).strip().splitlines() or [''])[0][:300]
            raise AssertionError(f'{prop}:运行出错({type(e).__name__}: {first})') from None

    def same(prop, compute, expected, rtol, atol):
        got = np.asarray(run(prop, compute), dtype=np.float64)
        want = np.asarray(expected, dtype=np.float64)
        assert got.shape == want.shape, f'{prop}:结果的形状是 {got.shape},应为 {want.shape}。'
        ok = np.isclose(got, want, rtol=rtol, atol=atol)
        if not ok.all():
            err = float(np.max(np.where(np.isnan(got), np.inf, np.abs(got - want))))
            raise AssertionError(f'{prop}:{int((~ok).sum())}/{ok.size} 个元素与期望值不符(rtol={rtol}),最大绝对误差 {err:.3g}。')
    x = np.linspace(0.05, 50.0, 24, dtype=np.float32).reshape(4, 6)
    x64 = x.astype(np.float64)
    xj = jnp.asarray(x)
    fwd_jaxpr = str(run('make_jaxpr(gammaln_cb)', lambda: jax.make_jaxpr(fn)(xj)))
    assert 'pure_callback' in fwd_jaxpr, 'pure_callback:前向应当经 jax.pure_callback 调用 scipy.special.gammaln。'
    jvp_of = jax.make_jaxpr(lambda v, d: jax.jvp(fn, (v,), (d,)))
    jvp_jaxpr = str(run('make_jaxpr(jvp)', lambda: jvp_of(xj, xj)))
    assert jvp_jaxpr.count('pure_callback') >= 2, '导数经回调:JVP 里应当再用一次 pure_callback 调 scipy.special.digamma 计算 ψ(x)。'
    out = run('前向(jit)', lambda: jax.jit(fn)(xj))
    assert out.dtype == jnp.float32, f'输出 dtype:应为 float32,实际是 {out.dtype}。'
    same('前向值(jit)', lambda: out, sps.gammaln(x64), 1e-05, 1e-06)
    x0 = np.float32(3.7)
    same('前向值(0 维输入)', lambda: fn(jnp.float32(x0)), sps.gammaln(np.float64(x0)), 1e-05, 1e-06)
    same('前向值(转置过的输入)', lambda: fn(xj.T), sps.gammaln(x64.T), 1e-05, 1e-06)

    def total(v):
        return jnp.sum(fn(v))
    same('导数 jit(grad) 应为 digamma(x)', lambda: jax.jit(jax.grad(total))(xj), sps.digamma(x64), 0.0001, 1e-05)
    same('导数 grad(0 维输入)应为 digamma(x)', lambda: jax.grad(fn)(jnp.float32(x0)), sps.digamma(np.float64(x0)), 0.0001, 1e-05)
    same('vmap(grad):回调要选对 vmap_method', lambda: jax.vmap(jax.grad(total))(xj), sps.digamma(x64), 0.0001, 1e-05)
    same('vmap(in_axes=1):回调要选对 vmap_method', lambda: jax.vmap(fn, in_axes=1)(xj), sps.gammaln(x64.T), 1e-05, 1e-06)
    x3 = x.reshape(2, 3, 4)
    nested = jax.jit(jax.vmap(jax.vmap(fn, in_axes=1), in_axes=2))
    same('嵌套 vmap + jit', lambda: nested(jnp.asarray(x3)), sps.gammaln(np.transpose(x3.astype(np.float64), (2, 1, 0))), 1e-05, 1e-06)
    print('✅ 练习 2 自检通过')

