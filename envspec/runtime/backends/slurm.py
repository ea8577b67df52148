"""The slurm backend: each run is one Slurm job, and Slurm, not envspec, places it.

The job asks for the variant's CPUs and memory, its GPUs as GRES of a model it names
(``--gres=gpu:h100:2``) and the wall-clock budget as its time limit; Slurm queues it until a
node has all of that free, which is the runs' GPU exclusivity (no envspec lease is taken).
A request that no node of the cluster can ever meet is refused before anything is submitted.

On the node, the job's batch script is the job agent of :mod:`slurm_node`, which runs the
run's agent side with the docker or local backend (the *inner* backend) and reports into the
run's folder; ``$ENVSPEC_HOME`` must be on a filesystem the submitting host and every node
share. ``exec``, ``put`` and ``score`` reach the run through its job agent: a step of its
job (``srun --jobid=J --overlap``) relays each request to the agent, on the run's node and
inside its allocation. Ending the job (``finish``, ``scancel``, the time limit) makes the job
agent stop the inner side; a node that Slurm declares failed is noticed by ``gc``
(:meth:`SlurmBackend.lost`), which fails the run.

Settings (environment variables of the submitting process, which the job inherits):
``ENVSPEC_SLURM_PARTITION``, ``ENVSPEC_SLURM_ARGS`` (more ``sbatch`` options, e.g.
``--account=X --qos=Y``), ``ENVSPEC_SLURM_INNER`` (docker or local), ``ENVSPEC_SLURM_SETUP``
(seconds added to the time limit for the node's preparation: pulling images; default 120),
``ENVSPEC_SLURM_PYTHON`` (the interpreter on the nodes; default this one).
"""

from __future__ import annotations

import base64
import dataclasses
import getpass
import json
import logging
import math
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from envspec import constants
from envspec.errors import EnvspecError, GpuRequestImpossible, SlurmError
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import GpuAssignment, Limits, RunRecord
from envspec.runtime import runstore
from envspec.runtime.backends import slurm_cli, slurm_node
from envspec.runtime.backends.base import (
    Backend,
    ExecResult,
    FileReadError,
    NoState,
    Placed,
    ScorerRun,
    StartSpec,
    State,
)
from envspec.runtime.gpu import normalise_model
from envspec.runtime.host import HostCannotRun

log = logging.getLogger(__name__)

PARTITION_ENV = "ENVSPEC_SLURM_PARTITION"
ARGS_ENV = "ENVSPEC_SLURM_ARGS"
SETUP_ENV = "ENVSPEC_SLURM_SETUP"
PYTHON_ENV = "ENVSPEC_SLURM_PYTHON"
#: seconds a job gets beyond the wall-clock budget for its node's preparation (pulls)
DEFAULT_SETUP_S = 120.0
#: how often a queued job's state is asked while ``start`` waits for it
QUEUE_POLL_S = 1.0
#: how long ``stop`` waits for a cancelled job to end (the cluster's KillWait is within it)
STOP_WAIT_S = 120.0
#: how long ``stop`` waits, once the job ended, for its agent to report the node's side
#: stopped (a dead node never reports: what ran there died with it)
REPORT_WAIT_S = 15.0
#: how long a request may take beyond its operation's own timeout (srun and the relay)
STEP_SLACK_S = 60.0
#: what sbatch says when no node of the cluster could ever run a job
_REFUSALS = (
    "Requested node configuration is not available",
    "Invalid generic resource",
    "Memory specification can not be satisfied",
    "Requested time limit is invalid",
    "More processors requested than permitted",
    "Node count specification invalid",
)


@dataclass(frozen=True)
class SlurmState(State):
    """A Slurm run's backend state: its job, where it runs and the inner backend's own state."""

    job_id: str
    node: str
    inner: str  # the inner backend: docker or local
    inner_state: dict[str, Any]
    isolation: str
    started_at: float
    deadline: float
    socket: str  # where the job agent listens, on the node
    gpus: tuple[GpuAssignment, ...] = ()

    def inner_view(self, run: RunRecord) -> RunRecord:
        """``run`` as its inner backend knows it (its name and its state)."""
        return run.with_(backend=self.inner, backend_state=self.inner_state)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the run record's ``backend_state``)."""
        d = dataclasses.asdict(self)
        d["gpus"] = [dataclasses.asdict(g) for g in self.gpus]
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SlurmState:
        """Inverse of :meth:`to_dict`."""
        known = {f.name for f in dataclasses.fields(SlurmState)}
        fields = {k: v for k, v in data.items() if k in known}
        fields["gpus"] = tuple(GpuAssignment(**g) for g in data.get("gpus", ()))
        return SlurmState(**fields)


