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
# N contexts (default 3,000). Each side runs R times (default 3), alternating, as a whole
# process: reading the files, evaluating and printing every key for every context.
#
# Installs firebase-admin from PyPI into a virtual environment in .build/peer-venv (once) and
# builds the release `switchyard` when it is missing or older than the sources. Not part of
# `swift test`: it needs the network once and takes a while. Times are wall-clock: on a busy
# machine run it a few times. Exits 0 when the values agree, 1 when they do not, 2 on a
# usage error.
set -euo pipefail

contexts=3000
runs=3
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
if [[ ! -x "$tool" ]] || [[ -n "$(find "$root/Sources" "$root/Package.swift" -newer "$tool" -print -quit)" ]]; then
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

# Seconds since the epoch, to the nanosecond.
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }

switchyard_times=()
peer_times=()
peer_loops=()
for run in $(seq 1 "$runs"); do
  start="$(now)"
  "$tool" evaluate --template "$template" --defaults "$defaults" --contexts "$input" \
    > "$work/switchyard-$run.jsonl"
  switchyard_times+=("$(elapsed "$start" "$(now)")")

  start="$(now)"
  "$venv/bin/python" "$helper" evaluate "$template" "$defaults" "$input" \
    > "$work/firebase-admin-$run.jsonl" 2> "$work/firebase-admin-$run.err"
  peer_times+=("$(elapsed "$start" "$(now)")")
  peer_loops+=("$(sed -n 's/^firebase-admin evaluate loop: \([0-9.]*\) s$/\1/p' "$work/firebase-admin-$run.err")")
  echo "run $run: switchyard ${switchyard_times[-1]} s, firebase-admin ${peer_times[-1]} s" >&2
done

status=0
for run in $(seq 1 "$runs"); do
  if ! python3 "$helper" compare "$work/switchyard-$run.jsonl" "$work/firebase-admin-$run.jsonl" \
    "$template" "$defaults" > "$work/compare-$run.txt"; then
    status=1
  fi
done
cat "$work/compare-1.txt"
[[ $status -eq 0 ]] || echo "run outputs differ: see $work/compare-*.txt" >&2

python3 - "$contexts" "$firebase_version" "${switchyard_times[*]}" "${peer_times[*]}" "${peer_loops[*]}" <<'EOF'
import sys
contexts, version = int(sys.argv[1]), sys.argv[2]
ours, theirs, loops = ([float(x) for x in arg.split()] for arg in sys.argv[3:6])
best_ours, best_theirs = min(ours), min(theirs)
print(f"{contexts} contexts, 200 parameters, 50 conditions, every key printed; best of {len(ours)} alternating runs")
rows = [
    ("switchyard evaluate (whole process)", best_ours, f"({contexts / best_ours:,.0f} lines/s)"),
    (f"firebase-admin {version} (whole process)", best_theirs,
     f"({contexts / best_theirs:,.0f} lines/s)"),
]
if loops:
    rows.append(("  of which its evaluate loop", min(loops), ""))
for label, seconds, rate in rows:
    print(f"{label:<44}{seconds:9.3f} s  {rate}".rstrip())
print(f"{'ratio (firebase-admin / switchyard)':<44}{best_theirs / best_ours:9.1f} x")
EOF
exit $status
