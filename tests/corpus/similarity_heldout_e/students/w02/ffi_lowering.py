rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
# the FFI target is the CPU lowering; eps arrives as an F32 attribute
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args: tuple, dims: tuple, *, eps) -> tuple:
    """Batching rule of rms_norm_prim_p."""
    (x,), (bd,) = args, dims
    # put the batch axis first so it is one of the "rows"
    permutation = (bd, *[axis for axis in range(x.ndim) if axis != bd])
    x = jnp.transpose(x, permutation)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
