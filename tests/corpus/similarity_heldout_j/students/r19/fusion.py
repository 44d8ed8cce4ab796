def fusion_report(f, *args):
    # optimised HLO text via the course helper, cost from a compile
    jitted = jax.jit(f)
    optimised = compiled_hlo(f, *args)
    analysis = jitted.lower(*args).compile().cost_analysis()
    return count_fusions(optimised), analysis["bytes accessed"]
