# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i13")
COMPILES = 0


def _compiled():
    global COMPILES
    COMPILES += 1


_compiled()  # ① (2, 3) float32 with a weak float scale
_compiled()  # ④ mode="b"; ② ③ ⑤ ⑥ hit the cache (③'s float64 becomes float32)
predicted_compiles = COMPILES
