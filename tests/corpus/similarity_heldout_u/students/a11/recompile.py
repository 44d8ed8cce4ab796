DEBUG = False

show_recompile_sequence("a11")
keys = {("f32[3]", "a"), ("f32[4]", "a"), ("f32[3]", "b"), ("i32[3]", "a"), ("f32[4]", "b")}
if DEBUG:
    print(f"distinct cache keys: {sorted(keys)}")
predicted_compiles = len(keys)
