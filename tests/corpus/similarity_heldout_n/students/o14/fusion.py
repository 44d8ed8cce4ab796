def fusion_report(f, *args):
    if (executable := jax.jit(f).lower(*args).compile()) is None:
        raise RuntimeError("compile failed")
    return count_fusions(executable.as_text()), executable.cost_analysis()["bytes accessed"]
