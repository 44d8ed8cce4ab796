# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# Step 1: the primitive and its abstract evaluation (same shape and dtype as the input).
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)

# Step 2: lower it to the FFI target registered by the setup cell.
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# Step 3: the eager impl reuses the lowering through apply_primitive.
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# Step 4: batching. The kernel normalises the last axis, so the batch axis must not be last.
def rms_norm_batch(batched_args, batch_dims, *, eps):
    x = batched_args[0]
    batch_dim = batch_dims[0]
    x_batch_first = jnp.moveaxis(x, batch_dim, 0)
    y = rms_norm_prim_p.bind(x_batch_first, eps=eps)
    return y, 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
