"""Reference and RegistryTarget: parse, format, round-trip, and precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from envspec.constants import DEFAULT_NAMESPACE
from envspec.errors import InvalidReference
from envspec.models.reference import Reference, RegistryTarget

DIGEST = "sha256:" + "0123456789abcdef" * 4

# --- strategies for valid references ----------------------------------------------------------
alnum = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=6)
component = st.builds(
    lambda first, rest: first + "".join(sep + part for sep, part in rest),
    alnum,
    st.lists(st.tuples(st.sampled_from("._-"), alnum), max_size=2),
)
# without a registry, the first namespace component must not read as a host
plain_first = component.filter(lambda c: "." not in c and c != "localhost")
numeric = st.integers(min_value=0, max_value=10_000).map(str)
ident = st.one_of(numeric, st.from_regex(r"[0-9]*[a-zA-Z-][0-9a-zA-Z-]{0,5}", fullmatch=True))
version = st.builds(
    lambda a, b, c, pre: f"{a}.{b}.{c}" + (f"-{'.'.join(pre)}" if pre else ""),
    numeric,
    numeric,
    numeric,
    st.lists(ident, max_size=3),
)
digest = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64).map(lambda h: "sha256:" + h)
label = st.from_regex(r"[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?", fullmatch=True)
registry = st.one_of(
    st.just("localhost"),
    st.builds(lambda a, b: f"{a}.{b}", label, label),
    st.builds(
        lambda h, p: f"{h}:{p}",
        st.sampled_from(["localhost", "127.0.0.1", "reg"]),
        st.integers(1, 65535),
    ),
    st.just("[::1]:5000"),
)
store = st.text(
    alphabet=st.characters(exclude_characters=":\x7f", min_codepoint=32, max_codepoint=0x2FF),
    min_size=1,
    max_size=20,
)


@st.composite
def references(draw: st.DrawFn) -> Reference:
    where = draw(st.sampled_from(["default", "registry", "store"]))
    first = draw(component if where != "default" else plain_first)
    rest = draw(st.lists(component, max_size=2))
    return Reference(
        registry=draw(registry) if where == "registry" else None,
        store=draw(store) if where == "store" else None,
        namespace="/".join([first, *rest]),
        name=draw(component),
        version=draw(st.none() | version),
        digest=draw(st.none() | digest),
    )


@given(references())
def test_round_trip(ref: Reference) -> None:
    assert Reference.parse(str(ref)) == ref
    assert str(Reference.parse(str(ref))) == str(ref)


@given(references(), version, digest)
def test_with_version_and_digest(ref: Reference, v: str, d: str) -> None:
    assert ref.with_version(v).version == v
    assert ref.with_digest(d).digest == d
    assert Reference.parse(str(ref.with_version(v).with_digest(d))) == ref.with_version(
        v
    ).with_digest(d)


# --- examples -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("rebench/optimize-kernel", dict(namespace="rebench", name="optimize-kernel")),
        ("rebench/x:1.0.0", dict(namespace="rebench", name="x", version="1.0.0")),
        (
            "org/team/x:1.2.3-rc.1@" + DIGEST,
            dict(namespace="org/team", name="x", version="1.2.3-rc.1", digest=DIGEST),
        ),
        (
            "localhost:5000/rebench/x:0.1.0",
            dict(registry="localhost:5000", namespace="rebench", name="x", version="0.1.0"),
        ),
        ("localhost/rebench/x", dict(registry="localhost", namespace="rebench", name="x")),
        ("ghcr.io/metr/x", dict(registry="ghcr.io", namespace="metr", name="x")),
        (
            "127.0.0.1:5000/a/b@" + DIGEST,
            dict(registry="127.0.0.1:5000", namespace="a", name="b", digest=DIGEST),
        ),
        ("[::1]:5000/a/b", dict(registry="[::1]:5000", namespace="a", name="b")),
        (
            "oci:/tmp/store:rebench/x:1.0.0",
            dict(store="/tmp/store", namespace="rebench", name="x", version="1.0.0"),
        ),
        (
            "oci:./rel dir:a.b/x@" + DIGEST,
            dict(store="./rel dir", namespace="a.b", name="x", digest=DIGEST),
        ),
    ],
)
def test_parse_examples(text: str, fields: dict[str, str]) -> None:
    ref = Reference.parse(text)
    assert ref == Reference(**fields)  # type: ignore[arg-type]
    assert str(ref) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty reference"),
        ("   ", "empty reference"),
        (" rebench/x", "whitespace"),
        ("x", "missing namespace"),
        ("x:1.0.0", "missing namespace"),
        ("localhost:5000/x", "missing namespace after registry"),
        ("ghcr.io/x:1.0.0", "missing namespace after registry"),
        ("/x", "missing namespace"),
        ("rebench/", "empty name"),
        ("rebench//x", "empty namespace component"),
        ("Rebench/x", "namespace component 'Rebench'"),
        ("rebench/X", "name 'X'"),
        ("rebench/a--b", "name 'a--b'"),
        ("rebench/-a", "name '-a'"),
        ("rebench/a_", "name 'a_'"),
        ("rebench/a b", "name 'a b'"),
        ("rebench/x:", "empty version"),
        ("rebench/x:1.0", "not semver"),
        ("rebench/x:v1.0.0", "not semver"),
        ("rebench/x:01.0.0", "not semver"),
        ("rebench/x:1.0.0-01", "not semver"),
        ("rebench/x:latest", "not semver"),
        ("rebench/x:1.0.0+build.5", "build metadata"),
        ("rebench/x:1.0.0-" + "a" * 120, "at most"),
        ("rebench/x@", "empty digest"),
        ("rebench/x@sha512:" + "a" * 128, "sha512"),
        ("rebench/x@sha256:abc", "64 lowercase hex"),
        ("rebench/x@sha256:" + "A" * 64, "64 lowercase hex"),
        ("rebench/x@" + DIGEST + "@" + DIGEST, "more than one '@'"),
        ("a/b:1.0.0/x", "':' may only separate"),
        ("a:b/c/x", "registry 'a:b' is not a valid host"),
        ("reg:99999/a/x", "out of range"),
        ("bad_host.io/a/x", "not a valid host"),
        ("oci:", "oci:PATH:namespace/name"),
        ("oci:/tmp/s", "oci:PATH:namespace/name"),
        ("oci::a/x", "empty store path"),
        ("oci:/tmp/s:x", "missing namespace"),
        ("oci:/tmp/s:a/X", "name 'X'"),
        ("a/" * 130 + "x", "characters long"),
    ],
)
def test_invalid(text: str, reason: str) -> None:
    with pytest.raises(InvalidReference) as info:
        Reference.parse(text)
    assert reason in info.value.message
    assert info.value.hint


def test_constructor_validates() -> None:
    with pytest.raises(InvalidReference, match="read as a registry host"):
        Reference(namespace="ghcr.io", name="x")  # would print as a registry reference
    with pytest.raises(InvalidReference, match="not both"):
        Reference(registry="localhost", store="/s", namespace="a", name="x")
    with pytest.raises(InvalidReference, match="not semver"):
        Reference.parse("a/x").with_version("1")
    with pytest.raises(InvalidReference, match="64 lowercase hex"):
        Reference.parse("a/x").with_digest("sha256:00")


def test_derived_names() -> None:
    ref = Reference.parse("localhost:5000/rebench/kernel:1.0.0")
    assert ref.repository == "rebench/kernel"
    assert ref.scorer_repository == "rebench/kernel-scorer"
    assert ref.location == "localhost:5000/rebench/kernel"
    assert ref.tag == "1.0.0"
    assert ref.env_tag == "1.0.0.envspec"
    bare = ref.with_version(None)
    assert bare.tag is None and bare.env_tag is None
    assert str(bare) == "localhost:5000/rebench/kernel"


# --- push targets -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "registry", "namespace", "store"),
    [
        ("localhost:5000", "localhost:5000", DEFAULT_NAMESPACE, None),
        ("localhost:5000/", "localhost:5000", DEFAULT_NAMESPACE, None),
        ("127.0.0.1:5000/rebench", "127.0.0.1:5000", "rebench", None),
        ("ghcr.io/org/team", "ghcr.io", "org/team", None),
        ("localhost", "localhost", DEFAULT_NAMESPACE, None),
        ("oci:/var/store", None, DEFAULT_NAMESPACE, "/var/store"),
    ],
)
def test_target_parse(text: str, registry: str | None, namespace: str, store: str | None) -> None:
    target = RegistryTarget.parse(text)
    assert (target.registry, target.namespace, target.store) == (registry, namespace, store)
    assert RegistryTarget.parse(str(target)) == target


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty target"),
        ("rebench", "not a registry host"),
        ("https://ghcr.io/x", "without a scheme"),
        ("localhost:5000/Bad", "namespace component 'Bad'"),
        ("oci:", "empty store path"),
        ("oci:/a:b", "must not contain ':'"),
        ("localhost:0/x", "out of range"),
    ],
)
def test_target_invalid(text: str, reason: str) -> None:
    with pytest.raises(InvalidReference) as info:
        RegistryTarget.parse(text)
    assert reason in info.value.message


def test_target_reference() -> None:
    ref = RegistryTarget.parse("localhost:5000/rebench").reference("kernel", "1.0.0")
    assert str(ref) == "localhost:5000/rebench/kernel:1.0.0"
    ref = RegistryTarget.parse("oci:/s").reference("kernel", "1.0.0")
    assert str(ref) == "oci:/s:envspec/kernel:1.0.0"
    with pytest.raises(InvalidReference, match="name 'Kernel'"):
        RegistryTarget.parse("localhost").reference("Kernel")
