R = Primitive("rms_norm_prim")


def rb(xs, ds, *, eps):
    x, = xs
    d, = ds
    x = jnp.moveaxis(
        x, d, 0
    )
    y = R.bind(
        x, eps=eps
    )
    return y, 0


def ab(x, *, eps):
    return ShapedArray(
        x.shape, x.dtype
    )


L = jax.ffi.ffi_lowering(
    "rms_norm"
)
mlir.register_lowering(
    R, L, platform="cpu"
)
R.def_impl(
    partial(xla.apply_primitive, R)
)
R.def_abstract_eval(ab)
batching.primitive_batchers[R] = rb
rms_norm_prim_p = R
