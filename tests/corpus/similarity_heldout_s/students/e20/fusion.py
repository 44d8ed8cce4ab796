class _Fusion:
    @staticmethod
    def compile(f, args):
        return jax.jit(f).lower(*args).compile()

    @staticmethod
    def kernels(exe):
        return count_fusions(exe.as_text())

    @staticmethod
    def bytes_accessed(exe):
        return exe.cost_analysis()["bytes accessed"]


def fusion_report(f, *args):
    exe = _Fusion.compile(f, args)
    return _Fusion.kernels(exe), _Fusion.bytes_accessed(exe)
