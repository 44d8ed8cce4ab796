"""Child side reader of ProbeInputs written by the parent (see docs/architecture.md, "Inputs").

`<inputs_dir>/<exercise>.json` = {"seed": int, "params": {name: plain}, "arrays": {name: "file.npy"}}
next to its .npy files. The probe receives `{**params, **arrays}`. The child reads every exercise's
inputs before any student code runs, so a notebook cannot swap them later.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np


def load_inputs(inputs_dir: Path, exercise: str) -> dict[str, Any]:
    doc = json.loads((inputs_dir / f"{exercise}.json").read_text(encoding="utf-8"))
    params = doc.get("params") or {}
    arrays: dict[str, Any] = {}
    for name, file_name in (doc.get("arrays") or {}).items():
        if "/" in file_name or not file_name.endswith(".npy"):
            raise ValueError(f"bad array file name {file_name!r}")
        arr = np.load(inputs_dir / file_name, allow_pickle=False)
        arr.setflags(write=False)  # a probe hands the same array to several student calls
        arrays[name] = arr
    return {**params, **arrays}
