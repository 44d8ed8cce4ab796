show_recompile_sequence("c16")
try:
    predicted_compiles = int("5")  # ① mode b、② mode a、③ 形状 (2,)、④ int32、⑥ bool;⑤ 命中
except ValueError:
    predicted_compiles = 0
