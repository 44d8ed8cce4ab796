from jax import tree_util

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(
    lambda x, *, eps: tree_util.tree_map(lambda a: ShapedArray(a.shape, a.dtype), x))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _batch(args, dims, *, eps):
    moved = tree_util.tree_map(lambda a, d: jnp.moveaxis(a, d, 0), list(args), list(dims))
    return rms_norm_prim_p.bind(*moved, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
