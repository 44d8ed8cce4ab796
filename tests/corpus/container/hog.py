# TARGET recompile
# HOSTILE hog: leave detached processes behind, ask for more memory and disk than allowed, flood
# stdout. None of it may change the grade or outlive the grading.
import os as _os
import subprocess as _subprocess
import sys as _sys

_left = []
for _i in range(24):
    try:
        _left.append(_subprocess.Popen(["/bin/sh", "-c", "sleep 917; :", "jaxgrade_hostile_hog"],
                                       start_new_session=True, stdin=_subprocess.DEVNULL,
                                       stdout=_subprocess.DEVNULL, stderr=_subprocess.DEVNULL))
    except OSError:
        break
try:
    _big = bytearray(12 * 2**30)
except MemoryError:
    _big = None
try:
    with open("jaxgrade_hog.bin", "wb") as _f:
        for _ in range(300):
            _f.write(b"\0" * 2**20)
except OSError:
    pass
finally:
    if _os.path.exists("jaxgrade_hog.bin"):
        _os.unlink("jaxgrade_hog.bin")
_sys.stdout.write("jaxgrade_hog " * 250_000)
_sys.stdout.flush()
