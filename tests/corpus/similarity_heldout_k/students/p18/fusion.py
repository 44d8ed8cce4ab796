def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    return tuple(g(exe) for g in (lambda e: count_fusions(e.as_text()),
                                  lambda e: e.cost_analysis()["bytes accessed"]))
