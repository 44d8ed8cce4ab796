# Typical mistake: the lowering ignores the eps param and always passes the default 1e-5.
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
_rule = jax.ffi.ffi_lowering("rms_norm")
mlir.register_lowering(rms_norm_prim_p, lambda ctx, x, *, eps: _rule(ctx, x, eps=np.float32(1e-5)),
                       platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
