"""gpt2_qa through the runtime on both backends, with a student pretrained for seconds and the
packaged SmolLM2 in place of the judge (CI's CPUs; the figures with the real judge come from
the explicit commands in the README): the starting solution scores; the agent's judge is
judge-only, metered with the engine's own token counts and refused past the budget; every
exploit is invalid or gains nothing; nothing hidden is in the agent's image or environment."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from envspec.assets.secret import AssetSecret
from envspec.authoring.exploits import INVALID, apply_exploit, find_exploits
from envspec.models.reference import RegistryTarget
from envspec.oci.assets import push_asset
from envspec.runtime import runs, runstore
from envspec.schema import load_manifest
from tests.support.envs import agent_image_paths, copy_with_pins, load_module, publish
from tests.support.fixtures import module_folder

pytestmark = [
    pytest.mark.integration,
    pytest.mark.usefixtures("torch_cpu_base", "interpreter_for_run_users"),
    pytest.mark.timeout(2400),
    pytest.mark.skipif(os.geteuid() != 0, reason="the scorer's sandbox needs root"),
    pytest.mark.skipif(
        not Path("/usr/share/dictd/gcide.dict.dz").exists(), reason="Debian's dict-gcide"
    ),
]

ENV = Path(__file__).resolve().parents[1]
#: a scoring made small: four questions, room for every exploit's scoring (and _budget)
SMALL = {
    "prompts: 24": "prompts: 4",
    "scorer_calls: 6": "scorer_calls: 20",
}
# a version of its own: the published test build never stands in for the real one
_VERSION = re.search(r"^version: (\S+)$", (ENV / "envspec.yaml").read_text(), re.M)
assert _VERSION is not None
SMALL[_VERSION.group(0)] = f"version: {_VERSION.group(1)}-ci"
#: why each invalid exploit is refused (a fragment of the message the agent reads)
REFUSED = {
    "settings_out_of_bounds": "temperature must be",
    "link_weights": "link",
    "bigger_model": "shape",
    "pickle_payload": "model.pt cannot be used",
    "compressed_weights": "uncompressed records",
    "nested_settings": "nested too deeply",
    "huge_config": "shape",
}
#: exploits the local backend runs too: those stopped by the sandbox, the copy of the files or
#: the judge's proxy, which each backend makes its own way; the judge's rules and the settings'
#: bounds are the scorer's arithmetic, the same on both (docker runs every exploit)
LOCAL = {
    "compressed_weights",
    "free_prompt",
    "huge_config",
    "judge_listener",
    "link_weights",
    "pickle_payload",
    "read_hidden",
}
QUESTION = 'What does the word "kettle" mean?'
ANSWER = "A kettle is a metal pot with a lid and a spout, used for boiling water."
#: the agent asks the same comparison twice: one real answer, one empty (never shown to the
#: model); the second is refused
COMPARE = f"""
import json
from student import judge
import urllib.error
out = []
for answers in ([{ANSWER!r}, ""], [{ANSWER!r}, ""]):
    try:
        out.append(judge({QUESTION!r}, *answers))
    except urllib.error.HTTPError as e:
        out.append(e.code)
print(json.dumps(out))
"""

#: every TCP port listening in the agent's network namespace (the kernel's own table, any
#: address) but the judge's proxy
LISTENERS = """
import json, os, urllib.parse
proxy = urllib.parse.urlsplit(os.environ["ENVSPEC_SERVICE_JUDGE_URL"]).port
found, proxy_listed = [], False
for table in ("/proc/net/tcp", "/proc/net/tcp6"):
    for line in open(table).readlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        port = int(local.rsplit(":", 1)[1], 16)
        # 127.0.0.11: Docker's own name server (how the agent finds the proxy by name)
        proxy_listed |= state == "0A" and port == proxy
        if state == "0A" and port != proxy and not local.startswith("0B00007F:"):
            found.append(port)
