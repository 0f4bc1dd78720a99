#!/usr/bin/env bash
# Runs `switchyard evaluate` and firebase-admin-python's ServerTemplate.evaluate side by side
# over the same server template, defaults and contexts, checks that both give every context
# the same value (and source) for every key, and prints each side's best wall time and the
# ratio:
#
#   scripts/compare-firebase-admin.sh [--contexts N] [--runs R] [--seed S]
#
# The template has the shape of switchyard-bench's evaluation workload (200 parameters, 50
# conditions of percent and custom-signal string, regex, numeric and semantic-version tests,
# a third nested in and/or), written by scripts/compare-firebase-admin.py from a fixed seed;
# N contexts (default 3,000). Each side first runs once printing into a file, and the check
# compares the two files; then each runs R times (default 5), alternating, as a whole process
# (reading the files, evaluating and printing every key for every context) with its output
# sent to /dev/null, so the times are the programs' own: writing the same megabytes into a new
# file costs both the same kernel time, which at 3,000 contexts is a large part of switchyard's
# run. The file runs' times are printed too.
#
# Installs firebase-admin from PyPI into a virtual environment in .build/peer-venv (once) and
# builds the release `switchyard`: on Linux linked with `--static-swift-stdlib`, as a Linux
# binary is shipped (the Swift runtime and Foundation inside it, so the process starts without
# resolving their symbols; the tool links no FoundationNetworking, so no libcurl either); if
# that link fails, the tool is linked dynamically and the script says so. Not part of `swift test`: it needs the network once and takes a while. Times are
# wall-clock, the best run of each side: on a busy machine run it a few times. Exits 0 when
# the values agree, 1 when they do not, 2 on a usage error.
set -euo pipefail

contexts=3000
runs=5
seed=12
while [[ $# -gt 0 ]]; do
  case "$1" in
    --contexts) contexts="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *)
      echo "usage: scripts/compare-firebase-admin.sh [--contexts N] [--runs R] [--seed S]" >&2
      exit 2
      ;;
  esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
helper="$root/scripts/compare-firebase-admin.py"
venv="$root/.build/peer-venv"
tool="$root/.build/release/switchyard"
work="$root/.build/peer-compare"

if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import firebase_admin" 2>/dev/null; then
  echo "installing firebase-admin into $venv..." >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check firebase-admin >&2
fi
linking="dynamically linked"
if [[ "$(uname)" == Linux ]]; then
  echo "building the release switchyard, statically linked..." >&2
  if (cd "$root" && swift build -c release --product switchyard --static-swift-stdlib >&2); then
    linking="statically linked"
  else
    echo "cannot link statically; linking dynamically" >&2
    (cd "$root" && swift build -c release --product switchyard >&2)
  fi
else
  echo "building the release switchyard..." >&2
  (cd "$root" && swift build -c release --product switchyard >&2)
fi

rm -rf "$work"
mkdir -p "$work"
python3 "$helper" generate "$work" --contexts "$contexts" --seed "$seed"
template="$work/template.json"
defaults="$work/defaults.json"
input="$work/contexts.jsonl"
firebase_version="$("$venv/bin/python" -c "import firebase_admin; print(firebase_admin.__version__)")"

# The seconds between two readings of bash's $EPOCHREALTIME, which starts no process.
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.4f}')" "$1" "$2"; }
switchyard() { "$tool" evaluate --template "$template" --defaults "$defaults" --contexts "$input"; }
firebase_admin() { "$venv/bin/python" "$helper" evaluate "$template" "$defaults" "$input"; }
peer_loop() { sed -n 's/^firebase-admin evaluate loop: \([0-9.]*\) s$/\1/p' "$1"; }

# One run of each side into a file: the values the check compares.
start="$EPOCHREALTIME"
switchyard > "$work/switchyard.jsonl"
end="$EPOCHREALTIME"
switchyard_file_time="$(elapsed "$start" "$end")"
start="$EPOCHREALTIME"
firebase_admin > "$work/firebase-admin.jsonl" 2> "$work/firebase-admin.err"
end="$EPOCHREALTIME"
peer_file_time="$(elapsed "$start" "$end")"
status=0
python3 "$helper" compare "$work/switchyard.jsonl" "$work/firebase-admin.jsonl" \
  "$template" "$defaults" || status=1

# The timed runs, alternating, each side printing to /dev/null: the file system's time for the
# same megabytes is the same for both and no part of either program's work.
switchyard_times=()
peer_times=()
peer_loops=()
for run in $(seq 1 "$runs"); do
  start="$EPOCHREALTIME"
  switchyard > /dev/null
  end="$EPOCHREALTIME"
  switchyard_times+=("$(elapsed "$start" "$end")")
  start="$EPOCHREALTIME"
  firebase_admin > /dev/null 2> "$work/firebase-admin-$run.err"
  end="$EPOCHREALTIME"
  peer_times+=("$(elapsed "$start" "$end")")
  peer_loops+=("$(peer_loop "$work/firebase-admin-$run.err")")
  echo "run $run: switchyard ${switchyard_times[-1]} s, firebase-admin ${peer_times[-1]} s" >&2
done

python3 - "$contexts" "$firebase_version" "$linking" "${switchyard_times[*]}" "${peer_times[*]}" \
  "${peer_loops[*]}" "$switchyard_file_time" "$peer_file_time" \
  "$(du -m "$work/switchyard.jsonl" | cut -f1)" <<'EOF'
import sys
contexts, version, linking = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ours, theirs, loops = ([float(x) for x in arg.split()] for arg in sys.argv[4:7])
ours_file, theirs_file, megabytes = float(sys.argv[7]), float(sys.argv[8]), sys.argv[9]
best_ours, best_theirs = min(ours), min(theirs)
print(f"{contexts} contexts, 200 parameters, 50 conditions, every key printed; best of "
      f"{len(ours)} alternating runs, output to /dev/null")
rows = [
    (f"switchyard evaluate (whole process, {linking})", best_ours,
     f"({contexts / best_ours:,.0f} lines/s)"),
    (f"firebase-admin {version} (whole process)", best_theirs,
     f"({contexts / best_theirs:,.0f} lines/s)"),
]
if loops:
    rows.append(("  of which its evaluate loop", min(loops), ""))
for label, seconds, rate in rows:
    print(f"{label:<56}{seconds:9.4f} s  {rate}".rstrip())
print(f"{'ratio (firebase-admin / switchyard)':<56}{best_theirs / best_ours:9.1f} x")
print(f"into a new file ({megabytes} MB each), one run each: switchyard {ours_file:.4f} s, "
      f"firebase-admin {theirs_file:.3f} s, ratio {theirs_file / ours_file:.1f} x")
EOF
exit $status
