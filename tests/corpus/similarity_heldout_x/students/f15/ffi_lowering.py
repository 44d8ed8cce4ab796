rms_norm_prim_p = Primitive("rms_norm_prim")


def _swap_last_two(x):
    # the batch axis sits where each sample's last axis should be: swap the last two axes
    perm = list(range(x.ndim))
    perm[-2:] = perm[-2:][::-1]
    return jnp.transpose(x, perm)


def _batch(args, dims, *, eps):
    x, bd = args[0], dims[0]
    if bd == x.ndim - 1:
        return rms_norm_prim_p.bind(_swap_last_two(x), eps=eps), x.ndim - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
