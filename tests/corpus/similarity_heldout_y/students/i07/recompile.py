# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from pathlib import Path

NOTES = Path("notes") / "ch02_recompile.txt"  # meant to save the reasoning there, never did
show_recompile_sequence("i07")
# ① compile, ② new shape (4,), ③ only the value changes, ④ mode b, ⑤ int32 input, ⑥ (4,) with mode b
predicted_compiles = 5
