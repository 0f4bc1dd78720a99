#!/bin/bash
# Builds the libFuzzer harness: the package's modules with coverage instrumentation
# (-sanitize=fuzzer, plus SANITIZERS, e.g. "address" or "undefined"), linked into one binary.
set -euo pipefail
cd "$(dirname "$0")"
extra="${SANITIZERS:+,$SANITIZERS}"
build=/tmp/switchyard-fuzzbuild${SANITIZERS:+-$SANITIZERS}
swift build -c release --build-path "$build" -Xswiftc "-sanitize=fuzzer$extra" -Xswiftc -parse-as-library
dir="$build/x86_64-unknown-linux-gnu/release"
# Each module's objects as its output file map lists them, so an object left over from a
# source file that moved or went away (the build folder is shared and kept) is never linked.
objects=()
for module in Core HTTPCore ConfigEngine ConfigClient HTTPTransport HTTPServer FuzzHarness; do
  while IFS= read -r object; do objects+=("$object"); done < <(python3 -c '
import json, sys
entries = json.load(open(sys.argv[1])).items()
print("\n".join(entry["object"] for source, entry in entries if source and "object" in entry))
' "$dir/$module.build/output-file-map.json")
done
swiftc -sanitize="fuzzer$extra" "${objects[@]}" -o "${OUT:-$build/switchyard-fuzz}"
echo "${OUT:-$build/switchyard-fuzz}"
