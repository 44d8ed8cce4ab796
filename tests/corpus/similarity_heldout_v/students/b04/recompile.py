# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import functools

show_recompile_sequence("b04")


@functools.lru_cache(maxsize=None)
def compile_for(shape, dtype, mode):
    return 1


compile_for((3,), "f32", "a")
compile_for((4,), "f32", "a")
compile_for((3,), "f32", "a")
compile_for((3,), "f32", "b")
compile_for((3,), "i32", "a")
compile_for((4,), "f32", "b")
predicted_compiles = compile_for.cache_info().misses
