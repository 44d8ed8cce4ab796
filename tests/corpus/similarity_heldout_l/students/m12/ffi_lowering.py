# primitive whose CPU lowering is the FFI target 'rms_norm'
rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # batch axis first: the last axis stays the normalised one
    x = x.transpose((bd, *[i for i in range(x.ndim) if i != bd]))
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
