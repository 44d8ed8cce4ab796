# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from jax import tree_util

show_recompile_sequence("b13")
# (shape, dtype, mode) of each call; the scale is always a weak float here
keys = [((3,), "f32", "a"), ((4,), "f32", "a"), ((3,), "f32", "a"),
        ((3,), "f32", "b"), ((3,), "i32", "a"), ((4,), "f32", "b")]
distinct = {tuple(tree_util.tree_leaves(k)) for k in keys}
predicted_compiles = len(distinct)
