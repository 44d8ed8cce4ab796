def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    readers = {
        "fusions": lambda e: count_fusions(e.as_text()),
        "bytes": lambda e: e.cost_analysis()["bytes accessed"],
    }
    return readers["fusions"](exe), readers["bytes"](exe)
