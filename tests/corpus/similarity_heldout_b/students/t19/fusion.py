def fusion_report(f, *args) -> tuple[int, float]:
    # compiled_hlo 已经是编译后的文本
    n = count_fusions(compiled_hlo(f, *args))
    ca = jax.jit(f).lower(*args).compile().cost_analysis()
    return n, ca['bytes accessed']
