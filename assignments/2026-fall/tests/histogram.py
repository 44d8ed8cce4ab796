from otter.test_files import test_case

OK_FORMAT = False

name = "histogram"
points = 10

@test_case(points=None, hidden=False)
def test_histogram(env):
    from collections.abc import Mapping
    import jax
    import jax.numpy as jnp
    from jax import lax
    fn = env.get('primitive_histogram')
    assert callable(fn), '练习 1 尚未作答:请先在作答区定义函数 primitive_histogram(f, *args)。'

    def histogram_of(f, *args):
        try:
            hist = fn(f, *args)
        except Exception as e:
            raise AssertionError(f'调用 primitive_histogram 时出错:{type(e).__name__}: {e}') from None
        assert hist is not None, '练习 1 尚未作答:primitive_histogram 返回了 None(函数体还是占位的 ...?)。'
        assert isinstance(hist, Mapping), f'返回值类型:primitive_histogram 应返回 dict 或 Counter,实际返回 {type(hist).__name__}。'
        hist = {k: v for k, v in hist.items() if v != 0}
        assert all((isinstance(k, str) for k in hist)), f'返回值的键应是原语名字符串(eqn.primitive.name),实际键为 {list(hist)}。'
        return hist

    def probe_loops(x):

        def body(c, _):
            return (jnp.sin(c) * 2.0, None)
        c, _ = lax.scan(body, x, None, length=3)
        y, _ = lax.while_loop(lambda s: s[1] < 5, lambda s: (jnp.cos(s[0]), s[1] + 1), (c, 0))
        return jax.jit(lambda t: jnp.exp(jnp.exp(t)))(y).sum()
    hist = histogram_of(probe_loops, jnp.ones(4))
    expect = {'scan': 1, 'sin': 1, 'mul': 1, 'while': 1, 'lt': 1, 'cos': 1, 'add': 1, 'jit': 1, 'exp': 2, 'reduce_sum': 1}
    places = {'sin': 'scan 的循环体', 'lt': 'while 的条件函数', 'cos': 'while 的循环体', 'exp': '内层 jit'}
    for name, place in places.items():
        assert hist.get(name, 0) == expect[name], f'递归统计子 jaxpr:{place}里的 {name!r} 应计 {expect[name]} 次,实际 {hist.get(name, 0)} 次。'
    assert hist == expect, f'计数(scan / while / 内层 jit):与期望不一致。\n  实际 {hist}\n  期望 {expect}'

    def target(x, flag):
        y = lax.cond(flag, jnp.sin, jnp.cos, x)
        z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
        return jnp.sum(z)
    hist = histogram_of(target, jnp.ones(4), True)
    for name, n, why in [('cond', 1, '一个 lax.cond'), ('cos', 1, 'cond 的假分支'), ('sin', 2, 'cond 的真分支 1 个 + 内层 jit 里 1 个'), ('custom_jvp_call', 1, 'relu 是 custom_jvp 函数'), ('jit', 2, '显式的内层 jit + relu 内部的 jit')]:
        assert hist.get(name, 0) == n, f'递归统计子 jaxpr(target):{name!r} 应计 {n} 次({why}),实际 {hist.get(name, 0)} 次。'

    @jax.custom_vjp
    def cube(x):
        return x * x * x
    cube.defvjp(lambda x: (cube(x), x), lambda x, g: (3.0 * x * x * g,))

    def probe_wrappers(x, i):
        y = lax.switch(i, [jnp.sin, jnp.tanh, lambda t: -t], x)
        z = jax.checkpoint(lambda t: jnp.log1p(t * t))(y)
        return cube(z).sum()
    hist = histogram_of(probe_wrappers, jnp.ones(4), 1)
    for name, n, where in [('tanh', 1, 'lax.switch 的第 2 个分支'), ('neg', 1, 'lax.switch 的第 3 个分支'), ('log1p', 1, 'jax.checkpoint 包装的计算'), ('mul', 3, 'checkpoint 里 1 个 + custom_vjp 函数里 2 个')]:
        assert hist.get(name, 0) == n, f'递归统计子 jaxpr:{where}中的 {name!r} 应计 {n} 次,实际 {hist.get(name, 0)} 次。'
    print('✅ 练习 1 自检通过')

