"""The local backend, for hosts without a container engine (many GPU nodes).

The environment's images are read from an OCI store (a registry, or a layout made with
``envspec pull --into oci:PATH --slim``); only the layers an image does not share with its
sibling are unpacked (the agent's task files, the scorer's files), since the
shared base is what the host itself provides (Python, torch, ...). When envspec runs as
root, each run gets its own unprivileged user, the run's host folder and the scorer's files
are root-only, and a detached watchdog kills the agent's processes at the deadline.
Otherwise the run is ``unisolated``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pwd
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from filelock import FileLock

from envspec import constants
from envspec.errors import EnvspecError
from envspec.kit import scorer_kit
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import RunRecord
from envspec.oci.env_assets import asset_cache, asset_env, asset_reference, assets_for, fetch_asset
from envspec.oci.pull import image_layers, resolve, unneeded_locally
from envspec.oci.store import Store
from envspec.runtime import runstore, services, storage
from envspec.runtime.backends import local_services
from envspec.runtime.backends.base import (
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
from envspec.runtime.host import HostCannotRun

log = logging.getLogger(__name__)

#: where scorings' sandbox folders live when envspec runs as root (see _scoring_dir)
SCORING_BASE = Path("/var/lib/envspec/scoring")
#: the launcher of an agent's command on a run with a disk: a mount namespace of its own where
#: the host's shared temporary folders are the disk's ``tmp`` (bounded, gone with the run), a
#: System V IPC namespace of its own (segments die with it, not with the host), then the run's
#: uid with no_new_privs (no setgid crontab or at to run code outside all this), the namespace's
#: own message queues at /dev/mqueue (the host's would outlive the run), and no keyrings (the
#: kit's seccomp filter: a key outlives its uid's processes); arguments: that folder, uid, gid,
#: the command
PRIVATE_TMP = [
    sys.executable, "-I", "-S", scorer_kit.__file__, "--deny-keyrings",
    "unshare", "--mount", "--ipc", "--propagation", "private", "--", "sh", "-c",
    'for d in /tmp /var/tmp /dev/shm /run/lock; do [ -d "$d" ] || continue; '
    'mount --bind "$1" "$d" || exit 126; done; '
    'if [ -d /dev/mqueue ]; then mount -t mqueue mqueue /dev/mqueue || exit 126; fi; '
    'shift; u=$1; g=$2; shift 2; '
    'exec setpriv --reuid="$u" --regid="$g" --clear-groups --no-new-privs -- "$@"',
    "envspec-agent",
]  # fmt: skip
#: how long an agent's command may take to become the run's user (its launcher, as root)
LAUNCH_WAIT_S = 30.0
#: the folders PRIVATE_TMP hides: no run's area may be under one
SHARED_TMP = (Path("/tmp"), Path("/var/tmp"), Path("/dev/shm"), Path("/run/lock"))
#: the host provides the shared base (Python, torch): the interpreter envspec runs on comes first
AGENT_PATH = f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin"


@dataclass(frozen=True)
class LocalState(State):
    """A local run's state: the unpacked images and assets, its folder, user and processes."""

    agent_root: str  # the agent image's own files, unpacked (root-only cache)
    scorer_root: str  # the scorer image's own files, unpacked
    assets: dict[str, str]  # asset name -> its folder on this host
    workdir: str | None = None  # the agent's working directory (the solution)
    disk: str | None = None  # the run's own file system, when this host can make one
    env: dict[str, str] | None = None  # the agent's environment
    user: str | None = None  # the run's own unix user, when envspec runs as root
    netns: str | None = None  # the run's network namespace (network none, services)
    service_urls: dict[str, str] | None = None
    service_keys: dict[str, Any] | None = None
    watchdog_pid: int | None = None  # ends the run at its deadline, with no envspec alive


def _is_root() -> bool:
    return os.geteuid() == 0


