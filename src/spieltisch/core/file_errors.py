"""What went wrong with a file, in the reader's language.

The operating system words its errors in English ("No such file or directory"), so a
message under `--lang de` would switch language halfway. The common causes are said
here in the catalog's words; a rare one keeps the system's code and text inside a
translated sentence.
"""

from __future__ import annotations

import errno
from pathlib import Path

from spieltisch.core.errors import SpieltischError
from spieltisch.core.i18n import N_
from spieltisch.core.messages import _

REASONS: dict[int, str] = {
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EEXIST: N_("it exists already"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EINVAL: N_("it is not a usable file name"),
    errno.ELOOP: N_("the path has a loop of symbolic links"),
    errno.EIO: N_("the device reported an input/output error"),
    errno.EBUSY: N_("the file is busy"),
    errno.EMFILE: N_("too many files are open"),
}
"""The causes a person meets, by errno, in words the catalogs translate."""


class FileProblem(SpieltischError, OSError):
    """A file the person named could not be read or written; the message says which
    and why, in the person's language."""


def file_problem(error: BaseException) -> str:
    """Why the file could not be used, as a translated phrase (no path: the caller's
    sentence names it)."""
    if isinstance(error, OSError) and error.errno is not None:
        reason = REASONS.get(error.errno)
        if reason is not None:
            return _(reason)
        code = errno.errorcode.get(error.errno, str(error.errno))
        return _("the system refused it ({code}: {text})").format(
            code=code, text=error.strerror or ""
        )
    return _(REASONS[errno.EINVAL])  # a NUL byte, a name that is no path at all


def cannot_write(path: object, error: BaseException) -> FileProblem:
    """The error to raise when writing `path` failed with `error`."""
    return FileProblem(
        _("cannot write {path}: {reason}").format(path=path, reason=file_problem(error))
    )


def write_text(path: Path, text: str) -> None:
    """Write a file the person named (UTF-8); FileProblem saying where and why on failure."""
    try:
        path.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise cannot_write(path, exc) from None
