# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    jitted = jax.jit(f)

    lowered = jitted.lower(*args)

    compiled = lowered.compile()

    text = compiled.as_text()

    n = count_fusions(text)

    cost = compiled.cost_analysis()

    b = cost["bytes accessed"]

    return n, b
