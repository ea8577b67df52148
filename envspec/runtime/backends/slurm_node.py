"""What runs on a Slurm node for the slurm backend: the job agent and its relay.

**The job agent** is the job's batch script (``python -m envspec.runtime.backends.slurm_node
job RUN``). On its node it starts the run's agent side with the *inner* backend (docker or
local; ``ENVSPEC_SLURM_INNER``, default docker where an engine answers), writes a report into
the run's folder (``$ENVSPEC_HOME`` is on a filesystem every node shares), and serves the
run's requests until the job ends. It stops the inner side, and reports so, when Slurm ends the
job (``scancel``, the time limit: SIGTERM, then SIGKILL after the cluster's ``KillWait``) or
when the controller says the job is over while this process lives on (its node was declared
failed, yet runs).

**A request** (``exec``, ``put``, ``read``, ``score``) reaches the agent as a step of the job:
``srun --jobid=J --overlap`` starts :data:`RELAY` (a few lines of standard-library Python) on
the job's node, inside its allocation; the relay hands its stdin to the agent's unix socket
(in a folder only the job's user can enter, on the node) and copies the reply, one JSON line,
to its stdout. The agent does the request through the inner backend, so what a command leaves
running is a child of the job's batch step: it lives as long as the job, not the request,
and Slurm ends it with the job.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import logging
import os
import signal
import socket
import socketserver
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

from envspec.errors import EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import GpuAssignment, RunRecord
from envspec.runtime import runstore
from envspec.runtime.backends import get_backend, slurm_cli
from envspec.runtime.backends.base import Backend, FileReadError, StartSpec

log = logging.getLogger(__name__)

#: the run folder's file in which the job agent reports (JSON, replaced whole each time)
REPORT = "slurm-job.json"
#: the inner backend a job uses (docker or local); unset: docker where an engine answers
INNER_ENV = "ENVSPEC_SLURM_INNER"
#: how often the job agent asks the controller whether its job still runs
POLL_S = 2.0
#: report states: preparing -> running -> ended, or failed (it could not start)
FINAL = ("ended", "failed")
#: the relay a request step runs (``python -I -S -c RELAY SOCKET``): stdin to the job agent,
#: its reply to stdout; standard library only, so that it starts in milliseconds
RELAY = (
    "import socket,sys\n"
    "s=socket.socket(socket.AF_UNIX)\n"
    "s.connect(sys.argv[1])\n"
    "s.sendall(sys.stdin.buffer.read())\n"
    "s.shutdown(socket.SHUT_WR)\n"
    "while b:=s.recv(1<<20):\n"
    "    sys.stdout.buffer.write(b)\n"
)


def socket_path(run_id: str) -> Path:
    """Where the job agent of ``run_id`` listens, on its node: a folder of the job's user
    alone (no run user can connect), outside the shared filesystem."""
    base = (
        Path("/run/envspec-slurm")
        if os.geteuid() == 0
        else Path(f"/tmp/envspec-slurm-{os.geteuid()}")
    )
    return base / f"{run_id}.sock"


def report_path(run_id: str) -> Path:
    """Where the job agent of ``run_id`` reports."""
    return runstore.run_dir(run_id) / REPORT


def read_report(run_id: str) -> dict[str, Any] | None:
    """The job agent's last report (None before its first)."""
    try:
        data = json.loads(report_path(run_id).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_report(run_id: str, report: dict[str, Any]) -> None:
    path = report_path(run_id)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(report, indent=2, sort_keys=True))
    os.replace(tmp, path)  # whole or absent for a reader on another node


class _JobEnded(BaseException):
    """Slurm signalled the job agent: the job is being ended. A BaseException, so that no
    ``except Exception`` in the inner backend swallows it while it starts the run."""


def _on_signal(signum: int, frame: FrameType | None) -> None:
    raise _JobEnded(signal.Signals(signum).name)


