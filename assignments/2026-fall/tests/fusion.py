from otter.test_files import test_case

OK_FORMAT = False

name = "fusion"
points = 10

@test_case(points=None, hidden=False)
def test_fusion(env):
    import math
    import numbers
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    fn = env.get('fusion_report')
    assert callable(fn), '练习 3 尚未作答:请先在作答区定义函数 fusion_report(f, *args)。'

    def report(f, *args):
        try:
            result = fn(f, *args)
        except Exception as e:
            raise AssertionError(f'调用 fusion_report 时出错:{type(e).__name__}: {e}') from None
        assert result is not None, '练习 3 尚未作答:fusion_report 返回了 None(函数体还是占位的 ...?)。'
        assert isinstance(result, tuple) and len(result) == 2, f'返回值形式:fusion_report 应返回二元组 (fusion 条数, bytes accessed),实际是 {result!r}。'
        count, nbytes = result
        assert isinstance(count, int) and (not isinstance(count, bool)), f'fusion 条数的类型:应是 Python int,实际是 {type(count).__name__} {count!r}。'
        assert isinstance(nbytes, numbers.Real) and (not isinstance(nbytes, bool)) and math.isfinite(nbytes), f'bytes accessed 的类型:应是一个有限的数,实际是 {type(nbytes).__name__} {nbytes!r}。'
        return (count, float(nbytes))

    def h1(t):
        return jnp.tanh(t * 3.0 + 1.0) ** 2

    def h2(t):
        return jnp.tanh(lax.optimization_barrier(t * 3.0 + 1.0)) ** 2
    t = jax.random.normal(jax.random.key(123), (256, 384))
    array_bytes = t.size * 4
    f1, b1 = report(h1, t)
    f2, b2 = report(h2, t)
    assert f1 >= 1, f'统计优化后的 HLO:h1 的 fusion 条数为 {f1}。要数 compile() 之后的 HLO,而不是 lower() 得到的 StableHLO。'
    assert f2 > f1, f'屏障切分内核:插入 optimization_barrier 后 fusion 条数应更多,实际 h1={f1},h2={f2}。'
    assert b1 >= 2 * array_bytes, f'bytes accessed:h1 至少要读一次输入、写一次输出(≥ {2 * array_bytes:,} 字节),实际 {b1:,.0f}。'
    assert b2 - b1 >= 2 * array_bytes, f'屏障的内存代价:h2 的 bytes accessed 应至少多出中间数组的一次写和一次读(≥ {2 * array_bytes:,} 字节),实际只多 {b2 - b1:,.0f}。'
    f1b, b1b = report(h1, jnp.ones((512, 384)))
    assert f1b == f1 and 1.8 < b1b / b1 < 2.2, f'bytes accessed 随规模变化:元素数翻倍时应约翻倍且 fusion 条数不变,实际 fusion {f1} → {f1b},bytes {b1:,.0f} → {b1b:,.0f}。'
    y1, y2 = (np.asarray(h1(t)), np.asarray(h2(t)))
    assert np.allclose(y1, y2, rtol=1e-06, atol=0), '数值不变:h1 与 h2 的结果应相同(屏障不改变数值)。'
    print('✅ 练习 3 自检通过')

