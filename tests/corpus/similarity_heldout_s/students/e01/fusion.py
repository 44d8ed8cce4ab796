from dataclasses import dataclass


@dataclass
class FusionStats:
    kernels: int
    bytes_accessed: float

    def as_tuple(self):
        return (self.kernels, self.bytes_accessed)


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    stats = FusionStats(count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"])
    return stats.as_tuple()
