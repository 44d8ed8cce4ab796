fusion_report = lambda f, *args: (lambda c: (count_fusions(c.as_text()), c.cost_analysis()["bytes accessed"]))(
    jax.jit(f).lower(*args).compile())
