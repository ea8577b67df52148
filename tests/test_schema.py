"""Staged manifest loading: parse → JSON Schema → semantics → resolve, with field paths."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envspec.errors import ManifestError, Problem
from envspec.models.manifest import IMAGES_DEFAULTS, Manifest
from envspec.schema import (
    check_data,
    check_manifest,
    load_manifest,
    load_manifest_data,
    load_schema,
    manifest_file,
    parse,
    schema_path,
    validate_schema,
    validate_semantics,
)

FIXTURES = Path(__file__).parent / "fixtures" / "manifests"
VALID_TEXT = (FIXTURES / "valid.yaml").read_text()
DIGEST = "sha256:" + "0123456789abcdef" * 4


def valid_data() -> dict[str, Any]:
    data, problems = parse(VALID_TEXT, "valid.yaml")
    assert problems == [] and isinstance(data, dict)
    return data


def make_env(root: Path, manifest: str | bytes | dict[str, Any] = VALID_TEXT) -> Path:
    """An environment folder: the fixture's Dockerfile and task plus ``manifest``."""
    env = root / "env"
    if env.exists():
        shutil.rmtree(env)
    shutil.copytree(FIXTURES / "env", env)
    if isinstance(manifest, dict):
        manifest = yaml.safe_dump(manifest, sort_keys=False)
    target = env / "envspec.yaml"
    if isinstance(manifest, bytes):
        target.write_bytes(manifest)
    else:
        target.write_text(manifest, encoding="utf-8")
    return env


def paths(problems: list[Problem]) -> list[str]:
    return sorted(p.path for p in problems)


def by_path(problems: list[Problem], path: str) -> Problem:
    found = [p for p in problems if p.path == path]
    assert found, f"no problem at {path!r}: {problems}"
    return found[0]


