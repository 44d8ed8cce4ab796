# ✍️ 作答区:练习 3
from contextlib import suppress


def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    lowered = jax.jit(f).lower(*args)
    nbytes = None
    with suppress(KeyError):
        nbytes = lowered.compile().cost_analysis()["bytes accessed"]
    return count_fusions(lowered.as_text()), nbytes
