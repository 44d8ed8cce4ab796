from typing import Final

BYTES_KEY: Final = "bytes accessed"


def fusion_report(f, *args) -> tuple[int, float]:
    executable = jax.jit(f).lower(*args).compile()
    return count_fusions(executable.as_text()), executable.cost_analysis()[BYTES_KEY]
