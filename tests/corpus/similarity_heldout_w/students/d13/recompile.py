# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
from contextlib import nullcontext

show_recompile_sequence("d13")
with nullcontext():
    # ints 2, 7 and 3 share one weak int key; 2.0 is a weak float; np/jnp float32 scalars share a strong key
    predicted_compiles = 3
