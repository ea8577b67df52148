#!/usr/bin/env bash
# optimize_kernel `standard` on a GPU host, in one go (how calibration/ was produced on the lent
# H200): sweep the reference's kernel configurations and keep the fastest exact one, take the
# kernel figures, calibrate through the runtime's local backend, then run every exploit.
# Usage (root, on the GPU host, repository root; the published environment in .devstore and
# the wheels the host lacks in .whl):
#   benchmarks/optimize_kernel_calibrate_gpu.sh OUT_DIR
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR}
mkdir -p "$out"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv | tee "$out/gpu.txt"
timeout 400 python3 benchmarks/optimize_kernel_scan_variants.py --write-best --json "$out/sweep.json" \
  2>&1 | tee "$out/sweep.log" | grep -v '^{' || exit 1
grep -E '^(K|WARPS|WINDOW|COALESCE|STREAM) =' envs/optimize_kernel/reference/standard/solution.py | tee -a "$out/gpu.txt"
timeout 120 python3 benchmarks/optimize_kernel_gpu.py --json "$out/kernel.json" 2>&1 | grep -v '^{' || exit 1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD ENVSPEC_HOME=/var/lib/envspec
timeout 600 python3 -m envspec.cli.main calibrate envs/optimize_kernel --variant standard \
  --ref "oci:$PWD/.devstore:envspec/optimize_kernel:0.1.0" --backend local --repeats 3 \
  --out "$out/standard.json" 2>&1 | tee "$out/calibrate.log"
benchmarks/optimize_kernel_exploits_gpu.sh 2>&1 | tee "$out/exploits.txt"
