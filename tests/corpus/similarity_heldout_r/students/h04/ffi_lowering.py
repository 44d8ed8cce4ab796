rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(to_front(args[0], dims[0]), eps=eps), 0


def to_front(x, bd):
    return jnp.moveaxis(x, bd, 0)


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
