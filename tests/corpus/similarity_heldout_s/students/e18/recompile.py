show_recompile_sequence("e18")
cost = {"miss": 1, "hit": 0}
predicted_compiles = sum(cost[k] for k in ("miss", "hit", "hit", "miss", "hit", "hit"))
