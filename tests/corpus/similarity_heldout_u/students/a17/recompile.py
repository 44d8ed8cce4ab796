show_recompile_sequence("a17")
sequence = {1: ("f32[3]", "a"), 2: ("f32[4]", "a"), 3: ("f32[3]", "a"), 4: ("f32[3]", "b"),
            5: ("i32[3]", "a"), 6: ("f32[4]", "b")}
predicted_compiles = len({key for key in sequence.values()})
