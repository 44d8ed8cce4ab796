# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# step 1: the primitive and its abstract evaluation
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))

# step 2: lower to the FFI target on CPU, eager impl through apply_primitive
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# step 3: batching rule, batch axis to the front
def _batch_first(x, bd):
    return jnp.moveaxis(x, bd, 0)


def rms_batch(args, dims, *, eps):
    return rms_norm_prim_p.bind(_batch_first(args[0], dims[0]), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
