# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    '''(number of fusion instructions after optimization, bytes accessed from cost_analysis)'''
    jitted = jax.jit(f)
    exe = jitted.lower(*args).compile()
    hlo = exe.as_text()  # optimized HLO, not the StableHLO of lower()
    stats = exe.cost_analysis()
    return count_fusions(hlo), stats['bytes accessed']
