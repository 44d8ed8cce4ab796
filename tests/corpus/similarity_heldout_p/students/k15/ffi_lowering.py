TARGET_NAME = "rms_norm"
PLATFORM = "cpu"
BATCH_OUT_DIM = 0

rms_norm_prim_p = Primitive("rms_norm_prim")


def _abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def _batching_rule(args, dims, *, eps):
    (x,), (bd,) = args, dims
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, BATCH_OUT_DIM), eps=eps), BATCH_OUT_DIM


rms_norm_prim_p.def_abstract_eval(_abstract_eval)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering(TARGET_NAME), platform=PLATFORM)
batching.primitive_batchers[rms_norm_prim_p] = _batching_rule
