rms_norm_prim_p = Primitive("rms_norm_prim")


def rmsAbstractEval(xAval, *, eps):
    return ShapedArray(xAval.shape, xAval.dtype)


def rmsBatchRule(batchedArgs, batchDims, *, eps):
    (xVal,), (batchDim,) = batchedArgs, batchDims
    lastDim = xVal.ndim - 1
    if batchDim != lastDim:
        return rms_norm_prim_p.bind(xVal, eps=eps), batchDim
    movedVal = jnp.moveaxis(xVal, batchDim, 0)
    return rms_norm_prim_p.bind(movedVal, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rmsAbstractEval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = rmsBatchRule
