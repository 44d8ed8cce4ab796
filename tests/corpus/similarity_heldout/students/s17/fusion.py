# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    hlo = compiled_hlo(f, *args)
    stats = jax.jit(f).lower(*args).compile().cost_analysis()
    # 融合内核条数(优化后的 HLO)和 bytes accessed
    return count_fusions(hlo), stats["bytes accessed"]
