rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: x.update(shape=x.shape, dtype=x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def batch(args, dims, *, eps):
    x = jax.lax.transpose(args[0], (dims[0],) + tuple(i for i in range(args[0].ndim) if i != dims[0]))
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = batch
