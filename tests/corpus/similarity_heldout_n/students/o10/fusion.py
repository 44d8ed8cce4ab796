def fusion_report(f, *args):
    compiledExe = jax.jit(f).lower(*args).compile()
    return (count_fusions(compiledExe.as_text()),
            compiledExe.cost_analysis()["bytes accessed"])
