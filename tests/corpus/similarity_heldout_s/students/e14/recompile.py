show_recompile_sequence("e14")
predicted_compiles = 5  # ② mode a new, ③ shape (2,) new, ④ int32 new, ⑤ same as ②, ⑥ bool new
