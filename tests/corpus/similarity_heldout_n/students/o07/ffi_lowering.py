# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
from jax import lax

rms_norm_prim_p = Primitive('rms_norm_prim')
# same shape and dtype out as in
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager: jit the single primitive, which goes through the lowering above
rms_norm_prim_p.def_impl(lambda x, *, eps: xla.apply_primitive(rms_norm_prim_p, x, eps=eps))


# the kernel normalises the last axis; put the batch axis first
def _batch_rule(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (bd,) = batch_dims
    order = []
    order.append(bd)
    for i in range(x.ndim):
        if i != bd:
            order.append(i)
    return rms_norm_prim_p.bind(lax.transpose(x, tuple(order)), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
