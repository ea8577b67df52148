"""The docker backend: the agent in its own container, the scorer in another, from the scorer
image, which gets a link-free snapshot of the agent's solution (never the live folder).

The agent container's PID 1 (under ``--init``) is ``sleep <remaining budget>``, run as root
without capabilities (the agent's commands run as the task's user, which cannot signal it), and
the container is auto-removed, so the deadline holds even when no envspec process is alive.
The agent's working directory is a named volume, so the solution outlives the container.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import stat
import tarfile
import time
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

import docker.errors
import docker.types
import requests

from envspec import constants
from envspec.atomic import write_atomic
from envspec.errors import EngineError, EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import RunRecord
from envspec.oci import engine
from envspec.oci.env_assets import asset_env, assets_for, variant_images
from envspec.runtime import runstore, services, storage
from envspec.runtime.backends import docker_services
from envspec.runtime.backends.base import (
    RESULT_PATH,
    SOLUTION_MOUNT,
    STOP_GRACE_S,
    Backend,
    ExecResult,
    OutputBuffer,
    ScorerRun,
    StartSpec,
    State,
    launch_slot,
    scoring_in_progress,
    settle_launches,
    snapshot_for_scoring,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DockerState(State):
    """A docker run's state: its images (pinned ids), containers, volume, disk and services."""

    agent_image: str
    scorer_image: str
    #: service name -> the image of its proxy (and a model's engine)
    service_images: dict[str, str] | None = None
    agent_container: str | None = None
    volume: str | None = None
    disk: str | None = None  # the run's own file system, when this host can make one
    agent_network: str | None = None  # the run's internal network, when it has services
    service_urls: dict[str, str] | None = None
    service_keys: dict[str, Any] | None = None


#: where the scorer container's own snapshot of the solution goes, and the command that makes it
#: before the scorer starts: the kit copies the read-only volume without following links, and
#: a solution holding anything but regular files and folders is invalid without being scored
SNAPSHOT_PATH = "/tmp/envspec-solution"
#: a scorer's root-only home, and what it holds on a run with a disk of its own: the snapshot,
#: made by the runtime before the scorer container starts (one interpreter start less a
#: scoring), and the result, out of its sandboxes' reach
SCORER_HOME = "/root"
HOME_SNAPSHOT = "envspec-solution"
HOME_RESULT = "envspec-result.json"
#: the largest result file read from a scoring (a scorer's result is a few lines of JSON)
RESULT_MAX_BYTES = 64 << 20
SNAPSHOT_FIRST = [
    "sh",
    "-c",
    f"python3 -I -S {constants.KIT_DIR}/{constants.KIT_FILE_NAME} --snapshot {SOLUTION_MOUNT} "
    f'{SNAPSHOT_PATH}; code=$?; [ $code = 0 ] && exec "$@"; [ $code = 3 ] && exit 0; exit $code',
    "envspec-scorer",
]
#: the scorer kit's folder for sandboxes in a scorer container (the kit's default)
SCORER_SANDBOXES = PurePosixPath("/var/lib/envspec-scoring")
#: the capabilities a scorer container keeps (every other one is dropped)
SCORER_CAPABILITIES = ("CHOWN", "DAC_OVERRIDE", "FOWNER", "SETUID", "SETGID", "KILL", "SYS_PTRACE")


class RunGone(EnvspecError):
    """The run's agent container no longer exists (deadline reached, or removed)."""


def _asset_env(manifest: Manifest, role: str, variant: str) -> dict[str, str]:
    """The assets are baked into the images at their mounts (the top-level ones by
    ``envspec.oci.build``, the variant's by ``prepare``)."""
    return asset_env([(a, a.mount) for a in assets_for(manifest, role, variant)])


