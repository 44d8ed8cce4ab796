# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import time
_t0 = time.time()
show_recompile_sequence("o19")  # 换成你的学号,运行后打印你的调用序列
# weak int scalar, then weak float scalar, then a strongly typed float32 scalar
# (np.float32 and jnp.float32 give the same key)
predicted_compiles = 3
