#!/usr/bin/env bash
# fix_embedding `standard` on a GPU host, in two calls of at most ten minutes each.
# Here first (CPU, the corpus's Debian packages installed):
#   .venv/bin/python benchmarks/fix_embedding_standard.py prepare .devdata-fe
# then on the GPU host (repository root, carry .devcarry-fe; torch and numpy are all it needs):
#   benchmarks/fix_embedding_standard_gpu.sh pretrain OUT_DIR   # the three models (≈ 5 min)
#   benchmarks/fix_embedding_standard_gpu.sh measure OUT_DIR    # scorer on starting and
#       reference, the from-scratch baseline, floor candidates: OUT_DIR/figures.json
set -u -o pipefail
step=${1:?usage: $0 pretrain|measure OUT_DIR}
out=${2:?usage: $0 pretrain|measure OUT_DIR}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$out/gpu.txt"
if [ ! -f .devdata-fe/prepared.json ]; then
  mkdir -p .devdata-fe && xz -dc .devcarry-fe/data.tar.xz | tar -C .devdata-fe -xf - || exit 1
fi
case "$step" in
  pretrain) timeout 580 python3 benchmarks/fix_embedding_standard.py pretrain .devdata-fe "$out" 2>&1 | tee "$out/pretrain.txt" ;;
  measure) timeout 580 python3 benchmarks/fix_embedding_standard.py measure .devdata-fe "$out" --scratch-minutes 4 2>&1 | tee "$out/measure.txt" ;;
  *) echo "unknown step $step" >&2; exit 2 ;;
esac
