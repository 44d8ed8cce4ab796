# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("e02")
calls = ["new", "new", "new", "new", "hit", "new"]
predicted_compiles = 0
for c in calls:
    match c:
        case "new":
            predicted_compiles += 1
        case "hit":
            pass
