# ✍️ 作答区:练习 3
def _derle(f, args):
    # jit -> lower -> compile: optimize edilmiş program
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    """(füzyon sayısı, bytes accessed)"""
    derlenmis = _derle(f, args)
    fuzyon = count_fusions(derlenmis.as_text())
    bayt = derlenmis.cost_analysis()["bytes accessed"]
    return fuzyon, bayt
