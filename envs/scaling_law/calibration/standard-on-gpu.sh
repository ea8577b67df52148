#!/usr/bin/env bash
# Calibrate scaling_law `standard` on a GPU host through the runtime's local backend (the
# trainer service on the host's GPU). Prepare here (a machine with Docker, standard's assets
# in the embedded store):
#   envspec push envs/scaling_law && envspec pull envspec/scaling_law:VERSION \
#       --into oci:/tmp/sl-devstore --slim --variant standard --lock /tmp/lock.json
#   mkdir -p .devcarry-sl2 && tar -C /tmp/sl-devstore -cf - . | xz -6 > .devcarry-sl2/store.tar.xz
# and the wheels the host lacks in .whl/ (torch with CUDA is the host's). Run from the
# repository root there with both carried; the figures go to $OUT.
set -eu -o pipefail
out="${OUT:?}"
store=/tmp/sl-devstore
if [ ! -d "$store" ]; then
  mkdir -p "$store" && xz -dc .devcarry-sl2/store.tar.xz | tar -C "$store" -xf -
fi
if compgen -G ".whl/*.whl" >/dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/envspec-site .whl/*.whl
  export PYTHONPATH="/tmp/envspec-site:$PWD"
fi
version=$(sed -n 's/^version: //p' envs/scaling_law/envspec.yaml)
export ENVSPEC_HOME="${ENVSPEC_HOME:-/var/lib/envspec}" PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
python3 -m envspec.cli.main calibrate envs/scaling_law --variant standard \
  --ref "oci:$store:envspec/scaling_law:$version" --backend local \
  --repeats 1 --trainings "${TRAININGS:-3}" --out "$out/standard.json"
