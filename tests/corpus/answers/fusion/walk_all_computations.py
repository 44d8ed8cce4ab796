# Right, another style: counts the fusion instructions line by line over every computation of the
# optimised module (entry, loop bodies, conditional branches), skipping the fused computations'
# own bodies, which hold the fused element-wise ops and no fusion instruction.
def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    count = 0
    for line in compiled.as_text().splitlines():
        left, sep, right = line.partition(" = ")
        if sep and right.split(" ", 1)[-1].startswith("fusion("):
            count += 1
    cost = compiled.cost_analysis()
    return count, float(cost["bytes accessed"])
