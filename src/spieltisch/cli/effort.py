"""The line under a parallel run's summary: each worker's CPU time and how many cores
they kept busy, so a person sees when `--workers 2` got only one core (issue 46)."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.cli.messages import _, _n
from spieltisch.core.formats import number
from spieltisch.sim.effort import Effort, busy_cores, by_worker, threads_here

SHARED = 0.75
"""Below this share of a core per worker, the line says the machine was shared."""


def workers_line(efforts: Sequence[Effort], wall: float) -> str:
    """`2 workers: CPU 6.1 s, 6.0 s in 7.7 s, 1.6 cores busy` (`2 threads: ...` when
    they were threads of this process, `local:N` of the kernels), and why when fewer
    cores were busy than there were workers."""
    cpus = by_worker(efforts)
    cores = busy_cores(efforts, wall)
    threads = threads_here(efforts)
    if threads:
        line = _n(
            "{count} thread: CPU {each} in {wall} s, {cores} cores busy",
            "{count} threads: CPU {each} in {wall} s, {cores} cores busy",
            len(cpus),
        )
    else:
        line = _n(
            "{count} worker: CPU {each} in {wall} s, {cores} cores busy",
            "{count} workers: CPU {each} in {wall} s, {cores} cores busy",
            len(cpus),
        )
    line = line.format(
        count=len(cpus),
        each=", ".join(_("{seconds} s").format(seconds=number(cpu, 1)) for cpu in cpus),
        wall=number(wall, 1),
        cores=number(cores, 1),
    )
    if len(cpus) > 1 and cores < SHARED * len(cpus):
        if threads:
            line += " " + _("(fewer free cores than threads: other work shared the machine)")
        else:
            line += " " + _("(fewer free cores than workers: other work shared the machine)")
    return line
