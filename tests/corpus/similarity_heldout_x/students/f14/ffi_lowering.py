import io

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

_trace = io.StringIO()


def _batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    _trace.write(f"batch axis {bd} of {x.shape}\n")
    if bd != x.ndim - 1:
        return rms_norm_prim_p.bind(x, eps=eps), bd  # not the normalised axis: leave it where it is
    moved = jnp.moveaxis(x, bd, -2)
    return rms_norm_prim_p.bind(moved, eps=eps), moved.ndim - 2


batching.primitive_batchers[rms_norm_prim_p] = _batch
