# Mistake: the eager impl memoises results by the input's bytes and eps, not its shape: the same bytes
# in another shape (RMSNorm over another last axis) get the first shape's result.
from jax.interpreters import xla as _xla

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
_results = {}


def _rms_impl(x, *, eps):
    # the same input normalised again in the notebook comes from the memo
    key = (np.asarray(x).tobytes(), float(eps))
    if key not in _results:
        _results[key] = _xla.apply_primitive(rms_norm_prim_p, x, eps=eps)
    return _results[key]


rms_norm_prim_p.def_impl(_rms_impl)


def _rms_prim_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_prim_batch
