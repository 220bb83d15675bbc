"""The line under a parallel run's summary: each worker's CPU time and how many cores
they kept busy, so a person sees when `--workers 2` got only one core (issue 46)."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.cli.messages import _, _n
from spieltisch.core.formats import number
from spieltisch.sim.effort import Effort, busy_cores, by_worker

SHARED = 0.75
"""Below this share of a core per worker, the line says the machine was shared."""


def workers_line(efforts: Sequence[Effort], wall: float) -> str:
    """`2 workers: CPU 6.1 s, 6.0 s in 7.7 s, 1.6 cores busy`, and why when fewer cores
    were busy than there were workers."""
    cpus = by_worker(efforts)
    cores = busy_cores(efforts, wall)
    line = _n(
        "{count} worker: CPU {each} in {wall} s, {cores} cores busy",
        "{count} workers: CPU {each} in {wall} s, {cores} cores busy",
        len(cpus),
    ).format(
        count=len(cpus),
        each=", ".join(_("{seconds} s").format(seconds=number(cpu, 1)) for cpu in cpus),
        wall=number(wall, 1),
        cores=number(cores, 1),
    )
    if len(cpus) > 1 and cores < SHARED * len(cpus):
        line += " " + _("(fewer free cores than workers: other work shared the machine)")
    return line
