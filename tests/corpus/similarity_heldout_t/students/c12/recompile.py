show_recompile_sequence("c12")


def _make_counter():
    seen = set()

    def visit(key):
        seen.add(key)
        return len(seen)

    return visit


visit = _make_counter()
for key in ["b/f32[3]", "a/f32[3]", "a/f32[2]", "a/i32[3]", "a/f32[3]", "a/f32[3]/bool"]:
    predicted_compiles = visit(key)
