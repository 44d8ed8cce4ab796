# Degenerate: three rules registered, each with an empty body (returns None).
def _jvp(primals, tangents, *, axis):
    pass

def _transpose(ct, x, *, axis):
    pass

def _batch(args, dims, *, axis):
    pass

ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
