"""What the modes without a mount namespace ("rlimit", "none") share: the program sees host paths,
and /sandbox/... paths in argv, cwd and env values are rewritten to them (trusted parent side)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from autograder.sandbox.base import SCRATCH_TARGET, Limits, Mount
from autograder.sandbox.mode import EXEC_SOURCE, Sandbox, scrubbed_env
from autograder.sandbox.supervise import Launch


def path_translator(scratch: Path, mounts: Sequence[Mount]) -> Callable[[str], str]:
    """Maps /sandbox/scratch/... and mount targets to host paths (modes without a mount namespace)."""
    table = sorted([(SCRATCH_TARGET, str(scratch)), *((m.target.rstrip("/"), str(m.source)) for m in mounts)],
                   key=lambda pair: -len(pair[0]))

    def translate(text: str) -> str:
        for inside, host in table:
            if text == inside or text.startswith(inside + "/"):
                return host + text[len(inside):]
        return text

    return translate


class HostViewSandbox(Sandbox):
    """Shared by "rlimit" and "none": host paths, /sandbox/... rewritten in argv, cwd and env."""

    drop = True
    confine_writes = False  # Landlock: file-system changes only beneath scratch and writable mounts
    private_proc = False  # launcher.private_proc: a /proc that shows only the program's uid

    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]) -> Launch:
        translate = path_translator(scratch, mounts)
        self._check(scratch, mounts, hidden)
        env = {k: ":".join(translate(part) for part in v.split(":")) for k, v in env.items()}
        writable = [scratch, *(m.source for m in mounts if m.writable)] if self.confine_writes else []
        cmd = [*self._launcher(str(EXEC_SOURCE), limits, translate(cwd), drop=self.drop, writable=writable,
                               private_proc=self.private_proc),
               *(translate(a) for a in argv)]
        # No private /tmp in these modes: steer well-behaved temp files into scratch.
        return Launch(argv=cmd, env=scrubbed_env({"TMPDIR": str(scratch), **env}, str(scratch)),
                      sweep=self._sweep, account_uid=self.uid if self.drop else None,
                      disk_watch=scratch if self.drop else None)

    def _check(self, scratch: Path, mounts: list[Mount], hidden: list[Path]) -> None:
        pass

    def _sweep(self) -> None:
        """Nothing beyond the process group (killed before the launcher was reaped)."""
