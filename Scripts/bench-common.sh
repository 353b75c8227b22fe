# Shared helpers for the Scripts/bench-* benchmarks: set-up, medians and the results table.
# Source it; it is not run on its own.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench_dir="$repo/.build-bench"
mkdir -p "$bench_dir"

# Installs the measuring tools (hyperfine, GNU time, the sqlite3 shell) and builds the release
# binary the way users get it. Sets $liquidus.
bench_setup() {
  local missing=()
  command -v hyperfine >/dev/null || missing+=(hyperfine)
  [[ -x /usr/bin/time ]] || missing+=(time)
  command -v sqlite3 >/dev/null || missing+=(sqlite3)
  if ((${#missing[@]})); then
    local sudo_cmd=()
    [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  liquidus=$("$repo/Scripts/build-release")
}

# median_seconds RUNS COMMAND...: the median wall time of COMMAND over RUNS runs (after warm-up).
median_seconds() {
  local runs=$1
  shift
  local json="$bench_dir/hyperfine-$$.json"
  hyperfine -N --warmup 3 --runs "$runs" --export-json "$json" -- "$(printf '%q ' "$@")" \
    >/dev/null 2>&1 || hyperfine --warmup 3 --runs "$runs" --export-json "$json" \
    -- "$(printf '%q ' "$@")" >/dev/null
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
  rm -f "$json"
}

# peak_mib COMMAND...: the peak resident memory of one run of COMMAND, in MiB.
peak_mib() {
  local kib
  kib=$( (/usr/bin/time -f '%M' "$@" >/dev/null) 2>&1 | tail -n 1)
  awk -v k="$kib" 'BEGIN { printf "%.0f", k / 1024 }'
}

# row FIGURE LIQUIDUS_SECONDS REFERENCE_NAME REFERENCE_SECONDS PEAK_MIB: one table row; the
# ratio is Liquidus / reference, so below 1 means Liquidus is faster.
row() {
  awk -v f="$1" -v l="$2" -v rn="$3" -v r="$4" -v p="$5" 'BEGIN {
    ratio = (r > 0) ? sprintf("%.2fx", l / r) : "n/a"
    printf "| %s | %.1f ms | %s | %.1f ms | %s | %s MiB |\n", f, l * 1000, rn, r * 1000, ratio, p
  }'
}

table_header() {
  echo "| figure | Liquidus median | reference | reference median | ratio | peak memory |"
  echo "|---|---|---|---|---|---|"
}
