#!/usr/bin/env bash
# optimize_kernel `standard` on a GPU host, in one go: the kernel's figures, the calibration
# through the runtime's local backend (the scorer kit's sandbox uids), then every exploit
# through it. (Sweeps over the reference's configurations: optimize_kernel_sweep_isolated.sh.)
# Usage, as root on the GPU host in the repository root, with the published environment in
# .devstore (`envspec pull REF --into oci:.devstore --slim`) and the wheels the host lacks in
# .whl:  benchmarks/optimize_kernel_calibrate_gpu.sh OUT_DIR [REPEATS] [STEPS]
# STEPS: any of "figures calibrate exploits" (default all three); REPEATS: scorings of each
# solution (at least 5 for a timing task).
set -u -o pipefail
out=${1:?usage: $0 OUT_DIR [REPEATS] [STEPS]}
repeats=${2:-5}
what=${3:-figures calibrate exploits}
mkdir -p "$out"
export PYTHONUNBUFFERED=1
version=$(sed -n 's/^version: //p' envs/optimize_kernel/envspec.yaml)
ref="oci:$PWD/.devstore:envspec/optimize_kernel:$version"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$out/gpu.txt"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD ENVSPEC_HOME=/var/lib/envspec-home
if [[ " $what " == *" figures "* ]]; then
  timeout 120 python3 benchmarks/optimize_kernel_gpu.py --json "$out/kernel.json" 2>&1 | grep -v '^{'
fi
if [[ " $what " == *" calibrate "* ]]; then
  timeout 420 python3 -m envspec.cli.main calibrate envs/optimize_kernel --variant standard \
    --ref "$ref" --backend local --repeats "$repeats" --out "$out/standard.json" 2>&1 | tee "$out/calibrate.log"
fi
if [[ " $what " == *" exploits "* ]]; then
  timeout 500 python3 benchmarks/exploits_via_runtime.py envs/optimize_kernel "$ref" standard \
    --backend local 2>&1 | tee "$out/exploits.txt"
fi
