# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive('rms_norm_prim')


@rms_norm_prim_p.def_abstract_eval
def _rms_abstract(x, *, eps):
    '''The output has the input's shape and dtype.'''
    return ShapedArray(x.shape, x.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_batch(args, dims, *, eps):
    '''Move the batch axis out of the way (to the end) and call the primitive on the whole batch.'''
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, -1)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 1


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
