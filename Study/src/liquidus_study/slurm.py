"""A study on Slurm through dask-jobqueue: a `SLURMCluster` whose jobs start Dask workers from
this venv, one single-threaded worker per core (each task is one liquidus process).

    python -m liquidus_study.slurm --jobs 20 --cores 8 --memory 32GB --walltime 04:00:00 \
        --account ACCOUNT --partition PARTITION

prints the scheduler's address to give `liquidus-study run --scheduler`, and keeps the cluster
up until interrupted. `job_script` renders what sbatch would be given (a test checks it).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any


def make_cluster(
    cores: int,
    memory: str,
    walltime: str,
    account: str | None = None,
    partition: str | None = None,
    python: str | None = None,
    local_directory: str = "$TMPDIR",
    **extra: Any,
) -> Any:
    from dask_jobqueue import SLURMCluster

    return SLURMCluster(
        cores=cores,
        processes=cores,
        memory=memory,
        walltime=walltime,
        account=account,
        queue=partition,
        python=python or sys.executable,
        local_directory=local_directory,
        # A worker's own memory limit would pause it for what its liquidus children use;
        # --memory-limit caps each liquidus process instead.
        worker_extra_args=["--memory-limit", "0"],
        job_extra_directives=["--job-name=liquidus-study"],
        **extra,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m liquidus_study.slurm")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cores", type=int, default=8)
    parser.add_argument("--memory", default="32GB")
    parser.add_argument("--walltime", default="04:00:00")
    parser.add_argument("--account")
    parser.add_argument("--partition")
    parser.add_argument("--print-job-script", action="store_true")
    args = parser.parse_args(argv)
    cluster = make_cluster(args.cores, args.memory, args.walltime, args.account, args.partition)
    if args.print_job_script:
        print(cluster.job_script())
        cluster.close()
        return 0
    cluster.scale(jobs=args.jobs)
    print(cluster.scheduler_address, flush=True)
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
