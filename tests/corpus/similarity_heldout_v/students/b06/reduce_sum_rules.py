def reduceSumJvp(primals, tangents, *, axis):
    xVal, = primals
    xDot, = tangents
    yVal = custom_reduce_sum_p.bind(xVal, axis=axis)
    if type(xDot) is ad.Zero:
        return yVal, ad.Zero(jax.typeof(yVal).to_tangent_aval())
    return yVal, custom_reduce_sum_p.bind(xDot, axis=axis)


def reduceSumTranspose(cotangent, xIn, *, axis):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(xIn.aval),)
    fullShape = xIn.aval.shape
    withOnes = jnp.expand_dims(cotangent, axis)
    return (jnp.broadcast_to(withOnes, fullShape),)


def reduceSumBatch(batchedArgs, batchDims, *, axis):
    xVal, = batchedArgs
    batchDim, = batchDims
    newAxis = tuple(a + 1 if a >= batchDim else a for a in axis)
    outVal = custom_reduce_sum_p.bind(xVal, axis=newAxis)
    outDim = batchDim - sum(1 for a in newAxis if a < batchDim)
    return outVal, outDim


ad.primitive_jvps[custom_reduce_sum_p] = reduceSumJvp
ad.primitive_transposes[custom_reduce_sum_p] = reduceSumTranspose
batching.primitive_batchers[custom_reduce_sum_p] = reduceSumBatch
