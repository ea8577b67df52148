"""GPU inventory and allocation: model names, inventory sources, selection, errors, concurrency."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.errors import (
    EnvspecError,
    GpuBusy,
    GpuError,
    GpuInventoryError,
    GpuRequestImpossible,
)
from envspec.models.manifest import Gpu as GpuSpec
from envspec.runtime.gpu import (
    Allocation,
    Gpu,
    GpuAllocator,
    GpuRequest,
    Lease,
    SubstitutionPolicy,
    detect_inventory,
    gpu_from_nvml,
    load_configured_inventory,
    normalise_model,
    parse_configured_inventory,
    parse_nvidia_smi,
    pid_alive,
    summarise,
)

REPO = Path(__file__).resolve().parents[2]


def gpus(*specs: tuple[str, float]) -> list[Gpu]:
    return [Gpu.from_name(i, name, memory) for i, (name, memory) in enumerate(specs)]


H100 = ("NVIDIA H100 80GB HBM3", 79.6)
H200 = ("NVIDIA H200", 140.4)
A100_40 = ("NVIDIA A100-SXM4-40GB", 40.0)


@pytest.fixture()
def leases(tmp_path: Path) -> Path:
    return tmp_path / "leases"


# --- model names -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "model"),
    [
        ("NVIDIA H100 80GB HBM3", "h100"),
        ("NVIDIA H100 PCIe", "h100"),
        ("NVIDIA H100 NVL", "h100"),
        ("NVIDIA H200", "h200"),
        ("NVIDIA A100-SXM4-80GB", "a100"),
        ("NVIDIA A100-PCIE-40GB", "a100"),
        ("NVIDIA A10G", "a10g"),
        ("NVIDIA GeForce RTX 4090", "rtx4090"),
        ("NVIDIA GeForce RTX 3090 Ti", "rtx3090ti"),
        ("NVIDIA GeForce GTX 1080 Ti", "gtx1080ti"),
        ("NVIDIA RTX A6000", "a6000"),
        ("NVIDIA RTX 6000 Ada Generation", "rtx6000ada"),
        ("Quadro RTX 8000", "rtx8000"),
        ("Tesla V100-SXM2-16GB", "v100"),
        ("Tesla T4", "t4"),
        ("Tesla K80", "k80"),
        ("NVIDIA L4", "l4"),
        ("NVIDIA L40S", "l40s"),
        ("NVIDIA GH200 480GB", "gh200"),
        ("NVIDIA B200", "b200"),
        ("AMD Instinct MI300X", "mi300x"),
        ("Acme Tensor-X 32GB PCIe", "tensorx"),
        ("h100", "h100"),
        ("H200", "h200"),
    ],
)
def test_normalise_model(name: str, model: str) -> None:
    assert normalise_model(name) == model
    assert normalise_model(model) == model  # normalised names are fixed points


# --- inventory ---------------------------------------------------------------------------------
NVIDIA_SMI = """\
0, GPU-0f2a5d4e-1111-2222-3333-444455556666, NVIDIA H100 80GB HBM3, 81559
1, GPU-9b8c7d6e-1111-2222-3333-444455556666, NVIDIA H100 80GB HBM3, 81559

