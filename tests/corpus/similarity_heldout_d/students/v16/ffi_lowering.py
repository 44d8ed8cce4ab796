# 按题目要求的四步
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def batching_rule(args, dims, *, eps):
    x, = args
    d, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, d, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = batching_rule
