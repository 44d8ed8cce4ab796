# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import pprint

show_recompile_sequence("i17")
keys = [
    ("f32[5]", "weak float", "a"),  # ①
    ("f16[5]", "weak float", "a"),  # ②
    ("f32[5]", "f16", "a"),  # ③
    ("f32[6]", "weak float", "a"),  # ④
    ("f32[5]", "weak float", "a"),  # ⑤ float32 numpy array: same as ①
    ("f32[5]", "weak float", "a", "mode passed"),  # ⑥ an explicit mode="a" is another signature
]
pprint.pprint(keys)
predicted_compiles = len(set(keys))
