#!/usr/bin/env bash
# Checks `switchyard serve` against OpenFeature clients nobody here wrote: PyPI's
# `openfeature-sdk` with `openfeature-provider-ofrep`, pinned below, evaluate a Firebase template
# through the server over real sockets (every type, every reason, each error, bulk with ETag and
# 304, API keys, a template reload, SIGTERM), and the values must be `switchyard evaluate`'s.
#
#   scripts/ofrep-clients.sh [path/to/switchyard]
#
# Installs the clients into a virtual environment in .build/ofrep-venv (once; a fresh machine
# needs PyPI) and, without an argument, builds the debug `switchyard`. `.ci/run` runs it after
# the tests. Exits 0 when every check holds, 1 otherwise (each failure is one line on stderr).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/ofrep-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import openfeature.contrib.provider.ofrep' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check \
    'openfeature-sdk==0.10.0' 'openfeature-provider-ofrep==0.3.0'
fi

if [ $# -ge 1 ]; then
  tool=$1
else
  swift build --product switchyard -Xswiftc -warnings-as-errors >&2
  tool="$(swift build --show-bin-path)/switchyard"
fi

exec "$venv/bin/python" scripts/ofrep-clients.py "$tool"
