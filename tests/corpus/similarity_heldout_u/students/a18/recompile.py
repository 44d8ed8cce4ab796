from types import SimpleNamespace

show_recompile_sequence("a18")
guess = SimpleNamespace(new=[1, 1, 1, 1, 0, 1], note="⑤ np float32 与 ① 相同;⑥ 显式 mode='a' 是新的键")
predicted_compiles = sum(guess.new)
