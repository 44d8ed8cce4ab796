# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
def _新原语(名字):
    """建原语并给出抽象求值。"""
    p = Primitive(名字)
    p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
    return p


def _批(args, dims, *, eps):
    """batch 轴不在最后一维时原样保留,否则移到第 0 维。"""
    x, bd = args[0], dims[0]
    if bd != x.ndim - 1:
        return rms_norm_prim_p.bind(x, eps=eps), bd
    return rms_norm_prim_p.bind(jnp.moveaxis(x, -1, 0), eps=eps), 0


rms_norm_prim_p = _新原语("rms_norm_prim")
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _批