def _paused(client: Any, name: str | None) -> Any:
    """The agent's container, paused for a scoring (None: it is gone or not running). One
    left paused by a scoring that was killed is this scoring's to resume.

    Raises:
        EngineError: the engine could not pause a running agent (the scoring must not go on
            beside it).
    """
    if name is None:
        return None
    try:
        agent = client.containers.get(name)
    except docker.errors.NotFound:
        return None
    if agent.status == "paused":
        return agent
    if agent.status != "running":
        return None
    try:
        agent.pause()
    except docker.errors.APIError as e:
        try:
            agent.reload()
        except docker.errors.NotFound:
            return None  # its deadline came meanwhile
        if agent.status == "paused":
            return agent
        if agent.status == "running":
            raise EngineError(
                f"cannot pause the agent's container for scoring: {e.explanation or e}",
                hint="check the engine's log (its cgroup freezer)",
            ) from e
        return None
    return agent


def _resume_after_scoring(run_id: str, agent: Any) -> None:
    """An agent container paused by a scoring: wait for the scoring to end (its container to
    go); one paused by a scoring that was killed before it could resume it is resumed now."""
    client = engine.client()
    flt = {
        "label": [f"{constants.LABEL_RUN}={run_id}", f"{constants.LABEL_ROLE}=scorer"],
        "status": ["created", "running"],
    }
    while client.containers.list(all=True, sparse=True, filters=flt):
        time.sleep(0.5)
    agent.reload()
    if agent.status == "paused":
        with contextlib.suppress(docker.errors.APIError):
            agent.unpause()


def _names(run_id: str) -> tuple[str, str]:
    return f"envspec-{run_id}-agent", f"envspec-{run_id}"


