fusion_report = lambda f, *args: (
    count_fusions(compiled_hlo(f, *args)),
    jax.jit(f).lower(*args).compile().cost_analysis()["bytes accessed"],
)
