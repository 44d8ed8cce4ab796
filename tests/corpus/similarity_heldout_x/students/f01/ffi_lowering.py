from itertools import chain

rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    # batch axis first, every other axis in its order: the normalised axis stays last
    perm = tuple(chain([bd], (i for i in range(x.ndim) if i != bd)))
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
