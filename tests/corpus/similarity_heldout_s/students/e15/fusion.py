def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    pairs = filter(lambda kv: kv[0] == "bytes accessed", exe.cost_analysis().items())
    return count_fusions(exe.as_text()), next(map(lambda kv: kv[1], pairs))
