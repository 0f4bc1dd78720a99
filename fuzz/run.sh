#!/bin/bash
# Runs one libFuzzer target for SECONDS (default 120), continuing past findings:
#   fuzz/run.sh template|expression|context|cache|regex|regex-search|url|http-request [SECONDS] [EXTRA_SEED_DIR]
# Findings (crash-*, timeout-*, oom-*, slow-unit-*) land in $WORK/artifacts/TARGET/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?target}"
seconds="${2:-120}"
work="${WORK:-/tmp/switchyard-fuzz}"
binary="${BINARY:-$("$here/build.sh" | tail -1)}"
mkdir -p "$work/corpus/$target" "$work/artifacts/$target" "$work/seeds/$target"
case "$target" in
  template) cp "$here"/../Tests/ConfigEngineTests/Fixtures/*.json "$work/seeds/$target/" ;;
  regex-search) cp "$here"/seeds/regex/* "$work/seeds/$target/" ;;
  *) cp "$here/seeds/$target"/* "$work/seeds/$target/" ;;
esac
if [ -n "${3:-}" ]; then cp "$3"/* "$work/seeds/$target/"; fi
# A target's own dictionary when it has one (url.dict: what URLs and lines are made of).
dict="$here/json.dict"
if [ -f "$here/$target.dict" ]; then dict="$here/$target.dict"; fi
SWIFT_BACKTRACE=enable=no FUZZ_TARGET="$target" "$binary" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_total_time="$seconds" -timeout=2 -rss_limit_mb=1536 -malloc_limit_mb=1024 \
  -max_len="${MAX_LEN:-20000}" -dict="$dict" \
  -artifact_prefix="$work/artifacts/$target/" "$work/corpus/$target" "$work/seeds/$target"