def run_job(run_id: str, gpu_type: str | None) -> int:
    """The job agent (see the module doc); its exit code."""
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, _on_signal)
    job_id = os.environ.get("SLURM_JOB_ID", "")
    node = os.environ.get("SLURMD_NODENAME") or socket.gethostname()
    report: dict[str, Any] = {"state": "preparing", "job_id": job_id, "node": node}
    report["pid"] = os.getpid()
    inner: Backend | None = None
    view: RunRecord | None = None
    server: socketserver.UnixStreamServer | None = None
    try:
        _write_report(run_id, report)
        run = runstore.load(run_id)
        manifest = Manifest.from_dict(run.manifest)
        inner = get_backend(os.environ.get(INNER_ENV) or None)
        if inner.schedules:
            raise EnvspecError(
                f"{INNER_ENV}={inner.name}: a job's inner backend must run on its node",
                hint=f"set {INNER_ENV} to docker or local",
            )
        network = manifest.variant(run.variant).network
        if inner.name == "local" and network != "none":
            # the run's user would reach slurmctld (and munge's socket) from the host's network
            # and submit jobs of its own, past the run's budget and deadline, which then ran
            # as a later run given its uid (an attacker's review, 2026-12-06)
            raise EnvspecError(
                f"{INNER_ENV}=local runs only variants with network none on a Slurm node "
                f"(this one has network {network}): its agent could submit Slurm jobs",
                hint=f"set {INNER_ENV}=docker for this variant",
            )
        _reap_node(inner)
        prepared = inner.prepare(Reference.parse(run.reference), manifest, run.variant)
        # the run's clock starts now, on the node; it never runs past the job's time limit
        started = time.time()
        device_ids, gpus = _gpus(inner.name, node, gpu_type)
        deadline = started + run.limits.time_s(len(gpus))
        end = slurm_cli.end_time(job_id)
        if end is not None:
            deadline = min(deadline, end)
        view = run.with_(
            backend=inner.name,
            started_at=started,
            deadline=deadline,
            gpus=gpus,
            backend_state=prepared.to_dict(),
        )
        from envspec.runtime.runs import variant_env  # the node imports the runtime anyway

        isolation, state = inner.start(
            StartSpec(view, manifest, prepared, device_ids, env=variant_env(manifest, run.variant))
        )
        view = view.with_(backend_state=state.to_dict())
        report.update(
            state="running",
            inner=inner.name,
            isolation=isolation,
            inner_state=view.backend_state,
            started_at=started,
            deadline=deadline,
            gpus=[dataclasses.asdict(g) for g in gpus],
        )
        server = _serve_requests(socket_path(run_id))
        report["socket"] = str(socket_path(run_id))
        _write_report(run_id, report)
        report.update(state="ended", why=_wait_for_end(job_id))
    except _JobEnded as e:
        report.update(state="ended" if view else "failed", why=f"Slurm ended the job ({e})")
        if view is None:
            report["error"] = "the job was ended before the run started"
    except Exception as e:  # reported to the submitter, which raises it there
        log.exception("run %s could not start on %s", run_id, node)
        report.update(state="failed", error=getattr(e, "message", str(e)) or repr(e))
        report["hint"] = getattr(e, "hint", None)
    finally:
        # the cleanup must not be cut short by a second signal (SIGKILL ends it anyway)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        if server is not None:  # no request starts any more
            server.server_close()
            socket_path(run_id).unlink(missing_ok=True)
        if inner is not None and view is not None:
            try:
                inner.stop(view)
            except Exception as e:
                log.exception("run %s: the inner side could not be stopped", run_id)
                report["stop_error"] = str(e)
        report["ended_at"] = time.time()
        _write_report(run_id, report)
    return 0 if report["state"] == "ended" else 1


