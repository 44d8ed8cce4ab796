rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _batch(args: tuple, dims: tuple, *, eps: np.float32) -> tuple:
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


def _impl(x: jax.Array, *, eps: np.float32) -> jax.Array:
    return jax.jit(partial(rms_norm_prim_p.bind, eps=eps))(x)


rms_norm_prim_p.def_abstract_eval(_abstract)
rms_norm_prim_p.def_impl(_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
