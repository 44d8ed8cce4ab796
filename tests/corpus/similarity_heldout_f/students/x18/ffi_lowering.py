rms_norm_prim_p = Primitive('rms_norm_prim')


def abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def batching_rule(batched_args, batch_dims, *, eps):
    x, = batched_args
    bd, = batch_dims
    last = x.ndim - 1
    if bd < last:
        return rms_norm_prim_p.bind(x, eps=eps), bd
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
batching.primitive_batchers[rms_norm_prim_p] = batching_rule
