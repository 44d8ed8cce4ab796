# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """(füzyon sayısı, bytes accessed)"""
    # jit -> lower -> compile: optimize edilmiş program
    derlenmis = jax.jit(f).lower(*args).compile()
    fuzyon = count_fusions(derlenmis.as_text())
    bayt = derlenmis.cost_analysis()["bytes accessed"]
    return fuzyon, bayt
