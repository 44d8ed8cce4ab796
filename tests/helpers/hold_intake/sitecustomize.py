"""Loaded by a `jaxgrade serve` started with this folder on PYTHONPATH (tests of issue 32, section 3).

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
    from autograder.service.domain import upload_intake

    _submit = upload_intake.UploadIntake.submit

    def _held_submit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        hold = Path(_HOLD)
        Path(f"{_HOLD}.entered").touch()
        deadline = time.monotonic() + 60
        while not hold.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        return _submit(self, *args, **kwargs)

    upload_intake.UploadIntake.submit = _held_submit  # type: ignore[method-assign]
