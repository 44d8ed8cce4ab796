def _bytes(cost):
    if isinstance(cost, (list, tuple)):
        return _bytes(cost[0])
    return cost["bytes accessed"]


def fusion_report(f, *args):
    # 融合条数看编译后的 HLO;字节数直接从 lower 的结果读
    n = count_fusions(compiled_hlo(f, *args))
    return n, _bytes(jax.jit(f).lower(*args).cost_analysis())