def _unpack(store: Store, repo: str, layers: list[dict[str, Any]], dest: Path) -> None:
    """Apply layers in order (whiteouts honoured; devices, links out of tree and owners dropped)."""
    dest.mkdir(parents=True, exist_ok=True)
    for layer in layers:
        tmp = dest.parent / (dest.name + ".layer")
        with tmp.open("wb") as f:
            for chunk in store.iter_blob(repo, layer["digest"]):
                f.write(chunk)
        with tarfile.open(tmp) as tar:
            members = []
            for m in tar.getmembers():
                name = PurePosixPath(m.name)
                if name.name.startswith(".wh."):
                    target = dest / name.parent / name.name[4:]
                    if target.is_dir() and not target.is_symlink():
                        shutil.rmtree(target, ignore_errors=True)
                    elif target.exists() or target.is_symlink():
                        target.unlink()
                    continue
                members.append(m)
            _extract(tar, dest, members)
        tmp.unlink()


def _extract(tar: tarfile.TarFile, dest: Path, members: list[tarfile.TarInfo]) -> None:
    """Extract safely: tarfile's ``data`` filter where this Python has it (3.11.4+); on older
    3.11s the same rules by hand: no absolute or escaping paths, no links out of the tree, no
    devices, no owners or special modes."""
    if hasattr(tarfile, "data_filter"):
        tar.extractall(dest, members=members, filter="data")
        return
    safe = []
    for m in members:
        name = PurePosixPath(m.name)
        if name.is_absolute() or ".." in name.parts or m.isdev() or m.isfifo():
            continue
        if m.issym() or m.islnk():
            target = PurePosixPath(m.linkname)
            base = name.parent if m.issym() else PurePosixPath()
            if target.is_absolute() or ".." in (base / target).parts:
                continue
        m.mode &= 0o755
        m.uid = m.gid = 0
        m.uname = m.gname = ""
        safe.append(m)
    tar.extractall(dest, members=safe)  # the members were checked above


def _within(root: Path, image_path: str) -> Path:
    return root / image_path.lstrip("/")


