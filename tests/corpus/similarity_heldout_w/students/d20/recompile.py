# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from typing import Final

show_recompile_sequence("d20")
predicted_compiles: Final[int] = 4