class DockerBackend(Backend):
    """Runs through the Docker engine (``DOCKER_HOST`` or the default socket)."""

    name = "docker"

    def prepare(self, ref: Reference, manifest: Manifest, variant: str) -> DockerState:
        """Pull both images into the engine (pinned: the loaded ids are checked), then add
        the variant's own assets, fetched by digest from ``ref``'s store."""
        # imported here: only starting a run pulls (see envspec.runtime.runs.start_run)
        from envspec.oci.pull import pull_environment

        pulled = pull_environment(ref, lock_path=None)
        images = {}
        for role in ("agent", "scorer"):
            image = engine.image_id(pulled.images[role])
            if image is None:  # removed between the pull and now
                raise EngineError(f"the engine lost {pulled.images[role]}", hint="run again")
            images[role] = image
        images = variant_images(images, ref, manifest, variant)
        return DockerState(
            agent_image=images["agent"],
            scorer_image=images["scorer"],
            service_images=(
                docker_services.service_images(ref, manifest) if manifest.services else None
            ),
        )

    def start(self, spec: StartSpec) -> tuple[str, DockerState]:
        """Create the run's disk and volumes and the agent container (see module doc)."""
        run, manifest = spec.run, spec.manifest
        variant = manifest.variant(run.variant)
        client = engine.client()
        agent_name, volume_name = _names(run.id)
        labels = _labels(run.id, "agent")
        remaining = max(1, int((run.deadline or time.time()) - time.time()))
        hw = variant.hardware
        prepared: DockerState = spec.prepared
        state = replace(prepared, agent_container=agent_name, volume=volume_name)
        why_not = _no_disk()
        try:
            if why_not is None:
                disk = storage.create(run.id, hw.storage_gb, storage.disks_dir() / run.id)
                state = replace(state, disk=str(disk))
                home = _home_of(prepared.agent_image, manifest.task.user)
                volumes = _disk_volumes(run.id, disk, manifest.task.workdir, home)
            else:
                log.warning("run %s: storage is not bounded: %s", run.id, why_not)
                client.volumes.create(name=volume_name, labels=_labels(run.id, "solution"))
                volumes = {volume_name: {"bind": manifest.task.workdir, "mode": "rw"}}
            network = "none" if variant.network == "none" else "bridge"
            env = {**spec.env, **_asset_env(manifest, "agent", run.variant)}
            service_gpus, agent_gpus = services.split_gpus(manifest, spec.device_ids)
            if manifest.services:
                state = replace(
                    state,
                    **docker_services.start(
                        run,
                        manifest,
                        prepared.service_images or {},
                        _labels,
                        scorer_image=prepared.scorer_image,
                        env={
                            **spec.env,
                            **_asset_env(manifest, "scorer", run.variant),
                            "PYTHONPATH": constants.KIT_DIR,
                        },
                        gpus=service_gpus,
                    ),
                )
                # on the run's internal network the agent finds only the proxies
                network = str(state.agent_network)
                env.update(
                    services.agent_env(manifest, state.service_urls or {}, state.service_keys or {})
                )
            agent = client.containers.run(
                prepared.agent_image,
                command=["sleep", str(remaining)],
                name=agent_name,
                detach=True,
                init=True,
                auto_remove=True,
                # PID 1 (the deadline) runs as root with no capabilities, so that the agent's
                # user, which every command runs as (exec names it), cannot stop or kill it
                user="0:0",
                working_dir=manifest.task.workdir,
                labels=labels,
                volumes=volumes,
                # with a disk, everything the agent may write is on it: the image is read-only
                read_only=why_not is None,
                network_mode=network,
                nano_cpus=int(hw.cpus * 1e9),
                mem_limit=f"{int(hw.memory_gb * 1024)}m",
                pids_limit=4096,
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                device_requests=docker_services.gpu_request(agent_gpus),
                environment=env,
            )
            if manifest.services and variant.network != "none":
                client.networks.get("bridge").connect(agent)
        except docker.errors.APIError as e:
            # docker-py leaves a created container behind when start fails (e.g. no GPU driver)
            self.stop(run)
            hint = "check the engine's log"
            if "device driver" in str(e):
                hint = "this engine has no NVIDIA runtime: install nvidia-container-toolkit"
            raise EngineError(
                f"cannot start the agent container: {e.explanation or e}", hint=hint
            ) from e
        except BaseException:
            self.stop(run)
            raise
        return "container", state

    def _agent(self, run: RunRecord) -> Any:
        try:
            return engine.client().containers.get(_names(run.id)[0])
        except docker.errors.NotFound as e:
            raise RunGone(
                f"run {run.id}: the agent container is gone (deadline reached or stopped)",
                hint=f"`envspec finish {run.id}` writes the result",
            ) from e

    def exec(self, run: RunRecord, argv: list[str], *, timeout: float) -> ExecResult:
        """``docker exec`` as the agent user, bounded by ``timeout`` (coreutils ``timeout``)."""
        manifest = Manifest.from_dict(run.manifest)
        wrapped = ["timeout", "-k", "5", f"{max(1, int(timeout))}", *argv]
        api = engine.client().api
        out, err = OutputBuffer(), OutputBuffer()
        try:
            # no scoring is in progress from the slot's check until the command runs in the
            # container, where a scoring's pause reaches it: a paused container found here is
            # a killed scoring's, never a running one's
            with launch_slot(run.id) as open_:
                if not open_:
                    return ExecResult(126, b"", b"envspec: the run has ended\n")
                container = self._agent(run)
                if container.status == "paused":  # by a scoring killed before it resumed it
                    _resume_after_scoring(run.id, container)
                made = api.exec_create(
                    container.id, wrapped, user=manifest.task.user, workdir=manifest.task.workdir
                )
                # streamed frame by frame: the SDK's demux joins the frames in quadratic time
                frames = api.exec_start(made["Id"], stream=True, demux=True)
            try:
                for o, e in frames:
                    if o:
                        out.add(o)
                    if e:
                        err.add(e)
            except BaseException:  # interrupted (Ctrl-C, SIGTERM): the command must not go on
                _stop_exec(api, container.id, made["Id"], manifest.task.user)
                raise
            code = int(api.exec_inspect(made["Id"])["ExitCode"] or 0)
        except docker.errors.APIError as e:
            raise RunGone(f"run {run.id}: exec failed: {e.explanation or e}") from e
        return ExecResult(
            code,
            bytes(out.data),
            bytes(err.data),
            timed_out=code == 124,
            dropped=out.dropped + err.dropped,
        )

    def score(self, run: RunRecord, *, env: dict[str, str], timeout: float) -> ScorerRun:
        """A fresh scorer container: scorer image, a snapshot of the solution, no network."""
        manifest = Manifest.from_dict(run.manifest)
        variant = manifest.variant(run.variant)
        client = engine.client()
        _, volume = _names(run.id)
        device_ids = [str(g.index) for g in run.gpus]
        started = time.monotonic()
        name = f"envspec-{run.id}-scorer-{run.scorer_calls}"
        # a scorer container left by a killed `envspec score` must not block this one (409)
        for left in client.containers.list(all=True, sparse=True, filters={"name": f"^/{name}$"}):
            _force_remove(left)
        st = DockerState.of(run)
        scratch = Path(st.disk) / "scoring" / str(run.scorer_calls) if st.disk else None
        # the services' folders (root-only): their proxies' sockets, the scorer's route to them
        mounts = [
            docker.types.Mount(
                f"{services.SCORER_SERVICES}/{s.name}",
                str(services.service_dir(run.id, s.name)),
                type="bind",
            )
            for s in manifest.services
        ]
        if scratch is None:  # the solution is a volume: the scorer container snapshots it
            mounts.append(docker.types.Mount(SOLUTION_MOUNT, volume, type="volume", read_only=True))
            entrypoint = [*SNAPSHOT_FIRST, *manifest.scoring.entrypoint]
            solution, result_path = SNAPSHOT_PATH, RESULT_PATH
        else:  # on the run's disk: snapshotted here, into the scorer's root-only home
            mounts += _scratch_mounts(scratch)
            entrypoint = list(manifest.scoring.entrypoint)
            # the result in that home too: the scorer's sandboxes share its /tmp
            solution = f"{SCORER_HOME}/{HOME_SNAPSHOT}"
            result_path = f"{SCORER_HOME}/{HOME_RESULT}"
        # the agent waits while its solution is snapshotted and scored, as on the local
        # backend: its processes can neither change what the scorer reads nor watch the
        # scoring (the disk they share); a command for it waits for the scoring to end (exec)
        with scoring_in_progress(run.id):
            settle_launches(run.id)
            agent = _paused(client, st.agent_container)
            container = None
            try:
                if scratch is not None:
                    refused = snapshot_for_scoring(
                        Path(str(st.disk)) / "solution", scratch / "home" / HOME_SNAPSHOT
                    )
                    if refused is not None:
                        return ScorerRun(refused, 0, False, "", time.monotonic() - started)
                container = client.containers.create(
                    st.scorer_image,
                    entrypoint=entrypoint,
                    command=[],
                    name=name,
                    labels=_labels(run.id, "scorer"),
                    mounts=mounts,
                    read_only=scratch is not None,
                    # the kit's uid locks (/run/envspec-sandbox-uids): a few empty files
                    tmpfs={"/run": "size=16m,mode=755"} if scratch is not None else {},
                    environment={
                        **env,
                        **_asset_env(manifest, "scorer", run.variant),
                        "ENVSPEC_SOLUTION": solution,
                        "ENVSPEC_RESULT": result_path,
                        "PYTHONPATH": constants.KIT_DIR,
                        **_scorer_service_env(manifest, run),
                    },
                    network_mode="none",
                    nano_cpus=int(variant.hardware.cpus * 1e9),
                    mem_limit=f"{int(variant.hardware.memory_gb * 1024)}m",
                    pids_limit=4096,
                    # root in its own container, with only what the scorer kit needs: files of
                    # other users (the agent's), a uid per sandbox, signalling it, and reading a
                    # stopped sandboxed process's memory (optimize_kernel takes outputs so)
                    cap_drop=["ALL"],
                    cap_add=list(SCORER_CAPABILITIES),
                    security_opt=["no-new-privileges"],
                    device_requests=docker_services.gpu_request(device_ids),
                )
                timed_out = False
                exit_code: int | None = None
                container.start()
                try:
                    exit_code = int(container.wait(timeout=timeout)["StatusCode"])
                except (requests.exceptions.ConnectionError, requests.exceptions.ReadTimeout):
                    timed_out = True
                    container.kill()
                logs = container.logs(stdout=True, stderr=True).decode(errors="replace")[-20000:]
                if timed_out:
                    result = None
                elif scratch is None:
                    result = _read_file(container, RESULT_PATH)
                else:  # read here, without an engine call
                    result = _read_regular(scratch / "home" / HOME_RESULT)
            finally:
                if container is not None:
                    container.remove(force=True)
                if scratch is not None:
                    shutil.rmtree(scratch, ignore_errors=True)
                if agent is not None:
                    with contextlib.suppress(docker.errors.APIError):
                        agent.unpause()
        return ScorerRun(result, exit_code, timed_out, logs, time.monotonic() - started)

    def stop(self, run: RunRecord, *, keep_solution: bool = False) -> None:
        """Remove the run's containers (and its volumes and disk unless ``keep_solution``)."""
        _remove_labelled(run.id, volumes=not keep_solution)
        docker_services.remove_networks(run.id)
        if not keep_solution:
            storage.remove(run.id)

    def reap(self, keep: set[str]) -> list[str]:
        """Remove containers and volumes labelled with runs not in ``keep``."""
        client = engine.client()
        gone: set[str] = set()
        mine = {"label": f"{constants.LABEL_HOME}={constants.home_label()}"}
        # sparse: the engine's list as it is; a full list inspects each container, and one
        # another envspec process removes meanwhile (a concurrent run's scorer) fails it
        for c in client.containers.list(all=True, sparse=True, filters=mine):
            rid = (c.attrs.get("Labels") or {}).get(constants.LABEL_RUN, "")
            if rid not in keep and not runstore.still_kept(rid):
                _force_remove(c)
                gone.add(rid)
        for v in client.volumes.list(filters=mine):
            rid = (v.attrs.get("Labels") or {}).get(constants.LABEL_RUN, "")
            if rid not in keep and not runstore.still_kept(rid):
                v.remove(force=True)
                gone.add(rid)
        for net in client.networks.list(filters=mine):
            rid = (net.attrs.get("Labels") or {}).get(constants.LABEL_RUN, "")
            if rid not in keep and not runstore.still_kept(rid):
                docker_services.remove_networks(rid)
                gone.add(rid)
        return sorted(gone)


