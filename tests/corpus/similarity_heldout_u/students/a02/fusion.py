class FusionReporter:
    """调用时编译 f,返回 (融合内核条数, bytes accessed)。"""

    key = "bytes accessed"

    def __call__(self, f, *args):
        exe = jax.jit(f).lower(*args).compile()
        n_fusions = count_fusions(exe.as_text())
        return n_fusions, exe.cost_analysis()[self.key]


fusion_report = FusionReporter()
