# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _other_axes(ndim, bd):
    yield bd
    yield from (i for i in range(ndim) if i != bd)


@rms_norm_prim_p.def_abstract_eval
def _rms_aval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    return rms_norm_prim_p.bind(jnp.transpose(x, tuple(_other_axes(x.ndim, bd))), eps=eps), 0


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_batch