class _Requests(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True  # a request in flight does not keep the agent from ending


class _Request(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        try:
            reply = run_step(json.loads(self.rfile.read()))
        except Exception as e:  # a bug, or a relay that sent no request: said to the relay
            log.exception("request failed")
            reply = {"ok": False, "error": f"the job agent failed: {e!r}", "hint": None}
        self.wfile.write(json.dumps(reply).encode() + b"\n")


def _serve_requests(path: Path) -> socketserver.UnixStreamServer:
    """Listen at ``path`` (its folder private to this user) in a thread of its own."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = path.parent.lstat()
    if info.st_uid != os.geteuid() or info.st_mode & 0o077:
        raise EnvspecError(
            f"{path.parent} must be a folder of this user alone (mode 0700)",
            hint=f"remove {path.parent}; the next job makes it again",
        )
    path.unlink(missing_ok=True)
    server = _Requests(str(path), _Request)
    threading.Thread(target=server.serve_forever, name="requests", daemon=True).start()
    return server


def _wait_for_end(job_id: str) -> str:
    """Wait until the controller says the job is over (a signal usually comes first)."""
    while True:
        time.sleep(POLL_S)
        try:
            job = slurm_cli.job(job_id)
        except EnvspecError as e:  # the controller is away: the job stands until it says so
            log.info("cannot ask the controller about job %s: %s", job_id, e)
            continue
        if job is None:
            return "the controller no longer knows the job"
        if job.ended:
            return f"the controller ended the job: {job.state} ({job.reason})"


def _reap_node(inner: Backend) -> None:
    """What dead runs of this ``$ENVSPEC_HOME`` left on this node (a job agent killed before
    its cleanup ended): the node's own gc, since no other host can reach its engine."""
    keep = {r.id for r in runstore.all_runs() if r.status in runstore.KEPT_STATES}
    try:
        inner.reap(keep)
    except EnvspecError as e:
        log.warning("leftovers on this node not reaped: %s", e)


def _gpus(
    inner: str, node: str, gpu_type: str | None
) -> tuple[tuple[str, ...], tuple[GpuAssignment, ...]]:
    """The job's GPUs: the ids the inner backend is given, and what the run record says.

    ``SLURM_JOB_GPUS`` holds the node's indices of the job's GPUs. A container engine runs
    outside the job and needs those; the local backend's processes run inside the job (its
    steps), where ``CUDA_VISIBLE_DEVICES`` is Slurm's view for them (renumbered from 0 when the
    cluster constrains devices with cgroups)."""
    indices = [int(i) for i in os.environ.get("SLURM_JOB_GPUS", "").split(",") if i.isdigit()]
    if not indices:
        return (), ()
    visible = [d for d in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",") if d]
    ids = [str(i) for i in indices] if inner == "docker" or not visible else visible
    from envspec.runtime.gpu import detect_inventory, normalise_model

    try:
        known = {g.index: g for g in detect_inventory()}
    except EnvspecError:
        known = {}
    model = normalise_model(gpu_type) if gpu_type else "unknown"
    out = []
    for index in indices:
        gpu = known.get(index)
        if gpu is not None:
            out.append(GpuAssignment(index, gpu.uuid, gpu.model, gpu.name, gpu.memory_gb))
        else:  # GRES without a driver to ask (fake GPUs): the node and index name it
            out.append(GpuAssignment(index, f"GPU-{node}-{index}", model, gpu_type or model, 0.0))
    return tuple(ids), tuple(out)


# --- requests --------------------------------------------------------------------------------


def run_step(request: dict[str, Any]) -> dict[str, Any]:
    """Do one request on the inner side of a run; the reply (``ok`` false with ``error`` and
    ``hint`` for an envspec error, ``reason`` too for a file that cannot be read)."""
    run = RunRecord.from_dict(request["run"])  # the inner backend's view of the run
    try:
        return {"ok": True, **_serve(get_backend(run.backend), run, request)}
    except FileReadError as e:
        return {"ok": False, "error": e.message, "hint": e.hint, "reason": e.reason}
    except EnvspecError as e:
        return {"ok": False, "error": e.message, "hint": e.hint}


def _serve(inner: Backend, run: RunRecord, request: dict[str, Any]) -> dict[str, Any]:
    op = request["op"]
    timeout = float(request["timeout"])
    if op == "exec":
        r = inner.exec(run, list(request["argv"]), timeout=timeout)
        return {
            "exit_code": r.exit_code,
            "stdout": _b64(r.stdout),
            "stderr": _b64(r.stderr),
            "timed_out": r.timed_out,
            "dropped": r.dropped,
        }
    if op == "put":
        inner.put_file(run, request["path"], base64.b64decode(request["data"]), timeout=timeout)
        return {}
    if op == "read":
        return {"data": _b64(inner.read_file(run, request["path"], timeout=timeout))}
    if op == "score":
        from envspec import constants
        from envspec.runtime import sandbox_uids

        env = dict(request["env"])
        # the sandboxes' uids are this node's: leased here, not on the submitting host
        with sandbox_uids.lease() as (first, count):
            env[constants.SANDBOX_UIDS_ENV] = f"{first}:{count}"
            s = inner.score(run, env=env, timeout=timeout)
        return {
            "result": None if s.result is None else _b64(s.result),
            "exit_code": s.exit_code,
            "timed_out": s.timed_out,
            "logs": s.logs,
            "seconds": s.seconds,
        }
    raise EnvspecError(f"unknown step {op!r}", hint="the submitting envspec is another version")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def main(argv: list[str]) -> int:
    """``job RUN [--gpu-type TYPE]``: the job agent."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    if argv[:1] == ["job"] and len(argv) in (2, 4):
        gpu_type = argv[3] if len(argv) == 4 and argv[2] == "--gpu-type" else None
        return run_job(argv[1], gpu_type)
    sys.stderr.write("usage: slurm_node job RUN [--gpu-type TYPE]\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
