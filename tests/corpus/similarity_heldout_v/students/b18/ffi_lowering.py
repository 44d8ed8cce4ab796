rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _impl(*args, **params):
    return xla.apply_primitive(rms_norm_prim_p, *args, **params)


def _batch(args, dims, *, eps):
    moved = [jnp.moveaxis(a, d, 0) for a, d in zip(args, dims)]
    return rms_norm_prim_p.bind(*moved, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
