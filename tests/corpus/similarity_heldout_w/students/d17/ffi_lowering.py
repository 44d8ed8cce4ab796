# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _aval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch(args, dims, *, eps):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
_y = rms_norm_prim_p.bind(jnp.ones((2, 3)), eps=np.float32(1e-5))
print(f"{_y.shape=}")
