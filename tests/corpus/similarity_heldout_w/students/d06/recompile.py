# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import operator

show_recompile_sequence("d06")
# weak int (1,2,6 share it), weak float 2.0, then np.float32 and jnp.float32 are the same strong float32
predicted_compiles = operator.add(operator.add(1, 1), 1)
