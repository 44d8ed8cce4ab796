rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _batch(args, dims, *, eps):
    x, bd = args[0], dims[0]
    if bd == x.ndim - 1:
        # the batch axis sits where each sample's last axis should be: swap the last two axes
        perm = list(range(x.ndim))
        perm[-2:] = perm[-2:][::-1]
        x = jnp.transpose(x, perm)
        return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
