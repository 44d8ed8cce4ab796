from otter.test_files import test_case

OK_FORMAT = False

name = "silu_ffi"
points = 10

@test_case(points=None, hidden=False)
def test_silu_ffi(env):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from scipy.special import expit
    fn = env.get('silu_ffi')
    assert fn is not None, '练习 3 尚未作答:请先写好 silu.cc,再在 Python 作答单元里定义 silu_ffi(x)。'
    assert isinstance(fn, jax.custom_vjp), f'custom_vjp:silu_ffi 应当用 @jax.custom_vjp 定义,实际是 {type(fn).__name__}。'

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
        assert np.isfinite(got).all(), f'{prop}:结果里有 NaN 或 inf。'
        ok = np.isclose(got, want, rtol=rtol, atol=atol)
        if not ok.all():
            err = float(np.max(np.abs(got - want)))
            raise AssertionError(f'{prop}:{int((~ok).sum())}/{ok.size} 个元素与期望值不符(rtol={rtol}),最大绝对误差 {err:.3g}。')

    def silu64(v):
        v = np.asarray(v, np.float64)
        return v * expit(v)

    def dsilu64(v):
        v = np.asarray(v, np.float64)
        s = expit(v)
        return s * (1 + v * (1 - s))
    rng = np.random.default_rng(3)
    x = (rng.standard_normal((3, 7)) * 4).astype(np.float32)
    w = rng.standard_normal((3, 7)).astype(np.float32)
    xj, wj = (jnp.asarray(x), jnp.asarray(w))

    def weighted(v, u):
        return jnp.sum(fn(v) * u)
    fwd_hlo = run('jit(silu_ffi).lower', lambda: jax.jit(fn).lower(xj).as_text())
    assert fwd_hlo.count('stablehlo.custom_call') >= 1, '前向调用 C++ 内核:jit(silu_ffi) 的 lowering 里没有 custom_call。'
    value_and_grad = jax.jit(jax.value_and_grad(weighted))
    grad_hlo = run('value_and_grad 的 lowering', lambda: value_and_grad.lower(xj, wj).as_text())
    assert grad_hlo.count('stablehlo.custom_call') >= 2, '反向调用 C++ 内核:value_and_grad 的 lowering 里应有前向、反向两个 custom_call(反向要调 silu_bwd)。'
    same('前向值(jit)应为 x·σ(x)', lambda: jax.jit(fn)(xj), silu64(x), 1e-05, 1e-06)
    same('前向值(eager)应为 x·σ(x)', lambda: fn(xj), silu64(x), 1e-05, 1e-06)
    same('梯度 jit(grad) 应为 ȳ·σ(x)·(1 + x(1 − σ(x)))', lambda: jax.jit(jax.grad(weighted))(xj, wj), w * dsilu64(x), 0.0001, 1e-05)
    per_row_grad = jax.vmap(jax.grad(lambda v: jnp.sum(fn(v))))
    same('vmap(grad):两处 ffi_call 都要指定 vmap_method', lambda: per_row_grad(xj), dsilu64(x), 0.0001, 1e-05)
    same('vmap(in_axes=1, out_axes=1)', lambda: jax.vmap(fn, in_axes=1, out_axes=1)(xj), silu64(x), 1e-05, 1e-06)
    x0 = np.float32(0.75)
    same('0 维输入的前向值', lambda: fn(jnp.float32(x0)), silu64(x0), 1e-05, 1e-06)
    same('0 维输入的梯度', lambda: jax.grad(fn)(jnp.float32(x0)), dsilu64(x0), 0.0001, 1e-05)
    same('空数组(形状 (0, 3))', lambda: jax.jit(fn)(jnp.zeros((0, 3), jnp.float32)), np.zeros((0, 3)), 1e-05, 1e-06)
    big = np.array([-100.0, -30.0, -0.001, 0.0, 30.0, 100.0], np.float32)
    same('大输入(±100)的前向值:σ(x) 要用数值稳定的写法', lambda: jax.jit(fn)(jnp.asarray(big)), silu64(big), 1e-05, 1e-06)
    same('大输入(±100)的梯度:σ(x) 要用数值稳定的写法', lambda: jax.jit(jax.grad(lambda v: jnp.sum(fn(v))))(jnp.asarray(big)), dsilu64(big), 0.0001, 1e-05)
    print('✅ 练习 3 自检通过')

