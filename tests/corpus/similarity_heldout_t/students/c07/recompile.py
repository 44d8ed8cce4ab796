show_recompile_sequence("c07")
seen = set()
predicted_compiles = 0
keys = iter([("b", 3, "f32w"), ("a", 3, "f32w"), ("a", 2, "f32w"), ("a", "i32", "f32w"), ("a", 3, "f32w"),
             ("a", 3, "bool")])
while True:
    key = next(keys, None)
    if key is None:
        break
    if key not in seen:
        seen.add(key)
        predicted_compiles += 1
