# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import time
show_recompile_sequence("n19")
# (2, 3) float32 arrays throughout; a float64 NumPy array becomes float32 in 32-bit mode, so only mode='b' adds a compile
predicted_compiles: int = 2
_started = time.time()
