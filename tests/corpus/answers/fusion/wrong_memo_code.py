# Mistake: remembers each report by the function's code object and the arguments' shapes and dtypes:
# two closures made by one factory share the code object, so the second gets the first one's report.
_reports = {}


def fusion_report(f, *args):
    avals = tuple((np.shape(a), str(np.result_type(a))) for a in jax.tree_util.tree_leaves(args))
    key = (getattr(f, "__code__", f), avals)
    if key not in _reports:
        compiled = jax.jit(f).lower(*args).compile()
        _reports[key] = (count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"])
    return _reports[key]
