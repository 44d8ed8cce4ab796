"""`jaxgrade bundle --release V [--out FILE]`: the autograder zip a course uploads to Gradescope.

Zip layout (Gradescope unpacks it into /autograder/source and runs setup.sh there, as root, once):

  setup.sh            autograder/bundle/setup.sh: apt (clang, Python >= 3.12), venv, project, sandbox
                      users and permissions (see its header for the Ubuntu versions)
  run_autograder      scripts/run_autograder: grades /autograder/submission, always writes
                      /autograder/results/results.json (autograder/bundle/gradescope.py)
  pyproject.toml  requirements.lock  autograder/  jaxcourse/  kernels/      the grader, as in this checkout
  assignments/<V>/    the release (its manifest.json hashes are checked before anything is written)
  compile-cache/<name>/  only with --compile-cache: the trusted XLA compile cache `jaxgrade warm-cache`
                      filled on this machine (grade/compile_cache.py); setup.sh installs it root-owned
                      under /opt/jaxgrade/xla (folders 0711, entries 0444), run_autograder points
                      $JAXGRADE_COMPILE_CACHE_ROOT there, and gradescope.py uses it only when its name
                      is the one that machine computes (same CPU flags, jaxlib, grader, release)
  BUNDLE.json         {"format": 1, "release": V, "files": {path: sha256}}

Never in the zip: solutions/, tests/, other caches, compiled files. The zip is deterministic: same
inputs, same bytes (sorted entries, fixed timestamps and modes); without --compile-cache it holds
no cache entry, whatever caches this machine has.

The compile cache's entries are compiled reference answers (docs/architecture.md, "Trusted compile
cache"): they come only from the instructor's own warm-cache run, and on Gradescope they sit where
only root can list them (the unpacked zip in /autograder/source is 0700).

The command is autograder/commands/bundle.py.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
PROJECT_ITEMS = ("pyproject.toml", "requirements.lock", "autograder", "jaxcourse", "kernels")
SKIP_PARTS = frozenset({"__pycache__", ".ipynb_checkpoints", ".pytest_cache"})
SKIP_SUFFIXES = (".pyc", ".pyo", ".so", ".egg-info")
EXECUTABLES = frozenset({"setup.sh", "run_autograder"})
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
CACHE_FOLDER = "compile-cache"  # in the zip; setup.sh installs it (install_compile_cache)


class BundleError(RuntimeError):
    pass


def _walk(root: Path, base: Path) -> list[tuple[str, Path]]:
    """(zip name, file) for every regular file under `root`, caches skipped, symlinks refused."""
    if root.is_file():
        return [(root.relative_to(base).as_posix(), root)]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_PARTS and not d.endswith(SKIP_SUFFIXES))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if name.endswith(SKIP_SUFFIXES):
                continue
            if path.is_symlink() or not path.is_file():
                raise BundleError(f"{path} is not a regular file; the bundle holds regular files only")
            out.append((path.relative_to(base).as_posix(), path))
    return out


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_release(root: Path) -> str:
    """The release's version, after checking its manifest and every file hash it lists."""
    from autograder.model import GraderFault, ReleaseInfo

    try:
        info = ReleaseInfo.load(root)
    except GraderFault as exc:
        raise BundleError(str(exc)) from exc
    doc = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    files = doc.get("files")
    if not isinstance(files, dict) or not files:
        raise BundleError(f"{root}/manifest.json lists no files")
    for rel, digest in sorted(files.items()):
        path = root / rel
        if not path.is_file() or _sha256(path.read_bytes()) != digest:
            raise BundleError(
                f"release file {rel} is missing or differs from manifest.json; release it again"
            )
    return info.version


def bundled_cache(spec: str, release_root: Path, version: str) -> Path:
    """The compile cache folder `--compile-cache auto|DIR` names, after checking that warm-cache made it
    for this release and this grader's child code, that it is ours and that nobody else can write it."""
    from autograder.grade import compile_cache

    own = compile_cache.cache_dir(release_root, version)
    path = own if spec == "auto" else Path(spec)
    reason = compile_cache.usable(path)
    if reason is not None:
        raise BundleError(f"compile cache {path}: {reason}")
    found, ours = compile_cache.CACHE_NAME.fullmatch(path.name), compile_cache.CACHE_NAME.fullmatch(own.name)
    if found is None or ours is None:
        raise BundleError(f"compile cache {path}: not a folder named by jaxgrade warm-cache")
    for key, label in compile_cache.NAME_PARTS:
        if key in ("version", "release", "code") and found[key] != ours[key]:
            raise BundleError(f"compile cache {path}: made for another {label} than this bundle's")
    return path


def cache_entries(folder: Path) -> dict[str, bytes]:
    """Zip name -> content for the entries of a compile cache folder."""
    from autograder.grade import compile_cache

    files = compile_cache.read_entries(folder)
    if not files:
        raise BundleError(f"compile cache {folder} holds no entries")
    return {f"{CACHE_FOLDER}/{folder.name}/{name}": data for name, data in files.items()}


def install_compile_cache(source: Path, root: Path) -> list[str]:
    """setup.sh: every `source/<name>/` (the zip's compile-cache/) becomes `root/<name>/`, owned by this
    process's user (root on Gradescope), entries 0444, folders 0711, so grading finds it under
    $JAXGRADE_COMPILE_CACHE_ROOT=root and sandbox uids can open an entry by name but never list one.
    Returns the names installed."""
    import shutil

    from autograder.grade import compile_cache

    root.mkdir(mode=0o711, parents=True, exist_ok=True)
    os.chmod(root, 0o711)
    installed = []
    for folder in sorted(source.iterdir()):
        if not compile_cache.CACHE_NAME.fullmatch(folder.name) or folder.is_symlink() or not folder.is_dir():
            raise BundleError(f"{folder}: not a compile cache folder named by jaxgrade warm-cache")
        files = compile_cache.read_entries(folder)
        shutil.rmtree(root / folder.name, ignore_errors=True)
        compile_cache.write_entries(files, root / folder.name)
        installed.append(folder.name)
    return installed


def collect(release_root: Path, version: str, project: Path = PROJECT,
            compile_cache_dir: Path | None = None) -> dict[str, bytes]:  # fmt: skip
    """Zip name -> content, for everything the bundle holds."""
    entries: dict[str, bytes] = {
        "setup.sh": (project / "autograder" / "bundle" / "setup.sh").read_bytes(),
        "run_autograder": (project / "scripts" / "run_autograder").read_bytes(),
    }
    for item in PROJECT_ITEMS:
        if not (project / item).exists():
            raise BundleError(f"{project / item} is missing")
        for name, path in _walk(project / item, project):
            entries[name] = path.read_bytes()
    for name, path in _walk(release_root, release_root):
        entries[f"assignments/{version}/{name}"] = path.read_bytes()
    key = release_root.parent / f"{release_root.name}.quiz-key.json"  # the quiz key, staff-only on Gradescope
    if key.is_file():
        entries[f"assignments/{version}.quiz-key.json"] = key.read_bytes()
    if compile_cache_dir is not None:
        entries.update(cache_entries(compile_cache_dir))
    manifest = {"format": 1, "release": version, "files": {k: _sha256(v) for k, v in sorted(entries.items())}}
    entries["BUNDLE.json"] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    return entries


def write_zip(entries: dict[str, bytes], out: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix: the mode below is honoured by unzip
            mode = 0o755 if name in EXECUTABLES else 0o644
            info.external_attr = (0o100000 | mode) << 16
            zf.writestr(info, entries[name])
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp{os.getpid()}")
    tmp.write_bytes(buf.getvalue())
    os.replace(tmp, out)
