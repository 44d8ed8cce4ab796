show_recompile_sequence("g05")
n = 0
n += 1  # ① first call
n += 0  # ② same aval, new value
n += 1  # ③ strong float32 scalar
n += 1  # ④ mode="b"
n += 0  # ⑤ numpy float64 -> float32 with x64 off
n += 1  # ⑥ positional int 2: weak int
predicted_compiles = n
