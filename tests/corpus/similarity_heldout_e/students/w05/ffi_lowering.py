# 原语和抽象求值:输出与输入同形状同 dtype
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


# lowering:直接用 FFI target rms_norm
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager:复用 lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# batching:批维度挪到第 0 维
def _rms_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
