# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    low = jax.jit(f).lower(*args)
    exe = low.compile()  # XLA fuses at this step
    costs = exe.cost_analysis()
    return count_fusions(exe.as_text()), costs['bytes accessed']
