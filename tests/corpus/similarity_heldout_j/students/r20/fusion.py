def fusion_report(f, *args) -> tuple[int, float]:
    lowered = jax.jit(f).lower(*args)
    exe = lowered.compile()
    n: int = count_fusions(exe.as_text())
    b: float = exe.cost_analysis()["bytes accessed"]
    return n, b
