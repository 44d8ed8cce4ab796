from typing import Final

BYTES_KEY: Final = "bytes accessed"


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return _report(compiled=compiled)


def _report(*, compiled):
    hlo: Final = compiled.as_text()
    costs: Final = compiled.cost_analysis()
    return count_fusions(hlo), costs[BYTES_KEY]
