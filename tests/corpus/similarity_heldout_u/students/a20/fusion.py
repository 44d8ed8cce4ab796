class Fusion:
    @staticmethod
    def compile(f, args):
        return jax.jit(f).lower(*args).compile()

    @staticmethod
    def report(exe):
        return count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"]


def fusion_report(f, *args):
    return Fusion.report(Fusion.compile(f, args))
