"""The scorer kit (envspec/kit/scorer_kit.py), as root as scorers run: a uid of its own per
sandbox, a private folder, limits, no network, every process of the uid killed, copies that
never follow links, the result file claimed first."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import shutil
import socket
import stat
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from envspec import constants

sys.path.insert(0, str(constants.KIT_SOURCE.parent))
import scorer_kit as kit

if os.geteuid() != 0:
    if os.environ.get("CI"):
        raise RuntimeError("CI runs as root: the sandbox tests must run")
    pytest.skip("SANDBOX TESTS NEED ROOT (a uid per sandbox)", allow_module_level=True)


@pytest.fixture(autouse=True)
def scoring_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A root-owned scoring folder that sandboxes can pass through (tmp_path's parents may
    not be: make it under /var/lib as the local backend does)."""
    where = Path("/var/lib/envspec-kit-tests") / tmp_path.name
    where.mkdir(parents=True)
    os.chmod(where.parent, 0o711)
    monkeypatch.setenv(constants.SCORING_DIR_ENV, str(where))
    yield where
    subprocess.run(["rm", "-rf", str(where)], check=False)


@pytest.fixture(scope="module", autouse=True)
def interpreter(interpreter_for_run_users: None) -> None:
    """Sandboxed Pythons run this interpreter."""


def test_the_kit_needs_nothing_but_the_standard_library() -> None:
    code = "import sys; sys.path.insert(0, sys.argv[1]); import scorer_kit; print('ok')"
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(constants.KIT_SOURCE.parent)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "ok", done.stderr


def test_a_sandbox_has_a_uid_and_a_private_folder_of_its_own(scoring_dir: Path) -> None:
    with kit.Sandbox() as box, kit.Sandbox() as other:
        assert box.isolated and box.uid != other.uid
        assert box.uid not in (0, os.getuid()) and box.uid >= kit.DEFAULT_UIDS[0]
        info = os.stat(box.root)
        assert (info.st_uid, stat.S_IMODE(info.st_mode)) == (box.uid, 0o700)
        assert box.root.parent == scoring_dir and stat.S_IMODE(scoring_dir.stat().st_mode) == 0o711
        probe = "import os, tempfile as t; print(os.getuid(), os.getgid(), os.getgroups(), "
        probe += "t.gettempdir())"
        done = box.run([sys.executable, "-c", probe], timeout=60)
        uid, gid, groups, tmp = done.output.decode().split(" ", 3)
        assert (int(uid), int(gid), groups) == (box.uid, box.uid, "[]")
        # TMPDIR is /tmp, which inside the sandbox is its own folder
        assert tmp.strip() == "/tmp"
        # another sandbox's folder is out of reach
        peek = box.run(["ls", str(other.root)], timeout=30)
        assert peek.exit_code != 0 and b"denied" in peek.output
        root = box.root
    assert not root.exists()


def test_the_block_the_runtime_leases_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(constants.SANDBOX_UIDS_ENV, "1900123000:4")
    with kit.Sandbox() as a, kit.Sandbox() as b:
        assert {a.uid, b.uid} <= set(range(1900123000, 1900123004)) and a.uid != b.uid


SURVIVOR = """
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        while True:  # a chain that forks and exits, which pkill -u keeps missing
            time.sleep(0.05)
            if os.fork() != 0:
                os._exit(0)
    os._exit(0)
print("forked", flush=True)
"""


def test_no_process_of_the_uid_survives() -> None:
    with kit.Sandbox() as box:
        done = box.run([sys.executable, "-c", SURVIVOR], timeout=60)
        assert b"forked" in done.output
        # a scan of /proc can miss a chain that forks while it is read: look a few times
        seen = any(kit.processes_of(box.uid) or time.sleep(0.05) for _ in range(40))
        assert seen, "the chain runs on after its parent returned"
        uid = box.uid
    assert kit.processes_of(uid) == []


#: a process whose main thread exits alone (SYS_exit, x86-64: 60) while another thread works:
#: /proc shows it a zombie
ZOMBIE_LEADER = """
import ctypes, os, threading, time
if os.fork() == 0:
    threading.Thread(target=lambda: time.sleep(30)).start()
    time.sleep(0.2)
    ctypes.CDLL(None).syscall(60, 0)
print("started", flush=True)
"""


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the syscall number is x86-64's")
def test_a_zombie_leader_with_live_threads_counts_as_running() -> None:
    with kit.Sandbox() as box:
        done = box.run([sys.executable, "-c", ZOMBIE_LEADER], timeout=60)
        assert b"started" in done.output
        time.sleep(0.6)
        pids = kit.processes_of(box.uid)
        assert pids, "a process still computing was counted as gone"
        assert "zombie" in Path(f"/proc/{pids[0]}/status").read_text()
        uid = box.uid
    assert kit.processes_of(uid) == []


