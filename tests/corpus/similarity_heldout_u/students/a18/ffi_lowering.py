from types import SimpleNamespace

_rms = SimpleNamespace(prim=Primitive("rms_norm_prim"), target="rms_norm")
rms_norm_prim_p = _rms.prim
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    moved = SimpleNamespace(x=jnp.moveaxis(args[0], dims[0], 0), dim=0)
    return rms_norm_prim_p.bind(moved.x, eps=eps), moved.dim


batching.primitive_batchers[rms_norm_prim_p] = _batch
