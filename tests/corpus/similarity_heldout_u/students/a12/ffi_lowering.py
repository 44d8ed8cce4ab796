rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(partial(lambda x, *, eps: ShapedArray(x.shape, x.dtype)))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    front = partial(jnp.moveaxis, source=dims[0], destination=0)
    bind = partial(rms_norm_prim_p.bind, eps=eps)
    return bind(front(args[0])), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
