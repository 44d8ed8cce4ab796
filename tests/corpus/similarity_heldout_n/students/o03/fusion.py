# ✍️ 作答区:练习 3
def _compile_for(f, args):
    """Compile f once for these arguments."""
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    """Fusion count of the optimised HLO and the bytes accessed estimate."""
    compiledExe = _compile_for(f, args)
    return (count_fusions(compiledExe.as_text()),
            compiledExe.cost_analysis()["bytes accessed"])
