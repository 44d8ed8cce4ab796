class CompiledInfo:
    def __init__(self, f, args):
        self.compiled = jax.jit(f).lower(*args).compile()

    def fusions(self):
        return count_fusions(self.compiled.as_text())

    def bytes_accessed(self):
        return self.compiled.cost_analysis()["bytes accessed"]


def fusion_report(f, *args):
    info = CompiledInfo(f, args)
    return info.fusions(), info.bytes_accessed()