def test_a_timeout_kills_everything() -> None:
    with kit.Sandbox() as box:
        began = time.monotonic()
        done = box.run(["sh", "-c", "sleep 100 & sleep 100"], timeout=1)
        assert done.timed_out and done.exit_code is None and time.monotonic() - began < 20
        assert kit.processes_of(box.uid) == []


def test_a_kill_right_after_the_start_leaves_nothing() -> None:
    """Killed at once, a process still in the launcher (root, not yet the uid) dies too: a kill
    made only as the uid would miss it, and it would then live on as the uid."""
    with kit.Sandbox() as box:
        for _ in range(10):
            proc = box.popen(["sh", "-c", "while :; do :; done"])
            box.kill()
            assert proc.poll() is not None
        time.sleep(0.5)  # a launcher that escaped would have dropped to the uid by now
        assert kit.processes_of(box.uid) == []


def test_stop_and_resume() -> None:
    with kit.Sandbox() as box:
        proc = box.popen(["sh", "-c", "while :; do :; done"])
        deadline = time.monotonic() + 10  # the launcher drops to the uid first (a busy host)
        while not kit.processes_of(box.uid) and time.monotonic() < deadline:
            time.sleep(0.01)
        box.stop()
        assert kit.all_stopped(box.uid)
        box.signal(__import__("signal").SIGCONT)
        time.sleep(0.1)
        assert not kit.all_stopped(box.uid)
        box.kill()
        assert proc.poll() is not None