def _stop_exec(api: Any, container_id: str, exec_id: str, user: str) -> None:
    """Stop what an exec runs: SIGTERM to the process group its ``timeout`` wrapper leads (it
    is the group's leader), SIGKILL :data:`STOP_GRACE_S` later, sent by a detached exec as the
    agent's user.
    The group is found by the wrapper's pid in the container's namespace, read from this
    host's /proc (a remote engine's processes are out of reach: they run on)."""
    try:
        host_pid = int(api.exec_inspect(exec_id).get("Pid") or 0)
        status = Path(f"/proc/{host_pid}/status").read_text() if host_pid else ""
    except (docker.errors.APIError, OSError, ValueError):
        return
    ns_pids = [line.split()[1:] for line in status.splitlines() if line.startswith("NSpid:")]
    if not ns_pids or not ns_pids[0]:
        log.warning("an interrupted command may go on in the agent's container")
        return
    group = int(ns_pids[0][-1])
    stop = f"kill -s TERM -- -{group}; sleep {STOP_GRACE_S:g}; kill -s KILL -- -{group}"
    with contextlib.suppress(docker.errors.APIError):
        made = api.exec_create(container_id, ["sh", "-c", f"{{ {stop}; }} 2>/dev/null"], user=user)
        api.exec_start(made["Id"], detach=True)


