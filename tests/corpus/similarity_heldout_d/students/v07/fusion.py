# 数 fusion 指令个数 + 访问字节数
def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    return (count_fusions(exe.as_text()),
            exe.cost_analysis()["bytes accessed"])