class LocalBackend(Backend):
    """Runs on this host, as a separate unix user when envspec is root."""

    name = "local"

    def prepare(self, ref: Reference, manifest: Manifest, variant: str) -> LocalState:
        """Unpack the agent's and the scorer's own layers (cached by digest).

        Raises:
            HostCannotRun: the environment has services and this host cannot isolate them.
        """
        if manifest.services:
            local_services.check_possible()
        store, resolved = resolve(ref)
        art = resolved.artifact
        cache = constants.cache_dir("unpacked")
        agent_layers = image_layers(store, ref.repository, art.agent_digest)
        scorer_layers = image_layers(store, ref.scorer_repository, art.scorer_digest)
        images = [(ref.repository, art.agent_digest), (ref.scorer_repository, art.scorer_digest)]
        skipped = unneeded_locally(store, images, manifest)  # the assets: _fetch_assets
        roots: dict[str, str] = {}
        for role, repo, digest, layers in (
            ("agent", ref.repository, art.agent_digest, agent_layers),
            ("scorer", ref.scorer_repository, art.scorer_digest, scorer_layers),
        ):
            root = cache / digest.removeprefix("sha256:")
            # one unpacking at a time per image: runs started at once (a batch) share it
            with FileLock(f"{root}.lock"):
                if not (root / ".complete").exists():
                    shutil.rmtree(root, ignore_errors=True)
                    root.mkdir(parents=True, mode=0o700)
                    os.chmod(root, 0o700)  # hidden data: root (or the operator) only
                    own = [layer for layer in layers if layer["digest"] not in skipped]
                    _unpack(store, repo, own, root / "fs")
                    (root / ".complete").write_text(digest)
            roots[role] = str(root / "fs")
        return LocalState(roots["agent"], roots["scorer"], _fetch_assets(ref, manifest, variant))

    def start(self, spec: StartSpec) -> tuple[str, LocalState]:
        """Make the run's disk (as root) with the starting solution on it; start the deadline
        watchdog."""
        run, manifest = spec.run, spec.manifest
        area = work_root() / run.id
        prepared: LocalState = spec.prepared
        disk: Path | None = None
        isolated = _is_root()
        why_not = storage.unsupported() if isolated else "the run is unisolated"
        if why_not is None and any(area.is_relative_to(t) for t in SHARED_TMP):
            raise EnvspecError(
                f"the run's folder {area} is under a shared temporary folder, which the run's "
                "commands get a private one of",
                hint="set ENVSPEC_WORK to a folder elsewhere, e.g. /var/lib/envspec-work",
            )
        no_network = manifest.variant(run.variant).network == "none"
        if isolated and why_not is not None and no_network:
            # the run's network namespace and private temporary folders come with its disk:
            # without them the agent's commands would reach the host's network and its /tmp
            raise HostCannotRun(
                f"the local backend cuts a run's network only with a disk of the run's own, "
                f"which this host cannot make: {why_not}",
                hint="use --backend docker, or a host with loop devices (/dev/loop-control) "
                "and util-linux and e2fsprogs installed",
            )
        if why_not is None:
            size = manifest.variant(run.variant).hardware.storage_gb
            disk = storage.create(run.id, size, area)
            work = area / "solution"
        else:
            log.warning("run %s: storage is not bounded: %s", run.id, why_not)
            work = area
        start = _within(Path(prepared.agent_root), manifest.task.workdir)
        if start.is_dir():
            shutil.copytree(start, work, symlinks=True, dirs_exist_ok=True)
        else:
            work.mkdir(exist_ok=True)
        env = {**spec.env, **_asset_env(prepared, manifest, "agent", run.variant)}
        service_gpus, agent_gpus = services.split_gpus(manifest, spec.device_ids)
        if agent_gpus:  # host indices are the process's view here (no renumbering)
            env["CUDA_VISIBLE_DEVICES"] = ",".join(agent_gpus)
        state = replace(prepared, workdir=str(work), disk=str(disk) if disk else None, env=env)
        isolation = "unisolated"
        if isolated:
            _check_traversable(work)
            _warn_if_private(Path(sys.executable))
            _warn_if_open(constants.envspec_home())
            user = _make_user(run.id)
            state = replace(state, user=user)
            pw = pwd.getpwnam(user)
            owned = [work, *work.rglob("*")]
            if disk is not None:
                owned += [area / "home", area / "tmp"]
            for p in owned:
                os.lchown(p, pw.pw_uid, pw.pw_gid)
            os.chmod(work, 0o700)
            isolation = "user"
        if isolated and disk is not None and no_network:
            # the agent's commands enter it as root, before they become the run's user
            remaining = max(1, int((run.deadline or time.time()) - time.time()))
            state = replace(state, netns=local_services.create_namespace(run.id, remaining))
        if manifest.services:
            if state.netns is None:
                raise HostCannotRun(
                    "services on the local backend need the run's own network namespace: root, "
                    f"the run's disk ({why_not or 'ok'}) and a variant with network none",
                    hint="use --backend docker",
                )
            scorer_root = Path(prepared.scorer_root)
            programs = {
                s.name: local_services.Program(
                    scorer_argv(scorer_root, s.command),
                    scorer_root,
                    {
                        **spec.env,
                        **_asset_env(prepared, manifest, "scorer", run.variant),
                        "PYTHONPATH": str(_within(scorer_root, constants.KIT_DIR)),
                        "PATH": os.environ.get("PATH", AGENT_PATH),
                        "LANG": "C.UTF-8",
                        "CUDA_VISIBLE_DEVICES": ",".join(service_gpus[s.name]),
                    },
                )
                for s in manifest.services
                if s.custom
            }
            state = replace(
                state,
                **local_services.start(
                    run,
                    manifest,
                    prepared.assets,
                    state.netns,
                    programs=programs,
                    gpus=service_gpus,
                ),
            )
            urls, keys = state.service_urls or {}, state.service_keys or {}
            state = replace(state, env={**env, **services.agent_env(manifest, urls, keys)})
        state = replace(state, watchdog_pid=_start_watchdog(run, state.user))
        return isolation, state

    def exec(self, run: RunRecord, argv: list[str], *, timeout: float) -> ExecResult:
        """Run ``argv`` in the workdir, as the run's user when isolated, in its own session;
        with a disk, in a mount namespace whose shared temporary folders (SHARED_TMP) are the
        disk's."""
        st = LocalState.of(run)
        work = Path(str(st.workdir))
        disk = Path(st.disk) if st.disk else None
        home = disk / "home" if disk else work
        env = {"PATH": AGENT_PATH, "HOME": str(home), "LANG": "C.UTF-8", **(st.env or {})}
        pw = pwd.getpwnam(st.user) if st.user else None
        kwargs: dict[str, Any] = {}
        with launch_slot(run.id) as open_:
            if not open_:
                return ExecResult(126, b"", b"envspec: the run has ended\n")
            if pw and disk:
                argv = [
                    *local_services.enter(st.netns, run.id),  # the run's network namespace
                    *PRIVATE_TMP, str(disk / "tmp"), str(pw.pw_uid), str(pw.pw_gid), *argv,
                ]  # fmt: skip
            elif pw:
                kwargs = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
            try:
                proc = _start_session(argv, cwd=work, env=env, **kwargs)
            except OSError as e:
                return ExecResult(127, b"", f"{argv[0]}: {e.strerror}\n".encode())
            if pw is not None and not _become(proc, pw.pw_uid):
                _end_session(proc)
                return ExecResult(126, b"", b"envspec: the command did not become the run's user\n")
        return _collect(proc, max(0.1, timeout))

    def score(self, run: RunRecord, *, env: dict[str, str], timeout: float) -> ScorerRun:
        """Run the scorer entrypoint on a root-only snapshot of the solution."""
        st = LocalState.of(run)
        manifest = Manifest.from_dict(run.manifest)
        scorer_root = Path(st.scorer_root)
        disk = st.disk
        # the snapshot and the result count against the run's storage too (root-only there)
        parent = Path(disk) / "scoring" if disk else runstore.run_dir(run.id)
        call = parent / f"call-{run.scorer_calls}"
        shutil.rmtree(call, ignore_errors=True)
        call.mkdir(mode=0o700)
        snapshot = call / "solution"
        result = call / "result.json"
        if disk:  # what sandboxed code writes counts against the run's storage
            sandboxes = Path(disk) / "scoring" / str(run.scorer_calls)
            shutil.rmtree(sandboxes, ignore_errors=True)
            sandboxes.mkdir(mode=0o711)
        else:
            sandboxes = _scoring_dir(run.id, run.scorer_calls, call)
        argv = scorer_argv(scorer_root, manifest.scoring.entrypoint)
        full_env = {
            "PATH": os.environ.get("PATH", AGENT_PATH),
            "HOME": str(call),
            "LANG": "C.UTF-8",
            **(st.env or {}),
            **env,
            **_asset_env(st, manifest, "scorer", run.variant),
            "ENVSPEC_SOLUTION": str(snapshot),
            "ENVSPEC_RESULT": str(result),
            "ENVSPEC_SCORER_ROOT": str(scorer_root),
            "PYTHONPATH": str(_within(scorer_root, constants.KIT_DIR)),
            constants.SCORING_DIR_ENV: str(sandboxes),
            # every folder the agent can write (and widen) is the host's: a sandbox could leave
            # the hidden data there for the agent to read after the scoring
            constants.SANDBOX_HIDE_ENV: ":".join(
                [str(st.workdir), *(f"{disk}/{sub}" for sub in ("home", "tmp") if disk)]
            ),
            **_scorer_service_env(manifest, run),
        }
        began = time.monotonic()
        agent_uid = pwd.getpwnam(st.user).pw_uid if st.user else None
        # the agent's processes are stopped while the scorer runs: on a host they share the
        # scorer's kernel and folders, and could take work or data from a sandbox; a command
        # the harness starts meanwhile waits for the scoring to end (exec)
        with scoring_in_progress(run.id):
            try:
                settle_launches(run.id)
                if agent_uid is not None:
                    _stop_uid(agent_uid)
                # the scorer gets regular files and folders only, whatever it does with them,
                # copied while the agent is stopped: its processes can neither change the
                # solution during the copy nor learn from their files being read that a
                # scoring began
                refused = snapshot_for_scoring(Path(str(st.workdir)), snapshot)
                if refused is not None:
                    shutil.rmtree(call, ignore_errors=True)
                    return ScorerRun(refused, 0, False, "", 0.0)
                ran = _run_session(argv, cwd=scorer_root, env=full_env, timeout=timeout, merge=True)
            finally:
                shutil.rmtree(sandboxes, ignore_errors=True)
                if agent_uid is not None:
                    scorer_kit.signal_uid(agent_uid, signal.SIGCONT)
        timed_out = ran.timed_out
        out = ran.stdout
        data = result.read_bytes() if result.is_file() and not timed_out else None
        shutil.rmtree(call, ignore_errors=True)
        return ScorerRun(
            data,
            None if timed_out else ran.exit_code,
            timed_out,
            out.decode(errors="replace")[-20000:],
            time.monotonic() - began,
        )

    def stop(self, run: RunRecord, *, keep_solution: bool = False) -> None:
        """Kill the run's processes and watchdog; remove its user and (unless the solution is
        kept) its disk and workdir."""
        # read as stored, not as a LocalState: a run that failed while starting has only a
        # part of its state (none at all when its preparation failed)
        st = run.backend_state
        settle_launches(run.id, end=True)
        _kill_user(st.get("user"))
        local_services.stop(run.id)
        pid = st.get("watchdog_pid")
        if pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)
        if st.get("user"):
            _accounts("userdel", st["user"])
        if not keep_solution and st.get("workdir"):
            _remove_area(run.id)
        elif st.get("user") and (work_root() / run.id).is_dir():
            # kept for `finish`: root-only, since useradd may give the uid to the next run
            os.chmod(work_root() / run.id, 0o700)

    def reap(self, keep: set[str]) -> list[str]:
        """Remove the areas (disk, workdir) of runs not kept."""
        gone = []
        work = work_root()
        if work.is_dir():
            for d in work.iterdir():
                if d.name not in keep and not runstore.still_kept(d.name):
                    user = _user_name(d.name)
                    _kill_user(user if _user_exists(user) else None)
                    if _user_exists(user):
                        _accounts("userdel", user)
                    _remove_area(d.name)
                    gone.append(d.name)
        for rid in local_services.leftovers():
            if rid not in keep and not runstore.still_kept(rid):
                local_services.stop(rid)
                gone.append(rid)
        return gone


