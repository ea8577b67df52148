#!/usr/bin/env bash
# fix_embedding `standard` on a GPU host, in one call of at most ten minutes.
# Here first (CPU, the corpus's Debian packages installed):
#   .venv/bin/python benchmarks/fix_embedding_standard.py prepare .devdata-fe
# then on the GPU host (repository root, carry .devcarry-fe; torch and numpy are all it needs):
#   benchmarks/fix_embedding_standard_gpu.sh OUT_DIR
# pretrains the three models and packs them as OUT_DIR/models.tar.part-* (15 MiB pieces, so
# that they come back from a lent machine), then measures: the scorer on the starting and the
# reference solutions, the from-scratch bound, floor candidates (OUT_DIR/figures.json).
# Here again: cat OUT/models.tar.part-* | tar -C .devdata-fe/assets -xf -
#
# The corrupted model's permutation comes from the operator's secret (envs/fix_embedding/
# README.md): SECRET_FILE=PATH (a file carried along, e.g. in .devcarry-fe) or
# ENVSPEC_ASSET_SECRET. With neither, a fresh one is drawn and lost: then, here, before pushing,
#   envspec asset corrupt-lm .devdata-fe/assets --preset standard --secret-file SECRET
# re-derives corrupted/ from large/ with the operator's secret (seconds on a CPU), so that the
# secret never travels to the GPU host; the figures measured there on the starting model stay
# those of a model permuted at random like it.
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$out/gpu.txt"
if [ ! -f .devdata-fe/prepared.json ]; then
  mkdir -p .devdata-fe && xz -dc .devcarry-fe/data.tar.xz | tar -C .devdata-fe -xf - || exit 1
fi
logs() { tail -n 30 .devdata-fe/assets/*.log > "$out/logs.txt" 2>&1; }
secret_args=()
if [ -n "${SECRET_FILE:-}" ]; then
  [ -r "$SECRET_FILE" ] || { echo "SECRET_FILE $SECRET_FILE is not readable" >&2; exit 2; }
  secret_args=(--secret-file "$SECRET_FILE")
fi
timeout 330 python3 benchmarks/fix_embedding_standard.py pretrain .devdata-fe "$out" "${secret_args[@]}" 2>&1 | tee "$out/pretrain.txt"
rc=$?
logs
[ $rc -eq 0 ] || exit $rc
tar -C .devdata-fe/assets -cf - large small corrupted pretrain-large.log pretrain-small.log evaluate.log \
  | split -b 15M - "$out/models.tar.part-" || exit 1
timeout 240 python3 benchmarks/fix_embedding_standard.py measure .devdata-fe "$out" --scratch-minutes 2 2>&1 | tee "$out/measure.txt"
