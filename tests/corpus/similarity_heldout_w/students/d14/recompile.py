# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from typing import NamedTuple

show_recompile_sequence("d14")


class Call(NamedTuple):
    x: str
    mode: str


seq = [Call("f32[2,3]", "a"), Call("f32[2,3]", "a"), Call("f64[2,3]", "a"),
       Call("f32[2,3]", "b"), Call("f32[2,3]", "b"), Call("f32[2,3]", "a")]
predicted_compiles = len(set(seq))
