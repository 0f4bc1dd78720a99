#!/usr/bin/env bash
# Writes the fixed certificates of the TLS tests next to this script:
#
#   test-ca.pem        a self-signed CA, "Switchyard Test CA" (its key is thrown away)
#   localhost.pem      a server certificate that CA signed: CN localhost, subjectAltName
#                      DNS:localhost and DNS:proxied.test (a name only the test proxy knows)
#                      only, on purpose without IP:127.0.0.1, so a client that connects to
#                      https://127.0.0.1 must fail the name check
#   localhost-key.pem  that certificate's private key (unencrypted PKCS#8)
#   expired.pem        the same names and key, signed by the same CA, but valid only during
#                      2020: a client must refuse it as expired
#   other-ca.pem       a second, unrelated self-signed CA, for the "untrusted issuer" tests
#   subject-only.pem   signed by the test CA with localhost-key.pem's key: CN cn-only.a.test and
#                      no subjectAltName, which a client must refuse for cn-only.a.test (a name
#                      only in the subject does not count)
#   partial-wildcard.pem  the same, subjectAltName DNS:f*.a.test only, which a client must
#                      refuse for foo.a.test (a wildcard counts only as a whole label)
#   wildcard.pem       the same, subjectAltName DNS:*.a.test only, which a client accepts for
#                      foo.a.test (and for no other depth: a.test, x.foo.a.test)
#
# The .a.test names resolve nowhere: a test pins them to 127.0.0.1 in the transport.
#
# TEST-ONLY KEYS, NOT SECRETS: localhost-key.pem is committed on purpose and protects nothing.
# Nothing outside Tests/ may trust test-ca.pem.
#
# Every certificate but expired.pem is valid from 2026-01-01 to 2125-12-31 (fixed dates through `openssl ca`,
# since `openssl x509 -not_before/-not_after` needs OpenSSL 3.4), so the files never need
# regenerating. Rerun the script only to replace them: the output differs every run.
#
#   Tests/Support/TLS/make-certificates.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

not_before=20260101000000Z
not_after=21251231235959Z

cat >"$work/openssl.cnf" <<CNF
[ca]
default_ca = test_ca

[test_ca]
database = $work/index.txt
new_certs_dir = $work
rand_serial = yes
default_md = sha256
policy = any_name
unique_subject = no
copy_extensions = none
email_in_dn = no

[any_name]
commonName = supplied

[req]
distinguished_name = req_dn
prompt = no

[req_dn]
CN = placeholder

[ca_certificate]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
CNF

# Appends to the config the extensions section $1 of a server certificate that names $2 in
# its subjectAltName, or has none when $2 is empty.
server_section() {
  {
    echo
    echo "[$1]"
    echo "basicConstraints = critical, CA:FALSE"
    echo "keyUsage = critical, digitalSignature, keyEncipherment"
    echo "extendedKeyUsage = serverAuth"
    if [[ -n "$2" ]]; then echo "subjectAltName = $2"; fi
    echo "subjectKeyIdentifier = hash"
    echo "authorityKeyIdentifier = keyid:always"
  } >>"$work/openssl.cnf"
}
server_section server_certificate "DNS:localhost, DNS:proxied.test"
server_section subject_only_certificate ""
server_section partial_wildcard_certificate "DNS:f*.a.test"
server_section wildcard_certificate "DNS:*.a.test"

# Signs the request $1 into the certificate $2 with the CA $3 (key $4; "-selfsign" when $3 is
# empty) and the extensions section $5, valid from $6 to $7 (the fixed dates unless given).
sign() {
  local request=$1 certificate=$2 ca_certificate=$3 ca_key=$4 extensions=$5
  local from=${6:-$not_before} to=${7:-$not_after}
  local issuer=(-selfsign)
  if [[ -n "$ca_certificate" ]]; then issuer=(-cert "$ca_certificate"); fi
  : >"$work/index.txt"
  openssl ca -batch -notext -config "$work/openssl.cnf" "${issuer[@]}" -keyfile "$ca_key" \
    -startdate "$from" -enddate "$to" -extensions "$extensions" \
    -in "$request" -out "$certificate" 2>"$work/ca.log" || { cat "$work/ca.log" >&2; exit 1; }
}

# Writes a fresh RSA 2048 key to $1 (PKCS#8, unencrypted) and a request for CN $3 to $2.
request() {
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1" 2>/dev/null
  openssl req -new -config "$work/openssl.cnf" -key "$1" -subj "/CN=$3" -out "$2"
}

# The test CA, which signs every server certificate; its key lives only in $work.
request "$work/test-ca-key.pem" "$work/test-ca.csr" "Switchyard Test CA"
sign "$work/test-ca.csr" "$here/test-ca.pem" "" "$work/test-ca-key.pem" ca_certificate

# The server certificate and its key.
request "$here/localhost-key.pem" "$work/localhost.csr" localhost
sign "$work/localhost.csr" "$here/localhost.pem" "$here/test-ca.pem" "$work/test-ca-key.pem" \
  server_certificate

# The same names and key, expired since the end of 2020.
sign "$work/localhost.csr" "$here/expired.pem" "$here/test-ca.pem" "$work/test-ca-key.pem" \
  server_certificate 20200101000000Z 20201231235959Z

# Certificates whose names a client must match strictly, with the same key: a name only in
# the subject's CN, a partial wildcard, a whole-label wildcard. The CNs of the wildcard ones
# name no host, so only their subjectAltName can match. Each is $1.pem, CN $2, section $3.
strict_certificate() {
  openssl req -new -config "$work/openssl.cnf" -key "$here/localhost-key.pem" -subj "/CN=$2" \
    -out "$work/$1.csr"
  sign "$work/$1.csr" "$here/$1.pem" "$here/test-ca.pem" "$work/test-ca-key.pem" "$3"
}
strict_certificate subject-only cn-only.a.test subject_only_certificate
strict_certificate partial-wildcard "Switchyard partial wildcard" partial_wildcard_certificate
strict_certificate wildcard "Switchyard wildcard" wildcard_certificate

# An unrelated CA: it signs nothing, a client that trusts only it must reject localhost.pem.
request "$work/other-ca-key.pem" "$work/other-ca.csr" "Switchyard Other Test CA"
sign "$work/other-ca.csr" "$here/other-ca.pem" "" "$work/other-ca-key.pem" ca_certificate

# Readable by whoever runs the tests (it is no secret).
chmod 644 "$here/localhost-key.pem"

for certificate in localhost subject-only partial-wildcard wildcard; do
  openssl verify -CAfile "$here/test-ca.pem" "$here/$certificate.pem" >/dev/null
done
echo "wrote test-ca.pem, localhost.pem, expired.pem, localhost-key.pem, other-ca.pem," \
  "subject-only.pem, partial-wildcard.pem and wildcard.pem in $here"
