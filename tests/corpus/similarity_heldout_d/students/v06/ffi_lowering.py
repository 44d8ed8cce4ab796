def batch_rule(args, dims, *, eps):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


def abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# 定义原语
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
# CPU 上 lowering 到 FFI target rms_norm
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = batch_rule
rms_norm_prim_p.def_abstract_eval(abstract_eval)
