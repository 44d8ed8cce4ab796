def fusion_report(f, *args):
    def first_cost(c):
        # cost_analysis may come back wrapped in a list
        return first_cost(c[0]) if isinstance(c, (list, tuple)) else c

    exe = jax.jit(f).lower(*args).compile()
    return count_fusions(exe.as_text()), first_cost(exe.cost_analysis())["bytes accessed"]
