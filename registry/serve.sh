#!/usr/bin/env bash
# Run a CNCF distribution registry on loopback for development and tests.
#
#   registry/serve.sh [--port N] [--storage DIR] [--htpasswd FILE] [--tls CERT KEY] [--detach]
#
# Defaults: port 5000 ($REGISTRY_PORT), storage $ENVSPEC_HOME/registry (ENVSPEC_HOME defaults to
# ~/.local/share/envspec; or $REGISTRY_STORAGE_FILESYSTEM_ROOTDIRECTORY). Waits until /v2/
# answers, prints the address, then stays in the foreground until interrupted; with --detach it
# returns and leaves the registry running (its PID in STORAGE/registry.pid, log in
# STORAGE/registry.log). It listens on 127.0.0.1 only.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
config="${REGISTRY_CONFIG:-$here/config.yml}"
port="${REGISTRY_PORT:-5000}"
storage="${REGISTRY_STORAGE_FILESYSTEM_ROOTDIRECTORY:-${ENVSPEC_HOME:-$HOME/.local/share/envspec}/registry}"
htpasswd="" cert="" key="" detach=0

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
die() { echo "serve.sh: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --storage) storage="${2:?--storage needs a directory}"; shift 2 ;;
    --htpasswd) htpasswd="${2:?--htpasswd needs a file (htpasswd -Bbn USER PASS > FILE)}"; shift 2 ;;
    --tls) cert="${2:?--tls needs CERT KEY}"; key="${3:?--tls needs CERT KEY}"; shift 3 ;;
    --detach) detach=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "serve.sh: unknown argument $1" >&2; usage 2 ;;
  esac
done

command -v docker-registry >/dev/null || die "docker-registry not found; apt-get install -y docker-registry"
[ -f "$config" ] || die "no config at $config"
mkdir -p "$storage"
storage="$(cd "$storage" && pwd)"

export REGISTRY_HTTP_ADDR="127.0.0.1:$port"
export REGISTRY_STORAGE_FILESYSTEM_ROOTDIRECTORY="$storage"
scheme=http
curl_opts=()
if [ -n "$htpasswd" ]; then
  [ -f "$htpasswd" ] || die "no htpasswd file $htpasswd (make one: htpasswd -Bbn USER PASS > FILE)"
  export REGISTRY_AUTH=htpasswd
  export REGISTRY_AUTH_HTPASSWD_REALM="${REGISTRY_AUTH_HTPASSWD_REALM:-envspec}"
  export REGISTRY_AUTH_HTPASSWD_PATH="$(cd "$(dirname "$htpasswd")" && pwd)/$(basename "$htpasswd")"
fi
if [ -n "$cert" ]; then
  [ -f "$cert" ] && [ -f "$key" ] || die "TLS certificate or key missing ($cert, $key); make them with registry/make-tls.sh"
  export REGISTRY_HTTP_TLS_CERTIFICATE="$(cd "$(dirname "$cert")" && pwd)/$(basename "$cert")"
  export REGISTRY_HTTP_TLS_KEY="$(cd "$(dirname "$key")" && pwd)/$(basename "$key")"
  scheme=https
  curl_opts+=(--insecure)  # only to see that it answers; clients verify with the CA
fi

address="127.0.0.1:$port"
log="$storage/registry.log"
if curl -s -o /dev/null --max-time 1 "${curl_opts[@]}" "$scheme://$address/v2/" 2>/dev/null; then
  die "something already answers on $address; pick another --port"
fi

docker-registry serve "$config" >>"$log" 2>&1 &
pid=$!
if [ "$detach" = 0 ]; then
  trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; exit 0' INT TERM
fi

for _ in $(seq 1 100); do
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "${curl_opts[@]}" "$scheme://$address/v2/" 2>/dev/null || true)"
  case "$code" in 200|401) break ;; esac
  kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log" >&2; die "docker-registry exited; log: $log"; }
  sleep 0.1
done
case "$code" in 200|401) ;; *) kill "$pid" 2>/dev/null; tail -n 20 "$log" >&2; die "no answer on $scheme://$address/v2/ within 10 s; log: $log" ;; esac

echo "$pid" >"$storage/registry.pid"
echo "registry at $scheme://$address (host $address, storage $storage, log $log, pid $pid)"
if [ "$detach" = 1 ]; then
  exit 0
fi
wait "$pid"
