show_recompile_sequence("k08")
number_of_compilations_for_my_sequence = 2  # the (2, 3) float32 shape with mode "a", then with mode "b"
predicted_compiles = number_of_compilations_for_my_sequence
