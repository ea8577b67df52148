#!/usr/bin/env bash
# Make a self-signed CA and a server certificate for a loopback registry.
#
#   registry/make-tls.sh [OUTDIR]        (default: registry/tls)
#
# Writes OUTDIR/ca.crt, ca.key, server.crt, server.key. The server certificate is valid for
# IP 127.0.0.1, IP ::1 and DNS localhost (add names with EXTRA_SANS="DNS:reg.example,IP:10.0.0.5").
# Clients trust it with --ca-cert OUTDIR/ca.crt or ENVSPEC_REGISTRY_CA=OUTDIR/ca.crt.
set -euo pipefail

out="${1:-$(dirname "$0")/tls}"
days="${DAYS:-825}"
sans="IP:127.0.0.1,IP:::1,DNS:localhost${EXTRA_SANS:+,$EXTRA_SANS}"
mkdir -p "$out"
cd "$out"

openssl req -x509 -new -nodes -newkey rsa:2048 -sha256 -days "$days" \
  -keyout ca.key -out ca.crt -subj "/CN=envspec dev registry CA" \
  -addext "basicConstraints=critical,CA:TRUE" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -addext "subjectKeyIdentifier=hash" 2>/dev/null

openssl req -new -nodes -newkey rsa:2048 -sha256 \
  -keyout server.key -out server.csr -subj "/CN=localhost" 2>/dev/null

cat > server.ext <<EXT
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid,issuer
subjectAltName=$sans
EXT
openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial \
  -days "$days" -sha256 -extfile server.ext -out server.crt 2>/dev/null
rm -f server.csr server.ext ca.srl
chmod 600 ca.key server.key
echo "$out/ca.crt $out/server.crt $out/server.key (SAN $sans)"
