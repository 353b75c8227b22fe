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
  # BENCH_LIQUIDUS=<binary> measures a binary built already (a build of another commit, or
  # one made while the machine was free) instead of building the release now.
  if [[ -n ${BENCH_LIQUIDUS:-} ]]; then
    liquidus=$BENCH_LIQUIDUS
    return
  fi
  # The build's chatter would interleave with the table; show it only if the build fails.
  liquidus=$("$repo/Scripts/build-release" 2>"$bench_dir/build.log") || {
    cat "$bench_dir/build.log" >&2
    exit 1
  }
}

# venv_python PACKAGE...: a Python in .build-bench/venv with the packages installed, printed;
# nothing (and a note on stderr) when pip cannot install them, so the caller can skip.
venv_python() {
  local venv="$bench_dir/venv"
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv" >/dev/null 2>&1 || true
  if [[ -x $venv/bin/python ]] && "$venv/bin/pip" install -q "$@" >/dev/null 2>&1; then
    echo "$venv/bin/python"
  else
    echo "bench: could not install $* with pip; skipping that reference." >&2
  fi
}

# bench_data RECORDS: the folder of Scripts/generate-health-data output for RECORDS records
# (seed 42, 10 years), generated and checked by Scripts/verify-health-data on first use, then
# cached; generated again when the generator has changed since (generator.sha).
bench_data() {
  local dir="$bench_dir/data-$1" stamp
  stamp=$(sha256sum "$repo/Scripts/generate-health-data" | cut -c1-16)
  if [[ ! -f $dir/manifest.json || $(cat "$dir/generator.sha" 2>/dev/null) != "$stamp" ]]; then
    rm -rf "$dir"
    echo "Generating $1 records into $dir ..." >&2
    "$repo/Scripts/generate-health-data" --records "$1" --years 10 --out "$dir" --seed 42 >&2
    "$repo/Scripts/verify-health-data" "$dir" >"$dir/verify.log" || {
      echo "bench: the generated data disagrees with its manifest, see $dir/verify.log" >&2
      exit 1
    }
    echo "$stamp" >"$dir/generator.sha"
  fi
  echo "$dir"
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

# median_pair RUNS COMMAND_A COMMAND_B: the median wall times of two shell-free command lines
# (words split on spaces) as "A B", measured in ten rounds that alternate between them, so that
# a slower minute of the machine (its disk's fsyncs come and go) falls on both alike.
median_pair() {
  local runs=$1 first=$2 second=$3 round folder
  folder=$(mktemp -d "$bench_dir/pair.XXXXXX")
  for round in $(seq 10); do
    # A failing command stops the bench here, its reason in hyperfine.log. Every other round
    # runs the second command first: whichever runs first in a round measured a few percent
    # slower, the same binary either way.
    local order=("$first" "$second")
    ((round % 2 == 0)) && order=("$second" "$first")
    hyperfine -N --warmup 2 --runs $(((runs + 9) / 10)) --export-json "$folder/$round.json" \
      -- "${order[@]}" >/dev/null 2>>"$bench_dir/hyperfine.log"
  done
  python3 - "$folder" <<'PY'
import glob, json, os, statistics, sys
times = [[], []]
for path in glob.glob(sys.argv[1] + "/*.json"):
    swapped = int(os.path.basename(path).split(".")[0]) % 2 == 0
    for index, result in enumerate(json.load(open(path))["results"]):
        times[1 - index if swapped else index] += result["times"]
print(statistics.median(times[0]), statistics.median(times[1]))
PY
  rm -rf "$folder"
}

# median_shell RUNS PREPARE COMMAND: like median_seconds for a shell command line, running the
# shell command PREPARE (e.g. removing a database) before each run, outside the timing.
median_shell() {
  local runs=$1 prepare=$2 command=$3
  local json="$bench_dir/hyperfine-$$.json"
  hyperfine --warmup "${BENCH_WARMUP:-1}" --runs "$runs" --prepare "$prepare" \
    --export-json "$json" -- "$command" >/dev/null 2>>"$bench_dir/hyperfine.log"
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
  rm -f "$json"
}

# peak_mib COMMAND...: the peak resident memory of one run of COMMAND, in MiB.
peak_mib() {
  local kib
  kib=$( (/usr/bin/time -f '%M' "$@" >/dev/null) 2>&1 | tail -n 1)
  awk -v k="$kib" 'BEGIN { printf "%.0f", k / 1024 }'
}

# row FIGURE LIQUIDUS_SECONDS REFERENCE_NAME REFERENCE_SECONDS PEAK_MIB GOAL: one table row.
# The ratio is Liquidus time / reference time: below 1 means Liquidus is faster. GOAL is the
# largest ratio the project promises (e.g. 3 for "within 3x", 0.04 for "25x faster"); a
# reference that could not run is given as "-" seconds.
row() {
  awk -v f="$1" -v l="$2" -v rn="$3" -v r="$4" -v p="$5" -v g="${6:-}" 'BEGIN {
    ours = (l >= 1) ? sprintf("%.2f s", l) : sprintf("%.1f ms", l * 1000)
    if (r == "-" || r <= 0) { ref = "not run"; ratio = "n/a"; verdict = "" }
    else {
      ref = (r >= 1) ? sprintf("%.2f s", r) : sprintf("%.1f ms", r * 1000)
      ratio = sprintf("%.2fx", l / r)
      verdict = (g == "") ? "" : ((l / r <= g) ? " (goal <= " g "x: met)" : " (goal <= " g "x: MISSED)")
    }
    printf "| %s | %s | %s | %s | %s%s | %s MiB |\n", f, ours, rn, ref, ratio, verdict, p
  }'
}

table_header() {
  echo "| figure | Liquidus median | reference | reference median | ratio (Liquidus / reference) | peak memory |"
  echo "|---|---|---|---|---|---|"
}
