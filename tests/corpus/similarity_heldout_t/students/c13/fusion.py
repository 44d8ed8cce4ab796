import abc


class Report(abc.ABC):
    def __init__(self, f, *args):
        self.exe = jax.jit(f).lower(*args).compile()

    @abc.abstractmethod
    def result(self): ...


class _Fusion(Report):
    def result(self):
        cost = self.exe.cost_analysis()
        return count_fusions(self.exe.as_text()), cost["bytes accessed"]


def fusion_report(f, *args):
    return _Fusion(f, *args).result()
