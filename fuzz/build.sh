#!/bin/bash
# Builds the libFuzzer harness: the package's modules with coverage instrumentation
# (-sanitize=fuzzer, plus SANITIZERS, e.g. "address" or "undefined"), linked into one binary.
set -euo pipefail
cd "$(dirname "$0")"
extra="${SANITIZERS:+,$SANITIZERS}"
build=/tmp/switchyard-fuzzbuild${SANITIZERS:+-$SANITIZERS}
swift build -c release --build-path "$build" -Xswiftc "-sanitize=fuzzer$extra" -Xswiftc -parse-as-library
dir="$build/x86_64-unknown-linux-gnu/release"
swiftc -sanitize="fuzzer$extra" "$dir"/Core.build/*.o "$dir"/ConfigClient.build/*.o \
  "$dir"/FuzzHarness.build/*.o -o "${OUT:-$build/switchyard-fuzz}"
echo "${OUT:-$build/switchyard-fuzz}"
