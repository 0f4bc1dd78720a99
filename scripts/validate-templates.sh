#!/usr/bin/env bash
# Runs `switchyard validate` over every *.json file in a folder of Firebase Remote Config
# templates and prints one line per template that is not valid, then a one-line summary:
#
#   scripts/validate-templates.sh DIR
#
#   rejected  app.json: parameters.p.defaultValue: expected a value object, ... (2 errors)
#   crashed   odd.json: exit status 134
#   153 templates: 140 valid, 13 rejected (0 crashed)
#
# A template is rejected when validate exits 1 (it has errors) and crashed on any other
# failure (a trap, a signal, a usage error): nothing from outside should ever crash the
# tool. Builds the tool first when it is missing or older than the sources. Not part of
# `swift test`: the folder is data from outside the repository. Exits 0 when nothing
# crashed, 1 otherwise.
set -uo pipefail

if [[ $# -ne 1 || ! -d "$1" ]]; then
  echo "usage: scripts/validate-templates.sh DIR" >&2
  exit 2
fi
folder="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$root/.build/debug/switchyard"

if [[ ! -x "$tool" ]] || [[ -n "$(find "$root/Sources" "$root/Package.swift" -newer "$tool" -print -quit)" ]]; then
  echo "building switchyard..." >&2
  (cd "$root" && swift build --product switchyard >&2) || exit 2
fi

total=0 valid=0 rejected=0 crashed=0
while IFS= read -r -d '' file; do
  total=$((total + 1))
  name="${file#"$folder"/}"
  output="$("$tool" validate "$file" 2>&1)"
  status=$?
  case $status in
    0) valid=$((valid + 1)) ;;
    1)
      rejected=$((rejected + 1))
      first="$(grep -m 1 ': error: ' <<<"$output" | sed "s|^.*: error: ||")"
      count="$(grep -c ': error: ' <<<"$output")"
      printf 'rejected  %s: %s (%d error%s)\n' "$name" "${first:0:300}" "$count" \
        "$([[ $count == 1 ]] || echo s)"
      ;;
    *)
      crashed=$((crashed + 1))
      printf 'crashed   %s: exit status %d\n' "$name" "$status"
      ;;
  esac
done < <(find "$folder" -maxdepth 1 -type f -name '*.json' -print0 | sort -z)

echo "$total templates: $valid valid, $rejected rejected ($crashed crashed)"
[[ $crashed -eq 0 ]]
