def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    hlo = exe.as_text()
    nbytes = exe.cost_analysis()['bytes accessed']
    return count_fusions(hlo), nbytes
