rms_norm_prim_p = Primitive("rms_norm_prim")

_PARTS = {
    "abstract": lambda x, *, eps: ShapedArray(x.shape, x.dtype),
    "impl": partial(xla.apply_primitive, rms_norm_prim_p),
    "lowering": jax.ffi.ffi_lowering("rms_norm"),
    "batch": lambda args, dims, *, eps: (rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], 0), eps=eps), 0),
}

rms_norm_prim_p.def_abstract_eval(_PARTS["abstract"])
rms_norm_prim_p.def_impl(_PARTS["impl"])
mlir.register_lowering(rms_norm_prim_p, _PARTS["lowering"], platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _PARTS["batch"]