def _scorer_service_env(manifest: Manifest, run: RunRecord) -> dict[str, str]:
    """Where the scorer finds the run's services: the proxies' sockets, its key."""
    keys = LocalState.of(run).service_keys
    if not manifest.services or not keys:
        return {}
    folders = {s.name: str(services.service_dir(run.id, s.name)) for s in manifest.services}
    return services.scorer_env(manifest, folders, keys)


def _remove_area(run_id: str) -> None:
    """The run's folder under :func:`work_root`, and its disk if it has one."""
    storage.remove(run_id)
    shutil.rmtree(work_root() / run_id, ignore_errors=True)


def _run_session(
    argv: list[str],
    *,
    cwd: Path,
    env: dict[str, str],
    timeout: float,
    merge: bool = False,
    **kwargs: Any,
) -> ExecResult:
    """Run ``argv`` in a session of its own; at the timeout, kill the whole session. Output is
    gathered as it comes, at most :data:`EXEC_OUTPUT_LIMIT` bytes a stream kept."""
    return _collect(_start_session(argv, cwd=cwd, env=env, merge=merge, **kwargs), timeout)


def _start_session(
    argv: list[str], *, cwd: Path, env: dict[str, str], merge: bool = False, **kwargs: Any
) -> subprocess.Popen[bytes]:
    """Start ``argv`` in a session of its own, its output piped (stderr into stdout: ``merge``)."""
    return subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merge else subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        **kwargs,
    )


