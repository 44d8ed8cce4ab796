rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _aval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# lowering: a custom call to the registered FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager: compile the single primitive and run it
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _vmap_rule(args, dims, *, eps):
    (x,), (bd,) = args, dims
    if bd == x.ndim - 1:
        # batch axis in the normalised position: move it one to the left
        x = jnp.moveaxis(x, bd, x.ndim - 2)
        bd = x.ndim - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = _vmap_rule
