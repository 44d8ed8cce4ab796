# Mistake: the fusion count is right, but "bytes accessed" comes from the lowered (unoptimised)
# module's cost analysis, before fusion removed the intermediate arrays.
def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    return count_fusions(lowered.compile().as_text()), lowered.cost_analysis()["bytes accessed"]
