# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    jitted_function = jax.jit(f)
    compiled_executable = jitted_function.lower(*args).compile()
    optimized_hlo_text = compiled_executable.as_text()
    number_of_fusions = count_fusions(optimized_hlo_text)
    cost_dictionary = compiled_executable.cost_analysis()
    total_bytes_accessed = cost_dictionary["bytes accessed"]
    return number_of_fusions, total_bytes_accessed