def _collect(proc: subprocess.Popen[bytes], timeout: float) -> ExecResult:
    """``proc``'s output and exit (see :func:`_gather`); interrupted, its session is ended."""
    try:
        return _gather(proc, timeout)
    except BaseException:  # interrupted (Ctrl-C, SIGTERM): nothing it started goes on unread
        _end_session(proc)
        raise


def _become(proc: subprocess.Popen[bytes], uid: int) -> bool:
    """Wait until ``proc`` runs as ``uid`` (its launcher's last step) or has ended; False if
    neither happens within :data:`LAUNCH_WAIT_S`."""
    status = Path(f"/proc/{proc.pid}/status")
    deadline = time.monotonic() + LAUNCH_WAIT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return True
        with contextlib.suppress(OSError, StopIteration, ValueError):
            line = next(x for x in status.read_text().splitlines() if x.startswith("Uid:"))
            if all(int(v) == uid for v in line.split()[1:]):
                return True
        time.sleep(0.002)
    return False


def _end_session(proc: subprocess.Popen[bytes]) -> None:
    """Ask the session ``proc`` leads to stop (SIGTERM), and after :data:`STOP_GRACE_S` kill
    what is left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=STOP_GRACE_S)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _gather(proc: subprocess.Popen[bytes], timeout: float) -> ExecResult:
    """Read ``proc``'s output until it ends or ``timeout`` passes (then its session is killed)."""
    buffers = {proc.stdout: OutputBuffer(), proc.stderr: OutputBuffer()}
    deadline = time.monotonic() + timeout
    timed_out = False
    with selectors.DefaultSelector() as sel:
        for stream in buffers:
            if stream is not None:
                sel.register(stream, selectors.EVENT_READ)
        while sel.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                break
            for key, _ in sel.select(timeout=min(left, 1.0)):
                chunk = os.read(key.fd, 1 << 16)
                if chunk:
                    buffers[key.fileobj].add(chunk)  # type: ignore[index]
                else:
                    sel.unregister(key.fileobj)
    try:
        code = proc.wait(timeout=max(0.1, deadline - time.monotonic()) if not timed_out else 10)
    except subprocess.TimeoutExpired:
        timed_out = True
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        code = proc.wait()
    for stream in buffers:
        if stream is not None:
            stream.close()
    out, err = buffers[proc.stdout], buffers[proc.stderr]
    dropped = out.dropped + err.dropped
    if timed_out:
        return ExecResult(124, bytes(out.data), bytes(err.data), timed_out=True, dropped=dropped)
    return ExecResult(code, bytes(out.data), bytes(err.data), dropped=dropped)


