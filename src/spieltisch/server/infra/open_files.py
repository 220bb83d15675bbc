"""The server's open-file limit: every connection is a file, and a shell's soft limit
(often 1024) was what a flood of idle sockets ran into first (31 of 40 other requests
failed). `serve` raises the soft limit to the hard one, which only the host can raise
(`LimitNOFILE=` in a systemd unit, `ulimit -Hn`); its workers inherit it."""

from __future__ import annotations

import contextlib
import resource

CEILING = 1 << 20
"""The soft limit asked for when the hard one is unlimited."""


def raise_open_files() -> tuple[int, int]:
    """Raise the soft limit of open files to the hard limit; (soft, hard) afterwards.
    A system that refuses keeps the limit it had."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CEILING if hard == resource.RLIM_INFINITY else hard
    if wanted > soft:
        with contextlib.suppress(ValueError, OSError):  # refused: keep what it had
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)
