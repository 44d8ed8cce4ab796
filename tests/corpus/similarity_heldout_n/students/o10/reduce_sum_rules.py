def sumJvp(primals, tangents, *, axis):
    (xVal,), (xDot,) = primals, tangents
    yVal = custom_reduce_sum_p.bind(xVal, axis=axis)
    if type(xDot) is ad.Zero:
        return yVal, ad.Zero(jax.typeof(yVal).to_tangent_aval())
    return yVal, custom_reduce_sum_p.bind(xDot, axis=axis)


def sumTranspose(ctOut, xIn, *, axis):
    if type(ctOut) is ad.Zero:
        return (ad.Zero(xIn.aval),)
    inShape = xIn.aval.shape
    withOnes = [1 if dimIdx in axis else inShape[dimIdx] for dimIdx in range(len(inShape))]
    return (jnp.broadcast_to(ctOut.reshape(withOnes), inShape),)


def sumBatch(batchedArgs, batchDims, *, axis):
    (xVal,), (batchDim,) = batchedArgs, batchDims
    shiftedAxes = tuple(a if a < batchDim else a + 1 for a in axis)
    outDim = batchDim - len([a for a in axis if a < batchDim])
    return custom_reduce_sum_p.bind(xVal, axis=shiftedAxes), outDim


ad.primitive_jvps[custom_reduce_sum_p] = sumJvp
ad.primitive_transposes[custom_reduce_sum_p] = sumTranspose
batching.primitive_batchers[custom_reduce_sum_p] = sumBatch