def _stop_uid(uid: int, wait: float = 5.0) -> None:
    """Stop every process of ``uid`` and wait until each thread is stopped (at most ``wait``
    seconds: one in uninterruptible sleep stops when it wakes)."""
    deadline = time.monotonic() + wait
    while True:
        scorer_kit.signal_uid(uid, signal.SIGSTOP)
        if scorer_kit.all_stopped(uid) or time.monotonic() > deadline:
            return
        time.sleep(0.001)


def _scoring_dir(run_id: str, call: int, private: Path) -> Path:
    """The scoring's own folder for the kit's sandboxes. As root: under a root-owned folder
    every sandbox uid can pass through but not list (``/var/lib/envspec/scoring``), since the
    run's folder may sit under a 0700 home; never the host's shared /tmp. Otherwise: inside
    the scoring's private folder."""
    if not _is_root():
        return private / "sandboxes"
    base = SCORING_BASE
    for p in (base.parent, base):
        p.mkdir(exist_ok=True)
        info = os.lstat(p)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0:
            raise EnvspecError(f"{p} must be a folder owned by root", hint=f"remove {p}")
        os.chmod(p, 0o711)
    where = base / f"{run_id}-{call}"
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(mode=0o711)
    return where


def _fetch_assets(ref: Reference, manifest: Manifest, variant: str) -> dict[str, str]:
    """Fetch the assets of ``variant``'s runs from the environment's store: the agent's into
    a folder every run user can read (nothing there is secret), the scorer's into the
    operator's private cache. Slim layouts need this: their images may lack the asset layers."""
    public = work_root().parent / "envspec-assets"
    private = asset_cache()
    private.mkdir(parents=True, exist_ok=True)
    os.chmod(private, 0o700)
    out = {}
    for a in manifest.assets_of(variant):
        where = asset_reference(a, registry=ref.registry, store=ref.store)
        dest = public if a.visibility == "agent" else private
        out[a.name] = str(fetch_asset(where, dest))
    if _is_root() and public.exists():
        os.chmod(public, 0o755)
    return out


