# Not answered: the cell still holds only the placeholder comment.
# 在这里写你的代码
