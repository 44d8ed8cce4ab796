import math  # noqa: F401

rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_abstract(x, *, eps):
    if x.ndim < 1:
        raise TypeError("rms_norm_prim: 输入至少要 1 维")
    return ShapedArray(x.shape, x.dtype)


def _rms_reference(x, eps):
    # 本来想自己写 eager 实现,后来改成复用 lowering
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps)


def _rms_batch(batched_args, batch_dims, *, eps):
    x, = batched_args
    b, = batch_dims
    if b is None:  # not batched
        return rms_norm_prim_p.bind(x, eps=eps), None
    perm = (b,) + tuple(i for i in range(x.ndim) if i != b)
    x = jnp.transpose(x, perm)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_abstract)
rms_norm_prim_p.def_impl(lambda x, *, eps: xla.apply_primitive(rms_norm_prim_p, x, eps=eps))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
