import math  # noqa: F401


def _pretty(n):
    return f"{n:,.0f} bytes"


def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    info = c.cost_analysis()
    # 有的 jax 版本返回的是只有一个 dict 的 list
    if isinstance(info, (list, tuple)):
        info = info[0]
    DEBUG = False
    if DEBUG:
        print(c.as_text(), _pretty(info["bytes accessed"]))
    return count_fusions(c.as_text()), info["bytes accessed"]
