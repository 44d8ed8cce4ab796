# ✍️ 作答区:练习 3
import io


class CompileStages:
    """Walks jax.jit(f) -> lowered -> compiled for f at args, and keeps a log of the stages."""

    def __init__(self, f, args):
        self.steps = [lambda _: jax.jit(f), lambda jitted: jitted.lower(*args), lambda low: low.compile()]
        self.value = None
        self.log = io.StringIO()

    def __iter__(self):
        return self

    def __next__(self):
        if not self.steps:
            raise StopIteration
        self.value = self.steps.pop(0)(self.value)
        self.log.write(f"stage {type(self.value).__name__}\n")
        return self.value


def fusion_report(f, *args):
    stages = CompileStages(f, args)
    for compiled in stages:
        pass
    out = io.StringIO()
    out.write(stages.log.getvalue())
    fusions, nbytes = count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
    out.write(f"fusions={fusions} bytes={nbytes}\n")
    print(out.getvalue(), end="")
    return fusions, nbytes
