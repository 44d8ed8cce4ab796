# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    report = {"fusions": count_fusions(compiled.as_text())} | {"bytes": compiled.cost_analysis()["bytes accessed"]}
    return report["fusions"], report["bytes"]
