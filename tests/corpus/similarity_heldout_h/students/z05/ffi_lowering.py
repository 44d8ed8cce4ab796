# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
import functools

rms_norm_prim_p = Primitive("rms_norm_prim")
_调试 = False
_默认EPS = np.float32(1e-5)


@rms_norm_prim_p.def_abstract_eval
def _rms_抽象(x, *, eps):
    """输出与输入同形状、同 dtype。"""
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _rms_批(batched_args, batch_dims, *, eps):
    x, = batched_args
    bd, = batch_dims
    if _调试:
        print("batch dim", bd, x.shape)
    # 用 transpose 把批维度放到最前面
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return rms_norm_prim_p.bind(jnp.transpose(x, perm), eps=eps), 0


def _检查(x):
    return x.ndim >= 1


batching.primitive_batchers[rms_norm_prim_p] = _rms_批
