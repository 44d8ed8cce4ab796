# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
# 1. 新建原语
rms_norm_prim_p = Primitive("rms_norm_prim")


# 2. 抽象求值:输出的形状和 dtype 与输入相同
def _rms_abstract_eval(x, *, eps):
    return ShapedArray(x.shape, x.dtype)


rms_norm_prim_p.def_abstract_eval(_rms_abstract_eval)

# 3. lowering:直接用 FFI target "rms_norm";bind 的参数 eps 会原样变成 FFI 属性
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# 4. eager impl:复用 lowering,把单个原语临时 jit 编译再执行
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# 5. batching:内核只对最后一维归一化,先把批维度挪到第 0 维(不是最后一维)
def _rms_batch_rule(batched_args, batch_dims, *, eps):
    (x,) = batched_args
    (bd,) = batch_dims
    x = jnp.moveaxis(x, bd, 0)
    # 输出的批维度也在第 0 维
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_batch_rule
