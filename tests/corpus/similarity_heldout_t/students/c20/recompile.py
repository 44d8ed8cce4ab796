import itertools

show_recompile_sequence("c20")
new_key = [1, 0, 1, 1, 0, 0]  # ① int ② 同 ① ③ float ④ np.float32 非 weak ⑤ 同 ④ ⑥ 同 ①
predicted_compiles = list(itertools.accumulate(new_key[3:]))[-1] + list(itertools.accumulate(new_key[:3]))[-1]
