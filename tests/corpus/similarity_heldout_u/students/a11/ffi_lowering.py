DEBUG = False

rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x, *, eps):
    if DEBUG:
        print(f"abstract eval {x.shape} eps={eps!r}")
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(_abstract)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    x, bd = args[0], dims[0]
    if DEBUG:
        print(f"batch dim {bd} of {x.shape}")
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