def scorer_argv(scorer_root: Path, command: tuple[str, ...] | list[str]) -> list[str]:
    """A command of the scorer image as this host runs it: its absolute paths that exist in
    the unpacked scorer folder point there, and ``python`` is the interpreter envspec runs on
    (it has the host's packages)."""
    argv = [
        str(_within(scorer_root, a))
        if a.startswith("/") and _within(scorer_root, a).exists()
        else a
        for a in command
    ]
    if argv and argv[0] in ("python", "python3"):
        argv[0] = sys.executable
    return argv


def _asset_env(state: LocalState, manifest: Manifest, role: str, variant: str) -> dict[str, str]:
    paths = state.assets
    chosen = assets_for(manifest, role, variant)
    return asset_env([(a, paths[a.name]) for a in chosen if a.name in paths])


def work_root() -> Path:
    """Where runs' workdirs live: ``$ENVSPEC_WORK``; as root, a folder every run user can
    reach (``/var/lib/envspec-work/<home>``, since ``$ENVSPEC_HOME`` is often under a 0700
    ``/root``); otherwise ``$ENVSPEC_HOME/work``. One folder per home, so each home's ``gc``
    reaps only its own runs."""
    if os.environ.get("ENVSPEC_WORK"):
        root = Path(os.environ["ENVSPEC_WORK"])
    elif _is_root():
        root = Path("/var/lib/envspec-work") / constants.home_label()
    else:
        root = constants.envspec_home() / "work"
    root.mkdir(parents=True, exist_ok=True)
    if _is_root():  # passable, not listable: no run's agent learns another run's folder
        for p in (root, *[q for q in root.parents if q.name == "envspec-work"]):
            os.chmod(p, 0o711)
    return root


def _check_traversable(path: Path) -> None:
    """The run's user must be able to reach its workdir: every folder above needs o+x."""
    for parent in path.parents:
        if parent.exists() and not parent.stat().st_mode & 0o001:
            raise EnvspecError(
                f"the run's user cannot reach {path}: {parent} is not searchable by others",
                hint="set ENVSPEC_WORK to a folder others can traverse, e.g. /var/lib/envspec-work",
            )


def _warn_if_private(interpreter: Path) -> None:
    """The agent's ``python`` and the scorer's unprivileged workers are this interpreter: say
    so at once when the run's users cannot execute it (a Python under /root, say), rather than
    leave them to "command not found" and empty scorer output."""
    real = interpreter.resolve()
    blocked = [p for p in real.parents if p.exists() and not p.stat().st_mode & 0o001]
    if blocked or not real.stat().st_mode & 0o001:
        log.warning(
            "the run's user cannot execute %s (%s is not open to others): the agent's `python` "
            "and unprivileged scorer workers will fail; run envspec from a Python every user "
            "can execute (e.g. under /usr or /opt)",
            real,
            blocked[-1] if blocked else real,
        )


