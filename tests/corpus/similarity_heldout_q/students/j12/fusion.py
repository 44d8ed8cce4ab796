def fusion_report(f, *args):
    # compile step by step
    EXE = jax.jit(f); EXE = EXE.lower(*args); EXE = EXE.compile()
    N = count_fusions(EXE.as_text())
    COST = EXE.cost_analysis()
    return N, COST["bytes accessed"]