def _scratch_mounts(scratch: Path) -> list[docker.types.Mount]:
    """A scoring's writable places on the run's disk, made afresh: what the scorer and its
    sandboxes write counts against the run's storage. Its home is its own (root-only), not
    the /tmp its sandboxes share."""
    shutil.rmtree(scratch, ignore_errors=True)
    for sub, mode in (("tmp", 0o1777), ("sandboxes", 0o711), ("home", 0o700)):
        (scratch / sub).mkdir(parents=True)
        os.chmod(scratch / sub, mode)
    return [
        docker.types.Mount(target, str(scratch / sub), type="bind")
        for target, sub in (("/tmp", "tmp"), ("/var/tmp", "tmp"),
                            (str(SCORER_SANDBOXES), "sandboxes"), (SCORER_HOME, "home"))
    ]  # fmt: skip


def _read_regular(path: Path, limit: int = RESULT_MAX_BYTES) -> bytes | None:
    """The regular file at ``path`` (None: missing, a link or not a regular file, or larger
    than ``limit``). Opened without following a link: the scorer runs the agent's code, and
    a link it left would make this host's envspec read a file of the host."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = b""
        while len(data) <= limit and (chunk := os.read(fd, limit + 1 - len(data))):
            data += chunk
    finally:
        os.close(fd)
    return data if len(data) <= limit else None


def _scorer_service_env(manifest: Manifest, run: RunRecord) -> dict[str, str]:
    """Where the scorer finds the run's services: sockets under SCORER_SERVICES, its key."""
    keys = DockerState.of(run).service_keys
    if not manifest.services or not keys:
        return {}
    folders = {s.name: f"{services.SCORER_SERVICES}/{s.name}" for s in manifest.services}
    return services.scorer_env(manifest, folders, keys)