def test_no_network() -> None:
    """The host's own loopback is out of reach; the sandbox's loopback works inside it (a
    multi-GPU training's processes meet there)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    probe = (
        "import os, socket\n"
        "print(sorted(line.split(':')[0].strip() for line in open('/proc/net/dev')"
        " if ':' in line))\n"
        f"try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2); print('reached')\n"
        "except OSError as e:\n    print('refused', e.errno)\n"
        "own = socket.create_server(('127.0.0.1', 0))\n"
        "socket.create_connection(own.getsockname(), timeout=2); print('own loopback')\n"
    )
    with kit.Sandbox() as box:
        out = box.run([sys.executable, "-c", probe], timeout=60).output.decode()
    server.close()
    assert "['lo']" in out and "refused" in out and "reached" not in out, out
    assert "own loopback" in out, out


def test_the_shared_temporary_folders_are_the_sandboxs_own() -> None:
    """What sandboxed code writes to /tmp, /var/tmp or /dev/shm lands in its own folder (gone
    with the sandbox, on the scoring's storage), never in the host's shared ones."""
    token = os.urandom(6).hex()
    script = f"for d in /tmp /var/tmp /dev/shm; do echo x > $d/{token}-$(basename $d); done"
    with kit.Sandbox() as box:
        done = box.run(["sh", "-c", script], timeout=30)
        assert done.exit_code == 0, done.output
        kept = sorted(p.name for p in box.tmp.iterdir())
    assert kept == [f"{token}-shm", f"{token}-tmp"], kept
    for d in ("/tmp", "/var/tmp", "/dev/shm"):
        assert not any(p.name.startswith(token) for p in Path(d).iterdir()), d


def test_nothing_outlives_the_sandbox_in_message_queues_or_keyrings() -> None:
    """A host's /dev/mqueue belongs to its IPC namespace and a key to the uid's keyring: both
    would outlive every process of the sandbox, for the agent to read later. The sandbox gets
    message queues of its own and no keyrings at all."""
    token = os.urandom(6).hex()
    mounted = False
    if not os.path.ismount("/dev/mqueue"):  # as on a systemd host
        Path("/dev/mqueue").mkdir(exist_ok=True)
        mounted = subprocess.run(["mount", "-t", "mqueue", "mqueue", "/dev/mqueue"]).returncode == 0
        if not mounted:
            pytest.skip("this machine cannot mount a message queue file system at /dev/mqueue")
    keyring = (
        "import ctypes, os; nr = {'x86_64': 248, 'aarch64': 217}[os.uname().machine]; "
        "libc = ctypes.CDLL(None, use_errno=True); "
        "k = libc.syscall(nr, b'user', b'left', b'data', 4, -4); "
        "print('key', k if k >= 0 else os.strerror(ctypes.get_errno()))"
    )
    try:
        with kit.Sandbox() as box:
            done = box.run(
                ["sh", "-c", f"touch /dev/mqueue/{token} && echo queued; "
                             f"{sys.executable} -c \"{keyring}\""],
                timeout=30,
            )  # fmt: skip
        out = done.output.decode()
        assert "queued" in out and "key Operation not permitted" in out, out
        assert not (Path("/dev/mqueue") / token).exists(), "a queue outlived the sandbox"
    finally:
        if mounted:
            subprocess.run(["umount", "/dev/mqueue"], check=False)


def test_the_folders_the_runtime_names_are_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scoring_dir: Path
) -> None:
    """The agent's folder on a host: empty and read-only from inside; the sandbox's own folder
    is never hidden, even under a named one."""
    agent = Path("/var/lib/envspec-kit-tests") / f"{tmp_path.name}-agent"
    agent.mkdir(mode=0o777)
    os.chmod(agent, 0o777)
    (agent / "secret.txt").write_text("agent's")
    monkeypatch.setenv(constants.SANDBOX_HIDE_ENV, f"{agent}:{scoring_dir.parent}")
    try:
        with kit.Sandbox() as box:
            probe = f"ls -A {agent}; echo x > {agent}/drop && echo wrote; ls {box.root}"
            out = box.run(["sh", "-c", probe], timeout=30).output.decode()
        assert "secret.txt" not in out and "wrote" not in out, out
        assert "tmp" in out, out  # its own folder, under a hidden one, is still there
        assert not (agent / "drop").exists() and (agent / "secret.txt").exists()
    finally:
        subprocess.run(["rm", "-rf", str(agent)], check=False)


def test_unix_sockets_fit_under_a_long_scoring_folder(
    monkeypatch: pytest.MonkeyPatch, scoring_dir: Path
) -> None:
    """multiprocessing puts its sockets under TMPDIR (torch's data-loader workers pass tensors
    through them): a runtime's scoring folder can be so long that the path passes the 107
    bytes a unix socket's name may have, and the workers then hang. TMPDIR is /tmp, the same
    private folder, inside the sandbox."""
    deep = scoring_dir / ("x" * 60)
    deep.mkdir(mode=0o711)
    monkeypatch.setenv(constants.SCORING_DIR_ENV, str(deep))
    probe = "import os, multiprocessing.resource_sharer as r; "
    probe += "r.DupFd(os.open('/dev/null', os.O_RDONLY)); print(os.environ['TMPDIR'], 'shared')"
    with kit.Sandbox() as box:
        assert len(str(box.tmp)) > 100
        out = box.run([sys.executable, "-c", probe], timeout=30).output.decode()
    assert out.split() == ["/tmp", "shared"], out


def test_limits_apply() -> None:
    limits = kit.Limits(cpu_seconds=30, processes=64, file_bytes=1 << 20, open_files=100)
    with kit.Sandbox(limits) as box:
        probe = "import resource as r; print(*[r.getrlimit(getattr(r, 'RLIMIT_' + k))[0] "
        probe += "for k in ('NPROC', 'NOFILE', 'CPU', 'FSIZE')])"
        out = box.run([sys.executable, "-c", probe], timeout=30).output.split()
        assert out == [b"64", b"100", b"30", str(1 << 20).encode()]
        big = box.run(["sh", "-c", f"head -c 2000000 /dev/zero > {box.tmp}/big"], timeout=30)
        assert big.exit_code != 0 and (box.tmp / "big").stat().st_size <= 1 << 20
        privileged = box.run(["sh", "-c", "grep NoNewPrivs /proc/self/status"], timeout=30)
        assert privileged.output.split()[-1] == b"1"


def test_thread_pools_fit_the_cpus_and_the_process_limit() -> None:
    """RLIMIT_NPROC counts threads: a pool sized by a big host's core count aborts (OpenBLAS
    did on a many-core CI host), so the sandbox sizes every numeric library's pool."""
    with kit.Sandbox(kit.Limits(processes=8)) as box:
        env = box.env()
        sizes = {env[key] for key in kit.THREAD_VARIABLES}
        assert len(sizes) == 1 and 1 <= int(sizes.pop()) <= 2, env
        # a scorer's own choice of OMP_NUM_THREADS holds for the other libraries too
        chosen = box.env({"OMP_NUM_THREADS": "1"})
        assert {chosen[key] for key in kit.THREAD_VARIABLES} == {"1"}
    with kit.Sandbox() as box:
        assert int(box.env()["OMP_NUM_THREADS"]) == kit.available_cpus()


