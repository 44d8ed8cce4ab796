rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _abstract_eval(x: ShapedArray, *, eps: float) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch_rule(batched_args: tuple, batch_dims: tuple, *, eps: float) -> tuple:
    (x,), (bd,) = batched_args, batch_dims
    # any leading position is fine for the kernel; the front is the simplest
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
