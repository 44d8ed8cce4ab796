# 练习 1:在这里注册 JVP、转置和 batching 规则
