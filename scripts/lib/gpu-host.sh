# Sourced by the calibration scripts that run on a lent GPU host, from the repository root.
# gpu_host_setup STORE PACKED: unpack the carried OCI layout PACKED (.tar.xz) into STORE once,
# install the carried wheels (.whl/, what the host lacks; torch with CUDA is the host's), set
# ENVSPEC_HOME and print the GPU and torch the figures come from.
gpu_host_setup() {
  local store=$1 packed=$2
  if [ ! -d "$store" ]; then
    mkdir -p "$store" && xz -dc "$packed" | tar -C "$store" -xf -
  fi
  if compgen -G ".whl/*.whl" >/dev/null; then
    pip install --quiet --no-deps --target /tmp/envspec-site .whl/*.whl
    export PYTHONPATH="/tmp/envspec-site:$PWD"
  fi
  export ENVSPEC_HOME="${ENVSPEC_HOME:-/var/lib/envspec}" PYTHONUNBUFFERED=1
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
}
