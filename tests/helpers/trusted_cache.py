"""The trusted XLA compile cache as tests make it: filled by a trusted process (no student code) and
published, a hostile answer cell that probes it from a sandboxed child, and a snapshot to compare.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from autograder.release.compile_cache import publish

TRUSTED_FILL = r"""
import jax, jax.numpy as jnp
def jaxgrade_cached(x):
    return jnp.sin(x) * 2.0 + 1.0
jax.jit(jaxgrade_cached)(jnp.arange(7.0)).block_until_ready()
"""

# The hostile answer cell. Bounded: a handful of syscalls on one folder, one tiny compilation.
HOSTILE_CELL = r"""
import errno, json, logging, os
import jax, jax.numpy as jnp
from jax._src import monitoring

_events = {}
monitoring.register_event_listener(lambda e, **k: _events.__setitem__(e, _events.get(e, 0) + 1))
_keys = []
class _KeyLog(logging.Handler):
    def emit(self, record):
        msg = record.getMessage()
        if msg.startswith("Persistent compilation cache hit"):
            _keys.append(msg.rsplit(" ", 1)[1].strip("'"))
_log = logging.getLogger("jax._src.compiler")
_log.addHandler(_KeyLog()); _log.setLevel(logging.DEBUG)

def jaxgrade_cached(x):
    return jnp.sin(x) * 2.0 + 1.0
jax.jit(jaxgrade_cached)(jnp.arange(7.0)).block_until_ready()

folder = os.environ.get("JAX_COMPILATION_CACHE_DIR", "")
path = os.path.join(folder, _keys[0] + "-cache") if _keys else ""
report = {"hits": _events.get("/jax/compilation_cache/cache_hits", 0), "key": bool(_keys)}

def attempt(name, fn):
    try:
        fn()
        report[name] = "ok"
    except OSError as exc:
        report[name] = errno.errorcode.get(exc.errno, str(exc.errno))

def _rewrite():
    with open(path, "r+b") as f:
        f.write(b"jaxgrade_poisoned")

def _create():
    with open(os.path.join(folder, "jit_f-" + "0" * 64 + "-cache"), "xb") as f:
        f.write(b"jaxgrade_poisoned")

attempt("list", lambda: os.listdir(folder))
attempt("read", lambda: open(path, "rb").read(16))
attempt("rewrite", _rewrite)
attempt("chmod", lambda: os.chmod(path, 0o666))
attempt("rename", lambda: os.rename(path, path + ".jaxgrade_moved"))
attempt("unlink", lambda: os.unlink(path))
attempt("create", _create)
attempt("chmod_dir", lambda: os.chmod(folder, 0o777))
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
jax.jit(lambda x: jnp.cos(x) * 3.0 - 7.0)(jnp.arange(5.0)).block_until_ready()
report["misses"] = _events.get("/jax/compilation_cache/cache_misses", 0)
raise RuntimeError("jaxgrade_cache_report " + json.dumps(report, separators=(",", ":")))
"""


def snapshot(folder: Path) -> dict[str, object]:
    st = os.stat(folder)
    files = {
        p.name: (
            hashlib.sha256(p.read_bytes()).hexdigest(),
            stat.S_IMODE(os.stat(p).st_mode),
            os.stat(p).st_uid,
        )
        for p in sorted(folder.iterdir())
    }
    return {"mode": stat.S_IMODE(st.st_mode), "uid": st.st_uid, "files": files}


def fill_trusted(final: Path) -> Path:
    """`final`: a published cache holding what a trusted process (no student code) compiled with JAX's
    persistent cache (TRUSTED_FILL), plus a stray file in staging that publishing must drop."""
    staging = final.with_name(final.name + ".staging")
    staging.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(
        JAX_PLATFORMS="cpu",
        JAX_COMPILATION_CACHE_DIR=str(staging),
        JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
        JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="0",
    )
    subprocess.run([sys.executable, "-c", TRUSTED_FILL], env=env, check=True, timeout=300)
    (staging / "jaxgrade_stray.txt").write_text("not an entry")
    published = publish(staging, final)
    assert published.entries >= 1 and "jaxgrade_stray.txt" in published.refused
    shutil.rmtree(staging)
    return final