# --- the valid manifest ------------------------------------------------------------------------
def test_valid_manifest_loads(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    assert check_manifest(env) == []
    m = load_manifest(env)
    assert isinstance(m, Manifest)
    assert m.name == "optimize_kernel"
    assert m.version == "1.0.0-rc.1"
    # unquoted YAML dates stay strings, so the manifest is plain JSON
    lite = m.variant("lite")
    assert lite.normalisation is not None
    assert lite.normalisation.provenance.date == "2026-11-29"
    assert json.loads(json.dumps(m.to_dict())) == m.to_dict()
    assert load_manifest(env / "envspec.yaml") == m
    # the round trip through to_dict validates again
    assert check_data(m.to_dict()) == []
    assert load_manifest_data(m.to_dict()) == m


def test_manifest_file() -> None:
    assert manifest_file(FIXTURES) == FIXTURES / "envspec.yaml"
    assert manifest_file(FIXTURES / "valid.yaml") == FIXTURES / "valid.yaml"


def test_missing_and_unreadable(tmp_path: Path) -> None:
    problems = check_manifest(tmp_path)
    assert [p.stage for p in problems] == ["parse"]
    assert "not found" in problems[0].message and problems[0].hint
    with pytest.raises(ManifestError) as info:
        load_manifest(tmp_path / "nope.yaml")
    assert info.value.problems and "not found" in info.value.problems[0].message
    (tmp_path / "envspec.yaml").mkdir()  # a directory where the file should be
    problems = check_manifest(tmp_path / "envspec.yaml" / "envspec.yaml")
    assert len(problems) == 1


def test_load_raises_with_every_problem(tmp_path: Path) -> None:
    data = valid_data()
    data["titel"] = data.pop("title")
    with pytest.raises(ManifestError) as info:
        load_manifest(make_env(tmp_path, data))
    assert paths(info.value.problems) == ["titel", "title"]
    assert "titel" in str(info.value)
    with pytest.raises(ManifestError):
        load_manifest_data([1, 2])


# --- the schema file ---------------------------------------------------------------------------
MAPS_OF_SCHEMAS = ("properties", "patternProperties", "$defs")


def _schemas(node: Any, key: str = "") -> Iterator[dict[str, Any]]:
    """Every subschema (dicts that are maps of name -> schema are walked, not yielded)."""
    if isinstance(node, dict):
        if key not in MAPS_OF_SCHEMAS:
            yield node
        for k, value in node.items():
            yield from _schemas(value, "" if key in MAPS_OF_SCHEMAS else k)
    elif isinstance(node, list):
        for value in node:
            yield from _schemas(value)


def test_schema_is_valid_draft_2020_12() -> None:
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://envspec.dev/schemas/envspec-manifest-v1.schema.json"
    assert schema_path("envspec-manifest-v1").name == "envspec-manifest-v1.schema.json"
    assert schema_path("envspec-manifest-v1.schema.json").is_file()


def test_every_property_has_a_description() -> None:
    missing = [
        f"{key}/{name}"
        for node in _schemas(load_schema())
        for key in ("properties", "patternProperties")
        for name, sub in node.get(key, {}).items()
        if not (isinstance(sub, dict) and sub.get("description"))
    ]
    assert missing == []
    assert sum(len(n.get("properties", {})) for n in _schemas(load_schema())) > 60


def test_every_object_refuses_unknown_keys() -> None:
    open_objects = [
        sorted(node.get("properties", node.get("patternProperties", {})))
        for node in _schemas(load_schema())
        if ("properties" in node or "patternProperties" in node)
        and node.get("additionalProperties") is not False
    ]
    assert open_objects == []


def test_schema_defaults_match_the_model() -> None:
    images = load_schema()["$defs"]["images"]["properties"]
    assert {k: v["default"] for k, v in images.items() if "default" in v} == IMAGES_DEFAULTS


# --- malformed manifests: one table, exact paths -----------------------------------------------
Mutator = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutator:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = _split(path)
        node: Any = data
        for part in parents:
            node = node[part]
        node[last] = value

    return mutate


def _delete(path: str) -> Mutator:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = _split(path)
        node: Any = data
        for part in parents:
            node = node[part]
        del node[last]

    return mutate


def _rename(path: str, new: str) -> Mutator:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = _split(path)
        node: Any = data
        for part in parents:
            node = node[part]
        node[new] = node.pop(last)

    return mutate


def _split(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for piece in path.split("."):
        name, _, rest = piece.partition("[")
        if name:
            parts.append(name)
        while rest:
            index, _, rest = rest.partition("]")
            parts.append(int(index))
            rest = rest.lstrip("[")
    return parts


def _all(*mutators: Mutator) -> Mutator:
    def mutate(data: dict[str, Any]) -> None:
        for m in mutators:
            m(data)

    return mutate


L = "variants.lite"
S = "variants.standard"
# (id, mutation, {path: (substring of message, substring of hint or None)}, stage)
CASES: list[tuple[str, Mutator, dict[str, tuple[str, str | None]], str]] = [
    (
        "misspelt-key",
        _rename("title", "titel"),
        {
            "titel": ("unknown key 'titel'", "did you mean 'title'?"),
            "title": ("missing required field 'title'", "add title"),
        },
        "schema",
    ),
    (
        "nested-misspelt-key",
        _rename(f"{L}.hardware.memory_gb", "memroy_gb"),
        {
            f"{L}.hardware.memroy_gb": ("unknown key", "did you mean 'memory_gb'?"),
            f"{L}.hardware.memory_gb": ("missing required field 'memory_gb'", None),
        },
        "schema",
    ),
    (
        "unknown-key-no-match",
        _set("images.zzzzzz", 1),
        {"images.zzzzzz": ("unknown key", "allowed keys: context, dockerfile")},
        "schema",
    ),
    (
        "wrong-type-number",
        _set(f"{L}.hardware.cpus", "two"),
        {f"{L}.hardware.cpus": ("expected number, got string 'two'", "without quotes")},
        "schema",
    ),
    (
        "wrong-type-string",
        _set("version", 1.0),
        {"version": ("expected string, got number", "quote")},
        "schema",
    ),
    (
        "wrong-type-bool",
        _set("license", True),
        {"license": ("expected string, got boolean", "booleans")},
        "schema",
    ),
    (
        "wrong-type-gpu",
        _set(f"{L}.hardware.gpu", 3),
        {f"{L}.hardware.gpu": ("expected mapping or null", "null")},
        "schema",
    ),
    (
        "missing-field",
        _delete("summary"),
        {"summary": ("missing required field 'summary'", "add summary")},
        "schema",
    ),
    (
        "missing-section",
        _delete("scoring"),
        {"scoring": ("missing required field 'scoring'", None)},
        "schema",
    ),
    (
        "missing-nested",
        _delete(f"{S}.hardware.gpu.models"),
        {f"{S}.hardware.gpu.models": ("missing required field 'models'", None)},
        "schema",
    ),
    (
        "bad-semver",
        _set("version", "1.0"),
        {"version": ("not a semantic version", "1.0.0")},
        "schema",
    ),
    (
        "semver-build-metadata",
        _set("version", "1.2.3+build.5"),
        {"version": ("without +build metadata", "1.2.3")},
        "schema",
    ),
    (
        "semver-leading-zero",
        _set("version", "01.2.3"),
        {"version": ("not a semantic version", None)},
        "schema",
    ),
    (
        "bad-digest",
        _set("assets[0].ref", "localhost:5000/envspec/corpus:latest"),
        {"assets[0].ref": ("pinned by digest", "@sha256:")},
        "schema",
    ),
    (
        "short-digest",
        _set("assets[1].ref", "localhost:5000/envspec/judge@sha256:abc"),
        {"assets[1].ref": ("pinned by digest", "oras resolve")},
        "schema",
    ),
    (
        "bad-name",
        _set("name", "Optimize Kernel"),
        {"name": ("not a valid name", "optimize_kernel")},
        "schema",
    ),
    ("format-version", _set("envspec", 2), {"envspec": ("must be 1, got 2", None)}, "schema"),
    (
        "enum-did-you-mean",
        _set("scoring.direction", "minimize"),
        {"scoring.direction": ("not one of: minimise, maximise", "did you mean 'minimise'?")},
        "schema",
    ),
    (
        "enum-choices",
        _set(f"{L}.network", "internet"),
        {f"{L}.network": ("not one of", "none, egress, bridge")},
        "schema",
    ),
    (
        "gpu-count-zero",
        _set(f"{S}.hardware.gpu.count", 0),
        {f"{S}.hardware.gpu.count": ("must be >= 1, got 0", None)},
        "schema",
    ),
    (
        "gpu-models-empty",
        _set(f"{S}.hardware.gpu.models", []),
        {f"{S}.hardware.gpu.models": ("at least 1", None)},
        "schema",
    ),
    (
        "gpu-model-uppercase",
        _set(f"{S}.hardware.gpu.models", ["h100", "H200"]),
        {f"{S}.hardware.gpu.models[1]": ("does not match", "use lowercase: h200")},
        "schema",
    ),
    (
        "memory-zero",
        _set(f"{L}.hardware.memory_gb", 0),
        {f"{L}.hardware.memory_gb": ("must be > 0", None)},
        "schema",
    ),
    (
        "bad-duration",
        _set(f"{S}.budgets.wall_time", "8 hours"),
        {f"{S}.budgets.wall_time": ("not a duration", "8h")},
        "schema",
    ),
    (
        "duration-trailing-newline",
        _set("scoring.timeout", "10m\n"),
        {"scoring.timeout": ("not a duration", None)},
        "schema",
    ),
    (
        "variant-name",
        _rename("variants.lite", "Lite"),
        {"variants.Lite": ("invalid name 'Lite'", "e.g. 'lite'")},
        "schema",
    ),
    ("no-variants", _set("variants", {}), {"variants": ("at least 1", None)}, "schema"),
    (
        "root-user",
        _set("task.user", "root"),
        {"task.user": ("may not run as root", "agent")},
        "schema",
    ),
    (
        "relative-workdir",
        _set("task.workdir", "home/agent"),
        {"task.workdir": ("absolute path", None)},
        "schema",
    ),
    (
        "short-canary",
        _set("canary", "short"),
        {"canary": ("at least 16 characters", None)},
        "schema",
    ),
    (
        "empty-authors",
        _set("authors", []),
        {"authors": ("at least 1", None)},
        "schema",
    ),
    (
        "build-arg-type",
        _set("images.build_args.TORCH_VERSION", 2.5),
        {"images.build_args.TORCH_VERSION": ("expected string", "quote")},
        "schema",
    ),
    (
        "build-arg-name",
        _rename("images.build_args.TORCH_VERSION", "1-BAD"),
        {"images.build_args.1-BAD": ("invalid key", None)},
        "schema",
    ),
    (
        "parameter-null",
        _set(f"{S}.parameters.n", None),
        {f"{S}.parameters.n": ("expected", None)},
        "schema",
    ),
    (
        "asset-visibility",
        _set("assets[0].visibility", "private"),
        {"assets[0].visibility": ("not one of: agent, scorer, service", None)},
        "schema",
    ),
    (
        "three-independent-errors",
        _all(
            _set(f"{L}.hardware.cpus", "two"),
            _set("assets[0].ref", "corpus:latest"),
            _set("scoring.aggregation", "mean"),
        ),
        {
            f"{L}.hardware.cpus": ("expected number", None),
            "assets[0].ref": ("pinned by digest", None),
            "scoring.aggregation": ("not one of: best, last", None),
        },
        "schema",
    ),
    # --- semantic: what the schema cannot say
    (
        "normalisation-direction",
        _set("scoring.direction", "maximise"),
        {f"{L}.normalisation": ("must be higher than the starting", "swap")},
        "semantic",
    ),
    (
        "normalisation-equal",
        _set(f"{L}.normalisation.reference", 1.5535),
        {f"{L}.normalisation": ("are equal", None)},
        "semantic",
    ),
    (
        "normalisation-date",
        _set(f"{L}.normalisation.provenance.date", "2026-02-30"),
        {f"{L}.normalisation.provenance.date": ("not a real date", None)},
        "semantic",
    ),
    (
        "custom-service-fields",  # a program of the environment needs its routes and unit
        _set("services[0].kind", "custom"),
        {
            "services[0].command": ("a custom service needs command", "add command"),
            "services[0].routes": ("a custom service needs routes", "add routes"),
            "services[0].unit": ("a custom service needs unit", "add unit"),
            "services[0].model": ("does not apply to custom services", "remove it"),
        },
        "semantic",
    ),
    (
        "custom-service-route",
        _set(
            "services[0]",
            {
                "name": "run",
                "kind": "custom",
                "command": ["python", "/s.py"],
                "routes": ["v1/run"],
                "unit": "flops",
            },
        ),
        {"services[0].routes[0]": ("does not match", None)},
        "schema",
    ),
    (
        "service-field-of-other-kind",
        _set("services[0].unit", "flops"),
        {"services[0].unit": ("does not apply to openai-compatible services", "remove it")},
        "semantic",
    ),
    (
        "service-model-missing",
        _set("services[0].model", "judge_modl"),
        {"services[0].model": ("no asset named 'judge_modl'", "did you mean 'judge_model'?")},
        "semantic",
    ),
    (
        "request-budget-of-no-service",
        _set(f"{L}.budgets.requests", {"juge": 100}),
        {f"{L}.budgets.requests": ("no service named 'juge'", "did you mean 'judge'?")},
        "semantic",
    ),
    (
        "variant-serves-no-such-service",
        _set(f"{L}.services", {"juge": {"threads": 4}}),
        {f"{L}.services.juge": ("no service named 'juge'", "did you mean 'judge'?")},
        "semantic",
    ),
    (
        "variant-serves-on-gpus-with-llamacpp",
        _set(f"{S}.services", {"judge": {"gpus": 1}}),
        {
            f"{S}.services.judge.gpus": (
                "variant standard would serve judge with GPUs on llamacpp, a CPU engine",
                "set engine: transformers for this variant, or gpus: 0",
            )
        },
        "semantic",
    ),
    (
        "variant-shares-gpus-it-does-not-take",
        _set(f"{S}.services", {"judge": {"engine": "transformers", "share_gpus": True}}),
        {
            f"{S}.services.judge.share_gpus": (
                "variant standard would have judge share GPUs it does not take",
                "give it gpus (in the service or the variant's services), or remove share_gpus",
            )
        },
        "semantic",
    ),
    (
        "variant-serves-on-more-gpus-than-it-has",
        _set(f"{S}.services", {"judge": {"engine": "transformers", "gpus": 9}}),
        {
            f"{S}.services.judge.gpus": (
                "variant standard has 1 GPU(s), not the 9 given judge",
                "give it at most 1, or the variant more",
            )
        },
        "semantic",
    ),
    (
        "request-budget-not-a-count",
        _set(f"{L}.budgets.requests", {"judge": 1.5}),
        {f"{L}.budgets.requests.judge": ("expected integer, got number 1.5", None)},
        "schema",
    ),
    (
        "service-model-readable",  # weights the agent (or its scorer) reads: no meter
        _set("assets[1].visibility", "agent"),
        {
            "services[0].model": (
                "the served model 'judge_model' has visibility 'agent'",
                "give it visibility: service (only the service's container mounts it)",
            )
        },
        "semantic",
    ),
    (
        "duplicate-asset",
        _set("assets[1].name", "corpus"),
        {
            "assets[1].name": ("duplicate name 'corpus'", None),
            "services[0].model": ("no asset named 'judge_model'", None),
        },
        "semantic",
    ),
    (
        "variant-asset-clash",
        _set(
            f"{L}.assets",
            [
                {
                    "name": "corpus",
                    "ref": "envspec/c@sha256:" + "ab" * 32,
                    "mount": "/assets/judge/",
                    "visibility": "agent",
                }
            ],
        ),
        {
            f"{L}.assets[0].name": ("also a top-level asset", "rename one"),
            f"{L}.assets[0].mount": ("/assets/judge is mounted twice", None),
        },
        "semantic",
    ),
    (
        "zero-wall-time",
        _set(f"{L}.budgets.wall_time", "0h"),
        {f"{L}.budgets.wall_time": ("longer than zero", None)},
        "semantic",
    ),
    (
        "zero-timeout",
        _set("scoring.timeout", "0.0s"),
        {"scoring.timeout": ("longer than zero", None)},
        "semantic",
    ),
    (
        "instructions-escape",
        _set("task.instructions", "../secret.md"),
        {"task.instructions": ("outside the environment folder", None)},
        "semantic",
    ),
    (
        "base-image-build-arg",
        _set("images.build_args.BASE_IMAGE", "x"),
        {"images.build_args.BASE_IMAGE": ("set from images.base", "images.base")},
        "semantic",
    ),
    # --- resolve: the files it names
    (
        "instructions-missing",
        _set("task.instructions", "task/README.md"),
        {"task.instructions": ("task/README.md not found", None)},
        "resolve",
    ),
    (
        "dockerfile-missing",
        _set("images.dockerfile", "Containerfile"),
        {"images.dockerfile": ("Containerfile not found", "AS agent")},
        "resolve",
    ),
    (
        "context-missing",
        _set("images.context", "build"),
        {
            "images.context": ("not a directory", None),
            "images.dockerfile": ("build/Dockerfile not found", None),
        },
        "resolve",
    ),
    (
        "target-missing",
        _set("images.scorer_target", "scorre"),
        {"images.scorer_target": ("no stage named 'scorre'", "did you mean 'scorer'?")},
        "resolve",
    ),
    (
        "canary-absent",
        _set("canary", "ANOTHER CANARY 0000000000000000"),
        {"canary": ("does not appear in task/instructions.md", None)},
        "resolve",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "expected", "stage"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_malformed(
    tmp_path: Path,
    mutate: Mutator,
    expected: dict[str, tuple[str, str | None]],
    stage: str,
) -> None:
    data = valid_data()
    mutate(data)
    problems = check_manifest(make_env(tmp_path, data))
    assert paths(problems) == sorted(expected), problems
    for path, (message, hint) in expected.items():
        problem = by_path(problems, path)
        assert message in problem.message, problem
        assert problem.stage == stage
        if hint is not None:
            assert problem.hint is not None and hint in problem.hint, problem


def test_stages_stop_at_first_failure(tmp_path: Path) -> None:
    data = valid_data()
    data["scoring"]["direction"] = "maximise"  # semantic
    data["title"] = 5  # schema
    problems = check_manifest(make_env(tmp_path, data))
    assert [(p.path, p.stage) for p in problems] == [("title", "schema")]
    assert validate_semantics(data)  # the later stage would have found more


@pytest.mark.parametrize(
    ("dockerfile", "expected"),
    [
        ("FROM python AS agent\nFROM agent AS scorer\n", {"images.dockerfile": "ARG BASE_IMAGE"}),
        (
            "FROM python\nARG BASE_IMAGE\nFROM ${BASE_IMAGE} AS agent\nFROM agent AS scorer\n",
            {"images.dockerfile": "before its first FROM"},
        ),
        (
            "ARG BASE_IMAGE\nFROM ${BASE_IMAGE} AS agent\n",
            {"images.scorer_target": "no stage named 'scorer'"},
        ),
        ("ARG BASE_IMAGE\nRUN true\n", {"images.dockerfile": "no FROM"}),
        (
            "# comment\narg BASE_IMAGE=x\nfrom --platform=linux/amd64 ${BASE_IMAGE} as AGENT\n"
            "FROM \\\n  agent AS scorer\n",
            {},
        ),
    ],
)
def test_dockerfile_checks(tmp_path: Path, dockerfile: str, expected: dict[str, str]) -> None:
    env = make_env(tmp_path)
    (env / "Dockerfile").write_text(dockerfile)
    problems = check_manifest(env)
    assert paths(problems) == sorted(expected), problems
    for path, message in expected.items():
        assert message in by_path(problems, path).message
        assert by_path(problems, path).hint


# --- parse errors ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("", "", "is empty"),
        ("  \n# only a comment\n", "", "is empty"),
        (b"\x00\x01\x02\xff\xfe binary", "", "binary"),
        (b"\x89PNG\r\n\x1a\n\xff\xd8", "", "not UTF-8"),
        ("- a\n- b\n", "", "must be a mapping of fields, got list"),
        ("just a string", "", "got string"),
        ("42", "", "got integer"),
        ("envspec: 1\nname: x\n  title: bad indent\n", "", "line 3"),
        ("envspec: 1\nname: [unclosed\n", "", "YAML syntax error"),
        ("envspec: 1\n\tname: x\n", "", "line 2"),
        ("a: 1\n---\nb: 2\n", "", "single document"),
        ("name: a\nname: b\n", "name", "duplicate key 'name' at line 2 (first at line 1)"),
        ("v:\n  x: {k: 1, k: 2}\n", "v.x.k", "duplicate key 'k'"),
        ("a: !!binary aGVsbG8=\n", "a", "unsupported YAML value"),
        ("a: !!set {x, y}\n", "a", "unsupported YAML value"),
        ("1: x\n", "1", "not a string"),
        ("a: [1, .nan]\n", "a[1]", "not a finite number"),
        ("a: &x [*x]\n", "a[0]", "refers to itself"),
        ("a: " + "[" * 10_000, "", "nested too deeply"),
        ("a: 1" + "0" * 5000 + "\n", "", "could not parse"),
    ],
)
def test_parse_problems(text: str | bytes, path: str, message: str) -> None:
    data, problems = parse(text, "envspec.yaml")
    assert data is None
    assert len(problems) == 1, problems
    assert problems[0].path == path
    assert message in problems[0].message, problems[0]
    assert problems[0].stage == "parse"


def test_yaml_error_names_line_and_column(tmp_path: Path) -> None:
    text = VALID_TEXT.replace("summary: Make", "summary: Make: a")
    line = 1 + VALID_TEXT.splitlines().index(
        next(ln for ln in VALID_TEXT.splitlines() if ln.startswith("summary:"))
    )
    (problem,) = check_manifest(make_env(tmp_path, text))
    assert f"line {line}, column" in problem.message
    assert problem.hint is not None and f"line {line}" in problem.hint


def test_alias_bomb_is_refused() -> None:
    lines = ["a: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    data, problems = parse("\n".join(lines), "bomb.yaml")
    assert data is None
    assert "expanding YAML aliases" in problems[0].message


def test_merge_keys_are_allowed() -> None:
    data, problems = parse("a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  x: 3\n", "m.yaml")
    assert problems == []
    assert data == {"a": {"x": 1, "y": 2}, "b": {"x": 3, "y": 2}}


def test_validate_schema_on_non_mapping() -> None:
    assert paths(validate_schema([1])) == [""]
    assert paths(check_data("x")) == [""]


# --- property tests ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hypothesis")


def _corrupt(data: st.DataObject) -> bytes:
    raw = bytearray(VALID_TEXT.encode())
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(0, len(raw)))
        raw[at : at + data.draw(st.integers(0, 4))] = data.draw(st.binary(max_size=6))
    return bytes(raw)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_input_gives_problems_never_a_traceback(scratch: Path, data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(["bytes", "text", "yaml", "corrupt"]))
    content: str | bytes
    if kind == "bytes":
        content = data.draw(st.binary(max_size=2000))
    elif kind == "text":
        content = data.draw(st.text(max_size=2000))
    elif kind == "yaml":
        content = yaml.safe_dump(data.draw(json_values))
    else:
        content = _corrupt(data)
    target = scratch / "manifest.yaml"
    if isinstance(content, str):
        target.write_text(content, encoding="utf-8", errors="surrogatepass")
    else:
        target.write_bytes(content)
    problems = check_manifest(target)
    assert isinstance(problems, list)
    assert all(isinstance(p, Problem) and isinstance(p.path, str) for p in problems)
    parsed, parse_problems = parse(content, "x")
    assert all(isinstance(p, Problem) for p in parse_problems)
    assert (parsed is None) == bool(parse_problems)


def _key_paths(node: Any, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from _key_paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*prefix, i)
            yield from _key_paths(value, (*prefix, i))


def _dotted(parts: tuple[str | int, ...]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _prefix_related(a: str, b: str) -> bool:
    def under(x: str, y: str) -> bool:
        return x == "" or y == x or y.startswith((x + ".", x + "["))

    return under(a, b) or under(b, a)


#: fields whose change may surface as a problem elsewhere: (mutated prefix, problem prefix)
CROSS_REFERENCES = [
    ("assets", "services"),  # services[].model names an asset
    ("assets", "assets"),  # names are unique across the list
    ("services", "services"),
    ("scoring.direction", "variants"),  # normalisation must agree with the direction
    ("task.instructions", "canary"),  # the canary must appear in the instructions
    ("images", "images"),  # the Dockerfile is found via context, targets inside it
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "maximise",
            "minimise",
            "none",
            "8h",
            "0s",
            "10m",
            "h100",
            "",
            "..",
            "/abs",
            "root",
            "lite",
            "corpus",
            "judge_model",
            "Dockerfile",
            "task",
            "1.0.0",
            f"a/b@{DIGEST}",
        ]
    )
)
values = scalars | st.lists(scalars, max_size=3)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutations_are_reported_at_their_path(scratch: Path, data: st.DataObject) -> None:
    manifest = valid_data()
    every = list(_key_paths(manifest))
    kind = data.draw(st.sampled_from(["delete", "replace", "rename"]))
    if kind == "rename":
        target = data.draw(st.sampled_from([p for p in every if isinstance(p[-1], str)]))
    else:
        target = data.draw(st.sampled_from(every))
    *parents, last = target
    node: Any = manifest
    for part in parents:
        node = node[part]
    mutated = [_dotted(target)]
    if kind == "delete":
        del node[last]
    elif kind == "replace":
        node[last] = data.draw(values)
    else:
        new = data.draw(st.text(min_size=1, max_size=12) | st.sampled_from(["titel", "Lite"]))
        node[new] = node.pop(last)
        mutated.append(_dotted((*parents, new)))

    env = make_env(scratch, copy.deepcopy(manifest))
    problems = check_manifest(env)
    assert all(isinstance(p, Problem) for p in problems)
    if not problems:
        return

    def related(problem: str) -> bool:
        for m in mutated:
            if _prefix_related(m, problem):
                return True
            for source, effect in CROSS_REFERENCES:
                if _prefix_related(source, m) and _prefix_related(effect, problem):
                    return True
        return False

    assert any(related(p.path) for p in problems), (kind, mutated, problems)


def test_a_build_context_that_escapes_through_a_link_is_refused(tmp_path: Path) -> None:
    """images.context as a link to a folder above passes a lexical check; resolved, it is
    outside the environment and refused, by validate and so by build (which loads the same)."""
    from envspec.schema import load_manifest

    env = tmp_path / "env"
    shutil.copytree(Path(__file__).parent / "fixtures" / "envs" / "tiny", env)
    (env / "ctx").symlink_to(tmp_path)
    text = (env / "envspec.yaml").read_text()
    (env / "envspec.yaml").write_text(text.replace("images:\n", "images:\n  context: ctx\n", 1))
    with pytest.raises(ManifestError) as e:
        load_manifest(env)
    assert "outside the environment folder" in str(e.value.problems)


@pytest.mark.integration
@pytest.mark.usefixtures("python_base")
def test_a_dockerfile_in_a_non_default_context_builds_where_validate_looked(
    tmp_path: Path,
) -> None:
    """The Dockerfile is relative to the context in validate and in build alike."""
    from envspec.oci.build import build_environment
    from envspec.schema import load_manifest

    env = tmp_path / "env"
    shutil.copytree(Path(__file__).parent / "fixtures" / "envs" / "tiny", env)
    (env / "build").mkdir()
    shutil.move(env / "Dockerfile", env / "build" / "Dockerfile")
    for sub in ("task", "scoring", "reference"):
        shutil.copytree(env / sub, env / "build" / sub)
    text = (env / "envspec.yaml").read_text()
    (env / "envspec.yaml").write_text(text.replace("images:\n", "images:\n  context: build\n", 1))
    manifest = load_manifest(env)
    assert manifest.images.dockerfile_relpath == "build/Dockerfile"
    built = build_environment(env)
    assert built.agent_id and built.scorer_id
