def fusion_report(f, *args):
    def compile_once():
        exe = jax.jit(f).lower(*args).compile()

        def fusions():
            return count_fusions(exe.as_text())

        def accessed():
            return exe.cost_analysis()["bytes accessed"]

        return fusions, accessed

    fusions, accessed = compile_once()
    return fusions(), accessed()
