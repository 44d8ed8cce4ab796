R = Primitive("rms_norm_prim")
rms_norm_prim_p = R


def ab(x, *, eps):
    return ShapedArray(
        x.shape, x.dtype
    )


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


R.def_abstract_eval(ab)
R.def_impl(
    partial(xla.apply_primitive, R)
)
L = jax.ffi.ffi_lowering(
    "rms_norm"
)
mlir.register_lowering(
    R, L, platform="cpu"
)
batching.primitive_batchers[R] = rb