@pytest.mark.skipif(not shutil.which("docker"), reason="needs docker")
def test_a_containers_cpu_quota_caps_its_threads() -> None:
    """docker's --cpus sets a quota and leaves every core visible: the kit reads the quota."""
    probe = "import sys; sys.path.insert(0, '/kit'); import scorer_kit; "
    probe += "print(scorer_kit.available_cpus())"
    kit_dir = f"{constants.KIT_SOURCE.parent}:/kit:ro"
    argv = ["docker", "run", "--rm", "--cpus", "1", "-v", kit_dir, constants.BASE_IMAGES["python"]]
    out = subprocess.run(
        [*argv, "python3", "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["1"], out


def test_copies_never_follow_links(tmp_path: Path) -> None:
    src = tmp_path / "solution"
    (src / "sub").mkdir(parents=True)
    (src / "a.py").write_text("a")
    (src / "sub" / "b.txt").write_text("b")
    assert kit.copy_solution(src, tmp_path / "copy") == 2
    assert (tmp_path / "copy" / "sub" / "b.txt").read_text() == "b"
    secret = tmp_path / "secret"
    secret.write_text("hidden")
    cases = {
        "file link": lambda d: (d / "x.py").symlink_to(secret),
        "folder link": lambda d: (d / "sub2").symlink_to(tmp_path),
        "fifo": lambda d: os.mkfifo(d / "pipe"),
    }
    for i, (what, make) in enumerate(cases.items()):
        bad = tmp_path / f"bad{i}"
        bad.mkdir()
        make(bad)
        with pytest.raises(kit.Invalid, match="only regular files and folders") as e:
            kit.copy_solution(bad, tmp_path / f"out{i}")
        assert "hidden" not in str(e.value), what
    with pytest.raises(kit.Invalid, match="symbolic link"):
        kit.copy_file(tmp_path / "bad0", "x.py", tmp_path / "one", max_bytes=100)
    with pytest.raises(kit.Invalid, match="past its limit of 0 bytes in all"):
        kit.copy_file(src, "a.py", tmp_path / "two", max_bytes=0)
    # the limit named is the whole copy's, not what was left of it when one file went past
    big = tmp_path / "big"
    big.mkdir()
    for name in ("a", "b"):
        (big / name).write_bytes(b"x" * 600)
    with pytest.raises(kit.Invalid, match="b takes what is scored past its limit of 1,000"):
        kit.copy_solution(big, tmp_path / "big-out", max_bytes=1000)
    deep = tmp_path / "deep"
    (deep / "/".join(["d"] * (kit.MAX_DEPTH + 2))).mkdir(parents=True)
    with pytest.raises(kit.Invalid, match="nested too deep"):
        kit.copy_solution(deep, tmp_path / "deep-out")
    with pytest.raises(kit.Invalid, match=r"no missing\.py"):
        kit.copy_file(src, "missing.py", tmp_path / "three", max_bytes=10)


def test_only_torch_saves_own_archives_are_read(tmp_path: Path) -> None:
    """What torch.save writes passes; what torch.load would unpack past its size does not,
    whatever the tensors: deflated records, a record past the end, other formats."""
    torch = pytest.importorskip("torch")
    plain = io.BytesIO()
    torch.save({"w": torch.zeros(1 << 20), "config": {"n": 1}}, plain)
    saved = plain.getvalue()
    (tmp_path / "model.pt").write_bytes(saved)
    kit.check_torch_archive(tmp_path / "model.pt", "model.pt")
    kit.check_torch_archive(saved, "model.pt")
    deflated = io.BytesIO()  # the same records, deflated: torch.load reads them all the same
    with (
        zipfile.ZipFile(io.BytesIO(saved)) as src,
        zipfile.ZipFile(deflated, "w", compression=zipfile.ZIP_DEFLATED) as dest,
    ):
        for info in src.infolist():
            with src.open(info) as r, dest.open(info.filename, "w") as w:
                shutil.copyfileobj(r, w)
    bomb = deflated.getvalue()
    assert len(bomb) < len(saved) // 100  # 4 MB of zeros in kilobytes
    assert torch.load(io.BytesIO(bomb), weights_only=True)["w"].numel() == 1 << 20
    cut = saved[: len(saved) // 2] + saved[-200:]  # the directory kept, the data cut short
    others = {
        "deflated": bomb,
        "cut short": cut,
        "legacy pickle": pickle.dumps({"w": [0.0] * 10}),
        "empty": b"",
        "text": b"not an archive",
    }
    for what, data in others.items():
        (tmp_path / "bad.pt").write_bytes(data)
        for source in (tmp_path / "bad.pt", data):
            with pytest.raises(kit.Invalid, match="uncompressed records") as e:
                kit.check_torch_archive(source, "the weights")
            assert str(e.value).startswith("the weights cannot be used"), what
    # a record's name is the agent's to choose: never in the message
    named = io.BytesIO()
    with zipfile.ZipFile(named, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("HIDDEN-ROW-TEXT", b"0" * 1000)
    with pytest.raises(kit.Invalid) as e:
        kit.check_torch_archive(named.getvalue(), "x")
    assert "HIDDEN" not in str(e.value)
    with pytest.raises(kit.Invalid):
        kit.check_torch_archive(tmp_path / "missing.pt", "missing.pt")


def test_a_log_is_read_through_the_scorers_handle(tmp_path: Path) -> None:
    """The sandbox owns its folder: a link put under the log's name is not followed."""
    secret = tmp_path / "hidden.txt"
    secret.write_text("HELD-OUT QUESTION")
    log = tmp_path / "worker.log"
    with log.open("w+b") as handle:
        handle.write(b"".join(b"line %d\n" % i for i in range(100)) + b"Traceback: boom\n")
        log.unlink()
        log.symlink_to(secret)
        assert kit.log_tail(handle) == "line 98 | line 99 | Traceback: boom"
        assert kit.log_tail(handle, lines=1, max_bytes=5) == "boom"


def test_a_crowded_folder_is_refused_as_it_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hard links cost no space: a folder of millions of them must be refused once the file
    budget is spent, not listed whole first (the runtime's copy runs in a host process)."""
    crowd = tmp_path / "crowd"
    crowd.mkdir()
    (crowd / "f").write_text("x")
    for i in range(2000):
        os.link(crowd / "f", crowd / f"l{i}")
    listed: list[str] = []
    real_scandir = os.scandir

    @contextlib.contextmanager
    def counting(fd: int) -> Iterator[Iterator[os.DirEntry[str]]]:
        with real_scandir(fd) as entries:
            yield (listed.append(e.name) or e for e in entries)

    monkeypatch.setattr(kit.os, "scandir", counting)
    with pytest.raises(kit.Invalid, match="too many files"):
        kit.copy_solution(crowd, tmp_path / "out", max_files=50)
    assert 50 < len(listed) <= 51
    assert kit.copy_solution(crowd, tmp_path / "all", max_files=2001) == 2001


def test_the_scoring_kind_is_the_runtimes_or_final(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ENVSPEC_SCORING", raising=False)
    assert kit.scoring_kind() == "final"  # a scorer run by hand
    for kind in ("intermediate", "final"):
        monkeypatch.setenv("ENVSPEC_SCORING", kind)
        assert kit.scoring_kind() == kind
    monkeypatch.setenv("ENVSPEC_SCORING", "practice")
    with pytest.raises(RuntimeError, match="practice"):
        kit.scoring_kind()


def test_the_result_file_is_claimed_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = tmp_path / "result.json"
    result.write_text("planted")
    monkeypatch.setenv("ENVSPEC_RESULT", str(result))
    monkeypatch.setenv("ENVSPEC_SOLUTION", str(tmp_path))
    monkeypatch.setenv("ENVSPEC_PARAMETERS", '{"k": 1}')
    seen = {}

    def score(params: dict[str, object], solution: Path) -> dict[str, object]:
        info = result.stat()
        seen["mode"], seen["size"] = stat.S_IMODE(info.st_mode), info.st_size
        raise kit.Invalid("no answer")

    kit.run_scorer(score)
    assert seen == {"mode": 0o600, "size": 0}
    assert json.loads(result.read_text()) == {
        "valid": False,
        "reason": "no answer",
        "message": "no answer",
    }
