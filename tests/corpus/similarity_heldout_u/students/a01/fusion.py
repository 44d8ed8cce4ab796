from functools import reduce


def fusion_report(f, *args):
    # jit -> lower -> compile,用 reduce 串起来
    steps = [jax.jit, lambda j: j.lower(*args), lambda lowered: lowered.compile()]
    compiled = reduce(lambda acc, step: step(acc), steps, f)
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
