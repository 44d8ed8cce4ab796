"""A chapter's answer corpus graded as a command, for the session's early lane.

    python tests/helpers/corpus_grade.py tests/test_checks_ch05.py RELEASE WORKDIR OUT.json

Imports the test module from its file and calls its `grade_entries(WORKDIR, RELEASE)`, the real
runner in the real sandbox, exactly as the module's fixture did in the test process. OUT.json holds
each entry's result as the grader's own wire format (`codec.encode_result`) with the variant it
answered per exercise; the fixture decodes it (`decoded_entries`) and judges as before.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]


def load_module(path: Path) -> Any:
    sys.path.insert(0, str(TESTS))  # the module's own `helpers` imports
    spec = importlib.util.spec_from_file_location(f"corpus_source_{path.stem}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def decoded_entries(path: Path, release_root: Path) -> list[tuple[Any, dict[str, str]]]:
    """(StudentResult, exercise -> variant name) per entry, from OUT.json."""
    from autograder.grade.codec import decode_result
    from autograder.model import ReleaseInfo

    release = ReleaseInfo.load(release_root)
    entries = []
    for doc in json.loads(path.read_text(encoding="utf-8")):
        sid, content_hash = doc["student_id"], doc["content_hash"]
        result = decode_result(doc["result"], student_id=sid, content_hash_hex=content_hash, release=release,
                               exercises=())  # fmt: skip
        entries.append((result, dict(doc["chosen"])))
    return entries


def main(argv: list[str]) -> int:
    from autograder.grade.codec import encode_result

    module_path, release_root, workdir, out = (Path(a) for a in argv)
    graded = load_module(module_path).grade_entries(workdir, release_root)
    doc = [{"student_id": result.student_id, "content_hash": result.content_hash, "chosen": chosen,
            "result": encode_result(result)} for result, chosen in graded]  # fmt: skip
    out.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    print(f"corpus of {module_path.name}: {len(doc)} entries graded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
