# Degenerate: every rule hands back its input unchanged.
def _jvp(primals, tangents, *, axis):
    return primals[0], tangents[0]

def _transpose(ct, x, *, axis):
    return (ct,)

def _batch(args, dims, *, axis):
    return args[0], dims[0]

ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
