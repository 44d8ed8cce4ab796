# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_norm_batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    # the kernel treats every axis but the last as rows: move the batch axis to the front
    order = [bd] + [i for i in range(x.ndim) if i != bd]
    return rms_norm_prim_p.bind(x.transpose(order), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
