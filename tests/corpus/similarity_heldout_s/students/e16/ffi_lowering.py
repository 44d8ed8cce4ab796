rms_norm_prim_p = Primitive("rms_norm_prim")


def rmsAbstractEval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


def rmsImpl(x, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, x, eps=eps)


def rmsBatchRule(batchedArgs, batchDims, *, eps):
    xBatched = batchedArgs[0]
    batchDim = batchDims[0]
    lastDim = xBatched.ndim - 1
    if batchDim == lastDim:
        xBatched = jnp.moveaxis(xBatched, lastDim, 0)
        batchDim = 0
    return rms_norm_prim_p.bind(xBatched, eps=eps), batchDim


rms_norm_prim_p.def_abstract_eval(rmsAbstractEval)
rms_norm_prim_p.def_impl(rmsImpl)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rmsBatchRule
