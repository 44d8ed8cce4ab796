"""`jaxgrade bundle --release V [--out FILE]`: write the Gradescope autograder zip for a release.

What the zip holds and how it is made: autograder/bundle/__init__.py.
Exit codes: 0 written; 1 the release or the project files are unusable; 2 bad usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from autograder.bundle import CACHE_FOLDER, BundleError, bundled_cache, check_release, collect, write_zip

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--release", required=True, metavar="V",
                        help="release version (folder under --assignments) or a release folder")  # fmt: skip
    parser.add_argument("--assignments", type=Path, default=Path("assignments"),
                        help="folder holding the releases (default: %(default)s)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=None,
                        help="zip to write (default: build/jaxgrade-autograder-<V>.zip)")  # fmt: skip
    parser.add_argument("--compile-cache", default=None, metavar="auto|DIR",
                        help="include the trusted XLA compile cache `jaxgrade warm-cache` filled here "
                             "(auto: this release's folder under the default cache root); Gradescope "
                             "uses it only on a machine with the same CPU flags and jaxlib")  # fmt: skip


def _release_root(release: str, assignments: Path) -> Path:
    path = Path(release)
    return path if os.sep in release or path.is_absolute() else assignments / release


def run(args: argparse.Namespace) -> int:
    root = _release_root(args.release, args.assignments)
    if not (root / "manifest.json").is_file():
        print(f"jaxgrade bundle: error: no release at {root} (manifest.json missing)", file=sys.stderr)
        return EXIT_USAGE
    try:
        version = check_release(root)
        out = args.out or Path("build") / f"jaxgrade-autograder-{version}.zip"
        spec = getattr(args, "compile_cache", None)
        cache = bundled_cache(spec, root, version) if spec else None
        entries = collect(root, version, compile_cache_dir=cache)
        write_zip(entries, out)
    except (BundleError, OSError) as exc:
        print(f"jaxgrade bundle: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    size = out.stat().st_size
    print(f"{out}: Gradescope autograder for release {version}, {len(entries)} files, {size / 1024:.0f} KiB")
    if cache is not None:
        held = sum(1 for name in entries if name.startswith(f"{CACHE_FOLDER}/"))
        print(f"  with compile cache {cache.name} ({held} entries); used only where the CPU flags and "
              "jaxlib equal this machine's")  # fmt: skip
    return EXIT_OK