@dataclass(frozen=True)
class JobSpec:
    """What a run's job asks Slurm for."""

    cpus: int
    memory_mb: int
    time_min: int
    gpus: int = 0
    gpu_type: str | None = None  # the GRES type, as the cluster names it
    partition: str | None = None
    extra: tuple[str, ...] = field(default_factory=tuple)

    def sbatch_args(self, run_id: str) -> list[str]:
        """The job's ``sbatch`` options."""
        folder = runstore.run_dir(run_id)
        args = [
            f"--job-name={job_name(run_id)}",
            f"--comment={_comment()}",
            "--nodes=1",
            "--ntasks=1",
            f"--cpus-per-task={self.cpus}",
            f"--mem={self.memory_mb}M",
            f"--time={self.time_min}",
            "--no-requeue",  # a failed node fails the run; it never starts again elsewhere
            f"--chdir={folder}",
            f"--output={folder}/slurm-%j.log",
        ]
        if self.gpus:
            args.append(f"--gres=gpu:{self.gpu_type}:{self.gpus}")
        if self.partition:
            args.append(f"--partition={self.partition}")
        return [*args, *self.extra]


def job_name(run_id: str) -> str:
    """The name of a run's job: how its job is found before its id is stored."""
    return f"envspec-{run_id}"


def _comment() -> str:
    # which $ENVSPEC_HOME submitted a job, so that each home's gc reaps only its own
    return f"envspec:{constants.home_label()}"


