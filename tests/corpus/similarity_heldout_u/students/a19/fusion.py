from itertools import starmap


def fusion_report(f, *args):
    bianyi = jax.jit(f).lower(*args).compile()
    renwu = [(count_fusions, bianyi.as_text()), (lambda d: d["bytes accessed"], bianyi.cost_analysis())]
    tiaoshu, zijie = starmap(lambda hanshu, canshu: hanshu(canshu), renwu)
    return tiaoshu, zijie
