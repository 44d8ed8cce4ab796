def _fusions(f, *args) -> int:
    return count_fusions(compiled_hlo(f, *args))


def _bytes_accessed(f, *args) -> float:
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return cost["bytes accessed"]


def fusion_report(f, *args) -> tuple[int, float]:
    return _fusions(f, *args), _bytes_accessed(f, *args)
