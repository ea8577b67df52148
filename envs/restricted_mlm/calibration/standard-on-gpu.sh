#!/usr/bin/env bash
# Calibrate restricted_mlm `standard` on a GPU host through the runtime's local backend.
# Prepare here (a machine with Docker):
#   envspec push envs/restricted_mlm && envspec pull envspec/restricted_mlm:VERSION \
#       --into oci:$PWD/.devstore-rmlm --slim --variant standard --lock /tmp/lock.json
# (VERSION: the manifest's)
# then run this script on the GPU host from the repository root (wheels for what the host
# lacks in .whl/; torch with CUDA is the host's). Figures go to $OUT (default calibration/).
set -euo pipefail
out="${OUT:-envs/restricted_mlm/calibration}"
if compgen -G ".whl/*.whl" >/dev/null; then
  pip install --quiet --no-deps --target /tmp/envspec-site .whl/*.whl
  export PYTHONPATH="/tmp/envspec-site:$PWD"
fi
export ENVSPEC_HOME="${ENVSPEC_HOME:-/var/lib/envspec}"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
version=$(sed -n 's/^version: //p' envs/restricted_mlm/envspec.yaml)
python3 -m envspec.cli.main calibrate envs/restricted_mlm --variant standard \
  --ref "oci:$PWD/.devstore-rmlm:envspec/restricted_mlm:$version" --backend local \
  --repeats 2 --out "$out/standard.json"
