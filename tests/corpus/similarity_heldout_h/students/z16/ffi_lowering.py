# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_抽象(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_批(batched_args, batch_dims, *, eps):
    x, = batched_args
    bd, = batch_dims
    # 用 transpose 把批维度放到最前面
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_批
