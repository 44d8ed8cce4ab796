from otter.test_files import test_case

OK_FORMAT = False

name = "reduce_sum_rules"
points = 10

@test_case(points=None, hidden=False)
def test_reduce_sum_rules(env):
    import jax
    import jax.numpy as jnp
    import jax.test_util
    import numpy as np
    from jax.interpreters import ad, batching
    prim, crs = (env.get('custom_reduce_sum_p'), env.get('custom_reduce_sum'))
    assert prim is not None and callable(crs), '环境未就绪:没有找到 custom_reduce_sum_p / custom_reduce_sum,请先运行 notebook 开头的环境单元。'
    missing = [label for label, table in (('JVP 规则', ad.primitive_jvps), ('转置规则', ad.primitive_transposes), ('batching 规则', batching.fancy_primitive_batchers)) if prim not in table]
    assert not missing, '练习 1 尚未作答:custom_reduce_sum_p 还没有注册 ' + '、'.join(missing) + '。'

    def same(prop, compute, expected, rtol):
        try:
            got = np.asarray(compute(), dtype=np.float64)
        except Exception as e:
            first = (str(e).strip().splitlines() or [''])[0][:300]
            raise AssertionError(f'{prop}:运行出错({type(e).__name__}: {first})') from None
        want = np.asarray(expected, dtype=np.float64)
        assert got.shape == want.shape, f'{prop}:结果的形状是 {got.shape},应为 {want.shape}。'
        ok = np.isclose(got, want, rtol=rtol, atol=1e-06)
        if not ok.all():
            err = float(np.max(np.where(np.isnan(got), np.inf, np.abs(got - want))))
            raise AssertionError(f'{prop}:{int((~ok).sum())}/{ok.size} 个元素与期望值不符(rtol={rtol}),最大绝对误差 {err:.3g}。')
    rng = np.random.default_rng(5)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    t = rng.standard_normal((3, 4, 5)).astype(np.float32)
    ct = rng.standard_normal(4).astype(np.float32)
    xj, tj, ctj = (jnp.asarray(x), jnp.asarray(t), jnp.asarray(ct))
    same('前向求和(axis=(0, 2))', lambda: crs(xj, (0, 2)), x.sum((0, 2)), 1e-05)
    same('jit 下的前向求和(axis=-1)', lambda: jax.jit(lambda v: crs(v, -1))(xj), x.sum(-1), 1e-05)
    same('JVP 的原始输出', lambda: jax.jvp(lambda v: crs(v, (1,)), (xj,), (tj,))[0], x.sum(1), 1e-05)
    same('JVP 的切线(应为 sum(ẋ))', lambda: jax.jvp(lambda v: crs(v, (1,)), (xj,), (tj,))[1], t.sum(1), 1e-06)
    same('jit(jvp) 的切线(axis=(0, 2))', lambda: jax.jit(lambda v, d: jax.jvp(lambda u: crs(u, (0, 2)), (v,), (d,))[1])(xj, tj), t.sum((0, 2)), 1e-06)
    bcast = np.broadcast_to(ct[None, :, None], x.shape)
    same('转置规则(linear_transpose 应把余切广播回输入形状)', lambda: jax.linear_transpose(lambda v: crs(v, (0, 2)), xj)(ctj)[0], bcast, 1e-06)

    def loss(v, w):
        return jnp.sum(crs(v, (0, 2)) * w)
    same('jit(grad)', lambda: jax.jit(jax.grad(loss))(xj, ctj), bcast, 1e-06)
    for bd in range(3):
        per_example = np.moveaxis(x, bd, 0)
        same(f'vmap(in_axes={bd}),axis=(0,):axis 要随批维度的位置平移', lambda bd=bd: jax.vmap(lambda v: crs(v, (0,)), in_axes=bd)(xj), per_example.sum(1), 1e-05)
        same(f'vmap(in_axes={bd}),axis=(0, 1):axis 要随批维度的位置平移', lambda bd=bd: jax.vmap(lambda v: crs(v, (0, 1)), in_axes=bd)(xj), per_example.sum((1, 2)), 1e-05)
    x4 = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    same('嵌套 vmap(外层 in_axes=2,内层 in_axes=1,axis=-1)', lambda: jax.jit(jax.vmap(jax.vmap(lambda v: crs(v, -1), in_axes=1), in_axes=2))(jnp.asarray(x4)), np.transpose(x4, (2, 1, 0, 3)).sum(-1), 1e-05)
    xs = np.stack([x, 2 * x])
    same('vmap(grad)', lambda: jax.vmap(jax.grad(loss), in_axes=(0, None))(jnp.asarray(xs), ctj), np.broadcast_to(bcast, xs.shape), 1e-06)
    try:
        jax.test_util.check_grads(lambda v: crs(v, (1,)), (xj,), order=2, modes=['fwd', 'rev'], eps=0.01)
    except Exception as e:
        first = (str(e).strip().splitlines() or [''])[0][:300]
        raise AssertionError(f'二阶导数(check_grads order=2,前向 + 反向模式)不通过:{type(e).__name__}: {first}') from None
    print('✅ 练习 1 自检通过')

