def fusion_report(f, *args):
    def lowered():
        return jax.jit(f).lower(*args)

    def kernels():
        return count_fusions(lowered().as_text())

    def traffic():
        return lowered().compile().cost_analysis()["bytes accessed"]

    return kernels(), traffic()
