# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from collections import ChainMap

show_recompile_sequence("f13")
cache = ChainMap({})
calls = [("f32[2,3]", "weak f32", "a"), ("f32[2,3]", "weak f32", "a"), ("f32[2,3]", "weak f32", "a"),
         ("f32[2,3]", "weak f32", "b"), ("f32[2,3]", "weak f32", "b"), ("f32[2,3]", "weak f32", "a")]
for key in calls:
    cache.setdefault(key, len(cache))
predicted_compiles = len(cache)
