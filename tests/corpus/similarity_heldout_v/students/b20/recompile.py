# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from typing import List, Tuple

show_recompile_sequence("b20")
keys: List[Tuple[int, str, str]] = [
    (3, "float32", "a"),
    (4, "float32", "a"),
    (3, "int32", "a"),
    (3, "float32", "b"),
    (4, "float32", "b"),
]
predicted_compiles: int = len(keys)
