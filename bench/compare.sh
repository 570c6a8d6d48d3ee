#!/usr/bin/env bash
# Runs a query file through cyq and Kuzu (dataset by dataset, the two
# engines alternately, one process per engine and dataset), checks that
# their results agree and writes bench/results/REPORT.md, chart.png,
# cyq.json and kuzu.json.
#
#   bench/compare.sh                 # bench/queries/{cyq,kuzu}.json, 5 runs
#   RUNS=3 TIMEOUT=30 RELOAD=1 bench/compare.sh
#
# Environment: CYQ_QUERIES, KUZU_QUERIES (query files), RUNS (timed runs per
# query, default 5), TIMEOUT (seconds per query run, default 60), RELOAD=1
# (rebuild the cached stores), LOAD_RUNS (fresh loads per dataset and
# engine for the load-time table, default 3),
# DATA (datasets directory, default $CYQ_SHARED/datasets or ../shared/datasets),
# OUT (report directory, default bench/results).
# Kuzu (npm package kuzu@0.11.3, ~550 MB) is installed into bench/kuzu on
# first use; nothing here runs in `go test`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CYQ_QUERIES=${CYQ_QUERIES:-bench/queries/cyq.json}
KUZU_QUERIES=${KUZU_QUERIES:-bench/queries/kuzu.json}
RUNS=${RUNS:-5}
TIMEOUT=${TIMEOUT:-60}
OUT=${OUT:-bench/results}
WORK=$ROOT/bench/work
DATA=${DATA:-${CYQ_SHARED:-$ROOT/../shared}/datasets}
RES=$WORK/results
mkdir -p "$RES" "$WORK/bin" "$OUT"

if ! node -e 'require("./bench/kuzu/node_modules/kuzu")' 2>/dev/null; then
  echo "installing kuzu@0.11.3 into bench/kuzu (about 550 MB)..." >&2
  npm install kuzu@0.11.3 --prefix bench/kuzu --no-audit --no-fund >&2
  node -e 'require("./bench/kuzu/node_modules/kuzu")' || { echo "the kuzu package does not load; see the error above" >&2; exit 1; }
fi

# The engine revision the report names: HEAD, +modified when the tree
# outside bench/ has uncommitted changes (read-only git commands).
if CYQ_BENCH_REV=$(git rev-parse --short=12 HEAD 2>/dev/null); then
  git diff --quiet HEAD -- . ':(exclude)bench' 2>/dev/null || CYQ_BENCH_REV+="+modified"
  export CYQ_BENCH_REV
fi
go build -o "$WORK/bin/cyqbench" ./bench/cmd/cyqbench
go run ./bench/cmd/kuzuprep -data "$DATA" -out "$WORK/kuzu-csv" -queries "$KUZU_QUERIES"

datasets=$(node -e 'const q=require(process.argv[1]); console.log([...new Set(q.map(x=>x.dataset))].join(" "))' "$ROOT/$KUZU_QUERIES")
reload_cyq=() reload_kuzu=()
if [ "${RELOAD:-0}" = 1 ]; then reload_cyq=(-reload); reload_kuzu=(--reload true); fi
cyq_files=() kuzu_files=()
start=$(date +%s)
for ds in $datasets; do
  echo "== $ds: cyq" >&2
  "$WORK/bin/cyqbench" -data "$DATA" -work "$WORK" -queries "$CYQ_QUERIES" -datasets "$ds" -runs "$RUNS" \
    -timeout "${TIMEOUT}s" "${reload_cyq[@]}" -out "$RES/cyq-$ds.json"
  echo "== $ds: Kuzu" >&2
  node bench/kuzu/run.mjs --queries "$KUZU_QUERIES" --work "$WORK" --csv "$WORK/kuzu-csv" --datasets "$ds" \
    --runs "$RUNS" --timeout $((TIMEOUT * 1000)) "${reload_kuzu[@]}" --out "$RES/kuzu-$ds.json"
  cyq_files+=("$RES/cyq-$ds.json") kuzu_files+=("$RES/kuzu-$ds.json")
done
echo "query runs took $(( $(date +%s) - start )) s" >&2
# Load times: LOAD_RUNS fresh loads per dataset and engine, alternately,
# into a separate work directory (the cached stores above stay).
cyq_loads=() kuzu_loads=()
for ((r = 1; r <= ${LOAD_RUNS:-3}; r++)); do
  for ds in $datasets; do
    "$WORK/bin/cyqbench" -data "$DATA" -work "$WORK/loadbench" -queries "$CYQ_QUERIES" -datasets "$ds" -load-only -out "$RES/load-cyq-$ds-$r.json" 2>/dev/null
    node bench/kuzu/run.mjs --queries "$KUZU_QUERIES" --work "$WORK/loadbench" --csv "$WORK/kuzu-csv" --datasets "$ds" --load-only true --out "$RES/load-kuzu-$ds-$r.json" 2>/dev/null
    cyq_loads+=("$RES/load-cyq-$ds-$r.json") kuzu_loads+=("$RES/load-kuzu-$ds-$r.json")
  done
done
rm -rf "$WORK/loadbench"
join() { local IFS=,; echo "$*"; }
go run ./bench/cmd/benchplot -cyq "$(join "${cyq_files[@]}")" -kuzu "$(join "${kuzu_files[@]}")" \
  -cyq-loads "$(join "${cyq_loads[@]}")" -kuzu-loads "$(join "${kuzu_loads[@]}")" \
  -queries "$CYQ_QUERIES" -kuzu-queries "$KUZU_QUERIES" -out "$OUT" -timeout-ms $((TIMEOUT * 1000)) \
  -notes bench/report-notes.md -command "RUNS=$RUNS TIMEOUT=$TIMEOUT RELOAD=${RELOAD:-0} LOAD_RUNS=${LOAD_RUNS:-3} bench/compare.sh"
echo "wrote $OUT/REPORT.md" >&2
