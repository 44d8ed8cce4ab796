def fusion_report(f, *args) -> tuple[int, float]:
    traced = jax.jit(f).trace(*args)
    exe = traced.lower().compile()
    return count_fusions(exe.as_text()), exe.cost_analysis()['bytes accessed']
