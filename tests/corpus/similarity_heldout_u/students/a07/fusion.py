def fusion_report(f, *args):
    # 编译好的可执行对象,HLO 文本和成本分析都从这里拿
    compiled_executable = jax.jit(f).lower(*args).compile()
    return (count_fusions(compiled_executable.as_text()),
            compiled_executable.cost_analysis()[BYTES_ACCESSED_KEY])


BYTES_ACCESSED_KEY = "bytes accessed"
