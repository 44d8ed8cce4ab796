# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from dataclasses import dataclass

show_recompile_sequence("d04")


@dataclass(frozen=True)
class Key:
    shape: tuple
    dtype: str
    mode: str


calls = [Key((3,), "float32", "a"), Key((4,), "float32", "a"), Key((3,), "float32", "a"),
         Key((3,), "float32", "b"), Key((3,), "int32", "a"), Key((4,), "float32", "b")]
predicted_compiles = len(set(calls))
