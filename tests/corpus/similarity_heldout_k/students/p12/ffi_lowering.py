import sys
import warnings

_DEBUG_BATCH = False

rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    """RMSNorm keeps the shape and dtype of its input."""
    return ShapedArray(x.shape, x.dtype)


def _batching_rule(batched_args, batch_dims, *, eps):
    """Put the batch axis first so that it can never be the normalised (last) axis."""
    (x,), (bd,) = batched_args, batch_dims
    if _DEBUG_BATCH:
        print('batch dim', bd, 'of', x.shape, file=sys.stderr)
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(x.transpose(perm), eps=eps), 0


def _check_eps(eps):
    if not isinstance(eps, np.float32):
        warnings.warn('eps should be np.float32')


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batching_rule
