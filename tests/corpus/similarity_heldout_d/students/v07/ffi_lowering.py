# 定义原语:抽象求值、lowering、eager 实现
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# batching:把 batch 轴挪到最前面
def batch_rms(batched_args, batch_dims, *, eps):
    moved = jnp.moveaxis(batched_args[0], batch_dims[0], 0)
    return rms_norm_prim_p.bind(moved, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = batch_rms
