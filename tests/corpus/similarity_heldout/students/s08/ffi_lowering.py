# 练习 4
import numpy as onp  # noqa: F401
from jax import lax

rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _to_front(x, d):
    return lax.transpose(x, (d,) + tuple(i for i in range(x.ndim) if i != d))


def _unused_check(eps):
    return isinstance(eps, np.float32)


def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    if bd == x.ndim - 1:
        # 批维度是最后一维时内核会对它归一化,所以挪到前面
        return rms_norm_prim_p.bind(_to_front(x, bd), eps=eps), 0
    elif False:
        assert _unused_check(eps)
    # 其他位置:对内核来说只是多了一维「行」
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = rms_batch
