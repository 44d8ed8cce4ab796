rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def batch_rule(args, dims, *, eps):
    x, = args
    bd, = dims
    # move the batch dimension out of the way, to the end
    x = jnp.moveaxis(x, bd, -1)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 1


batching.primitive_batchers[rms_norm_prim_p] = batch_rule
