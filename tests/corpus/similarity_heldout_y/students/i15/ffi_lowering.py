rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstracte_evaluatie(x, *, eps):
    # zelfde vorm en dtype als de invoer
    return ShapedArray(x.shape, x.dtype)


# op de CPU: de FFI-target rms_norm uit de setup-cel
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager: het primitief los jitten en uitvoeren
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batchregel(argumenten, dimensies, *, eps):
    (x,), (bd,) = argumenten, dimensies
    # de batch-as mag niet de laatste zijn: die wordt genormaliseerd
    volgorde = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(jnp.transpose(x, volgorde), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batchregel
