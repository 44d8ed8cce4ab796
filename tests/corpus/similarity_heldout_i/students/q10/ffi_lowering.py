# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x: ShapedArray, *, eps) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)


def _eager_impl(x, *, eps):
    # run the primitive through a jitted binding
    return jax.jit(lambda v: rms_norm_prim_p.bind(v, eps=eps))(x)


def _batch(args: tuple, dims: tuple, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(_eager_impl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _batch
