def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    (n,) = [count_fusions(text) for text in [exe.as_text()]]
    (b,) = [v for k, v in exe.cost_analysis().items() if k == "bytes accessed"]
    return n, b
