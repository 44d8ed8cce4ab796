show_recompile_sequence("w08")
# x shape/dtype changes: call 2 (f16), call 4 (shape 6); call 3 scale dtype f16; call 6 same as call 1
predicted_compiles = 4