"""


def test_parse_nvidia_smi() -> None:
    found = parse_nvidia_smi(NVIDIA_SMI)
    assert [g.index for g in found] == [0, 1]
    first = found[0]
    assert first.uuid == "GPU-0f2a5d4e-1111-2222-3333-444455556666"
    assert first.name == "NVIDIA H100 80GB HBM3"
    assert first.model == "h100"
    assert first.memory_gb == 79.6  # 81559 MiB
    # a driver-reported H100 meets an 80 GB request
    assert GpuRequest(1, ("h100",), 80).memory_ok(first)


def test_parse_nvidia_smi_odd_lines() -> None:
    (gpu,) = parse_nvidia_smi("3, GPU-x, NVIDIA Weird, Name, [N/A]\n")
    assert (gpu.index, gpu.name, gpu.memory_gb) == (3, "NVIDIA Weird, Name", 0.0)
    with pytest.raises(GpuInventoryError, match="unexpected nvidia-smi output") as e:
        parse_nvidia_smi("No devices were found\n")
    assert e.value.hint and "ENVSPEC_GPUS" in e.value.hint


def test_configured_inventory_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    inventory = [
        {"index": 1, "name": "NVIDIA H200", "memory_gb": 141},
        {"index": 0, "name": "NVIDIA H100 80GB HBM3", "memory_gb": 80, "uuid": "GPU-abc"},
    ]
    monkeypatch.setenv(constants.ENV_GPUS, json.dumps(inventory))
    assert detect_inventory() == [
        Gpu(0, "GPU-abc", "NVIDIA H100 80GB HBM3", "h100", 80.0),
        Gpu(1, "GPU-fake-1", "NVIDIA H200", "h200", 141.0),
    ]


def test_configured_inventory_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "gpus.json"
    path.write_text(json.dumps([{"index": 0, "name": "NVIDIA L4", "memory_gb": 22.5}]))
    monkeypatch.setenv(constants.ENV_GPUS, str(path))
    assert detect_inventory() == [Gpu(0, "GPU-fake-0", "NVIDIA L4", "l4", 22.5)]
    monkeypatch.setenv(constants.ENV_GPUS, "[]")
    assert detect_inventory() == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ('{"index": 0}', "expected a JSON list"),
        ('[{"name": "NVIDIA L4", "memory_gb": 1}]', r"\[0\]\.index"),
        ('[{"index": 0, "memory_gb": 1}]', r"\[0\]\.name"),
        ('[{"index": 0, "name": "NVIDIA L4", "memory_gb": "big"}]', r"\[0\]\.memory_gb"),
        (json.dumps([{"index": 0, "name": "a", "memory_gb": 1}] * 2), "appears twice"),
    ],
)
def test_configured_inventory_errors(text: str, message: str) -> None:
    with pytest.raises(GpuInventoryError, match=message) as e:
        parse_configured_inventory(text)
    assert e.value.hint and constants.ENV_GPUS in e.value.hint


def test_configured_inventory_missing_file(tmp_path: Path) -> None:
    with pytest.raises(GpuInventoryError, match="cannot read"):
        load_configured_inventory(str(tmp_path / "nope.json"))


def test_detect_uses_nvidia_smi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    tool = tmp_path / "bin" / "nvidia-smi"
    tool.parent.mkdir()
    tool.write_text(f"#!{sys.executable}\nprint({NVIDIA_SMI!r}, end='')\n")
    tool.chmod(0o755)
    monkeypatch.delenv(constants.ENV_GPUS, raising=False)
    monkeypatch.setenv("PATH", str(tool.parent))
    assert [g.model for g in detect_inventory()] == ["h100", "h100"]


def test_detect_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(constants.ENV_GPUS, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setitem(sys.modules, "pynvml", None)  # import fails
    assert detect_inventory() == []


def test_detect_uses_nvml(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class FakeNvml:
        def nvmlInit(self) -> None: ...
        def nvmlShutdown(self) -> None: ...
        def nvmlDeviceGetCount(self) -> int:
            return 1

        def nvmlDeviceGetHandleByIndex(self, i: int) -> int:
            return i

        def nvmlDeviceGetName(self, h: int) -> bytes:
            return b"NVIDIA H200"

        def nvmlDeviceGetUUID(self, h: int) -> str:
            return "GPU-h200"

        def nvmlDeviceGetMemoryInfo(self, h: int) -> Any:
            return type("Mem", (), {"total": 150_754_820_096})

    monkeypatch.delenv(constants.ENV_GPUS, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setitem(sys.modules, "pynvml", FakeNvml())
    assert detect_inventory() == [Gpu(0, "GPU-h200", "NVIDIA H200", "h200", 140.4)]
    assert gpu_from_nvml(2, "NVIDIA L4", b"GPU-l4", 24 * 2**30).uuid == "GPU-l4"


def test_summarise() -> None:
    assert summarise(gpus(H100, H100, H200)) == "2x h100 (79.6 GB), 1x h200 (140.4 GB)"
    assert summarise([]) == "no GPUs"


# --- selection ---------------------------------------------------------------------------------
def test_exact_model_lowest_indices(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H200, H100, H200, H100, H100), leases)
    got = alloc.allocate("run-a", GpuRequest(2, ("h100",), 80))
    assert got == Allocation("run-a", (alloc.inventory[1], alloc.inventory[3]), False)
    assert got.device_ids == ["1", "3"]
    assert got.cuda_visible_devices == "1,3"
    assert got.models == ("h100", "h100")


def test_request_order_is_preference(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H200, H100), leases)
    assert alloc.allocate("a", GpuRequest(1, ("h100", "h200"))).device_ids == ["1"]
    assert alloc.allocate("b", GpuRequest(1, ("h100", "h200"))).device_ids == ["0"]


def test_substitute_only_when_allowed(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H200, H100), leases)
    policy = SubstitutionPolicy(allow={"h100": ("h200",)})
    first = alloc.allocate("a", GpuRequest(1, ("h100",)), policy=policy)
    assert (first.device_ids, first.substituted) == (["1"], False)  # exact model preferred
    second = alloc.allocate("b", GpuRequest(1, ("h100",)), policy=policy)
    assert (second.device_ids, second.substituted, second.models) == (["0"], True, ("h200",))
    with pytest.raises(GpuBusy):
        alloc.allocate("c", GpuRequest(1, ("h100",)))  # without the policy the h200 is no option


def test_one_model_per_run_unless_mixed(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100, H200, H100), leases)
    policy = SubstitutionPolicy(allow={"h100": ("h200",)})
    with pytest.raises(GpuRequestImpossible, match="no one model has 3"):
        alloc.allocate("a", GpuRequest(3, ("h100",)), policy=policy)
    mixed = SubstitutionPolicy(allow={"h100": ("h200",)}, mixed=True)
    got = alloc.allocate("a", GpuRequest(3, ("h100",)), policy=mixed)
    assert [g.index for g in got.gpus] == [0, 2, 1]  # exact ones first
    assert got.substituted


def test_memory_requirement(leases: Path) -> None:
    alloc = GpuAllocator(gpus(A100_40, ("NVIDIA A100-SXM4-80GB", 79.2)), leases)
    assert alloc.allocate("a", GpuRequest(1, ("a100",), 80)).device_ids == ["1"]
    with pytest.raises(GpuBusy):
        alloc.allocate("b", GpuRequest(1, ("a100",), 80))


def test_policy_parse() -> None:
    policy = SubstitutionPolicy.parse(["h100=h200", "H100=NVIDIA GH200 480GB", "a100=h100"])
    assert policy.substitutes_for("h100") == ("h200", "gh200")
    assert policy.substitutes_for("NVIDIA A100-SXM4-80GB") == ("h100",)
    for bad in ("h100", "=h200", "h100="):
        with pytest.raises(GpuError, match="invalid substitution"):
            SubstitutionPolicy.parse([bad])


def test_request_from_manifest_spec() -> None:
    request = GpuRequest.from_spec(GpuSpec(2, ("h100", "h200"), 80))
    assert request == GpuRequest(2, ("h100", "h200"), 80)
    assert request.describe() == "2x h100|h200 with ≥80 GB"


def test_zero_gpus(leases: Path) -> None:
    got = GpuAllocator([], leases).allocate("a", GpuRequest(0, ("h100",)))
    assert got.gpus == () and got.cuda_visible_devices == ""


# --- errors ------------------------------------------------------------------------------------
def test_impossible_names_what_is_missing(leases: Path) -> None:
    alloc = GpuAllocator([Gpu.from_name(0, "NVIDIA H200", 141)], leases)
    with pytest.raises(GpuRequestImpossible) as e:
        alloc.allocate("a", GpuRequest(2, ("h100",), 80), wait_s=60)  # never waits
    err = e.value
    with pytest.raises(GpuRequestImpossible):
        alloc.check_possible(GpuRequest(2, ("h100",), 80))
    alloc.check_possible(GpuRequest(1, ("h100", "h200")))
    assert isinstance(err, EnvspecError)
    assert err.message == "needs 2x h100 with ≥80 GB; this host has 1x h200 (141 GB)"
    assert err.hint == "run it on a host with 2x h100 with ≥80 GB"
    assert alloc.leases() == {}

    alloc = GpuAllocator(gpus(H200, H200), leases)
    with pytest.raises(GpuRequestImpossible) as e:
        alloc.allocate("a", GpuRequest(2, ("h100",), 80))
    assert e.value.substitutes == ("h200",)
    assert e.value.hint is not None
    assert "`--allow-substitute h100=h200`" in e.value.hint
    assert e.value.hint.endswith("or run it on a host with 2x h100 with ≥80 GB")


def test_impossible_names_too_little_memory(leases: Path) -> None:
    alloc = GpuAllocator(gpus(A100_40, A100_40), leases)
    with pytest.raises(GpuRequestImpossible) as e:
        alloc.allocate("a", GpuRequest(1, ("a100",), 80))
    assert "2x a100 with too little memory" in e.value.message
    assert "2x a100 (40 GB)" in e.value.message


def test_no_gpus_at_all(leases: Path) -> None:
    with pytest.raises(GpuRequestImpossible, match="this host has no GPUs"):
        GpuAllocator([], leases).allocate("a", GpuRequest(1, ("h100",)))


def test_busy_names_holders(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100, H100, H100), leases)
    alloc.allocate("run-a", GpuRequest(2, ("h100",)))
    started = time.monotonic()
    with pytest.raises(GpuBusy) as e:
        alloc.allocate("run-b", GpuRequest(2, ("h100",)), wait_s=0.3, poll_s=0.05)
    assert time.monotonic() - started >= 0.3
    err = e.value
    assert err.holders == {0: "run-a", 1: "run-a"}
    assert "1 of 3 qualifying GPU(s) free" in err.message
    assert "GPU 0 by run-a, GPU 1 by run-a" in err.message
    assert err.hint is not None and "wait for run-a to finish" in err.hint
    assert err.waited_s >= 0.3


def test_waits_until_released(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100), leases)
    alloc.allocate("run-a", GpuRequest(1, ("h100",)))
    releaser = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path;"
            "from envspec.runtime.gpu import GpuAllocator;"
            "time.sleep(0.3); GpuAllocator([], Path(sys.argv[1])).release('run-a')",
            str(leases),
        ],
        cwd=REPO,
    )
    try:
        got = alloc.allocate("run-b", GpuRequest(1, ("h100",)), wait_s=20, poll_s=0.02)
    finally:
        assert releaser.wait(timeout=20) == 0
    assert got.device_ids == ["0"]
    assert alloc.leases()[0].run_id == "run-b"


def test_same_run_cannot_allocate_twice(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100, H100), leases)
    alloc.allocate("a", GpuRequest(1, ("h100",)))
    with pytest.raises(GpuError, match="run a already holds GPU"):
        alloc.allocate("a", GpuRequest(1, ("h100",)))


# --- leases ------------------------------------------------------------------------------------
def test_lease_files_and_release(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100, H100, H100), leases)
    alloc.allocate("a", GpuRequest(2, ("h100",)))
    alloc.allocate("b", GpuRequest(1, ("h100",)))
    assert sorted(p.name for p in leases.iterdir()) == [".lock", "0.json", "1.json", "2.json"]
    record = json.loads((leases / "0.json").read_text())
    assert record["run_id"] == "a" and record["pid"] == os.getpid()
    assert set(record) >= {"run_id", "pid", "host", "created"}
    lease = alloc.leases()[2]
    assert (lease.run_id, lease.pid, lease.corrupt, lease.on_this_host) == (
        "b",
        os.getpid(),
        False,
        True,
    )
    assert [g.index for g in alloc.held_by("a")] == [0, 1]

    assert alloc.release("a") == [0, 1]
    assert alloc.release("a") == []  # idempotent
    assert alloc.release("never") == []
    assert list(alloc.leases()) == [2]
    # another allocator on the same directory (another process, in effect) sees the same leases
    assert GpuAllocator(alloc.inventory, leases).held_by("b") == [alloc.inventory[2]]


def test_default_lease_dir() -> None:
    alloc = GpuAllocator(gpus(H100))
    assert alloc.lease_dir == constants.envspec_home() / "gpu-leases"


def test_reclaim(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100, H100, H100), leases)
    alloc.allocate("done", GpuRequest(2, ("h100",)))
    alloc.allocate("live", GpuRequest(1, ("h100",)))
    seen: list[Lease] = []

    def keep(lease: Lease) -> bool:
        seen.append(lease)
        return lease.run_id == "live"

    assert alloc.reclaim(keep) == ["done"]
    assert len(seen) == 3
    assert {i: lease.run_id for i, lease in alloc.leases().items()} == {2: "live"}
    assert alloc.reclaim(lambda lease: True) == []


def test_reclaim_dead_process(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100), leases)
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path;"
            "from envspec.runtime.gpu import GpuAllocator, Gpu, GpuRequest;"
            "g = Gpu.from_name(0, 'NVIDIA H100', 80);"
            "GpuAllocator([g], Path(sys.argv[1])).allocate('orphan', GpuRequest(1, ('h100',)))",
            str(leases),
        ],
        cwd=REPO,
        check=True,
    )
    assert child.returncode == 0
    lease = alloc.leases()[0]
    assert lease.run_id == "orphan" and not pid_alive(lease.pid)
    assert alloc.reclaim(lambda lease: pid_alive(lease.pid)) == ["orphan"]
    assert alloc.leases() == {}


def test_pid_alive() -> None:
    assert pid_alive(os.getpid())
    assert not pid_alive(0)
    assert not pid_alive(-5)
    assert pid_alive(1)  # init: exists, possibly owned by another user (PermissionError)


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"",
        b"\xff\xfe\x00garbage",
        b"[]",
        b'{"run_id": "x"}',
        b'{"run_id": "", "pid": 1, "host": "h", "created": "t"}',
    ],
)
def test_corrupt_lease_holds_its_gpu(leases: Path, content: bytes) -> None:
    alloc = GpuAllocator(gpus(H100, H100), leases)
    leases.mkdir()
    (leases / "0.json").write_bytes(content)
    lease = alloc.leases()[0]
    assert lease.corrupt and lease.holder == "<unknown: corrupt lease 0.json>"

    assert alloc.allocate("a", GpuRequest(1, ("h100",))).device_ids == ["1"]  # never crashes
    with pytest.raises(GpuBusy) as e:
        alloc.allocate("b", GpuRequest(1, ("h100",)))
    assert e.value.holders == {0: "<unknown: corrupt lease 0.json>", 1: "a"}
    assert e.value.hint is not None and "reclaimed" in e.value.hint

    assert alloc.reclaim(lambda lease: not lease.corrupt) == ["<unknown: corrupt lease 0.json>"]
    assert alloc.allocate("b", GpuRequest(1, ("h100",))).device_ids == ["0"]


def test_stray_files_are_ignored(leases: Path) -> None:
    alloc = GpuAllocator(gpus(H100), leases)
    leases.mkdir()
    (leases / ".0.json.123.tmp").write_text("{half")  # a writer that died mid-write
    (leases / "notes.txt").write_text("hello")
    assert alloc.leases() == {}
    assert alloc.allocate("a", GpuRequest(1, ("h100",))).device_ids == ["0"]
    assert sorted(p.name for p in leases.glob(".*.tmp")) == [".0.json.123.tmp"]  # none of ours


# --- concurrency -------------------------------------------------------------------------------
WORKER = """
import json, os, sys, time
from pathlib import Path
from envspec.errors import GpuBusy
from envspec.runtime.gpu import GpuAllocator, GpuRequest, detect_inventory

