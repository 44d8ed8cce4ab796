from otter.test_files import test_case

OK_FORMAT = False

name = "recompile"
points = 10

@test_case(points=None, hidden=False)
def test_recompile(env):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jaxcourse import CompileCounter
    pred = env.get('predicted_compiles')
    assert pred is not None and pred is not Ellipsis, '练习 2 尚未作答:请在作答区写下 predicted_compiles = <你预测的编译次数>。'
    assert isinstance(pred, int) and (not isinstance(pred, bool)), f'预测值的类型:predicted_compiles 应是整数(int),实际是 {type(pred).__name__} {pred!r}。'
    from jax import lax
    from jaxcourse.variants import load_pool, selected_sequence
    pool = load_pool()
    with CompileCounter(pool.function) as cc:
        exec(selected_sequence(), {'jax': jax, 'jnp': jnp, 'np': np, 'lax': lax})
    assert cc.count > 0, '自检无法测量编译次数(CompileCounter 没有记录到编译):请重启内核后重新运行。'
    assert pred == cc.count, f'编译次数预测:你预测 {pred} 次,与 CompileCounter 实测不符。逐个调用想一想,哪些东西属于 jit 的缓存键(形状、dtype、weak type、静态参数的值)?'
    print('✅ 练习 2 自检通过')

