# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from typing import TypeAlias

Count: TypeAlias = int

show_recompile_sequence("b05")
# f32[5] weak scale: 1; f16 array: 2; f16 scale (not weak): 3; f32[6]: 4;
# numpy f32 array: same key as the first; mode="a" given as keyword: 5
FIRST: Count = 1
NEW_SHAPE: Count = 1
NEW_DTYPES: Count = 1 + 1
EXPLICIT_MODE: Count = 1
predicted_compiles: Count = (FIRST + NEW_SHAPE) + (NEW_DTYPES + EXPLICIT_MODE)
