def fusion_report(f, *args):
    # compile once, read the optimized module text and the cost model
    compiled = jax.jit(f).trace(*args).lower().compile()
    text = compiled.as_text()
    nbytes = 0
    for key, value in compiled.cost_analysis().items():
        if key == "bytes accessed":
            nbytes = value
    return count_fusions(text), nbytes