print(json.dumps({"others": found, "proxy_listed": proxy_listed}))
"""


def _builder() -> Any:
    return load_module(ENV / "builder" / "build_assets.py", "qa_build")


def _service() -> Any:
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(ENV / "scoring"))
        patch.syspath_prepend(str(ENV.parents[1] / "envspec" / "kit"))
        return load_module(ENV / "scoring" / "judge_service.py", "qa_judge_service")


def _controls(assets: Path) -> list[str]:
    """The controls the service draws from for QUESTION (its subject's spelling's)."""
    hidden = assets / "hidden-lite"
    pool = [json.loads(line)["prompt"] for line in (hidden / "service_controls.jsonl").open()]
    service = _service()
    return list(service.controls_for(QUESTION, pool, service.judge.outlines(str(hidden))))


def _budget(assets: Path) -> int:
    """A judge budget that pays for the quote of the agent's first comparison (COMPARE) and,
    once that has cost what it cost, not for the same comparison again."""
    return int(_service().quote(QUESTION, [ANSWER, ""], _controls(assets))) + 1


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """Assets from a secret of the test's own and a tiny student, SmolLM2 as the judge,
    published with the environment to a store of the module's own."""
    builder = _builder()
    tiny = builder.Variant(
        name="lite",
        corpus_bytes=300_000,
        corpus_subdir="lite",
        vocab_size=1024,
        shape={"block_size": 128, "n_layer": 2, "n_head": 2, "n_embd": 64},
        pretrain={"steps": 40, "batch_size": 8, "lr": 3e-3, "warmup": 5, "eval_every": 40},
        tutor={"steps": 10, "lr": 1e-3, "batch_size": 8},
        held_out=4,
        controls=4,
    )
    # two small sources for the tiny student (the builder's whole corpus takes a minute)
    builder.SOURCES = ["jargon-text", "fortunes"]
    with module_folder(tmp_path_factory, "gpt2_qa") as root:
        cache = Path.home() / ".cache" / "envspec-tests" / "wheels"
        secret = AssetSecret(os.urandom(32), "fresh")
        builder.build(
            root / "assets", tiny, secret, judge_model="smollm2-135m-instruct", model_cache=cache
        )
        target = RegistryTarget(store=str(root / "store"))
        pins = {}
        for name, folder, repo in (
            ("student", "student", "gpt2_qa-lite-student"),
            ("hidden", "hidden-lite", "gpt2_qa-lite-hidden"),
            ("judge", "judge", "model-smollm2-135m-instruct"),
        ):
            pushed = push_asset(root / "assets" / folder, target, repo, "1.0.0")
            pins[name] = f"envspec/{repo}@{pushed.digest}"
        env = copy_with_pins(ENV, root / "env" / "gpt2_qa", "lite", pins)
        text = (env / "envspec.yaml").read_text()
        small = SMALL | {"judge_tokens: 2000000": f"judge_tokens: {_budget(root / 'assets')}"}
        for old, new in small.items():
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        (env / "envspec.yaml").write_text(text)
        yield root / "assets", publish(env, root / "store")


def _agent(run_id: str, argv: list[str]) -> str:
    done = runs.exec_in_run(run_id, argv, timeout=600)
    assert done.exit_code == 0, done.stderr.decode()
    return done.stdout.decode()


def _engine_tokens(assets: Path) -> set[int]:
    """What one grading of ANSWER costs for each control the service may draw, counted by the
    engine itself (llama.cpp in this process, as the service runs it)."""
    judge = load_module(ENV / "scoring" / "judge.py", "qa_judge")
    ask = judge.local_asker(str(assets / "judge" / "model.gguf"), threads=2)
    return {judge.grade(ask, QUESTION, ANSWER, c).tokens for c in _controls(assets)}


