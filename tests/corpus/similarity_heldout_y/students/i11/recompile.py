# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i11")
_new_key = {
    "①": lambda: True,   # first call
    "②": lambda: False,  # 7 is a weak int like 2
    "③": lambda: True,   # 2.0 is a weak float
    "④": lambda: True,   # np.float32: strong float32
    "⑤": lambda: False,  # jnp.float32: same as ④
    "⑥": lambda: False,  # weak int like ①
}
predicted_compiles = sum(1 for rule in _new_key.values() if rule())
