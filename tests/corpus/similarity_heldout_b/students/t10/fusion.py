import re


def _fusion_lines(text):
    return [ln for ln in text.splitlines() if re.search(r"\bfusion\(", ln)]


def fusion_report(f, *args):
    comp = jax.jit(f).lower(*args).compile()
    stats = comp.cost_analysis()
    if isinstance(stats, (list, tuple)):
        stats = stats[0]
    return count_fusions(comp.as_text()), stats.get('bytes accessed', 0.0)
