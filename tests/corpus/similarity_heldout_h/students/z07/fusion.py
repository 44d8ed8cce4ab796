# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    # 1. jit + lower with the example arguments
    lowered = jax.jit(f).lower(*args)
    # 2. compile: XLA fuses here
    compiled = lowered.compile()
    # 3. count the fusion instructions of the optimised HLO
    n_fusions = count_fusions(compiled.as_text())
    # 4. read the memory traffic estimate
    bytes_accessed = compiled.cost_analysis()["bytes accessed"]
    return n_fusions, bytes_accessed
