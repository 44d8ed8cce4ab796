rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager: jit the single primitive
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))  # same shape out
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_batch(args, dims, *, eps):
    x, = args
    b, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, b, 0), eps=eps), 0  # rows are independent; norm is over last dim


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
