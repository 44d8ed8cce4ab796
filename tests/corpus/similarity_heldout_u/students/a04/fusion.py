from typing import Any, Callable


def fusion_report(f: Callable[..., Any], *args: Any) -> tuple[int, float]:
    """Count fused kernels and read the memory traffic estimate.

    Args:
        f: the function to compile.
        *args: example arguments.

    Returns:
        (number of fusion instructions in the optimised HLO, "bytes accessed").
    """
    compiled = jax.jit(f).lower(*args).compile()
    fusions: int = count_fusions(compiled.as_text())
    accessed: float = compiled.cost_analysis()["bytes accessed"]
    return fusions, accessed
