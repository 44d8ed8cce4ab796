# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    # fusions only show up in optimized hlo
    return count_fusions(c.as_text()), c.cost_analysis()['bytes accessed']
