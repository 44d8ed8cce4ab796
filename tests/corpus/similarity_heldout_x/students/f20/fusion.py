# ✍️ 作答区:练习 3
class CompileStages:
    """Iterates over the stages of jax.jit(f) at args: the jitted function, the lowered, the compiled."""

    def __init__(self, f, args):
        self.steps = [lambda _: jax.jit(f), lambda jitted: jitted.lower(*args), lambda low: low.compile()]
        self.value = None

    def __iter__(self):
        return self

    def __next__(self):
        if not self.steps:
            raise StopIteration
        self.value = self.steps.pop(0)(self.value)
        return self.value


def fusion_report(f, *args):
    for compiled in CompileStages(f, args):
        pass
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
