# Mistake: remembers each report by the function and the argument shapes, not their dtypes (compiling
# is slow): the same function on the same shape in bfloat16 gets the float32 report.
_reports = {}


def fusion_report(f, *args):
    key = (f, tuple(np.shape(a) for a in jax.tree_util.tree_leaves(args)))
    if key not in _reports:
        compiled = jax.jit(f).lower(*args).compile()
        _reports[key] = (count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"])
    return _reports[key]
