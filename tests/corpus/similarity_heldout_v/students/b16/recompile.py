# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from jax import tree_util

show_recompile_sequence("b16")
# cache key per call: array shape, array dtype, static mode (scale stays a Python float)
sigs = [((3,), "f32", "a"), ((4,), "f32", "a"), ((3,), "f32", "a"),
        ((3,), "f32", "b"), ((3,), "i32", "a"), ((4,), "f32", "b")]
unique_sigs = {tuple(tree_util.tree_leaves(s)) for s in sigs}
predicted_compiles = len(unique_sigs)