def _warn_if_open(home: Path) -> None:
    """Say so when the run's users could reach ``$ENVSPEC_HOME`` (runs' folders, score logs,
    the store): its caches are private, but the home should be too."""
    if not home.exists():
        return
    reachable = all(p.stat().st_mode & 0o001 for p in home.parents if p.exists())
    if reachable and home.stat().st_mode & 0o005:
        log.warning(
            "ENVSPEC_HOME %s can be reached by other users, the run's among them: keep it "
            "private (chmod 700 %s)",
            home,
            home,
        )


def _user_name(run_id: str) -> str:
    return "esa" + run_id.rsplit("-", 1)[-1]  # a run's random suffix: 8 hex digits


def _user_exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
        return True
    except KeyError:
        return False


#: one envspec process at a time edits the account database: useradd and userdel take its lock
#: without waiting ("cannot lock /etc/passwd; try again later"), so two runs starting at once
#: (a batch, or two evaluators on one host) would fail one of them
ACCOUNTS_LOCK = Path("/run/envspec/accounts.lock")


def _accounts(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``useradd``/``userdel`` under the host-wide lock."""
    ACCOUNTS_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(ACCOUNTS_LOCK)):
        return subprocess.run(list(argv), capture_output=True, text=True, check=False)


def _make_user(run_id: str) -> str:
    user = _user_name(run_id)
    if not _user_exists(user):
        proc = _accounts(
            "useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user
        )
        if proc.returncode != 0:
            raise EnvspecError(
                f"cannot create the run's user {user}: {proc.stderr.strip()}",
                hint="the local backend needs useradd (passwd package) when run as root",
            )
    return user


def _kill_user(user: str | None) -> None:
    """Kill every process of the run's user and wait until none is left, by uid in one
    ``kill(-1)`` (a chain that forks and exits in a loop outruns ``pkill -u``), before the
    user (and so its uid, which ``useradd`` may hand out again) is removed."""
    if not user:
        return
    try:
        uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        return
    try:
        scorer_kit.kill_uid(uid)
    except RuntimeError as e:
        raise EnvspecError(
            f"processes of the run's user {user} survive: {e}",
            hint="they are in uninterruptible sleep; the user is kept until they are gone "
            "(`envspec gc` tries again)",
        ) from e


def _start_watchdog(run: RunRecord, user: str | None) -> int:
    """A detached process that ends the agent's processes at the deadline, so the budget
    holds with no envspec process alive."""
    deadline = run.deadline or time.time()
    # The kill by uid, inlined (the watchdog must not depend on envspec's imports). kill(-1)
    # needs the agent's uid, and a process with the agent's uid can be stopped by the agent:
    # so each kill is a child of its own, which this process (root, out of the agent's reach)
    # kills if it does not finish at once, and the kills go on until no process of that uid
    # is left.
    script = (
        "import os,pwd,sys,time\n"
        "time.sleep(max(0.0, float(sys.argv[1]) - time.time()))\n"
        "u = sys.argv[2]\n"
        "def left(uid):\n"
        "    for p in os.listdir('/proc'):\n"
        "        try:\n"
        "            if p.isdigit() and os.stat('/proc/' + p).st_uid == uid: return True\n"
        "        except OSError: pass\n"
        "    return False\n"
        "if u:\n"
        "    uid = pwd.getpwnam(u).pw_uid\n"
        "    for _ in range(500):\n"
        "        pid = os.fork()\n"
        "        if pid == 0:\n"
        "            try:\n"
        "                os.setresuid(uid, uid, uid)\n"
        "                os.kill(-1, 9)\n"
        "            finally:\n"
        "                os._exit(0)\n"
        "        for _ in range(50):\n"
        "            if os.waitpid(pid, os.WNOHANG)[0]: break\n"
        "            time.sleep(0.01)\n"
        "        else:\n"
        "            os.kill(pid, 9)\n"
        "            os.waitpid(pid, 0)\n"
        "        if not left(uid): break\n"
        "        time.sleep(0.01)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(deadline), user or ""],
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
    )
    return proc.pid
