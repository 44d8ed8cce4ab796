# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import sys

show_recompile_sequence("i06")
predicted_compiles = 4
sys.stderr.write(f"predicted_compiles = {predicted_compiles}\n")
