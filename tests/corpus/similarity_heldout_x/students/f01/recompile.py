# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from itertools import accumulate

show_recompile_sequence("f01")
# 1 where a call brings a cache key not seen before: only ① and the mode="b" call ④
new_key = [1, 0, 0, 1, 0, 0]
running = list(accumulate(new_key))  # compiles so far after each call
predicted_compiles = running[-1]
