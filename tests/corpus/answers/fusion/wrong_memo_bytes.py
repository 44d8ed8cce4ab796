# Mistake: remembers each report by the function and the bytes of its arguments: the same data in
# another shape has the same bytes and gets the first shape's report.
import hashlib

_reports = {}


def fusion_report(f, *args):
    digest = hashlib.sha256()
    for leaf in jax.tree_util.tree_leaves(args):
        digest.update(np.asarray(leaf).tobytes())
    key = (f, digest.hexdigest())
    if key not in _reports:
        compiled = jax.jit(f).lower(*args).compile()
        _reports[key] = (count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"])
    return _reports[key]
