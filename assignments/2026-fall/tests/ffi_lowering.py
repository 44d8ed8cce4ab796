from otter.test_files import test_case

OK_FORMAT = False

name = "ffi_lowering"
points = 10

@test_case(points=None, hidden=False)
def test_ffi_lowering(env):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jaxcourse import rms_norm_np64
    prim = env.get('rms_norm_prim_p')
    assert prim is not None, '练习 4 尚未作答:请在作答区定义原语 rms_norm_prim_p。'

    def rms(v, eps=1e-05):
        return prim.bind(v, eps=np.float32(eps))

    def run(prop, compute):
        try:
            return compute()
        except Exception as e:
            first = (str(e).strip().splitlines() or [''])[0][:300]
            raise AssertionError(f'{prop}:运行出错({type(e).__name__}: {first})') from None

    def same(prop, compute, expected):
        got = np.asarray(run(prop, compute), dtype=np.float64)
        want = np.asarray(expected, dtype=np.float64)
        assert got.shape == want.shape, f'{prop}:结果的形状是 {got.shape},应为 {want.shape}。'
        ok = np.isclose(got, want, rtol=1e-05, atol=1e-06)
        if not ok.all():
            err = float(np.max(np.where(np.isnan(got), np.inf, np.abs(got - want))))
            raise AssertionError(f'{prop}:{int((~ok).sum())}/{ok.size} 个元素与 rms_norm_np64 不符(rtol=1e-05),最大绝对误差 {err:.3g}。')
    rng = np.random.default_rng(4)
    x = rng.standard_normal((5, 16)).astype(np.float32)
    xj = jnp.asarray(x)
    same('eager 结果', lambda: rms(xj), rms_norm_np64(x))
    same('jit 结果', lambda: jax.jit(rms)(xj), rms_norm_np64(x))
    same('eps 参数(eps=0.5 时结果应随之改变)', lambda: jax.jit(lambda v: rms(v, 0.5))(xj), rms_norm_np64(x, eps=0.5))
    hlo = run('jit(...).lower', lambda: jax.jit(rms).lower(xj).as_text())
    assert 'stablehlo.custom_call @rms_norm' in hlo, 'lowering:应当用 jax.ffi.ffi_lowering("rms_norm") 调用 FFI target rms_norm。'
    for shape in [(16,), (2, 3, 8), (2, 3, 4, 5)]:
        v = rng.standard_normal(shape).astype(np.float32)
        same(f'{len(shape)} 维输入(eager)', lambda v=v: rms(jnp.asarray(v)), rms_norm_np64(v))
        same(f'{len(shape)} 维输入(jit)', lambda v=v: jax.jit(rms)(jnp.asarray(v)), rms_norm_np64(v))
    x3 = rng.standard_normal((16, 3, 6)).astype(np.float32)
    for ax in range(3):
        same(f'vmap(in_axes={ax}):内核总是对最后一维归一化,批维度不能放在最后', lambda ax=ax: jax.vmap(rms, in_axes=ax)(jnp.asarray(x3)), rms_norm_np64(np.moveaxis(x3, ax, 0)))
    same('jit(vmap(in_axes=2, out_axes=1))', lambda: jax.jit(jax.vmap(rms, in_axes=2, out_axes=1))(jnp.asarray(x3)), np.moveaxis(rms_norm_np64(np.moveaxis(x3, 2, 0)), 0, 1))
    x4 = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    same('嵌套 vmap(外层 in_axes=3,内层 in_axes=0)', lambda: jax.vmap(jax.vmap(rms, in_axes=0), in_axes=3)(jnp.asarray(x4)), rms_norm_np64(np.transpose(x4, (3, 0, 1, 2))))
    print('✅ 练习 4 自检通过')

