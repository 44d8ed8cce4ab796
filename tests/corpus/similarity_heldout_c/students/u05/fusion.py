def fusion_report(f, *args):
    exe = jax.jit(f).trace(*args).lower().compile()
    hlo_text = exe.as_text()
    bytes_accessed = exe.cost_analysis().get("bytes accessed")
    return count_fusions(hlo_text), bytes_accessed
