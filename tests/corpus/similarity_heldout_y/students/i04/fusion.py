# ✍️ 作答区:练习 3
def _compile(f, *args, **jit_kwargs):
    return jax.jit(f, **jit_kwargs).lower(*args).compile()


def fusion_report(f, *args, **jit_kwargs):
    exe = _compile(f, *args, **jit_kwargs)
    return (count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"])