class SlurmBackend(Backend):
    """Runs each run as a Slurm job (see the module doc)."""

    name = "slurm"
    schedules = True

    def prepare(self, ref: Reference, manifest: Manifest, variant: str) -> NoState:
        """Nothing here: each job prepares on its own node (its images, its assets)."""
        return NoState()

    def check_placement(self, manifest: Manifest, variant: str, limits: Limits) -> None:
        """Refuse a run that no node of the cluster (or partition) could ever run.

        Raises:
            GpuRequestImpossible, HostCannotRun: naming the nodes there are.
            SlurmError: the controller did not answer.
        """
        self._job_spec(manifest, variant, limits)

    def placed(self, state: State) -> Placed:
        """When the job's clock started on its node, its deadline and the GPUs it got."""
        assert isinstance(state, SlurmState)
        return Placed(state.started_at, state.deadline, state.gpus)

    def start(self, spec: StartSpec) -> tuple[str, SlurmState]:
        """Submit the run's job and wait until its agent side runs on a node (a full cluster
        queues it: this waits as long as Slurm does).

        Raises:
            HostCannotRun: Slurm refused the job, or keeps it pending for a reason that never
                clears (a partition's limits).
            EnvspecError: the run could not start on its node (the node's error and hint).
            SlurmError: the controller failed.
        """
        run = spec.run
        js = self._job_spec(spec.manifest, run.variant, run.limits)
        python = os.environ.get(PYTHON_ENV) or sys.executable
        command = [python, "-m", slurm_node.__name__, "job", run.id]
        if js.gpu_type:
            command += ["--gpu-type", js.gpu_type]
        script = f"#!/bin/sh\n# envspec run {run.id}\nexec {shlex.join(command)}\n"
        try:
            job_id = slurm_cli.submit(script, js.sbatch_args(run.id))
        except SlurmError as e:
            if any(r in e.stderr for r in _REFUSALS):
                raise HostCannotRun(
                    f"Slurm refused run {run.id}'s job: {e.stderr.strip()}",
                    hint="ask for less (another --variant) or use a cluster or partition "
                    f"({PARTITION_ENV}) whose nodes have it",
                ) from e
            raise
        log.info("run %s: Slurm job %s submitted", run.id, job_id)
        try:
            report = self._wait_started(run.id, job_id)
        except BaseException:
            self._end_job(run.id)
            raise
        state = SlurmState(
            job_id=job_id,
            node=str(report["node"]),
            inner=str(report["inner"]),
            inner_state=dict(report["inner_state"]),
            isolation=str(report["isolation"]),
            started_at=float(report["started_at"]),
            deadline=float(report["deadline"]),
            socket=str(report["socket"]),
            gpus=tuple(GpuAssignment(**g) for g in report.get("gpus", ())),
        )
        return state.isolation, state

    def exec(self, run: RunRecord, argv: list[str], *, timeout: float) -> ExecResult:
        """The command, through the job agent and the inner backend's ``exec``."""
        reply = self._request(run, "exec", {"argv": argv}, timeout=timeout)
        return ExecResult(
            int(reply["exit_code"]),
            base64.b64decode(reply["stdout"]),
            base64.b64decode(reply["stderr"]),
            timed_out=bool(reply["timed_out"]),
            dropped=int(reply["dropped"]),
        )

    def put_file(self, run: RunRecord, path: str, data: bytes, *, timeout: float) -> None:
        """One request writes the whole file through the inner backend's ``put_file``."""
        self._request(
            run, "put", {"path": path, "data": base64.b64encode(data).decode()}, timeout=timeout
        )

    def read_file(self, run: RunRecord, path: str, *, timeout: float) -> bytes:
        """One request reads the file through the inner backend's ``read_file``.

        Raises:
            FileReadError: as the inner backend's.
        """
        reply = self._request(run, "read", {"path": path}, timeout=timeout)
        return base64.b64decode(reply["data"])

    def score(self, run: RunRecord, *, env: dict[str, str], timeout: float) -> ScorerRun:
        """The inner backend's scorer, on the run's node (through its job agent)."""
        reply = self._request(run, "score", {"env": env}, timeout=timeout)
        result = reply.get("result")
        return ScorerRun(
            None if result is None else base64.b64decode(result),
            reply.get("exit_code"),
            bool(reply["timed_out"]),
            str(reply.get("logs", "")),
            float(reply.get("seconds", 0.0)),
        )

    def stop(self, run: RunRecord, *, keep_solution: bool = False) -> None:
        """Cancel the run's job and wait until it ended and its agent stopped the node's side.

        The solution lives on the job's node and goes with the job, so ``keep_solution``
        keeps nothing: after the deadline nothing may score it anyway.

        Raises:
            SlurmError: the job did not end, or the controller did not answer.
        """
        self._end_job(run.id)

    def reap(self, keep: set[str]) -> list[str]:
        """Cancel the jobs of this ``$ENVSPEC_HOME``'s runs that are not in ``keep``."""
        gone = []
        for j in slurm_cli.jobs(user=getpass.getuser()):
            rid = j.name.removeprefix("envspec-")
            if j.ended or j.comment != _comment() or rid == j.name:
                continue
            if rid not in keep and not runstore.still_kept(rid):
                slurm_cli.cancel(job_id=j.id)
                gone.append(rid)
        return gone

    def lost(self, runs: list[RunRecord]) -> dict[str, str]:
        """The runs whose job Slurm ended (its node failed, someone cancelled it) or forgot.

        Raises:
            SlurmError: the controller did not answer.
        """
        ids = {r.id: str(r.backend_state.get("job_id", "")) for r in runs}
        if not any(ids.values()):
            return {}  # (squeue without --jobs would list every job of the cluster)
        found = {j.id: j for j in slurm_cli.jobs(ids=[i for i in ids.values() if i])}
        out = {}
        for rid, job_id in ids.items():
            job = found.get(job_id)
            if job is None:
                out[rid] = f"its Slurm job {job_id} is gone"
            elif job.ended:
                out[rid] = f"its Slurm job {job_id} ended on {job.node}: {job.state} ({job.reason})"
        return out

    # --- helpers -------------------------------------------------------------------------

    def _job_spec(self, manifest: Manifest, variant: str, limits: Limits) -> JobSpec:
        """The job for ``variant``, once some node of the cluster can run it.

        Raises:
            GpuRequestImpossible, HostCannotRun: no node can, ever.
        """
        hw = manifest.variant(variant).hardware
        partition = os.environ.get(PARTITION_ENV) or None
        setup = float(os.environ.get(SETUP_ENV) or DEFAULT_SETUP_S)
        gpus = hw.gpu.count if hw.gpu else 0
        js = JobSpec(
            cpus=max(1, math.ceil(hw.cpus)),
            memory_mb=max(1, math.ceil(hw.memory_gb * 1024)),
            time_min=max(1, math.ceil((limits.time_s(gpus) + setup) / 60)),
            partition=partition,
            extra=tuple(shlex.split(os.environ.get(ARGS_ENV, ""))),
        )
        where = f"partition {partition}" if partition else "the Slurm cluster"
        nodes = slurm_cli.nodes(partition)
        fits = [n for n in nodes if n.cpus >= js.cpus and n.memory_mb >= js.memory_mb]
        inventory = "; ".join(n.describe() for n in nodes) or "none"
        need = f"{js.cpus} CPUs and {js.memory_mb} MB"
        if hw.gpu is not None:
            g = hw.gpu
            need += f" with {g.count}x {' or '.join(g.models)}"
            for model in g.models:  # the manifest's order is its preference
                types = [
                    t
                    for n in fits
                    for t, count in n.gpus.items()
                    if t and normalise_model(t) == model and count >= g.count
                ]
                if types:
                    js = dataclasses.replace(js, gpus=g.count, gpu_type=types[0])
                    break
            else:
                raise GpuRequestImpossible(
                    f"no node of {where} has {need} (nodes: {inventory})",
                    hint="run a variant that needs fewer GPUs (--variant), or on a cluster "
                    f"whose nodes have them ({PARTITION_ENV} picks a partition)",
                    needed=f"{g.count}x {' or '.join(g.models)}",
                    available=inventory,
                )
        elif not fits:
            raise HostCannotRun(
                f"no node of {where} has {need} (nodes: {inventory})",
                hint="run a smaller variant (--variant), or on a cluster whose nodes have it",
            )
        limit = slurm_cli.partition_limit_min(partition)
        if limit is not None and js.time_min > limit:
            raise HostCannotRun(
                f"run's time limit ({js.time_min} min: the wall-clock budget and "
                f"{setup:g} s to prepare) exceeds {where}'s ({limit} min)",
                hint=f"use a partition allowing longer jobs ({PARTITION_ENV}), or a smaller "
                "--budget wall_time (the run is then not comparable)",
            )
        return js

    def _wait_started(self, run_id: str, job_id: str) -> dict[str, Any]:
        """Wait for the job agent's report that the run runs; as long as Slurm queues the job.

        Raises:
            HostCannotRun: the job pends for a reason that never clears.
            EnvspecError: the job agent failed, or the job ended before it reported.
        """
        asked = 0.0
        pending_reason = ""
        while True:
            report = slurm_node.read_report(run_id)
            if report is not None and report.get("job_id") == job_id:
                if report["state"] == "running":
                    return report
                if report["state"] in slurm_node.FINAL:
                    raise EnvspecError(
                        f"run {run_id} could not start on {report.get('node')}: "
                        f"{report.get('error') or report.get('why')}",
                        hint=report.get("hint") or f"the job's log: {_job_log(run_id, job_id)}",
                    )
            if time.monotonic() - asked >= QUEUE_POLL_S:
                asked = time.monotonic()
                job = slurm_cli.job(job_id)
                if job is not None and job.state == "PENDING":
                    if job.reason in slurm_cli.NEVER_STARTS:
                        raise HostCannotRun(
                            f"Slurm will never start run {run_id}'s job {job_id}: {job.reason}",
                            hint="ask for less (another --variant, a shorter --budget "
                            f"wall_time) or use another partition ({PARTITION_ENV})",
                        )
                    if job.reason not in (pending_reason, "None"):
                        pending_reason = job.reason
                        log.info("run %s: job %s queued (%s)", run_id, job_id, job.reason)
                elif (job is None or job.ended) and _final_report(run_id, job_id) is None:
                    raise SlurmError(
                        f"Slurm job {job_id} of run {run_id} ended before the run started"
                        f" ({job.state + ': ' + job.reason if job else 'forgotten'})",
                        hint=f"the job's log: {_job_log(run_id, job_id)}",
                    )
            time.sleep(0.1)

    def _end_job(self, run_id: str) -> None:
        """Cancel the run's job (found by name: a start cut short may not have stored its id)
        and wait until its agent reported the node's side stopped and Slurm has ended it (or
        is ending it: what is left of a job cancelled is Slurm's own to reclaim).

        Raises:
            SlurmError: the job did not end within STOP_WAIT_S.
        """
        name = job_name(run_id)
        slurm_cli.cancel(name=name)
        give_up = time.monotonic() + STOP_WAIT_S
        while True:
            states = {j.state for j in slurm_cli.jobs(name=name)}
            report = slurm_node.read_report(run_id)
            stopped = report is None or report.get("state") in slurm_node.FINAL
            if stopped and not states & {"PENDING", "RUNNING", "CONFIGURING", "SUSPENDED"}:
                return
            if states <= slurm_cli.ENDED:  # Slurm is done with it, the agent never reported
                break
            if time.monotonic() > give_up:
                raise SlurmError(
                    f"run {run_id}'s Slurm job did not end in {STOP_WAIT_S:g} s after scancel",
                    hint=f"see `squeue --name={name}`; `envspec gc` tries again",
                )
            time.sleep(0.1)
        # a job agent on a node that Slurm declared failed may still be reaping: give it time
        give_up = time.monotonic() + REPORT_WAIT_S
        while time.monotonic() < give_up:
            report = slurm_node.read_report(run_id)
            if report is None or report.get("state") in slurm_node.FINAL:
                return
            time.sleep(0.2)
        log.warning("run %s: its job ended without its agent's last report (node lost?)", run_id)

    def _request(
        self, run: RunRecord, op: str, args: dict[str, Any], *, timeout: float
    ) -> dict[str, Any]:
        """Do ``op`` on the run's node: a step of its job relays it to the job agent; the
        agent's reply.

        Raises:
            FileReadError: a read failed on the node.
            EnvspecError: the node's error (its hint), or the job has ended.
        """
        st = SlurmState.from_dict(run.backend_state)
        request = {"op": op, "run": st.inner_view(run).to_dict(), "timeout": timeout, **args}
        python = os.environ.get(PYTHON_ENV) or sys.executable
        relay = [python, "-I", "-S", "-c", slurm_node.RELAY, st.socket]
        argv = slurm_cli.srun_argv(st.job_id, relay)
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            out, err = proc.communicate(json.dumps(request), timeout=timeout + STEP_SLACK_S)
        except subprocess.TimeoutExpired:
            proc.terminate()  # srun ends its step on SIGTERM
            try:
                out, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
        reply = _last_json(out)
        if reply is None:
            job = slurm_cli.job(st.job_id)
            if job is None or job.state != "RUNNING":
                raise EnvspecError(
                    f"run {run.id}: its Slurm job {st.job_id} has ended"
                    f" ({job.state + ': ' + job.reason if job else 'forgotten'})",
                    hint=f"`envspec finish {run.id}` writes the result",
                )
            raise SlurmError(
                f"run {run.id}: the request to its job agent on {st.node} failed: "
                f"{err.strip()[-2000:]}",
                hint=f"the job's log: {_job_log(run.id, st.job_id)}",
            )
        if not reply.get("ok"):
            if reply.get("reason"):
                raise FileReadError(reply["error"], reason=reply["reason"], hint=reply.get("hint"))
            raise EnvspecError(str(reply.get("error")), hint=reply.get("hint"))
        return reply


def _final_report(run_id: str, job_id: str) -> dict[str, Any] | None:
    report = slurm_node.read_report(run_id)
    if report is not None and report.get("job_id") == job_id and report["state"] != "preparing":
        return report
    return None


def _job_log(run_id: str, job_id: str) -> str:
    return str(runstore.run_dir(run_id) / f"slurm-{job_id}.log")


def _last_json(out: str) -> dict[str, Any] | None:
    for line in reversed(out.strip().splitlines()):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        return data if isinstance(data, dict) else None
    return None