def _no_disk() -> str | None:
    """Why runs get no disk of their own here (None: they do). The disk is mounted on this host
    and bound into the containers, so the engine must be this host's."""
    host = os.environ.get("DOCKER_HOST", "")
    if host and not host.startswith("unix://"):
        return f"the engine ({host}) is not this host's"
    return storage.unsupported()


def _disk_volumes(
    run_id: str, disk: Path, workdir: str, home: str | None
) -> dict[str, dict[str, str]]:
    """Volumes of the local driver bound to the disk's folders: the solution at the workdir,
    the agent's home, /tmp and /var/tmp. Being volumes, the empty ones are filled from the image
    when first mounted (the starting solution, the home's files)."""
    client = engine.client()
    places = [
        ("solution", workdir, "solution"),
        ("tmp", "/tmp", "tmp"),
        ("var-tmp", "/var/tmp", "tmp"),
    ]
    # the home (a solution folder inside it is mounted over it); "/" or the workdir: none
    if home and home != "/" and not PurePosixPath(home).is_relative_to(workdir):
        places.append(("home", home, "home"))
    os.chmod(disk / "tmp", 0o1777)
    volumes = {}
    for role, target, folder in places:
        name = _names(run_id)[1] if role == "solution" else f"envspec-{run_id}-{role}"
        client.volumes.create(
            name=name,
            driver="local",
            driver_opts={"type": "none", "o": "bind", "device": str(disk / folder)},
            labels=_labels(run_id, role),
        )
        volumes[name] = {"bind": target, "mode": "rw"}
    return volumes


def _home_of(image: str, user: str) -> str | None:
    """The home folder of ``user`` in ``image``'s /etc/passwd (None when it names none). Read
    once per image id (a throwaway container), then from the cache: an image never changes."""
    cached = constants.cache_dir("passwd") / image.removeprefix("sha256:")
    if not cached.is_file():
        container = engine.client().containers.create(image, command=["true"])
        try:
            write_atomic(cached, _read_file(container, "/etc/passwd") or b"")
        finally:
            _force_remove(container)
    passwd = cached.read_bytes()
    for line in passwd.decode(errors="replace").splitlines():
        fields = line.split(":")
        if len(fields) >= 6 and fields[0] == user and fields[5].startswith("/"):
            return fields[5]
    return None


def _labels(run_id: str, role: str) -> dict[str, str]:
    return {
        constants.LABEL_RUN: run_id,
        constants.LABEL_ROLE: role,
        constants.LABEL_HOME: constants.home_label(),
    }


def _read_file(container: Any, path: str) -> bytes | None:
    try:
        stream, _ = container.get_archive(path)
    except docker.errors.NotFound:
        return None
    with tarfile.open(fileobj=io.BytesIO(b"".join(stream))) as tar:
        member = tar.next()
        if member is None or not member.isfile():
            return None
        f = tar.extractfile(member)
        return f.read() if f is not None else None


def _force_remove(container: Any) -> None:
    try:
        container.remove(force=True)
    except docker.errors.NotFound:
        pass
    except docker.errors.APIError as e:
        if "already in progress" not in str(e):
            raise


def _remove_labelled(run_id: str, *, volumes: bool) -> None:
    client = engine.client()
    flt = {"label": f"{constants.LABEL_RUN}={run_id}"}
    for c in client.containers.list(all=True, sparse=True, filters=flt):
        _force_remove(c)
    if volumes:
        for v in client.volumes.list(filters=flt):
            with contextlib.suppress(docker.errors.NotFound):
                v.remove(force=True)
