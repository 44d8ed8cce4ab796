# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager reuses the lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # put the batch axis first, as one more "row" axis
    perm = [bd] + [a for a in range(x.ndim) if a != bd]
    return rms_norm_prim_p.bind(x.transpose(perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
