# 优化后 HLO:compile() 之后的 as_text()
def fusion_report(f, *args) -> tuple[int, float]:
    compiled = jax.jit(f).lower(*args).compile()
    hlo: str = compiled.as_text()
    num_fusions: int = count_fusions(hlo)
    bytes_accessed: float = compiled.cost_analysis()["bytes accessed"]
    return num_fusions, bytes_accessed
