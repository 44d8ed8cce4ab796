class _Report:
    def __init__(self, f, args):
        self.exe = jax.jit(f).lower(*args).compile()

    def fusions(self):
        return count_fusions(self.exe.as_text())

    def nbytes(self):
        return self.exe.cost_analysis()["bytes accessed"]


def fusion_report(f, *args):
    r = _Report(f, args)
    return r.fusions(), r.nbytes()
