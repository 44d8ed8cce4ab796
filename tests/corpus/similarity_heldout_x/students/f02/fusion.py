# ✍️ 作答区:练习 3
from string import Template

_LINE = Template("$n fusion kernel(s), $b bytes accessed")


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    n, b = count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"]
    print(_LINE.substitute(n=n, b=b))
    return n, b
