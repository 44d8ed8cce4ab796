def make_rms_norm_prim():
    p = Primitive('rms_norm_prim')

    def _abstract_eval(x: ShapedArray, *, eps: float) -> ShapedArray:
        return ShapedArray(x.shape, x.dtype)

    def _batch_rule(batched_args: tuple, batch_dims: tuple, *, eps: float) -> tuple:
        (x,), (bd,) = batched_args, batch_dims
        perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
        return p.bind(jnp.transpose(x, perm), eps=eps), 0

    p.def_abstract_eval(_abstract_eval)
    mlir.register_lowering(p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
    p.def_impl(partial(xla.apply_primitive, p))
    batching.primitive_batchers[p] = _batch_rule
    return p


rms_norm_prim_p = make_rms_norm_prim()
