show_recompile_sequence("e16")
newKeyCount = 4  # (5,) f32, (5,) f16, f16 scale, (6,); numpy f32 and mode="a" (the default) are hits
predicted_compiles = newKeyCount