run_id, count, hold_s, wait_s, tmp = sys.argv[1:]
tmp = Path(tmp)
alloc = GpuAllocator(detect_inventory(), tmp / "leases")

def record(entry):
    fd = os.open(tmp / "log.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.write(fd, (json.dumps(entry) + "\\n").encode())
    os.close(fd)

(tmp / "ready" / run_id).touch()
while not (tmp / "go").exists():
    time.sleep(0.005)
asked = time.monotonic()
request = GpuRequest(int(count), ("h100",))
try:
    got = alloc.allocate(run_id, request, wait_s=float(wait_s), poll_s=0.01)
except GpuBusy as e:
    record({"run": run_id, "refused": str(e), "holders": e.holders})
    sys.exit(0)
start = time.monotonic()
collisions = []
for index in got.device_ids:  # an independent detector: exclusive-create a marker per GPU
    try:
        os.close(os.open(tmp / "held" / index, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        collisions.append(index)
time.sleep(float(hold_s))
for index in got.device_ids:
    if index not in collisions:
        os.unlink(tmp / "held" / index)
end = time.monotonic()
assert alloc.release(run_id) == [int(i) for i in got.device_ids]
record(
    {"run": run_id, "gpus": got.device_ids, "asked": asked, "start": start, "end": end}
    | {"collisions": collisions}
)
"""


def _contend(tmp: Path, *, runs: int, hold_s: float, wait_s: float) -> list[dict[str, Any]]:
    """``runs`` processes, released together, each asking for 1-2 of 8 configured GPUs."""
    for sub in ("ready", "held"):
        (tmp / sub).mkdir(parents=True)
    inventory = [{"index": i, "name": "NVIDIA H100 80GB HBM3", "memory_gb": 80} for i in range(8)]
    env = {**os.environ, constants.ENV_GPUS: json.dumps(inventory), "PYTHONPATH": str(REPO)}
    procs = [
        subprocess.Popen(
            [
                *(sys.executable, "-c", WORKER, f"run-{i}", str(1 + i % 2)),
                *(str(hold_s * (1 + (i % 4) / 3)), str(wait_s), str(tmp)),
            ],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(runs)
    ]
    try:
        deadline = time.monotonic() + 60
        while len(list((tmp / "ready").iterdir())) < runs:
            assert time.monotonic() < deadline, "workers did not start"
            assert all(p.poll() is None for p in procs), "a worker died before starting"
            time.sleep(0.01)
        (tmp / "go").touch()
        for p in procs:
            _, err = p.communicate(timeout=60)
            assert p.returncode == 0, err
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    entries = [json.loads(line) for line in (tmp / "log.jsonl").read_text().splitlines()]
    assert sorted(e["run"] for e in entries) == sorted(f"run-{i}" for i in range(runs))
    assert list((tmp / "held").iterdir()) == []
    assert GpuAllocator([], tmp / "leases").leases() == {}  # everything released
    return entries


def _assert_exclusive(served: list[dict[str, Any]]) -> None:
    assert all(e["collisions"] == [] for e in served)
    by_gpu: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    for e in served:
        assert len(e["gpus"]) == 1 + int(e["run"].split("-")[1]) % 2
        for index in e["gpus"]:
            by_gpu[index].append((e["start"], e["end"], e["run"]))
    for index, spans in by_gpu.items():
        spans.sort()
        for (_, end, run), (start, _, other) in itertools.pairwise(spans):
            assert start >= end, f"GPU {index} held by {run} and {other} at once"


def test_concurrent_processes_all_served(tmp_path: Path) -> None:
    entries = _contend(tmp_path, runs=50, hold_s=0.02, wait_s=45)
    assert [e for e in entries if "refused" in e] == []
    _assert_exclusive(entries)
    # 50 runs cannot all fit on 8 GPUs at once: some had to wait for others to release
    assert max(e["start"] - e["asked"] for e in entries) > 0.1


def test_concurrent_processes_refused_when_busy(tmp_path: Path) -> None:
    entries = _contend(tmp_path, runs=50, hold_s=0.2, wait_s=0)
    served = [e for e in entries if "refused" not in e]
    refused = [e for e in entries if "refused" in e]
    assert served and refused
    _assert_exclusive(served)
    for e in refused:
        assert "needs " in e["refused"] and "qualifying GPU(s) free" in e["refused"]
        assert e["holders"], e
        for holder in e["holders"].values():
            assert holder.startswith("run-") and holder in e["refused"]
