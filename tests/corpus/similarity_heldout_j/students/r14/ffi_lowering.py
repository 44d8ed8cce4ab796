# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
import logging

_logger = logging.getLogger("rms_norm_prim")
TRACE_BATCHING = False

rms_norm_prim_p = Primitive('rms_norm_prim')
rms_norm_prim_p.def_abstract_eval(lambda a, *, eps: ShapedArray(a.shape, a.dtype))

mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering('rms_norm'), platform='cpu')

rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _describe(x) -> str:
    return f"{x.shape} {x.dtype}"


def _bat(args, dims, *, eps):
    x, = args
    d, = dims
    if TRACE_BATCHING:
        _logger.info("batching %s at %d", _describe(x), d)
    if d == x.ndim - 1:
        x = jnp.moveaxis(x, d, 0)
        d = 0
    return rms_norm_prim_p.bind(x, eps=eps), d


batching.primitive_batchers[rms_norm_prim_p] = _bat
