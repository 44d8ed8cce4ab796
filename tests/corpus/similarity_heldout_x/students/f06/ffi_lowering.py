rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    return jax.core.ShapedArray(np.shape(x), x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_impl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


rms_norm_prim_p.def_impl(_rms_impl)


def _rms_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    # batch axis first, every other axis in its order: the normalised axis stays last
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
