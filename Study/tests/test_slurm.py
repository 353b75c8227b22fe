"""Slurm without a Slurm: the SLURMCluster's job script is rendered and checked, and the job-array
script's per-task command runs here for every index, then `pool`; the dataset equals the local
run's."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import AS_OF, CLI, REPO, same_dataset, study

from liquidus_study.slurm import make_cluster


def test_the_slurm_cluster_job_script_starts_workers_from_this_venv():
    cluster = make_cluster(
        cores=4, memory="16GB", walltime="02:00:00", account="study42", partition="short"
    )
    try:
        script = cluster.job_script()
    finally:
        cluster.close()
    lines = script.splitlines()
    assert lines[0].startswith("#!")
    for directive in (
        "#SBATCH -A study42",
        "#SBATCH -p short",
        "#SBATCH -n 1",
        "#SBATCH --cpus-per-task=4",
        "#SBATCH -t 02:00:00",
        "#SBATCH --job-name=liquidus-study",
    ):
        assert directive in lines, (directive, script)
    assert any(line.startswith("#SBATCH --mem=") for line in lines), script
    command = lines[-1]
    assert command.startswith(sys.executable + " -m distributed.cli.dask_worker tcp://")
    assert "--nworkers 4" in command and "--nthreads 1" in command
    assert "--memory-limit 0" in command


def test_the_job_array_tasks_then_pool_give_the_local_dataset(local_run, cohort, binary, tmp_path):
    out = tmp_path / "dataset"
    script = REPO / "Study" / "slurm" / "study-array.sbatch"
    count = study("count", str(cohort / "manifest.csv"), check_status=0)
    assert count.stdout.strip() == "4"
    env = {
        **os.environ,
        "STUDY_VENV": str(CLI.parent.parent),
        "MANIFEST": str(cohort / "manifest.csv"),
        "OUT": str(out),
        "AS_OF": AS_OF,
        "LIQUIDUS": binary,
    }
    statuses = []
    for index in range(4):
        task = subprocess.run(
            ["bash", str(script)],
            env={**env, "SLURM_ARRAY_TASK_ID": str(index)},
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
        statuses.append(task.returncode)
    assert statuses == [0, 0, 0, 1]  # the damaged zip is the fourth participant
    pooled = study(
        "pool",
        str(cohort / "manifest.csv"),
        "--out",
        str(out),
        "--as-of",
        AS_OF,
        "--liquidus",
        binary,
    )
    assert pooled.returncode == 1 and "3 ok, 1 failed" in pooled.stderr
    same_dataset(local_run, out)
