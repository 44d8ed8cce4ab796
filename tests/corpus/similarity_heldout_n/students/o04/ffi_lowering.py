# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
BATCH_AXIS_OUT = 0
FFI_TARGET = "rms_norm"
PRIMITIVE_NAME = "rms_norm_prim"

rms_norm_prim_p = Primitive(PRIMITIVE_NAME)


def _batch_rule(args, dims, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, BATCH_AXIS_OUT), eps=eps), BATCH_AXIS_OUT


batching.primitive_batchers[rms_norm_prim_p] = _batch_rule
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(FFI_TARGET), platform="cpu")
