rms_norm_prim_p = Primitive("rms_norm_prim")  # 新建原语


def _abs_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)  # 形状和 dtype 不变


rms_norm_prim_p.def_abstract_eval(_abs_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager:复用 lowering
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")  # CPU 上用 FFI


def _batcher(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:  # 批维度在最后一维:内核会对它归一化,不行
        x = jnp.moveaxis(x, -1, 0)  # 挪到第 0 维
        bd = 0
    return rms_norm_prim_p.bind(x, eps=eps), bd  # 其它位置不用动


batching.primitive_batchers[rms_norm_prim_p] = _batcher
