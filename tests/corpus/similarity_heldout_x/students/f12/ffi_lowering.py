import heapq

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _batch(args, dims, *, eps):
    (x,), (bd,) = args, dims
    # order the axes by (is it the batch axis?, its number): the batch axis comes out of the heap first
    heap = [(a != bd, a) for a in range(x.ndim)]
    heapq.heapify(heap)
    perm = [heapq.heappop(heap)[1] for _ in range(x.ndim)]
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _batch
