# ✍️ 作答区:练习 3
def fusion_report(f, *args) -> tuple[int, float]:
    # Two compilations: compiled_hlo for the optimised text, and an explicit compile for the cost model.
    optimised_hlo_text = compiled_hlo(f, *args)
    executable = jax.jit(f).lower(*args).compile()
    bytes_accessed = executable.cost_analysis()["bytes accessed"]
    return count_fusions(optimised_hlo_text), bytes_accessed
