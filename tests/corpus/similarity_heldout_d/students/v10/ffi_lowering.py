# 抽象求值:输出和输入同形状同类型
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def rms_abstract(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


# eager:jit 一个只含这个原语的函数
@rms_norm_prim_p.def_impl
def rms_impl(x, *, eps):
    return jax.jit(lambda v: rms_norm_prim_p.bind(v, eps=eps))(x)


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
