# ✍️ 作答区:练习 3
def fusion_report(f, *args, key="bytes accessed"):
    exe = jax.jit(f).lower(*args).compile()
    return count_fusions(exe.as_text()), exe.cost_analysis()[key]
