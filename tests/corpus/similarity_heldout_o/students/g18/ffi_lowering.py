# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
TARGET = "rms_norm"
PLATFORM = "cpu"
BATCH_AXIS_OUT = 0

rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def rms_norm_batch_rule(args, dims, *, eps):
    x, = args
    bd, = dims
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), BATCH_AXIS_OUT


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
rms_norm_prim_p.def_impl(lambda x, *, eps: xla.apply_primitive(rms_norm_prim_p, x, eps=eps))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(TARGET), platform=PLATFORM)
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch_rule