@pytest.mark.parametrize("backend", ["docker", "local"])
def test_the_start_the_judge_and_every_exploit_through_the_runtime(
    built: tuple[Path, str], backend: str
) -> None:
    assets, published = built
    manifest = load_manifest(ENV)
    exploits = find_exploits(ENV)
    assert {e.name for e in exploits} >= {"self_grading_answers", "read_hidden", "free_prompt"}
    assert {e.name for e in exploits} >= LOCAL
    if backend == "local":
        exploits = [e for e in exploits if e.name in LOCAL]
    starting = (ENV / "task" / "solution" / "settings.json").read_bytes()
    run = runs.start_run(published, variant="lite", backend=backend)
    try:
        seen = json.loads(
            _agent(run.id, ["python3", "-c", "import os,json;print(json.dumps(dict(os.environ)))"])
        )
        assert [k for k in seen if k.startswith("ENVSPEC_ASSET_")] == ["ENVSPEC_ASSET_STUDENT"]
        # the judge model's own listener (llama.cpp's) is out of the agent's reach
        listening = json.loads(_agent(run.id, ["python3", "-c", LISTENERS]))
        assert listening["others"] == [], listening
        # on the local backend the proxy listens in the run's namespace: the table is read
        assert listening["proxy_listed"] or backend == "docker", listening
        first, second = json.loads(_agent(run.id, ["python3", "-c", COMPARE]))
        assert first in (0.0, 0.5, 1.0)
        assert second == 429, "a comparison past the budget was not refused"
        start = runs.score_run(run.id).agent_view()
        assert start["valid"], start
        assert "against the base student" in str(start["message"])
        assert "intermediate scoring" in str(start["message"])
        outcomes: dict[str, Any] = {}
        for exploit in exploits:
            runs.put_files(run.id, {"settings.json": starting})
            _agent(run.id, ["rm", "-f", "model.pt"])
            note = apply_exploit(run.id, exploit, manifest)
            view = runs.score_run(run.id).agent_view()
            outcomes[exploit.name] = view
            if exploit.expect == INVALID:
                assert not view["valid"], f"{exploit.name} ({note}): {view}"
                assert REFUSED[exploit.name] in str(view["message"]), view
            else:
                # SmolLM2 cannot judge (its grades are noise) and the tiny students' answers
                # are mostly degenerate, so whether a no-gain exploit gains is measured with
                # the real judge (README), not here: here, that it is scored
                assert view["valid"], f"{exploit.name} ({note}): {view}"
        # the final scoring, of the starting solution, judges the final questions
        runs.put_files(run.id, {"settings.json": starting})
        _agent(run.id, ["rm", "-f", "model.pt"])
    finally:
        result = runs.finish_run(run.id)
    judge = result["services"]["judge"]
    assert judge["unit"] == "judge_tokens" and judge["budget"] == _budget(assets)
    # every comparison of the agent's that the judge ran drew on the variant's comparisons
    usage = runstore.run_dir(run.id) / "services" / "judge" / "usage.jsonl"
    entries = [json.loads(line) for line in usage.read_text().splitlines()]
    ran = [e for e in entries if e["principal"] == "agent" and e.get("status") != 429]
    assert judge["request_budget"] == 2000
    assert judge["agent_requests"] == len(ran) >= 1, (judge, entries)
    assert judge["agent"] in _engine_tokens(assets), judge
    assert judge["refused"] >= 1, judge
    assert "tmp/pwned" not in json.dumps(outcomes)
    log = runs.read_log(run.id, full=True)
    scored = [(r["kind"], r["details"]["scoring"]) for r in log if r["valid"]]
    assert {d for k, d in scored if k == "intermediate"} == {"intermediate"}
    assert [d for k, d in scored if k == "final"] == ["final"]


def test_intermediate_questions_are_neither_final_nor_the_agents(built: tuple[Path, str]) -> None:
    assets = built[0]

    def prompts(path: Path) -> set[str]:
        return {json.loads(line)["prompt"] for line in path.open()}

    final = prompts(assets / "hidden-lite" / "prompts.jsonl")
    intermediate = prompts(assets / "hidden-lite" / "intermediate.jsonl")
    agents = prompts(assets / "student" / "train_prompts.jsonl")
    assert len(final) == len(intermediate) == 4
    assert not final & intermediate and not (final | intermediate) & agents


def test_each_control_is_spelled_like_its_question(built: tuple[Path, str]) -> None:
    """0.10.0: the builder drew each question's control from the words spelled like its
    subject (exploits/keyed_answers.sh), and left those words to the judge service."""
    hidden = built[0] / "hidden-lite"
    judge = load_module(ENV / "scoring" / "judge.py", "qa_judge_controls")
    outlines = judge.outlines(str(hidden))
    pool = {json.loads(line)["prompt"] for line in (hidden / "controls.jsonl").open()}
    for file in ("prompts.jsonl", "intermediate.jsonl"):
        for row in map(json.loads, (hidden / file).open()):
            words = outlines.like(judge.subject(row["prompt"]))
            if not words:  # a subject of three letters or fewer: the pool's, in turn
                assert row["control"] in pool, row
                continue
            assert judge.with_subject(row["prompt"], "X") == judge.with_subject(row["control"], "X")
            assert judge.subject(row["control"]) in words, row


def test_nothing_hidden_is_in_the_agent_image(built: tuple[Path, str]) -> None:
    paths = agent_image_paths(built[1])
    assert not any(p.startswith("scoring") or "hidden" in p or "judge" in p for p in paths)
    assert any(p.endswith("solution/student.py") for p in paths)
