"""Loaded by a `jaxgrade serve` (and its intake processes) started with this folder on PYTHONPATH
(tests of issue 32, section 3).

With JAXGRADE_TEST_HOLD_INTAKE=PATH set, every `UploadIntake.submit` (intake, the chapter layout,
storing the blobs) first touches PATH.entered, then waits until PATH exists (at most 60 s): an
intake that takes as long as the test wants, in the real service, wherever the service runs it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

_HOLD = os.environ.get("JAXGRADE_TEST_HOLD_INTAKE")

if _HOLD:
    import sys

    # site runs this before `python -m` puts the working directory (the checkout being served,
    # see served.py) on sys.path: put it first now, so this imports the same `autograder`
    sys.path.insert(0, os.getcwd())
    from autograder.service.domain.intake import upload_intake

    _submit = upload_intake.UploadIntake.submit

    def _held_submit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        hold = Path(_HOLD)
        Path(f"{_HOLD}.entered").touch()
        deadline = time.monotonic() + 60
        while not hold.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        return _submit(self, *args, **kwargs)

    upload_intake.UploadIntake.submit = _held_submit  # type: ignore[method-assign]

# With JAXGRADE_TEST_HOLD_GIL_IN_INTAKE=FIFO set (a named pipe the test made), intake's reading of an
# upload (`intake.read_submissions`, wherever the service runs it) first writes its process id to
# FIFO.entered, then opens FIFO for reading through a ctypes.PyDLL call: a C call that keeps the
# interpreter lock while the open blocks, until the test opens FIFO for writing. In that time no
# other thread of the same process runs Python: like intake's parse of a big notebook, but for as
# long as the test wants.
_GIL_FIFO = os.environ.get("JAXGRADE_TEST_HOLD_GIL_IN_INTAKE")

if _GIL_FIFO:
    import ctypes
    import sys

    sys.path.insert(0, os.getcwd())  # as above: the `autograder` of the checkout being served
    from autograder.grade import intake

    _read_submissions = intake.read_submissions
    _libc = ctypes.PyDLL(None)  # PyDLL: the lock is not released during its calls

    def _gil_held_read_submissions(*args, **kwargs):  # type: ignore[no-untyped-def]
        Path(f"{_GIL_FIFO}.entered").write_text(str(os.getpid()))
        fd = _libc.open(os.fsencode(_GIL_FIFO), os.O_RDONLY)
        if fd >= 0:
            os.close(fd)
        return _read_submissions(*args, **kwargs)

    intake.read_submissions = _gil_held_read_submissions

# With JAXGRADE_TEST_HOLD_NAMES_SHOWN=FIFO set, the audit entry of a TA's "show names" (a database
# write of a rubric page's POST) first writes the process id to FIFO.entered, then waits in a plain
# blocking open of FIFO (the lock is released) until the test opens it for writing: a database write
# as slow as the test wants, in whichever thread the service runs it.
_NAMES_FIFO = os.environ.get("JAXGRADE_TEST_HOLD_NAMES_SHOWN")

if _NAMES_FIFO:
    import sys

    sys.path.insert(0, os.getcwd())  # as above: the `autograder` of the checkout being served
    from autograder.service.domain.course import audit

    _record = audit.record
    # JAXGRADE_TEST_HOLD_AUDIT_ACTION names another audited action to hold the same way
    _HELD_ACTION = os.environ.get("JAXGRADE_TEST_HOLD_AUDIT_ACTION", "names_shown")

    def _held_record(*args, **kwargs):  # type: ignore[no-untyped-def]
        if kwargs.get("action") == _HELD_ACTION:
            Path(f"{_NAMES_FIFO}.entered").write_text(str(os.getpid()))
            os.close(os.open(_NAMES_FIFO, os.O_RDONLY))
        return _record(*args, **kwargs)

    audit.record = _held_record
