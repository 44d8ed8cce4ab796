# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
import logging

show_recompile_sequence("d12")
log = logging.getLogger("d12")
misses = ["f32[5] weak", "f16[5]", "f16 strong scalar", "f32[6]", "mode='a' given explicitly"]
log.debug("new cache keys: %s", misses)
predicted_compiles = len(misses)
