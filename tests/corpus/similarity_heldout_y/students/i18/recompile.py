# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from typing import Literal

show_recompile_sequence("i18")
Verdict = Literal["compile", "cached"]
# ① mode b, ② mode a, ③ f32[2], ④ int32 arange, ⑤ f32[3] like ②, ⑥ bool scale
calls: list[Verdict] = ["compile", "compile", "compile", "compile", "cached", "compile"]
predicted_compiles = calls.count("compile")
