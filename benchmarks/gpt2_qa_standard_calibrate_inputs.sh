#!/usr/bin/env bash
# What benchmarks/gpt2_qa_standard_calibrate_gpu.sh needs on the lent GPU host, made here (a
# machine with Docker and PyPI) in one command:
#   benchmarks/gpt2_qa_standard_calibrate_inputs.sh WORK ASSETS JUDGE
# ASSETS: a standard build's assets (benchmarks/gpt2_qa_standard_gpu.sh's OUT_DIR/assets, its
# pieces brought back: student/, hidden-standard/); JUDGE: the judge model's folder
# (`envspec asset build-model qwen2.5-coder-1.5b-instruct`). They are pushed to WORK/registry
# (an OCI layout) and must give the digests envs/gpt2_qa/envspec.yaml pins (the operator's
# build: another secret or build is other content, hence a new version; ASSETS_VERSION: the
# version they were built as, where the environment's is later: 0.8.0 held 0.6.0's); then
# envs/gpt2_qa is pushed there and pulled slim for `standard` into WORK/devstore (manifest,
# scorer's files, assets; no image), with WORK/whl (what the lent host lacks, for its Python
# 3.12) and all of it as WORK/parts/partNN, 60,000,000 bytes a call.
# SEEDS (default "1 2 3"): for each, the same environment with standard's sampling seed N, as
# version VERSION-seedN, into the same layouts (the images differ only in their manifest label:
# a few kilobytes more), so that the starting solution is scored over seeds through the runtime
# (the issue's "y_s over >= 3 seeds"; the scorer's seed decides the student's samples).
set -euo pipefail
work=${1:?usage: $0 WORK ASSETS JUDGE}
assets=${2:?}
judge=${3:?}
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/device-inputs.sh"
work=$(inputs_work "$work" devstore)
cd "$here"
envspec=$PWD/.venv/bin/envspec
reg="oci:$work/registry"
manifest=envs/gpt2_qa/envspec.yaml
version=$(sed -n 's/^version: //p' "$manifest")

echo "== the assets, checked against the manifest's pins" >&2
push() { # FOLDER NAME VERSION: push, and fail unless the manifest pins that digest
  local digest
  digest=$("$envspec" asset push "$1" --name "$2" --version "$3" --registry "$reg" --json |
    sed -n 's/^ *"digest": "\(sha256:[0-9a-f]*\)".*/\1/p')
  grep -q "/$2@$digest" "$manifest" ||
    { echo "$1 pushes as $2@$digest, which $manifest does not pin" >&2; exit 1; }
}
push "$assets/student" gpt2_qa-student "${ASSETS_VERSION:-$version}"
push "$assets/hidden-standard" gpt2_qa-hidden "${ASSETS_VERSION:-$version}"
push "$judge" model-qwen2.5-coder-1.5b-instruct 1.0.0

echo "== envs/gpt2_qa $version pushed, pulled slim for standard" >&2
"$envspec" push envs/gpt2_qa --registry "$reg" --assets-from "$reg"
"$envspec" pull "$reg:envspec/gpt2_qa:$version" --into "oci:$work/devstore" --slim \
  --variant standard

for seed in ${SEEDS-1 2 3}; do
  echo "== the same with standard's seed $seed, as $version-seed$seed" >&2
  copy=$work/seed$seed/gpt2_qa
  mkdir -p "$(dirname "$copy")" && cp -r envs/gpt2_qa "$copy"
  .venv/bin/python - "$copy/envspec.yaml" "$seed" "$version-seed$seed" <<'PY'
import re, sys
from pathlib import Path
path, seed, version = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
text = path.read_text()
head, sep, standard = text.partition("\n  standard:\n")
standard, n = re.subn(r"(?m)^      seed: 0$", f"      seed: {seed}", standard, count=1)
head, m = re.subn(r"(?m)^version: .*$", f"version: {version}", head, count=1)
if not (sep and n == 1 and m == 1):
    sys.exit(f"{path}: no standard variant with seed 0, or no version")
path.write_text(head + sep + standard)
PY
  "$envspec" push "$copy" --registry "$reg" --assets-from "$reg"
  "$envspec" pull "$reg:envspec/gpt2_qa:$version-seed$seed" --into "oci:$work/devstore" --slim \
    --variant standard
done

echo "== the lent host's wheels" >&2
mkdir -p "$work/whl"
.venv/bin/python -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform any \
  -d "$work/whl" gguf==0.19.0 transformers==5.24.0 jsonschema==4.26.0 \
  jsonschema-specifications==2025.9.1 referencing==0.37.0 rpds-py==2026.9.1 docker==7.2.0 \
  ruamel.yaml==0.19.1

inputs_pieces "$work" devstore whl
