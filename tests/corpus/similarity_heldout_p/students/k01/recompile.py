show_recompile_sequence("k01")
predicted_compiles = 5  # f16 x and f16 scale are new keys, ones(6) new shape, explicit mode="a" differs from default
