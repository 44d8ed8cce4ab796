# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    n_fusion = count_fusions(exe.as_text())
    accessed = exe.cost_analysis()["bytes accessed"]
    print(f"{n_fusion=} {accessed=}")
    return n_fusion, accessed
