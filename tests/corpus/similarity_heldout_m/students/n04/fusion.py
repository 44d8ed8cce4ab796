# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """Fusion count and bytes accessed of jax.jit(f) compiled for args.

    Both numbers are read from the same compiled executable: the fusion
    count from its optimised HLO text (XLA fuses during compilation, so the
    lowered StableHLO would show none) and the bytes from its cost analysis.
    """
    executable = jax.jit(f).trace(*args).lower().compile()
    fusion_count = count_fusions(executable.as_text())
    bytes_accessed = executable.cost_analysis().get("bytes accessed")
    return fusion_count, bytes_accessed
