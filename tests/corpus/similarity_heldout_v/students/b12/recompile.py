# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import itertools

show_recompile_sequence("b12")
calls = ["1", "2", "3", "4", "5", "6"]
# only 1 (first) and 4 (mode="b") bring a key not seen before
compiles = [True, False, False, True, False, False]
predicted_compiles = len(list(itertools.compress(calls, compiles)))
