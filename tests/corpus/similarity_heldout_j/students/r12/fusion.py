def fusion_report(f, *args):
    # optimised HLO only after compile()
    exe = jax.jit(f).lower(*args).compile()
    nbytes = exe.cost_analysis()["bytes accessed"]
    nfus = count_fusions(exe.as_text())
    return (nfus, nbytes)
