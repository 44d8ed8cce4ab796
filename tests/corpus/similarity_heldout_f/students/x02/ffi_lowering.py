# 原语 rms_norm_prim_p:抽象求值、FFI lowering、eager impl、batching 规则
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _abstract(x, *, eps):
    # 输出和输入同形状同 dtype
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager:复用 lowering,临时 jit 编译单个原语
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # 批维度挪到第 0 维(不是最后一维就行)
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
