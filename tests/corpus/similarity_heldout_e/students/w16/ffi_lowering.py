rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _aval(x, *, eps):
    # same shape and dtype
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _vmap_rule(batched, bdims, *, eps):
    x, = batched
    bdim, = bdims
    # move the batch axis in front, out of the normalised position
    x0 = jnp.moveaxis(x, bdim, 0)
    return rms_norm_prim_p.bind(x0, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _vmap_rule
